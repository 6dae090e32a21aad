//! Per-caller rate limits on writes: one token bucket per token (and one shared by anonymous
//! writers), in memory. `--rate-limit 60/min` gives each bucket 60 writes of burst, refilled at
//! one a second; over it, a write is a 429 with `Retry-After`.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A rate: `count` requests per `period`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateLimit {
    pub count: u32,
    pub period: Duration,
}

impl FromStr for RateLimit {
    type Err = String;

    /// Parses `N/s`, `N/min`, `N/h` (also `sec`, `second`, `minute`, `hour`, `m`, `day`).
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a rate (e.g. 60/min, 5/s, 1000/hour)");
        let (n, unit) = s.trim().split_once('/').ok_or_else(bad)?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        let secs = match unit.trim().to_ascii_lowercase().as_str() {
            "s" | "sec" | "second" => 1,
            "m" | "min" | "minute" => 60,
            "h" | "hour" => 3600,
            "d" | "day" => 86_400,
            _ => return Err(bad()),
        };
        if count == 0 {
            return Err(bad());
        }
        Ok(RateLimit {
            count,
            period: Duration::from_secs(secs),
        })
    }
}

#[derive(Debug)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

/// Buckets beyond this many are pruned (full ones first), so memory stays bounded.
const MAX_BUCKETS: usize = 10_000;

/// The token buckets of every caller; without a limit every check passes.
#[derive(Debug, Default)]
pub struct Limiter {
    limit: Option<RateLimit>,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl Limiter {
    /// A limiter with the given rate (`None`: unlimited).
    pub fn new(limit: Option<RateLimit>) -> Self {
        Limiter {
            limit,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from `key`'s bucket, or says how long until one is available.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        self.check_at(key, Instant::now())
    }

    fn check_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let Some(limit) = self.limit else {
            return Ok(());
        };
        let capacity = f64::from(limit.count);
        let per_sec = capacity / limit.period.as_secs_f64();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_BUCKETS && !buckets.contains_key(key) {
            buckets.retain(|_, b| {
                b.tokens + now.duration_since(b.last).as_secs_f64() * per_sec < capacity
            });
        }
        let b = buckets.entry(key.to_string()).or_insert(Bucket {
            tokens: capacity,
            last: now,
        });
        let elapsed = now.saturating_duration_since(b.last).as_secs_f64();
        b.tokens = (b.tokens + elapsed * per_sec).min(capacity);
        b.last = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - b.tokens) / per_sec))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_rates() {
        let r: RateLimit = "60/min".parse().unwrap();
        assert_eq!(r.count, 60);
        assert_eq!(r.period, Duration::from_secs(60));
        assert_eq!(
            "5/s".parse::<RateLimit>().unwrap().period,
            Duration::from_secs(1)
        );
        assert_eq!(
            "1000 / hour".parse::<RateLimit>().unwrap().period,
            Duration::from_secs(3600)
        );
        for bad in ["", "60", "0/min", "x/min", "60/fortnight"] {
            assert!(bad.parse::<RateLimit>().is_err(), "{bad}");
        }
    }

    #[test]
    fn buckets_refill_per_key() {
        let l = Limiter::new(Some("2/min".parse().unwrap()));
        let t0 = Instant::now();
        assert!(l.check_at("a", t0).is_ok());
        assert!(l.check_at("a", t0).is_ok());
        let wait = l.check_at("a", t0).unwrap_err();
        assert!(
            wait > Duration::from_secs(29) && wait <= Duration::from_secs(30),
            "{wait:?}"
        );
        assert!(l.check_at("b", t0).is_ok(), "keys have their own bucket");
        assert!(l.check_at("a", t0 + Duration::from_secs(31)).is_ok());
        assert!(Limiter::new(None).check("a").is_ok());
    }
}
