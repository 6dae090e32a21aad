//! Filtering the findings knowledge base in memory (`?q=&component=&status=&arch=`), for the
//! findings page and the API.
//!
//! Pure: no I/O; must not import `web`, `api` or `app`.

use crashdex_core::Finding;
use serde::Deserialize;

/// The filters of a findings list; empty fields do not filter.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct FindingsFilter {
    /// Words that must all appear in the id, title, components or body (case-insensitive).
    pub q: String,
    /// A component the finding names (exact, case-insensitive).
    pub component: String,
    /// The finding's status (exact, case-insensitive).
    pub status: String,
    /// An architecture (`sm_120`) named by the finding's components, title or body.
    pub arch: String,
}

impl FindingsFilter {
    /// Whether any filter is set.
    pub fn is_active(&self) -> bool {
        ![&self.q, &self.component, &self.status, &self.arch]
            .iter()
            .all(|s| s.trim().is_empty())
    }

    /// Whether `f` passes every filter.
    pub fn matches(&self, f: &Finding) -> bool {
        self.passes(&f.id, &f.title, &f.components, &f.status, &f.body)
    }

    fn passes(&self, id: &str, title: &str, components: &[String], st: &str, body: &str) -> bool {
        let eq = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
        let component = self.component.trim();
        if !component.is_empty() && !components.iter().any(|c| eq(c, component)) {
            return false;
        }
        let status = self.status.trim();
        if !status.is_empty() && !eq(st, status) {
            return false;
        }
        let haystack = format!("{id} {title} {} {body}", components.join(" ")).to_lowercase();
        let arch = self.arch.trim().to_lowercase();
        if !arch.is_empty() && !haystack.contains(&arch) {
            return false;
        }
        self.q
            .to_lowercase()
            .split_whitespace()
            .all(|w| haystack.contains(w))
    }

    /// The distinct values of a field over `all`, sorted, for filter menus.
    pub fn values(all: &[Finding], field: impl Fn(&Finding) -> Vec<String>) -> Vec<String> {
        let mut v: Vec<String> = all
            .iter()
            .flat_map(field)
            .filter(|s| !s.is_empty())
            .collect();
        v.sort();
        v.dedup();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters() {
        let components = ["sglang".to_string(), "DeepGEMM".to_string()];
        let pass = |q: &str, c: &str, s: &str, a: &str| {
            FindingsFilter {
                q: q.into(),
                component: c.into(),
                status: s.into(),
                arch: a.into(),
            }
            .passes(
                "deepgemm_sm120",
                "DeepGEMM scales",
                &components,
                "open",
                "Fails on sm_120 GPUs.",
            )
        };
        assert!(pass("", "", "", ""));
        assert!(pass("deepgemm FAILS", "", "", ""));
        assert!(!pass("vllm", "", "", ""));
        assert!(pass("", "deepgemm", "OPEN", "sm_120"));
        assert!(!pass("", "vllm", "", ""));
        assert!(!pass("", "", "fixed", ""));
        assert!(!pass("", "", "", "sm_90"));
        assert!(!FindingsFilter::default().is_active());
    }
}
