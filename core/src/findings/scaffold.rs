//! The scaffold of `crashdex findings new`: a commented finding file that passes validation.

/// A commented scaffold for a new finding that passes validation as it is.
pub fn scaffold(id: &str) -> String {
    format!(
        r#"+++
id = "{id}"                      # must equal the file name without .md
title = "TODO: what goes wrong, in one line"
severity = "medium"              # info | low | medium | high | critical
status = "open"                  # open | workaround | fixed
informational = false            # true: a known-harmless warning, shown as a note on its line
components = []                  # free words: sglang, vllm, pytorch, nccl, triton, deepgemm, ...
refs = []                        # issue and pull-request URLs
fixed_in = []                    # "package version" strings, e.g. "sglang 0.5.9"
examples = []                    # e.g. "examples/{id}.log", relative to findings/

[match]
# Conditions: every one present must hold. A value the log does not show does not veto.
# error_class = ["cuda_device_side_assert"]   # SPEC error classes
# phase = ["decode"]                          # SPEC phases
# sm_arch = ["sm_12*"]                        # exact, or a prefix ending in *
# framework = ["sglang"]
# any_min = 1                                 # how many `any` rules must fire

# [match.versions]                            # PEP 440 specifiers per package
# sglang = ">=0.5.6, <0.5.9"

# Symptom rules: `regex` or `literal`, optional `min_count`. Groups: all, any, not.
[[match.all]]
name = "main error"
literal = "TODO: paste the verbatim error text"
+++

## Symptoms

TODO: the lines that show this problem.

## Root cause

TODO

## Resolution

TODO

## References

TODO
"#
    )
}

#[cfg(test)]
mod tests {
    use super::scaffold;
    use crate::findings::parse::parse_finding;

    #[test]
    fn scaffold_is_valid() {
        let p = parse_finding("my_new_thing.md", &scaffold("my_new_thing"));
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    }
}
