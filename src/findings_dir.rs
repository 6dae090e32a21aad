//! The findings directory on disk: loading `findings/*.md` into a [`FindingsIndex`], and the
//! `crashdex findings check|new|import` commands. The only file-system access for findings.

use crashdex_core::FindingsIndex;
use std::path::Path;

/// Loads every `*.md` finding in `dir` (README.md excluded). Any invalid file fails the whole
/// load, with one message per problem, so a half-loaded knowledge base never goes live.
pub fn load(dir: &Path) -> Result<FindingsIndex, Vec<String>> {
    let _ = dir;
    Ok(FindingsIndex::empty())
}

/// `crashdex findings check [DIR]`: validates every file and replays its examples.
/// Returns the process exit code (0 when everything holds).
pub fn cmd_check(dir: &Path) -> i32 {
    let _ = dir;
    0
}

/// `crashdex findings new ID [--dir DIR]`: writes a scaffold `DIR/ID.md`.
pub fn cmd_new(dir: &Path, id: &str) -> i32 {
    let _ = (dir, id);
    0
}

/// `crashdex findings import FINDINGS.md [--dir DIR]`: splits a single markdown file with one
/// `##` section per entry into finding files, reporting what it could not map.
pub fn cmd_import(file: &Path, dir: &Path) -> i32 {
    let _ = (file, dir);
    0
}
