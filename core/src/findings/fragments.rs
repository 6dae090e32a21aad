//! Literal fragments of a regex: strings of which at least one must occur in any line the regex
//! matches, read from its syntax tree. They feed the prefilter automaton of [`super::compile`]
//! (and the triage detectors' own prefilter), so only lines that contain one are tried with the
//! regex itself.

use regex_syntax::hir::{Class, Hir, HirKind};

/// Shortest fragment worth prefiltering on: shorter ones hit nearly every line.
const MIN_FRAGMENT: usize = 3;
/// Most alternative fragments kept for one regex before it counts as unfilterable.
const MAX_ALTERNATIVES: usize = 32;

/// Literal fragments of which at least one occurs in every match of `pattern`, or `None` when
/// no useful set exists.
pub fn regex_fragments(pattern: &str) -> Option<Vec<Vec<u8>>> {
    hir_fragments(&regex_syntax::parse(pattern).ok()?)
}

/// [`regex_fragments`] of a pattern already parsed.
pub fn hir_fragments(hir: &Hir) -> Option<Vec<Vec<u8>>> {
    let frags = required(hir)?;
    let shortest = frags.iter().map(Vec::len).min()?;
    (shortest >= MIN_FRAGMENT).then_some(frags)
}

/// The window of `width` bytes of a fragment most likely to be rare in a log, and where it
/// starts: words and spaces are common, digits, capitals and punctuation less so. Ties go to
/// the later window, since messages tend to start generic (`RuntimeError: CUDA error:`) and end
/// specific. A shorter window makes a smaller automaton, at the price of more lines to confirm.
pub fn rarest_window(f: &[u8], width: usize) -> (usize, &[u8]) {
    if f.len() <= width {
        return (0, f);
    }
    let weight = |b: u8| -> u32 {
        match b {
            b' ' => 0,
            b'e' | b't' | b'a' | b'o' | b'i' | b'n' | b's' | b'r' => 1,
            b'a'..=b'z' | b'.' | b',' | b':' | b'-' | b'_' | b'/' | b'=' => 2,
            b'0'..=b'9' | b'A'..=b'Z' => 3,
            _ => 4,
        }
    };
    let mut best = (0, 0);
    let mut sum: u32 = f[..width].iter().map(|&b| weight(b)).sum();
    for start in 0..=f.len() - width {
        if start > 0 {
            sum = sum - weight(f[start - 1]) + weight(f[start + width - 1]);
        }
        if sum >= best.0 {
            best = (sum, start);
        }
    }
    // A window may cut a UTF-8 character in two: the automaton works on bytes, so it still
    // occurs in every line the whole fragment occurs in.
    (best.1, &f[best.1..best.1 + width])
}

/// The exact text `hir` matches when it matches exactly one string (case-folded ASCII letters
/// count as their lower-case letter, since the automaton ignores ASCII case).
fn exact(hir: &Hir) -> Option<Vec<u8>> {
    match hir.kind() {
        HirKind::Literal(l) => Some(l.0.to_vec()),
        HirKind::Class(c) => single_char(c),
        HirKind::Capture(c) => exact(&c.sub),
        HirKind::Concat(subs) => {
            let mut out = Vec::new();
            for s in subs {
                out.extend(exact(s)?);
            }
            Some(out)
        }
        _ => None,
    }
}

/// A class that stands for one character, or for both cases of one ASCII letter.
fn single_char(c: &Class) -> Option<Vec<u8>> {
    let chars: Vec<u32> = match c {
        Class::Unicode(u) => {
            let mut v = Vec::new();
            for r in u.ranges() {
                for ch in r.start() as u32..=r.end() as u32 {
                    v.push(ch);
                    if v.len() > 2 {
                        return None;
                    }
                }
            }
            v
        }
        Class::Bytes(b) => {
            let mut v = Vec::new();
            for r in b.ranges() {
                for ch in r.start() as u32..=r.end() as u32 {
                    v.push(ch);
                    if v.len() > 2 {
                        return None;
                    }
                }
            }
            v
        }
    };
    match chars.as_slice() {
        [c] => char::from_u32(*c).map(|ch| ch.to_string().into_bytes()),
        [a, b] => {
            let (a, b) = (char::from_u32(*a)?, char::from_u32(*b)?);
            (a.is_ascii_alphabetic() && a.eq_ignore_ascii_case(&b))
                .then(|| vec![a.to_ascii_lowercase() as u8])
        }
        _ => None,
    }
}

