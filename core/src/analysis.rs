//! The analysis object: the JSON contract of `../shared/triage/SPEC.md`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A line of the uploaded file: its 1-based number and its text as uploaded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineRef {
    pub line: u64,
    pub text: String,
}

/// The environment the log was produced in. Unknown fields are `None`, never guessed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Env {
    pub gpu_model: Option<String>,
    pub sm_arch: Option<String>,
    pub gpu_count: Option<u32>,
    pub driver_version: Option<String>,
    pub cuda_version: Option<String>,
    pub python_version: Option<String>,
    pub framework: Option<String>,
    pub framework_version: Option<String>,
    #[serde(default)]
    pub packages: BTreeMap<String, String>,
    pub model: Option<String>,
    #[serde(default)]
    pub server_args: BTreeMap<String, String>,
}

/// Evidence that made a finding match: a line and the rule that fired on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    pub line: u64,
    pub text: String,
    pub rule: String,
}

/// A finding that applies to this log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Match {
    pub finding: String,
    pub score: f64,
    pub applies: bool,
    pub evidence: Vec<Evidence>,
    pub why: String,
}

/// A finding that almost matched, with what was missing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NearMiss {
    pub finding: String,
    pub score: f64,
    pub missing: String,
}

/// An informational finding attached to a warning line (known to be harmless or a marker).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Annotation {
    pub finding: String,
    pub line: u64,
    pub note: String,
}

/// The analysis of one log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    pub crash: bool,
    pub first_error: Option<LineRef>,
    pub error_class: String,
    pub phase: String,
    pub async_cuda_report: bool,
    pub culprit_rank: Option<u32>,
    pub env: Env,
    pub warnings: Vec<LineRef>,
    pub signature: String,
    /// What makes two crashes the same problem, hashed; empty (`null` in JSON) for a log with
    /// no crash, which is no problem to group.
    #[serde(default, with = "empty_as_null")]
    pub fingerprint: String,
    #[serde(default)]
    pub matches: Vec<Match>,
    #[serde(default)]
    pub near_misses: Vec<NearMiss>,
    /// Informational findings shown beside the warning they explain (not a cause).
    #[serde(default)]
    pub annotations: Vec<Annotation>,
    /// Lines worth highlighting on the incident page (the root error and its context).
    #[serde(default)]
    pub key_lines: Vec<u64>,
    /// Number of lines in the log.
    #[serde(default)]
    pub line_count: u64,
}

impl Analysis {
    /// A one-sentence verdict for people ("CUDA device-side assert during decode; ...").
    pub fn verdict(&self) -> String {
        if !self.crash {
            return "No crash found: the log reads as a healthy run or an environment report."
                .to_string();
        }
        let what = class_title(&self.error_class);
        let mut s = if self.phase == "unknown" {
            what.to_string()
        } else {
            format!("{what} during {}", phase_title(&self.phase))
        };
        if let Some(r) = self.culprit_rank {
            s.push_str(&format!(", first on rank {r}"));
        }
        if self.async_cuda_report {
            s.push_str(
                "; reported asynchronously, so the Python stack may point at the wrong call",
            );
        }
        s.push('.');
        s
    }
}

/// Every error class of the SPEC, in its order.
pub const ERROR_CLASSES: &[&str] = &[
    "cuda_device_side_assert",
    "cuda_illegal_memory_access",
    "cuda_oom",
    "cuda_graph_capture_error",
    "no_kernel_image",
    "cuda_driver_error",
    "cublas_cudnn_error",
    "nccl_timeout",
    "nccl_error",
    "triton_error",
    "build_error",
    "import_error",
    "unsupported_config",
    "weight_load_error",
    "host_oom",
    "gpu_hardware_error",
    "python_exception",
    "process_crash",
    "none",
];

/// Every phase of the SPEC.
pub const PHASES: &[&str] = &[
    "build",
    "startup",
    "model_load",
    "memory_init",
    "cuda_graph_capture",
    "warmup",
    "prefill",
    "decode",
    "training",
    "shutdown",
    "unknown",
];

/// A human title for an error class.
pub fn class_title(class: &str) -> &'static str {
    match class {
        "cuda_device_side_assert" => "CUDA device-side assert",
        "cuda_illegal_memory_access" => "CUDA illegal memory access",
        "cuda_oom" => "CUDA out of memory",
        "cuda_graph_capture_error" => "CUDA graph capture failure",
        "no_kernel_image" => "No kernel image for this GPU",
        "cuda_driver_error" => "CUDA driver or initialisation error",
        "cublas_cudnn_error" => "cuBLAS/cuDNN error",
        "nccl_timeout" => "Collective timeout",
        "nccl_error" => "NCCL error",
        "triton_error" => "Triton error",
        "build_error" => "Build failure",
        "import_error" => "Import error",
        "unsupported_config" => "Unsupported configuration",
        "weight_load_error" => "Weight loading error",
        "host_oom" => "Host out of memory",
        "gpu_hardware_error" => "GPU hardware error",
        "python_exception" => "Python exception",
        "process_crash" => "Process crash",
        _ => "No crash",
    }
}

/// A human title for a phase.
pub fn phase_title(phase: &str) -> &'static str {
    match phase {
        "build" => "build",
        "startup" => "startup",
        "model_load" => "model loading",
        "memory_init" => "memory initialisation",
        "cuda_graph_capture" => "CUDA-graph capture",
        "warmup" => "warmup",
        "prefill" => "prefill",
        "decode" => "decode",
        "training" => "training",
        "shutdown" => "shutdown",
        _ => "an unknown phase",
    }
}

/// A string field that is `null` in JSON when empty.
mod empty_as_null {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(s: &str, out: S) -> Result<S::Ok, S::Error> {
        if s.is_empty() {
            out.serialize_none()
        } else {
            out.serialize_str(s)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        Ok(Option::<String>::deserialize(d)?.unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use crate::{analyze, FindingsIndex};

    #[test]
    fn a_log_without_a_crash_has_no_fingerprint() {
        let index = FindingsIndex::default();
        let a = analyze(b"INFO server started\nINFO ready\n", &index);
        assert!(!a.crash);
        let json = serde_json::to_value(&a).unwrap();
        assert!(json["fingerprint"].is_null(), "{json}");
        let back: crate::Analysis = serde_json::from_value(json).unwrap();
        assert_eq!(back, a);

        let crash = analyze(
            b"RuntimeError: CUDA error: an illegal memory access\n",
            &index,
        );
        assert!(crash.crash);
        let json = serde_json::to_value(&crash).unwrap();
        assert_eq!(
            json["fingerprint"].as_str(),
            Some(crash.fingerprint.as_str())
        );
        assert_eq!(crash.fingerprint.len(), 16);
    }
}
