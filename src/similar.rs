//! Text similarity between incidents and findings: TF-IDF weighted cosine over normalised tokens.
//!
//! Pure: no I/O. Text is first generalised by `crashdex_core::signature::normalize` (numbers,
//! addresses, paths and long quoted values become placeholders), then cut into lower-case word
//! tokens; identifiers also contribute their camelCase and snake_case parts, so
//! `torch.OutOfMemoryError` and "out of memory" meet. Placeholders, stop words and one-letter
//! tokens carry no meaning and are dropped.

use crashdex_core::signature::normalize;
use std::collections::{HashMap, HashSet};

/// Words too common to tell crashes apart.
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in", "is",
    "it", "n", "hex", "ip", "of", "on", "or", "that", "the", "this", "to", "was", "were", "with",
];

/// The tokens of `text`, in order, with repeats.
pub fn tokens(text: &str) -> Vec<String> {
    let norm = normalize(text);
    let mut out = Vec::new();
    for word in norm.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        if word.is_empty() {
            continue;
        }
        let whole = word.to_lowercase();
        let parts = parts(word);
        if keep(&whole) {
            out.push(whole.clone());
        }
        if parts.len() > 1 {
            out.extend(
                parts
                    .into_iter()
                    .filter(|p| p.len() >= 3 && *p != whole && keep(p)),
            );
        }
    }
    out
}

fn keep(token: &str) -> bool {
    token.chars().count() >= 2
        && !token.chars().all(|c| c.is_ascii_digit())
        && !STOP_WORDS.contains(&token)
}

/// The snake_case and camelCase parts of an identifier, lower-cased.
fn parts(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    for piece in word.split('_').filter(|p| !p.is_empty()) {
        let chars: Vec<char> = piece.chars().collect();
        let mut start = 0;
        for i in 1..chars.len() {
            let (prev, cur) = (chars[i - 1], chars[i]);
            let next_lower = chars.get(i + 1).is_some_and(|c| c.is_lowercase());
            // a boundary before an upper-case letter that follows a lower-case one, or that
            // starts a word after an acronym ("CUDAError" -> "CUDA", "Error")
            let boundary = cur.is_uppercase()
                && (prev.is_lowercase()
                    || prev.is_ascii_digit()
                    || (prev.is_uppercase() && next_lower));
            if boundary {
                out.push(chars[start..i].iter().collect::<String>().to_lowercase());
                start = i;
            }
        }
        out.push(chars[start..].iter().collect::<String>().to_lowercase());
    }
    out
}

/// A document as a bag of tokens with their counts.
type Bag = HashMap<String, u32>;

fn bag(text: &str) -> Bag {
    let mut b = Bag::new();
    for t in tokens(text) {
        *b.entry(t).or_default() += 1;
    }
    b
}

