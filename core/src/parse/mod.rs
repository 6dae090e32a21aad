//! Triage: from lines to an [`Analysis`] (without findings).

use crate::analysis::{Analysis, Env};
use crate::lines::Line;

/// Finds the root error, its class, the phase, the environment and the signature of a log.
pub fn triage(log: &[Line]) -> Analysis {
    Analysis {
        crash: false,
        first_error: None,
        error_class: "none".into(),
        phase: "unknown".into(),
        async_cuda_report: false,
        culprit_rank: None,
        env: Env::default(),
        warnings: vec![],
        signature: String::new(),
        fingerprint: String::new(),
        matches: vec![],
        near_misses: vec![],
        annotations: vec![],
        key_lines: vec![],
        line_count: log.len() as u64,
    }
}
