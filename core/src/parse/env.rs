//! Environment facts: GPU, architecture, driver, CUDA, Python, framework and package versions,
//! model and server arguments, from environment reports (`collect_env`, `sglang.check_env`,
//! `nvidia-smi`, `pip list`/`pip freeze`) and from the lines servers print at start.

use crate::analysis::Env;
use regex::Regex;
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// Compute capability from a GPU model name (checked in order: longer names first).
const GPU_TABLE: &[(&str, &str)] = &[
    ("GB10", "sm_121"),
    ("DGX Spark", "sm_121"),
    ("Jetson Thor", "sm_110"),
    ("Thor", "sm_110"),
    ("GB300", "sm_103"),
    ("B300", "sm_103"),
    ("GB200", "sm_100"),
    ("B200", "sm_100"),
    ("B100", "sm_100"),
    ("RTX PRO 6000", "sm_120"),
    ("RTX PRO 5000", "sm_120"),
    ("RTX PRO 4500", "sm_120"),
    ("RTX PRO 4000", "sm_120"),
    ("RTX 5090", "sm_120"),
    ("RTX 5080", "sm_120"),
    ("RTX 5070", "sm_120"),
    ("RTX 5060", "sm_120"),
    ("H200", "sm_90"),
    ("H100", "sm_90"),
    ("H800", "sm_90"),
    ("H20", "sm_90"),
    ("GH200", "sm_90"),
    ("L40S", "sm_89"),
    ("L40", "sm_89"),
    ("L20", "sm_89"),
    ("L4", "sm_89"),
    ("RTX 6000 Ada", "sm_89"),
    ("RTX 4090", "sm_89"),
    ("RTX 4080", "sm_89"),
    ("RTX 4070", "sm_89"),
    ("RTX 4060", "sm_89"),
    ("A100", "sm_80"),
    ("A800", "sm_80"),
    ("A30", "sm_80"),
    ("A10G", "sm_86"),
    ("A10", "sm_86"),
    ("A40", "sm_86"),
    ("A16", "sm_86"),
    ("A2", "sm_86"),
    ("RTX A6000", "sm_86"),
    ("RTX A5000", "sm_86"),
    ("RTX A4000", "sm_86"),
    ("RTX 3090", "sm_86"),
    ("RTX 3080", "sm_86"),
    ("RTX 3070", "sm_86"),
    ("RTX 3060", "sm_86"),
    ("T4", "sm_75"),
    ("RTX 2080", "sm_75"),
    ("Quadro RTX", "sm_75"),
    ("V100", "sm_70"),
    ("P100", "sm_60"),
];

/// `sm_XY` for a GPU model name, when the table knows it.
pub fn sm_for_model(model: &str) -> Option<&'static str> {
    let m = model.replace('_', " ");
    GPU_TABLE
        .iter()
        .find(|(name, _)| {
            // whole-word match so "A10" does not claim "A100" and "L4" not "L40S"
            m.match_indices(name).any(|(i, _)| {
                let after = m[i + name.len()..].chars().next();
                let before = m[..i].chars().next_back();
                !after.is_some_and(|c| c.is_ascii_alphanumeric())
                    && !before.is_some_and(|c| c.is_ascii_alphanumeric())
            })
        })
        .map(|(_, sm)| *sm)
}

fn re(p: &str) -> Regex {
    Regex::new(p).expect("valid env regex")
}