/// A set of strings at least one of which occurs in every match of `hir`.
fn required(hir: &Hir) -> Option<Vec<Vec<u8>>> {
    if let Some(e) = exact(hir) {
        return (!e.is_empty()).then(|| vec![e]);
    }
    match hir.kind() {
        HirKind::Capture(c) => required(&c.sub),
        HirKind::Repetition(r) if r.min >= 1 => required(&r.sub),
        HirKind::Alternation(subs) => {
            let mut all = Vec::new();
            for s in subs {
                all.extend(required(s)?);
                if all.len() > MAX_ALTERNATIVES {
                    return None;
                }
            }
            all.sort();
            all.dedup();
            Some(all)
        }
        HirKind::Concat(subs) => {
            // Runs of adjacent exact pieces join into one longer literal; otherwise any child's
            // requirement is the concatenation's requirement. Keep the most selective.
            let mut candidates: Vec<Vec<Vec<u8>>> = Vec::new();
            let mut run: Vec<u8> = Vec::new();
            for s in subs {
                match exact(s) {
                    Some(e) => run.extend(e),
                    None => {
                        if !run.is_empty() {
                            candidates.push(vec![std::mem::take(&mut run)]);
                        }
                        if let Some(r) = required(s) {
                            candidates.push(r);
                        }
                    }
                }
            }
            if !run.is_empty() {
                candidates.push(vec![run]);
            }
            candidates.into_iter().max_by_key(|set| {
                let shortest = set.iter().map(Vec::len).min().unwrap_or(0);
                (shortest.min(16), std::cmp::Reverse(set.len()))
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{rarest_window, regex_fragments};

    fn frags(p: &str) -> Option<Vec<String>> {
        regex_fragments(p).map(|v| {
            v.into_iter()
                .map(|f| String::from_utf8(f).unwrap())
                .collect()
        })
    }

    #[test]
    fn extracts_the_longest_required_literal() {
        assert_eq!(
            frags(r"CUDA error: (an illegal|misaligned) address"),
            Some(vec!["CUDA error: ".to_string()])
        );
        assert_eq!(frags(r"\d+ bytes"), Some(vec![" bytes".to_string()]));
    }

    #[test]
    fn alternations_give_a_set() {
        let f = frags(r"Assertion `(srcIndex < srcSelectDimSize|.*index out of bounds.*)` failed")
            .unwrap();
        assert_eq!(
            f,
            vec!["index out of bounds", "srcIndex < srcSelectDimSize"]
        );
        let f = frags(r"(foo bar|baz qux)").unwrap();
        assert_eq!(f, vec!["baz qux".to_string(), "foo bar".to_string()]);
    }

    #[test]
    fn case_insensitive_letters_fold() {
        assert_eq!(
            frags(r"(?i)out of memory"),
            Some(vec!["out of memory".into()])
        );
    }

    #[test]
    fn classes_only_are_unfilterable() {
        assert_eq!(frags(r"[0-9]+\s+[a-f]+"), None);
        assert_eq!(frags(r"a|bcd"), None);
    }

    #[test]
    fn long_fragments_keep_their_most_distinctive_window() {
        let f = b"cublas: failed to launch the kernel (code 1234)";
        let (at, w) = rarest_window(f, 16);
        assert_eq!(w.len(), 16);
        assert_eq!(&f[at..at + 16], w);
        assert!(String::from_utf8_lossy(w).contains("(code 1234)"), "{w:?}");
        assert_eq!(rarest_window(b"short one", 16), (0, &b"short one"[..]));
    }
}
