//! The findings knowledge base: parsing `findings/<id>.md` (TOML front matter + markdown) into
//! [`Finding`]s, rendering their markdown safely, and the compiled [`FindingsIndex`].
//!
//! Pure: file access lives in the application (`src/findings_dir.rs`), which hands text here.

use serde::Serialize;

/// Why a finding file was rejected.
#[derive(Debug, thiserror::Error)]
pub enum FindingError {
    #[error("{0}: {1}")]
    Invalid(String, String),
}

/// One knowledge-base entry.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub id: String,
    pub title: String,
    pub severity: String,
    pub status: String,
    pub informational: bool,
    pub components: Vec<String>,
    pub refs: Vec<String>,
    pub fixed_in: Vec<String>,
    pub examples: Vec<String>,
    /// The markdown body as written.
    pub body: String,
    /// The body rendered to HTML with raw HTML removed; the only finding text marked safe in pages.
    pub rendered_html: String,
}

/// All findings, with their symptom rules compiled once.
#[derive(Debug, Default)]
pub struct FindingsIndex {
    findings: Vec<Finding>,
}

impl FindingsIndex {
    /// An index with no findings.
    pub fn empty() -> Self {
        Self::default()
    }

    /// Builds the index from `(file name, text)` pairs; any invalid file fails the whole load.
    pub fn from_sources(_sources: &[(String, String)]) -> Result<Self, Vec<FindingError>> {
        Ok(Self::default())
    }

    /// The findings, in id order.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// A finding by id.
    pub fn get(&self, id: &str) -> Option<&Finding> {
        self.findings.iter().find(|f| f.id == id)
    }
}