static GPU_LINE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^\s*GPU ([\d,\s]+): ((?:NVIDIA|Tesla|Quadro|GeForce)[^(\n]*?)\s*(?:\(UUID.*)?$")
});
static SMI_ROW: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^\|\s+(\d+)\s+((?:NVIDIA |Tesla |Quadro )?[A-Z][\w\- ]*?(?:H100|H200|H800|H20|B200|B300|GB200|A100|A800|A10G?|L40S?|L4|L20|RTX[\w\- ]*|T4|V100|GB10)[\w\- ]*?)\s+(On|Off)\s+\|",
    )
});
static MODEL_MENTION: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(NVIDIA[ _](?:GeForce[ _])?(?:RTX[ _]PRO[ _]\d{4}[ _]Blackwell(?:[ _](?:Server|Workstation|Max-Q)(?:[ _]Edition)?)*|RTX[ _]\d{4}(?:[ _]Ti)?(?:[ _]Ada(?:[ _]Generation)?)?|RTX[ _]A\d{4}|GB10|[A-Z]{1,2}\d{2,3}[A-Z]?(?:[ _-]?(?:SXM\d?|PCIE|PCIe|NVL|HBM3e?|\d+GB)){0,3}))",
    )
});
static BARE_MODEL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\b(?:(\d{1,2}) ?[x×*] ?)?((?:GB|[HBL])\d{2,3}[A-Z]?|A100|A800|A10G?|L40S?|RTX ?PRO ?6000(?: Blackwell)?|RTX ?(?:5090|5080|4090|3090)|GB10)\b",
    )
});
/// Words that vote for a framework (pytorch only registers that torch was seen).
const FRAMEWORK_VOTES: &[(&str, &str)] = &[
    ("sglang", "sglang"),
    ("ServerArgs(", "sglang"),
    ("Scheduler hit an exception", "sglang"),
    ("vllm", "vllm"),
    ("vLLM", "vllm"),
    ("EngineCore", "vllm"),
    ("tensorrt_llm", "tensorrt_llm"),
    ("TRT-LLM", "tensorrt_llm"),
    ("TensorRT-LLM", "tensorrt_llm"),
    ("torch", "pytorch"),
];
static FRAMEWORK_WORDS: LazyLock<aho_corasick::AhoCorasick> = LazyLock::new(|| {
    aho_corasick::AhoCorasick::new(FRAMEWORK_VOTES.iter().map(|(w, _)| *w)).expect("valid words")
});

