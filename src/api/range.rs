//! HTTP `Range` requests over bytes held in memory (RFC 9110 §14): one range is served as a
//! 206 with `Content-Range`; several ranges, other units or malformed headers are ignored (the
//! whole body, 200, as the RFC allows); a range that lies past the end is a 416.

use std::ops::Range;

/// What to send for a `Range` header.
#[derive(Debug, PartialEq, Eq)]
pub enum RangeReply {
    /// The whole body (no header, or one to ignore).
    Full,
    /// These bytes, as a 206.
    Partial(Range<u64>),
    /// A 416 with `Content-Range: bytes */len`.
    Unsatisfiable,
}

/// Interprets a `Range` header for a body of `len` bytes.
pub fn parse(header: Option<&str>, len: u64) -> RangeReply {
    let Some(h) = header else {
        return RangeReply::Full;
    };
    let Some((unit, spec)) = h.trim().split_once('=') else {
        return RangeReply::Full;
    };
    if !unit.trim().eq_ignore_ascii_case("bytes") || spec.contains(',') {
        return RangeReply::Full;
    }
    let Some((first, last)) = spec.trim().split_once('-') else {
        return RangeReply::Full;
    };
    let (first, last) = (first.trim(), last.trim());
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if first.is_empty() {
        // suffix range: the last N bytes
        if !digits(last) {
            return RangeReply::Full;
        }
        return match last.parse::<u64>() {
            Ok(0) => RangeReply::Unsatisfiable,
            Ok(_) if len == 0 => RangeReply::Unsatisfiable,
            Ok(n) => RangeReply::Partial(len.saturating_sub(n)..len),
            // more digits than u64 holds: "all of it"
            Err(_) => RangeReply::Partial(0..len),
        };
    }
    if !digits(first) || !(last.is_empty() || digits(last)) {
        return RangeReply::Full;
    }
    let Ok(start) = first.parse::<u64>() else {
        return RangeReply::Unsatisfiable;
    };
    let end = if last.is_empty() {
        len
    } else {
        match last.parse::<u64>() {
            Ok(l) if l < start => return RangeReply::Full,
            Ok(l) => l.saturating_add(1).min(len),
            Err(_) => len,
        }
    };
    if start >= len {
        return RangeReply::Unsatisfiable;
    }
    RangeReply::Partial(start..end)
}

/// The `Content-Range` value of a partial reply.
pub fn content_range(r: &Range<u64>, len: u64) -> String {
    format!("bytes {}-{}/{len}", r.start, r.end - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use RangeReply::*;

    #[test]
    fn single_ranges() {
        assert_eq!(parse(None, 10), Full);
        assert_eq!(parse(Some("bytes=0-0"), 10), Partial(0..1));
        assert_eq!(parse(Some("bytes=2-5"), 10), Partial(2..6));
        assert_eq!(parse(Some("bytes=2-"), 10), Partial(2..10));
        assert_eq!(parse(Some("bytes=5-100"), 10), Partial(5..10));
        assert_eq!(parse(Some("bytes=-3"), 10), Partial(7..10));
        assert_eq!(parse(Some("bytes=-30"), 10), Partial(0..10));
        assert_eq!(parse(Some("BYTES = 1-2"), 10), Partial(1..3));
        assert_eq!(
            parse(Some("bytes=0-99999999999999999999999"), 10),
            Partial(0..10)
        );
    }

    #[test]
    fn unsatisfiable_ranges() {
        assert_eq!(parse(Some("bytes=10-"), 10), Unsatisfiable);
        assert_eq!(parse(Some("bytes=10-20"), 10), Unsatisfiable);
        assert_eq!(parse(Some("bytes=-0"), 10), Unsatisfiable);
        assert_eq!(parse(Some("bytes=0-"), 0), Unsatisfiable);
        assert_eq!(parse(Some("bytes=-5"), 0), Unsatisfiable);
        assert_eq!(
            parse(Some("bytes=99999999999999999999999-"), 10),
            Unsatisfiable
        );
    }

    #[test]
    fn ignored_ranges() {
        for h in [
            "bytes=0-1,3-4",
            "items=0-1",
            "bytes=5-2",
            "bytes=a-b",
            "bytes=-",
            "bytes=1",
            "garbage",
            "bytes=+1-2",
            "bytes=-+2",
        ] {
            assert_eq!(parse(Some(h), 10), Full, "{h}");
        }
    }

    #[test]
    fn formats_content_range() {
        assert_eq!(content_range(&(2..6), 10), "bytes 2-5/10");
    }
}
