//! Small display helpers for templates (formatting only; never marks text safe).

/// `2026-11-30T04:25:09Z` as `2026-11-30 04:25 UTC`.
pub fn short_time(rfc3339: &str) -> String {
    match (rfc3339.get(..10), rfc3339.get(11..16)) {
        (Some(date), Some(time)) if rfc3339.ends_with('Z') => format!("{date} {time} UTC"),
        _ => rfc3339.to_string(),
    }
}

/// At most `max` characters of `s`, with an ellipsis when cut.
pub fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// A score as a percentage-like number with two decimals.
pub fn score(s: f64) -> String {
    format!("{s:.2}")
}

/// A byte count for people.
pub fn size(n: i64) -> String {
    let n = n.max(0) as f64;
    if n < 1024.0 {
        format!("{n} B")
    } else if n < 1024.0 * 1024.0 {
        format!("{:.1} KiB", n / 1024.0)
    } else {
        format!("{:.1} MiB", n / 1024.0 / 1024.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(short_time("2026-11-30T04:25:09Z"), "2026-11-30 04:25 UTC");
        assert_eq!(short_time("junk"), "junk");
        assert_eq!(truncate("héllo", 3), "hél…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(size(2048), "2.0 KiB");
        assert_eq!(score(0.915), "0.92");
    }
}