/// Literal hints without which [`BARE_MODEL`] cannot match (it is too costly for every line).
static BARE_HINT: LazyLock<aho_corasick::AhoCorasick> = LazyLock::new(|| {
    aho_corasick::AhoCorasick::new([
        "H100", "H200", "H800", "H20", "B100", "B200", "B300", "GB200", "GB300", "GB10", "A100",
        "A800", "A10", "L40", "L20", "RTX",
    ])
    .expect("valid hints")
});
static CAPABILITY: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?:compute capability|CUDA capability|device capability|Current capability|capability)\s*[:=]?\s*(?:sm_?)?\(?(\d{1,2})[.,]\s?(\d)\)?|with CUDA capability sm_(\d+)|Current capability: (\d{2,3})\b|SM ?(\d{2,3}) (?:GPU|device)|on SM(\d{2,3}) device|ptxas .*--gpu-name=sm_(\d{2,3})a?\b",
    )
});
static DRIVER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?:Driver Version|Nvidia driver version|CUDA Driver Versions?|NVIDIA-SMI|driver version)\s*:?\s*(\d{3}\.\d+(?:\.\d+)?)",
    )
});
static CUDA: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    vec![
        re(r"CUDA used to build PyTorch\s*:\s*(\d+\.\d+)"),
        re(r"Cuda compilation tools, release (\d+\.\d+)"),
        re(r"CUDA Version\s*:\s*(\d+\.\d+)"),
        re(r"CUDA runtime version\s*:\s*(\d+\.\d+)"),
        re(r"(?i)\bcuda[ _-]?(?:version|toolkit)?\s*[:=]\s*(\d+\.\d+)"),
    ]
});
static TORCH_CU: LazyLock<Regex> = LazyLock::new(|| re(r"\+cu(\d{2,3})\b"));
static PYTHON: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    vec![
        re(r"^Python(?: version)?\s*:\s*(3\.\d+\.\d+)"),
        re(r"\bPython (3\.\d+\.\d+)\b"),
        re(r"python(3\.\d{1,2})/(?:site|dist)-packages"),
    ]
});
static PIP: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:\[(?:pip3?|conda)\]\s+)?([A-Za-z][\w.\-]*)\s*==\s*([\w.+!\-]+)\s*$"));
static KV: LazyLock<Regex> = LazyLock::new(|| re(r"^\s*([A-Za-z][\w .\-]*?)\s*:\s+(.+?)\s*$"));
static SERVER_ARGS: LazyLock<Regex> = LazyLock::new(|| re(r"(?:server_args=)?ServerArgs\((.*)\)?"));
static ARG_PAIR: LazyLock<Regex> =
    LazyLock::new(|| re(r#"(\w+)=('[^']*'|"[^"]*"|\[[^\]]*\]|\{[^}]*\}|[^,)\s]+)"#));
static NON_DEFAULT: LazyLock<Regex> = LazyLock::new(|| re(r"non-default args:\s*\{(.*)\}?"));
static DICT_PAIR: LazyLock<Regex> =
    LazyLock::new(|| re(r#"'(\w+)':\s*('[^']*'|"[^"]*"|\[[^\]]*\]|\{[^}]*\}|[^,}]+)"#));
static CLI_LAUNCH: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?:sglang\.launch_server|sglang serve|vllm serve|vllm\.entrypoints\.\S+|trtllm-serve)\s+(.*)$",
    )
});
static CLI_FLAG: LazyLock<Regex> =
    LazyLock::new(|| re(r#"--([\w-]+)(?:[ =]('[^']*'|"[^"]*"|[^\s-][^\s]*))?"#));
static VERSION_LINES: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    vec![
        (
            re(r"(?i)\bvLLM(?: API server)? [Vv]ersion\s*:?\s*v?(\d+\.\d+[\w.+\-]*)"),
            "vllm",
        ),
        (
            re(r"Initializing a V\d LLM engine \(v(\d+\.\d+[\w.+\-]*)\)"),
            "vllm",
        ),
        (
            re(r"(?i)\bTensorRT-LLM version:?\s*v?(\d+\.\d+[\w.+\-]*)"),
            "tensorrt_llm",
        ),
        (
            re(r"(?i)\bsglang(?:[:= ]+| version:? |==)v?(\d+\.\d+\.\d+[\w.+\-]*)"),
            "sglang",
        ),
        (
            re(r"lmsysorg/sglang:v(\d+\.\d+\.\d+(?:\.post\d+)?)"),
            "sglang",
        ),
        (re(r"vllm/vllm-openai:v(\d+\.\d+\.\d+)"), "vllm"),
    ]
});
static MODEL: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    vec![
        re(r#"\bmodel_path=['"]([^'"]+)['"]"#),
        re(r#"Initializing a V\d LLM engine .*? with config: model=['"]([^'"]+)['"]"#),
        re(r#"'model':\s*'([^']+)'"#),
        re(r#"--model(?:-path)?[ =]['"]?([\w./\-]+)"#),
        re(r#"\bvllm serve ['"]?([\w./\-]+)"#),
    ]
});

/// Known package names printed by `sglang.check_env` as `name: version`.
const CHECK_ENV_PACKAGES: &[&str] = &[
    "sglang",
    "sgl_kernel",
    "sglang-kernel",
    "sgl-kernel",
    "flashinfer",
    "flashinfer_python",
    "flashinfer-python",
    "flashinfer_cubin",
    "flashinfer_jit_cache",
    "triton",
    "transformers",
    "torchao",
    "numpy",
    "vllm",
    "xgrammar",
    "deep_gemm",
    "deepgemm",
    "flash_attn",
    "flash-attn",
    "nvidia-nccl-cu12",
    "nvidia-nccl-cu13",
    "tensorrt_llm",
    "tensorrt",
    "torch",
    "torchvision",
];

/// Collects environment facts line by line; earlier, more explicit statements win.
#[derive(Debug, Default)]
pub struct EnvCollector {
    env: Env,
    gpu_ids: std::collections::BTreeSet<u32>,
    sm_stated: Option<String>,
    cuda_rank: usize,
    torch_explicit: bool,
    framework_votes: BTreeMap<&'static str, u32>,
    gpu_model_rank: u8,
    bare_count: Option<u32>,
}

impl EnvCollector {
    /// Reads one line's message.
    pub fn feed(&mut self, text: &str) {
        let t = text.trim();
        if t.len() < 3 || t.len() > 20_000 {
            return;
        }
        self.gpu(t);
        self.versions(t);
        self.frameworks(t);
        self.args(t);
    }

    fn gpu(&mut self, t: &str) {
        let gpu_line = t.contains("GPU ") && t.contains(": ");
        // cheap checks first: the regexes run only on lines that can be these shapes
        let smi_row = !gpu_line && t.starts_with('|');
        if let Some(c) = gpu_line.then(|| GPU_LINE.captures(t)).flatten() {
            for id in c[1].split(',').filter_map(|s| s.trim().parse::<u32>().ok()) {
                self.gpu_ids.insert(id);
            }
            self.set_model(c[2].trim(), 3);
        } else if let Some(c) = smi_row.then(|| SMI_ROW.captures(t)).flatten() {
            if let Ok(id) = c[1].parse() {
                self.gpu_ids.insert(id);
            }
            self.set_model(c[2].trim(), 2);
        } else if t.contains("NVIDIA") && MODEL_MENTION.is_match(t) {
            if let Some(c) = MODEL_MENTION.captures(t) {
                self.set_model(&c[1].replace('_', " "), 1);
            }
        } else if self.gpu_model_rank == 0
            && self.env.gpu_model.is_none()
            && t.len() < 300
            && BARE_HINT.is_match(t)
        {
            // "8x H100", "on B200": the weakest evidence, kept only when nothing better is said
            if let Some(c) = BARE_MODEL.captures(t) {
                let name = c[2].to_string();
                if sm_for_model(&name).is_some() && !t.contains("device_name=") {
                    self.env.gpu_model = Some(name);
                    if let Some(n) = c.get(1).and_then(|m| m.as_str().parse::<u32>().ok()) {
                        self.bare_count = Some(n);
                    }
                }
            }
        }
        if t.contains("apabilit") || t.contains("sm_") || t.contains("SM") {
            if t.contains("Minimum capability") && !t.contains("Current capability") {
                return;
            }
            if t.contains("supports CUDA capabilities")
                || t.contains("CUDA Archs")
                || t.contains("ARCH_LIST")
            {
                return;
            }
            if let Some(c) = CAPABILITY.captures(t) {
                let sm = if let (Some(a), Some(b)) = (c.get(1), c.get(2)) {
                    Some(format!("sm_{}{}", a.as_str(), b.as_str()))
                } else {
                    c.get(3)
                        .or(c.get(4))
                        .or(c.get(5))
                        .or(c.get(6))
                        .or(c.get(7))
                        .map(|m| format!("sm_{}", m.as_str()))
                };
                if let Some(sm) = sm {
                    if self.sm_stated.is_none() && sm.len() <= 6 {
                        self.sm_stated = Some(sm);
                    }
                }
            }
        }
    }

    fn set_model(&mut self, name: &str, rank: u8) {
        let name = name.trim_end_matches(['.', ',', ' ']);
        if name.len() < 4 || name.len() > 80 {
            return;
        }
        if rank > self.gpu_model_rank {
            self.gpu_model_rank = rank;
            self.env.gpu_model = Some(name.to_string());
        }
    }

    fn versions(&mut self, t: &str) {
        if self.env.driver_version.is_none() && (t.contains("river") || t.contains("NVIDIA-SMI")) {
            if let Some(c) = DRIVER.captures(t) {
                self.env.driver_version = Some(c[1].to_string());
            }
        }
        let cuda = t.contains("CUDA") || t.contains("Cuda") || t.contains("cuda");
        if cuda
            && (t.contains("ersion")
                || t.contains("release")
                || t.contains("build")
                || t.contains("cuda_version")
                || t.contains("cuda-version")
                || t.contains("CUDA Version"))
            && !t.contains("rror")
        {
            for (i, r) in CUDA.iter().enumerate() {
                if self.env.cuda_version.is_some() && i >= self.cuda_rank {
                    break;
                }
                if let Some(c) = r.captures(t) {
                    self.env.cuda_version = Some(c[1].to_string());
                    self.cuda_rank = i;
                    break;
                }
            }
        }
        if self
            .env
            .python_version
            .as_deref()
            .is_none_or(|v| v.matches('.').count() < 2)
        {
            for r in PYTHON.iter() {
                if let Some(c) = r.captures(t) {
                    let v = c[1].to_string();
                    if self.env.python_version.is_none() || v.matches('.').count() == 2 {
                        self.env.python_version = Some(v);
                    }
                    break;
                }
            }
        }
        // PyTorch's own statement of its version beats a pip line without the local part.
        for key in [
            "PyTorch version:",
            "PyTorch:",
            "torch version:",
            "Torch version:",
        ] {
            if let Some(rest) = t.strip_prefix(key) {
                let v = rest.trim();
                if !v.is_empty() && v.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                    let v = v.split_whitespace().next().unwrap_or(v);
                    self.env.packages.insert("torch".into(), v.to_string());
                    self.torch_explicit = true;
                }
            }
        }
        if t.contains("==") {
            if let Some(c) = PIP.captures(t) {
                let name = normalize_pkg(&c[1]);
                if !(name == "torch" && self.torch_explicit) {
                    self.env
                        .packages
                        .entry(name)
                        .or_insert_with(|| c[2].to_string());
                }
            }
        } else if let Some(c) = t
            .split_once(": ")
            .filter(|(k, _)| CHECK_ENV_PACKAGES.contains(&k.trim()))
            .and_then(|_| KV.captures(t))
        {
            let key = c[1].trim();
            let val = c[2].trim();
            if CHECK_ENV_PACKAGES.contains(&key)
                && val.chars().next().is_some_and(|c| c.is_ascii_digit())
                && !val.contains(' ')
            {
                self.env
                    .packages
                    .entry(normalize_pkg(key))
                    .or_insert_with(|| val.to_string());
            }
        }
        let versiony = t.contains("ersion")
            || t.contains("sglang")
            || t.contains("LLM engine (v")
            || t.contains("lmsysorg/")
            || t.contains("vllm/");
        for (r, fw) in VERSION_LINES.iter().filter(|_| versiony) {
            if let Some(c) = r.captures(t) {
                *self.framework_votes.entry(fw).or_default() += 5;
                self.env
                    .packages
                    .entry(fw.to_string())
                    .or_insert_with(|| c[1].trim_end_matches(['.', ',']).to_string());
            }
        }
    }

    fn frameworks(&mut self, t: &str) {
        // one scan for every vote word, instead of a substring search per word
        let mut seen = [false; FRAMEWORK_VOTES.len()];
        for m in FRAMEWORK_WORDS.find_overlapping_iter(t) {
            seen[m.pattern().as_usize()] = true;
        }
        for (i, (_, fw)) in FRAMEWORK_VOTES.iter().enumerate() {
            if seen[i] {
                *self.framework_votes.entry(fw).or_default() +=
                    if *fw == "pytorch" { 0 } else { 1 };
            }
        }
    }

    fn args(&mut self, t: &str) {
        if t.contains("ServerArgs(") {
            if let Some(c) = SERVER_ARGS.captures(t) {
                for p in ARG_PAIR.captures_iter(&c[1]) {
                    self.env
                        .server_args
                        .insert(p[1].to_string(), unquote(&p[2]));
                }
            }
        } else if t.contains("non-default args") {
            if let Some(c) = NON_DEFAULT.captures(t) {
                for p in DICT_PAIR.captures_iter(&c[1]) {
                    self.env
                        .server_args
                        .insert(p[1].to_string(), unquote(p[2].trim()));
                }
            }
        } else if t.contains("--") && (t.contains("launch_server") || t.contains(" serve")) {
            if let Some(c) = CLI_LAUNCH.captures(t) {
                for p in CLI_FLAG.captures_iter(&c[1]) {
                    let v = p
                        .get(2)
                        .map(|m| unquote(m.as_str()))
                        .unwrap_or_else(|| "true".into());
                    self.env
                        .server_args
                        .entry(p[1].replace('-', "_"))
                        .or_insert(v);
                }
            }
        }
        let modelish = t.contains("model_path=")
            || t.contains("config: model=")
            || t.contains("'model':")
            || t.contains("--model")
            || t.contains("vllm serve");
        if self.env.model.is_none() && modelish {
            for r in MODEL.iter() {
                if let Some(c) = r.captures(t) {
                    self.env.model = Some(c[1].to_string());
                    break;
                }
            }
        }
    }

    /// The environment, with derived fields (architecture from the model, framework version).
    pub fn finish(mut self) -> Env {
        if !self.gpu_ids.is_empty() {
            self.env.gpu_count = Some(self.gpu_ids.len() as u32);
        } else if self.gpu_model_rank == 0 {
            self.env.gpu_count = self.bare_count;
        }
        self.env.sm_arch = self.sm_stated.clone().or_else(|| {
            self.env
                .gpu_model
                .as_deref()
                .and_then(sm_for_model)
                .map(str::to_string)
        });
        if self.env.cuda_version.is_none() {
            if let Some(v) = self
                .env
                .packages
                .get("torch")
                .and_then(|t| TORCH_CU.captures(t))
            {
                let d = &v[1];
                let (major, minor) = d.split_at(d.len() - 1);
                self.env.cuda_version = Some(format!("{major}.{minor}"));
            }
        }
        let best = self
            .framework_votes
            .iter()
            .filter(|(k, v)| **k != "pytorch" && **v > 0)
            .max_by_key(|(_, v)| **v)
            .map(|(k, _)| *k);
        let fw = best.or(
            if self.framework_votes.contains_key("pytorch")
                || self.env.packages.contains_key("torch")
            {
                Some("pytorch")
            } else {
                None
            },
        );
        if let Some(fw) = fw {
            self.env.framework = Some(fw.to_string());
            let key = if fw == "pytorch" { "torch" } else { fw };
            self.env.framework_version = self.env.packages.get(key).cloned();
        }
        self.env
    }
}

fn normalize_pkg(name: &str) -> String {
    let n = name.to_ascii_lowercase().replace('_', "-");
    match n.as_str() {
        "flashinfer" | "flashinfer-python" => "flashinfer-python".into(),
        "sgl-kernel" | "sglang-kernel" => "sgl-kernel".into(),
        "tensorrt-llm" => "tensorrt_llm".into(),
        _ => n,
    }
}

fn unquote(s: &str) -> String {
    s.trim().trim_matches(|c| c == '\'' || c == '"').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(lines: &[&str]) -> Env {
        let mut c = EnvCollector::default();
        for l in lines {
            c.feed(l);
        }
        c.finish()
    }

    #[test]
    fn collect_env_report() {
        let e = env(&[
            "PyTorch version: 2.11.0+cu130",
            "CUDA used to build PyTorch: 13.0",
            "Python version: 3.12.3 (main, Aug 31 2026, 10:18:26) [GCC 13.3.0] (64-bit runtime)",
            "GPU 0: NVIDIA H200",
            "GPU 1: NVIDIA H200",
            "Nvidia driver version: 580.159.04",
            "[pip3] torch==2.11.0",
            "[pip3] triton==3.6.0",
        ]);
        assert_eq!(e.gpu_model.as_deref(), Some("NVIDIA H200"));
        assert_eq!(e.sm_arch.as_deref(), Some("sm_90"));
        assert_eq!(e.gpu_count, Some(2));
        assert_eq!(e.driver_version.as_deref(), Some("580.159.04"));
        assert_eq!(e.cuda_version.as_deref(), Some("13.0"));
        assert_eq!(e.python_version.as_deref(), Some("3.12.3"));
        assert_eq!(
            e.packages.get("torch").map(String::as_str),
            Some("2.11.0+cu130")
        );
        assert_eq!(e.packages.get("triton").map(String::as_str), Some("3.6.0"));
    }

    #[test]
    fn sglang_check_env_and_args() {
        let e = env(&[
            "GPU 0,1,2,3,4,5,6,7: NVIDIA RTX PRO 6000 Blackwell Workstation Edition",
            "GPU 0,1,2,3,4,5,6,7 Compute Capability: 12.0",
            "sglang: 0.5.8.post1",
            "CUDA Driver Version: 580.95.05",
            "server_args=ServerArgs(model_path='zai-org/GLM-5-NVFP4', tp_size=8, attention_backend='triton', mem_fraction_static=0.88)",
        ]);
        assert_eq!(e.sm_arch.as_deref(), Some("sm_120"));
        assert_eq!(e.gpu_count, Some(8));
        assert_eq!(e.framework.as_deref(), Some("sglang"));
        assert_eq!(e.framework_version.as_deref(), Some("0.5.8.post1"));
        assert_eq!(e.model.as_deref(), Some("zai-org/GLM-5-NVFP4"));
        assert_eq!(e.server_args.get("tp_size").map(String::as_str), Some("8"));
        assert_eq!(
            e.server_args.get("attention_backend").map(String::as_str),
            Some("triton")
        );
    }

    #[test]
    fn arch_table_is_whole_word() {
        assert_eq!(sm_for_model("NVIDIA A100-SXM4-80GB"), Some("sm_80"));
        assert_eq!(sm_for_model("NVIDIA A10G"), Some("sm_86"));
        assert_eq!(sm_for_model("NVIDIA L40S"), Some("sm_89"));
        assert_eq!(sm_for_model("NVIDIA GeForce RTX 5090"), Some("sm_120"));
        assert_eq!(sm_for_model("NVIDIA B200"), Some("sm_100"));
        assert_eq!(sm_for_model("NVIDIA GB10"), Some("sm_121"));
        assert_eq!(sm_for_model("NVIDIA H20"), Some("sm_90"));
    }

    #[test]
    fn bare_model_mention_is_weakest() {
        let e = env(&["Running on 8x H200 with sglang"]);
        assert_eq!(e.sm_arch.as_deref(), Some("sm_90"));
        assert_eq!(e.gpu_count, Some(8));
        let e = env(&["Running on 8x H200", "GPU 0: NVIDIA B200"]);
        assert_eq!(e.gpu_model.as_deref(), Some("NVIDIA B200"));
        assert_eq!(e.gpu_count, Some(1));
    }

    #[test]
    fn vllm_lines() {
        let e = env(&[
            "Initializing a V1 LLM engine (v0.15.1) with config: model='openai/whisper-large-v3', speculative_config=None",
            "non-default args: {'model': 'Qwen/Qwen3-8B', 'tensor_parallel_size': 4}",
        ]);
        assert_eq!(e.framework.as_deref(), Some("vllm"));
        assert_eq!(e.framework_version.as_deref(), Some("0.15.1"));
        assert_eq!(
            e.server_args
                .get("tensor_parallel_size")
                .map(String::as_str),
            Some("4")
        );
    }
}
