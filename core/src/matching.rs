//! Matching a log against the findings knowledge base.

use crate::analysis::{Analysis, Annotation, Match, NearMiss};
use crate::findings::FindingsIndex;
use crate::lines::Line;

/// Matches every finding against a log and its analysis: confident matches best first, near
/// misses with what was missing, and informational annotations on warning lines.
pub fn match_findings(
    _log: &[Line],
    _analysis: &Analysis,
    _index: &FindingsIndex,
) -> (Vec<Match>, Vec<NearMiss>, Vec<Annotation>) {
    (Vec::new(), Vec::new(), Vec::new())
}