/// Ranks `candidates` by similarity to `query`: TF-IDF cosine (sub-linear term frequency, smoothed
/// inverse document frequency over the candidates and the query). Returns the candidates scoring
/// at least `min_score` (0 to 1), best first; ties keep the candidates' order.
pub fn rank<K: Clone>(query: &str, candidates: &[(K, String)], min_score: f64) -> Vec<(K, f64)> {
    let q = bag(query);
    if q.is_empty() {
        return Vec::new();
    }
    let docs: Vec<Bag> = candidates.iter().map(|(_, text)| bag(text)).collect();
    let mut df: HashMap<&str, u32> = HashMap::new();
    for d in docs.iter().chain(std::iter::once(&q)) {
        for t in d.keys() {
            *df.entry(t.as_str()).or_default() += 1;
        }
    }
    let n = docs.len() as f64 + 1.0;
    let idf = |t: &str| ((1.0 + n) / (1.0 + f64::from(df.get(t).copied().unwrap_or(0)))).ln() + 1.0;
    let weigh = |b: &Bag| -> HashMap<String, f64> {
        b.iter()
            .map(|(t, &c)| (t.clone(), (1.0 + f64::from(c).ln()) * idf(t)))
            .collect()
    };
    let qw = weigh(&q);
    let qn = norm(&qw);
    let mut scored: Vec<(usize, f64)> = docs
        .iter()
        .enumerate()
        .filter_map(|(i, d)| {
            let dw = weigh(d);
            let dn = norm(&dw);
            if dn == 0.0 {
                return None;
            }
            let dot: f64 = qw
                .iter()
                .filter_map(|(t, w)| dw.get(t).map(|v| v * w))
                .sum();
            let score = dot / (qn * dn);
            (score >= min_score).then_some((i, score))
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    scored
        .into_iter()
        .map(|(i, s)| (candidates[i].0.clone(), (s * 1000.0).round() / 1000.0))
        .collect()
}

fn norm(w: &HashMap<String, f64>) -> f64 {
    w.values().map(|v| v * v).sum::<f64>().sqrt()
}

/// The distinct tokens two texts share, in the order they appear in `a` (for "why similar").
pub fn shared_tokens(a: &str, b: &str, max: usize) -> Vec<String> {
    let theirs: HashSet<String> = tokens(b).into_iter().collect();
    let mut seen = HashSet::new();
    tokens(a)
        .into_iter()
        .filter(|t| theirs.contains(t) && seen.insert(t.clone()))
        .take(max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_normalised_and_split() {
        let t = tokens("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB");
        assert!(t.contains(&"outofmemoryerror".to_string()));
        assert!(t.contains(&"memory".to_string()));
        assert!(t.contains(&"error".to_string()));
        assert!(t.contains(&"cuda".to_string()));
        assert!(t.contains(&"mib".to_string()));
        // numbers, stop words and one-letter pieces are gone
        assert!(!t
            .iter()
            .any(|x| x == "20" || x == "n" || x == "of" || x == "to"));
        let t = tokens("at 0x7f6c9e77305d in /opt/venv/lib/libc10.so cuda_oom");
        assert!(!t.iter().any(|x| x.contains("7f6c")));
        assert!(t.contains(&"cuda_oom".to_string()));
        assert!(t.contains(&"oom".to_string()));
    }

    #[test]
    fn camel_case_parts() {
        assert_eq!(parts("CUDAError"), ["cuda", "error"]);
        assert_eq!(parts("srcSelectDimSize"), ["src", "select", "dim", "size"]);
        assert_eq!(parts("sm_120"), ["sm", "120"]);
    }

    #[test]
    fn ranks_the_closest_text_first() {
        let candidates = vec![
            (
                1,
                "nccl_timeout: Watchdog caught collective operation timeout".to_string(),
            ),
            (
                2,
                "cuda_oom: CUDA out of memory. Tried to allocate 2.00 GiB".to_string(),
            ),
            (3, "import_error: No module named 'flash_attn'".to_string()),
        ];
        let r = rank(
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB",
            &candidates,
            0.1,
        );
        assert_eq!(r.first().map(|x| x.0), Some(2));
        assert!(r[0].1 > 0.3 && r[0].1 <= 1.0, "{r:?}");
        assert!(r.iter().all(|x| x.0 != 3), "unrelated text scored: {r:?}");
    }

    #[test]
    fn identical_text_scores_one_and_empty_scores_nothing() {
        let c = vec![("a", "RuntimeError: boom in kernel foo".to_string())];
        let r = rank("RuntimeError: boom in kernel foo", &c, 0.0);
        assert!((r[0].1 - 1.0).abs() < 1e-9);
        assert!(rank("", &c, 0.0).is_empty());
        assert!(rank("the of 123", &c, 0.0).is_empty());
        let empty: Vec<(&str, String)> = vec![("x", String::new())];
        assert!(rank("boom", &empty, 0.0).is_empty());
    }

    #[test]
    fn shared_tokens_explain() {
        assert_eq!(
            shared_tokens("CUDA out of memory on rank 3", "cuda memory exhausted", 5),
            ["cuda", "memory"]
        );
    }
}
