//! Line templates: the normalisation behind log folding and grouping.
//!
//! Two steps. Per line, [`template_of`] masks volatile tokens (anything with a digit, paths,
//! dates, booleans, quoted and dotted `key=value` values, units after numbers) into a *shape*;
//! lines with one shape are counted once, with one table-driven pass over the bytes and one hash
//! lookup (a line that repeats a recent one but for its digits, as logs do, costs one hash).
//! Then, over the distinct shapes only, [`TemplateMiner::templates`] merges shapes that
//! differ in variable words the masks cannot see (user names, host names), in the manner of the
//! Brain parser: shapes of one length are grouped by the words they share exactly as often as
//! they occur, and a group is split again on a column that takes only a few values, unless that
//! column's values also vary in another group (a shared domain such as user names) or it holds a
//! masked value. One configuration for every log; no per-source rules.
//!
//! Pure: no I/O. [`fold`] is what the incident page uses to collapse runs of repeated lines.

use crate::lines::Line;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The placeholder for a masked token in shapes and templates.
pub const WILDCARD: &str = "<*>";

/// A column of a group of shapes with fewer distinct words than this splits the group: it is a
/// constant that tells templates apart (`VM Started`, `VM Stopped`); with more, a variable.
const SPLIT_BELOW: usize = 5;

/// The shape of a message: volatile tokens replaced by [`WILDCARD`], whitespace collapsed.
pub fn template_of(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    push_shape(text, &mut out);
    // cut only at ASCII bytes of valid UTF-8, so still valid
    String::from_utf8(out).unwrap_or_default()
}

const SPACE: u8 = 1;
const DIGIT: u8 = 2;
const ALPHA: u8 = 4;
const DELIM: u8 = 8;
const SLASH: u8 = 16;

/// Byte classes, so that one pass over a token says what it holds.
static CLASS: [u8; 256] = classes();

const fn classes() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = if c <= b' ' {
            SPACE
        } else if c.is_ascii_digit() {
            DIGIT
        } else if c.is_ascii_alphabetic() {
            ALPHA
        } else if c == b'/' || c == b'\\' {
            SLASH
        } else if matches!(
            c,
            b'=' | b':'
                | b','
                | b';'
                | b'('
                | b')'
                | b'['
                | b']'
                | b'{'
                | b'}'
                | b'<'
                | b'>'
                | b'"'
                | b'\''
                | b'|'
                | b'@'
                | b'#'
        ) {
            // characters that separate a key from its value inside a token (`uid=0`, `host:port`)
            DELIM
        } else {
            0
        };
        i += 1;
    }
    t
}

/// What a token became in a shape.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Only wildcards and punctuation: `<*>`, `(<*>)`, `<*>:<*>`.
    Wild,
    /// Anything with a word in it.
    Word,
}

/// The next token at or after `*i`: its bounds and byte classes. Tokens are separated by
/// whitespace and other control bytes (anything at or below a space); one pass over the bytes
/// finds the end and the classes together.
fn next_token(b: &[u8], i: &mut usize) -> Option<(usize, usize, u8)> {
    while *i < b.len() && b[*i] <= b' ' {
        *i += 1;
    }
    if *i == b.len() {
        return None;
    }
    let start = *i;
    let mut flags = 0;
    let mut j = start;
    while let Some(&c) = b.get(j) {
        let class = CLASS[c as usize];
        if class == SPACE {
            break;
        }
        flags |= class;
        j += 1;
    }
    *i = j;
    Some((start, j, flags))
}

/// A shape being written. Tokens kept as they are extend one span of the message, copied in one
/// piece when something else has to be written.
struct Out<'a> {
    src: &'a [u8],
    buf: &'a mut Vec<u8>,
    span: (usize, usize),
}

impl Out<'_> {
    /// Appends the message's token `s..e` as it is.
    fn verbatim(&mut self, s: usize, e: usize) {
        let (ps, pe) = self.span;
        if ps < pe && pe + 1 == s && self.src[pe] == b' ' {
            self.span.1 = e;
        } else {
            self.start_token();
            self.span = (s, e);
        }
    }

    /// Flushes the span and writes the separator before a new token.
    fn start_token(&mut self) {
        let (ps, pe) = self.span;
        if ps < pe {
            self.buf.extend_from_slice(&self.src[ps..pe]);
            self.span = (0, 0);
        }
        if !self.buf.is_empty() {
            self.buf.push(b' ');
        }
    }

    fn finish(&mut self) {
        let (ps, pe) = self.span;
        self.buf.extend_from_slice(&self.src[ps..pe]);
    }
}

/// Writes the shape of `text` into `buf`. Runs of wildcard tokens collapse into one, and a unit
/// after a number is part of it (`1.2 KB`, `<1 sec`, `1190 bytes (1.16 KB)` are all `<*>`), so
/// values that print in several forms keep one shape.
fn push_shape(text: &str, buf: &mut Vec<u8>) {
    buf.clear();
    let b = text.as_bytes();
    let mut out = Out {
        src: b,
        buf,
        span: (0, 0),
    };
    let mut i = 0;
    let (mut prev, mut prev_number, mut quoted) = (Kind::Word, false, false);
    while let Some((s, e, flags)) = next_token(b, &mut i) {
        let tok = &b[s..e];
        if quoted {
            // inside a quoted value that spans spaces (`tag="View Lock",`): keep what follows it
            if let Some(q) = tok.iter().position(|&c| c == b'"') {
                out.buf.extend_from_slice(&tok[q + 1..]);
                quoted = false;
            }
            continue;
        }
        if prev == Kind::Wild && flags & DIGIT == 0 && is_unit(tok) {
            continue;
        }
        if is_date_word(tok) && (prev_number || next_is_date(b, i)) {
            prev_number = true;
            if prev != Kind::Wild {
                out.start_token();
                out.buf.extend_from_slice(WILDCARD.as_bytes());
                prev = Kind::Wild;
            }
            continue;
        }
        prev_number = tok[0].is_ascii_digit();
        let kind = if let Some(kind) = simple_token(tok, flags) {
            if kind == Kind::Word {
                out.verbatim(s, e);
            } else if prev != Kind::Wild {
                out.start_token();
                out.buf.extend_from_slice(WILDCARD.as_bytes());
            }
            kind
        } else {
            let mark = out.buf.len();
            out.start_token();
            let (kind, open_quote) = push_token(tok, out.buf);
            quoted = open_quote;
            if kind == Kind::Wild && prev == Kind::Wild {
                out.buf.truncate(mark);
            }
            kind
        };
        prev = kind;
    }
    out.finish();
}

const DATE_WORDS: [&[u8]; 19] = [
    b"Mon", b"Tue", b"Wed", b"Thu", b"Fri", b"Sat", b"Sun", b"Jan", b"Feb", b"Mar", b"Apr", b"May",
    b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov", b"Dec",
];

fn is_date_word(tok: &[u8]) -> bool {
    let t = match tok {
        [a, b, c] | [a, b, c, b',' | b'.'] if a.is_ascii_uppercase() => [*a, *b, *c],
        _ => return false,
    };
    DATE_WORDS.contains(&t.as_slice())
}

/// Whether the token after position `i` is a number or a date word (`Fri Jun 17 07:07:00`).
fn next_is_date(b: &[u8], mut i: usize) -> bool {
    next_token(b, &mut i).is_some_and(|(s, e, _)| b[s].is_ascii_digit() || is_date_word(&b[s..e]))
}

const UNITS: [&[u8]; 24] = [
    b"B", b"KB", b"MB", b"GB", b"TB", b"KiB", b"MiB", b"GiB", b"TiB", b"bytes", b"k", b"K", b"M",
    b"G", b"s", b"sec", b"secs", b"ms", b"us", b"ns", b"min", b"mins", b"%", b"x",
];

fn is_unit(tok: &[u8]) -> bool {
    let end = tok
        .iter()
        .rposition(|c| !b",;)].:".contains(c))
        .map_or(0, |i| i + 1);
    end <= 5 && UNITS.contains(&&tok[..end])
}

fn is_path(b: &[u8], digit: bool) -> bool {
    let slashes = b.iter().filter(|&&c| c == b'/' || c == b'\\').count();
    let lead = b
        .iter()
        .find(|c| !matches!(c, b'(' | b'[' | b'"' | b'\'' | b'<'))
        .copied()
        .unwrap_or(b'/');
    digit || slashes >= 2 || matches!(lead, b'/' | b'\\' | b'~' | b'.')
}

/// Booleans and nulls: values, whatever their key.
fn is_literal(seg: &[u8]) -> bool {
    matches!(seg.first(), Some(b't' | b'f' | b'n' | b'T' | b'F' | b'N'))
        && matches!(
            seg,
            b"true"
                | b"false"
                | b"True"
                | b"False"
                | b"TRUE"
                | b"FALSE"
                | b"null"
                | b"NULL"
                | b"None"
                | b"nil"
        )
}

/// The kind of a token that is kept whole or masked whole, or `None` when its parts need a look.
fn simple_token(tok: &[u8], flags: u8) -> Option<Kind> {
    let digit = flags & DIGIT != 0;
    let empty_pair = tok.len() == 2 && matches!(tok, b"()" | b"[]" | b"{}" | b"\"\"" | b"''");
    if empty_pair || (flags & SLASH != 0 && is_path(tok, digit)) || (digit && flags & ALPHA == 0) {
        Some(Kind::Wild)
    } else if flags & DELIM != 0 {
        None
    } else if digit || is_literal(tok) {
        Some(Kind::Wild)
    } else {
        Some(Kind::Word)
    }
}

/// Writes the shape of a token with separators inside (`uid=0`, `host:443`, `(null)`); says
/// whether it is only wildcards, and whether it opens a quoted value that goes on past it.
fn push_token(tok: &[u8], out: &mut Vec<u8>) -> (Kind, bool) {
    let (mut word, mut masked) = (false, false);
    let (mut start, mut seg, mut i) = (0, 0u8, 0);
    while i < tok.len() {
        let c = CLASS[tok[i] as usize];
        if c != DELIM {
            seg |= c;
            i += 1;
            continue;
        }
        push_segment(&tok[start..i], seg, out, &mut word, &mut masked);
        out.push(tok[i]);
        if tok[i] == b'=' && i + 1 < tok.len() && variable_value(&tok[i + 1..]) {
            out.extend_from_slice(WILDCARD.as_bytes());
            word = true;
            if tok[i + 1] == b'"' {
                // the value runs to its closing quote, perhaps in a later token
                match tok[i + 2..].iter().position(|&c| c == b'"') {
                    Some(j) => i += j + 3,
                    None => return (Kind::Word, true),
                }
            } else {
                i = value_end(tok, i + 1);
            }
        } else {
            i += 1;
        }
        (start, seg) = (i, 0);
    }
    push_segment(&tok[start..], seg, out, &mut word, &mut masked);
    // pure punctuation (`:`, `|`) is a word of its own
    let kind = if word || !masked {
        Kind::Word
    } else {
        Kind::Wild
    };
    (kind, false)
}

/// Writes a segment, masked if it holds a digit or is a literal.
fn push_segment(seg: &[u8], flags: u8, out: &mut Vec<u8>, word: &mut bool, masked: &mut bool) {
    if seg.is_empty() {
    } else if flags & DIGIT != 0 || is_literal(seg) {
        out.extend_from_slice(WILDCARD.as_bytes());
        *masked = true;
    } else {
        out.extend_from_slice(seg);
        *word = true;
    }
}

/// Whether the value after a `=` is masked while shaping a line: quoted, or a dotted, slashed or
/// bracketed name (a host, a class, a package). Plain words (`user=root`) are decided later, by
/// whether their key ever has a masked value.
fn variable_value(v: &[u8]) -> bool {
    let v = &v[..value_end(v, 0)];
    v.first() == Some(&b'"') || v.iter().any(|c| b"./{([*".contains(c))
}

/// Where the value that starts at `i` ends: at a separator outside brackets.
fn value_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0i32;
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => break,
            b')' | b']' | b'}' => depth -= 1,
            b',' | b';' if depth == 0 => break,
            b'<' if b[i..].starts_with(WILDCARD.as_bytes()) => i += WILDCARD.len() - 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// A fast hasher for shape keys and small integers.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = xxhash_rust::xxh3::xxh3_64_with_seed(bytes, self.0);
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// The id of a line's shape, as returned by [`TemplateMiner::add`]; map it to its mined template
/// with [`Templates::index`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TemplateId(pub u32);

/// Slots of the cache of recent lines (a power of two).
const RECENT: usize = 4096;

/// Writes `text` with each ASCII digit as `0`, eight bytes a step. Two messages alike but for
/// their digits have one shape: every token with a digit is masked whole or by the segment that
/// holds it, and every other decision of [`push_shape`] reads whether a token has digits, never
/// which.
fn digit_key(text: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(text);
    let mut words = out.chunks_exact_mut(8);
    for w in &mut words {
        let x = u64::from_le_bytes((&*w).try_into().unwrap_or_default());
        let digits = digit_bytes(x);
        if digits != 0 {
            let all = (digits >> 7) * 0xff;
            let x = (x & !all) | (0x3030_3030_3030_3030 & all);
            w.copy_from_slice(&x.to_le_bytes());
        }
    }
    for c in words.into_remainder() {
        if c.is_ascii_digit() {
            *c = b'0';
        }
    }
}

/// The top bit of every byte of `x` that is an ASCII digit, strictly between `/` and `:` (the
/// byte-wise range test of "Bit Twiddling Hacks"; no carry crosses bytes, so each bit is exact).
fn digit_bytes(x: u64) -> u64 {
    const L: u64 = 0x0101_0101_0101_0101;
    let low = x & (L * 127);
    (L * (127 + 0x3a)).wrapping_sub(low) & !x & low.wrapping_add(L * (127 - 0x2f)) & (L * 128)
}

/// Mines templates from lines: feed every line with [`add`](Self::add), then ask for
/// [`templates`](Self::templates).
#[derive(Default)]
pub struct TemplateMiner {
    ids: FastMap<Box<[u8]>, u32>,
    counts: Vec<u64>,
    scratch: Vec<u8>,
    /// The message with each digit as `0`, to hash.
    key: Vec<u8>,
    /// Recently seen messages, by the 64-bit hash of their [`digit_key`], and their shapes:
    /// logs repeat lines verbatim or with other numbers of the same width (most of Loghub's
    /// lines), and such a line then costs a copy and one hash. A direct-mapped table, so
    /// memory stays bounded whatever the log.
    recent: Vec<(u64, u32)>,
}

/// One mined template: its text (variables as [`WILDCARD`]) and how many lines it covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pub text: String,
    pub count: u64,
}

/// The templates mined so far, and which template each shape belongs to.
#[derive(Debug, Clone, Default)]
pub struct Templates {
    pub list: Vec<Template>,
    of: Vec<u32>,
}

impl Templates {
    /// The index in [`list`](Self::list) of the template of a shape.
    pub fn index(&self, id: TemplateId) -> usize {
        self.of[id.0 as usize] as usize
    }
}

impl TemplateMiner {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one message and returns the id of its shape.
    pub fn add(&mut self, text: &str) -> TemplateId {
        if self.recent.is_empty() {
            self.recent = vec![(0, u32::MAX); RECENT];
            // most logs have hundreds of shapes: no rehashing while the first ones arrive
            self.ids.reserve(1024);
        }
        digit_key(text.as_bytes(), &mut self.key);
        let hash = xxhash_rust::xxh3::xxh3_64(&self.key);
        let slot = &mut self.recent[hash as usize & (RECENT - 1)];
        if slot.0 == hash && slot.1 != u32::MAX {
            self.counts[slot.1 as usize] += 1;
            return TemplateId(slot.1);
        }
        push_shape(text, &mut self.scratch);
        let id = match self.ids.get(self.scratch.as_slice()) {
            Some(&id) => id,
            None => {
                let id = self.counts.len() as u32;
                self.ids.insert(self.scratch.as_slice().into(), id);
                self.counts.push(0);
                id
            }
        };
        self.counts[id as usize] += 1;
        self.recent[hash as usize & (RECENT - 1)] = (hash, id);
        TemplateId(id)
    }

    /// Number of distinct shapes seen.
    pub fn shapes(&self) -> usize {
        self.counts.len()
    }

    /// Merges the shapes seen so far into templates.
    pub fn templates(&self) -> Templates {
        let mut keys: Vec<&str> = vec![""; self.counts.len()];
        for (k, &id) in &self.ids {
            // shapes are cut only at ASCII bytes of valid UTF-8
            keys[id as usize] = std::str::from_utf8(k).unwrap_or_default();
        }
        let vocab = Vocab::new(&keys);
        let mut order: Vec<u32> = (0..keys.len() as u32).collect();
        order.sort_by_key(|&s| vocab.shape(s).len());
        let mut initial: Vec<Vec<u32>> = Vec::new();
        for same_len in order.chunk_by(|&a, &b| vocab.shape(a).len() == vocab.shape(b).len()) {
            initial_groups(same_len, &vocab, &self.counts, &mut initial);
        }
        let shared = shared_columns(&initial, &vocab);
        let mut groups: Vec<Vec<u32>> = Vec::with_capacity(initial.len());
        for (g, variable) in initial.into_iter().zip(shared) {
            split(g, &vocab, &variable, &mut groups);
        }
        let mut out = Templates {
            list: Vec::with_capacity(groups.len()),
            of: vec![0; self.counts.len()],
        };
        for g in groups {
            let first = vocab.shape(g[0]);
            let len = first
                .iter()
                .map(|&w| vocab.word(w).len().max(WILDCARD.len()) + 1);
            let mut text = String::with_capacity(len.sum());
            for (p, &w) in first.iter().enumerate() {
                if p > 0 {
                    text.push(' ');
                }
                if g.iter().all(|&s| vocab.shape(s)[p] == w) {
                    text.push_str(vocab.word(w));
                } else {
                    text.push_str(WILDCARD);
                }
            }
            for &s in &g {
                out.of[s as usize] = out.list.len() as u32;
            }
            let count = g.iter().map(|&s| self.counts[s as usize]).sum();
            out.list.push(Template { text, count });
        }
        out
    }
}

/// The shapes as word ids. A key that has a masked value anywhere (`name=<*>`) is a variable in
/// every shape, so its plain values (`name=android`) are masked too.
struct Vocab<'a> {
    words: Vec<&'a str>,
    /// Words made by masking values, numbered after `words`.
    masked: Vec<String>,
    /// Per word: only wildcards and punctuation.
    wild: Vec<bool>,
    /// The words of all shapes, one after the other; shape `i` is `ends[i - 1]..ends[i]`.
    flat: Vec<u32>,
    ends: Vec<u32>,
}

impl<'a> Vocab<'a> {
    fn new(keys: &[&'a str]) -> Self {
        let mut ids: FastMap<&str, u32> = FastMap::default();
        ids.reserve(keys.len() * 2);
        let mut v = Vocab {
            words: Vec::new(),
            masked: Vec::new(),
            wild: Vec::new(),
            flat: Vec::with_capacity(keys.len() * 8),
            ends: Vec::with_capacity(keys.len()),
        };
        for k in keys {
            // words are short: a byte loop beats `split`'s memchr calls
            for t in words(k) {
                let id = *ids.entry(t).or_insert_with(|| {
                    v.words.push(t);
                    v.words.len() as u32 - 1
                });
                v.flat.push(id);
            }
            v.ends.push(v.flat.len() as u32);
        }
        let mut var_keys: FastMap<&str, ()> = FastMap::default();
        let with_eq: Vec<u32> = (0..v.words.len() as u32)
            .filter(|&w| v.words[w as usize].bytes().any(|c| c == b'='))
            .collect();
        for &w in &with_eq {
            for (k, val) in pairs(v.words[w as usize]) {
                if val == WILDCARD {
                    var_keys.insert(k, ());
                }
            }
        }
        let mut remap: FastMap<u32, u32> = FastMap::default();
        for &w in &with_eq {
            let Some(m) = mask_keys(v.words[w as usize], &var_keys) else {
                continue;
            };
            let id = match ids.get(m.as_str()) {
                Some(&id) => id,
                None => {
                    v.masked.push(m);
                    (v.words.len() + v.masked.len() - 1) as u32
                }
            };
            remap.insert(w, id);
        }
        if !remap.is_empty() {
            for w in &mut v.flat {
                if let Some(&m) = remap.get(w) {
                    *w = m;
                }
            }
        }
        let wild: Vec<bool> = (0..(v.words.len() + v.masked.len()) as u32)
            .map(|w| !v.word(w).bytes().any(|c| c.is_ascii_alphabetic()))
            .collect();
        v.wild = wild;
        v
    }

    fn shape(&self, s: u32) -> &[u32] {
        let start = if s == 0 { 0 } else { self.ends[s as usize - 1] };
        &self.flat[start as usize..self.ends[s as usize] as usize]
    }

    fn word(&self, w: u32) -> &str {
        match self.words.get(w as usize) {
            Some(t) => t,
            None => &self.masked[w as usize - self.words.len()],
        }
    }
}

/// The words of a shape (split at single spaces).
fn words(shape: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(shape);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.bytes().position(|c| c == b' ') {
            Some(i) => {
                rest = Some(&s[i + 1..]);
                Some(&s[..i])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

/// The `key=value` pairs of a token.
fn pairs(tok: &str) -> impl Iterator<Item = (&str, &str)> {
    let b = tok.as_bytes();
    tok.match_indices('=').map(move |(i, _)| {
        let ks = b[..i]
            .iter()
            .rposition(|&c| CLASS[c as usize] == DELIM)
            .map_or(0, |j| j + 1);
        (&tok[ks..i], &tok[i + 1..value_end(b, i + 1)])
    })
}

/// The token with the values of variable keys masked, if that changes it.
fn mask_keys(tok: &str, var_keys: &FastMap<&str, ()>) -> Option<String> {
    let mut out = String::new();
    let mut last = 0;
    for (k, v) in pairs(tok) {
        let start = v.as_ptr() as usize - tok.as_ptr() as usize;
        if v.is_empty() || v == WILDCARD || start < last || !var_keys.contains_key(k) {
            continue;
        }
        out.push_str(&tok[last..start]);
        out.push_str(WILDCARD);
        last = start + v.len();
    }
    if last == 0 {
        return None;
    }
    out.push_str(&tok[last..]);
    Some(out)
}

/// Groups shapes of one length by the words each shares exactly as often as it occurs: the
/// words of a shape whose frequency (over all shapes of the length) is the most common one.
fn initial_groups(members: &[u32], vocab: &Vocab, counts: &[u64], out: &mut Vec<Vec<u32>>) {
    if members.len() == 1 {
        out.push(members.to_vec());
        return;
    }
    let mut freq: FastMap<(u32, u32), u64> = FastMap::default();
    freq.reserve(members.len() * vocab.shape(members[0]).len());
    for &s in members {
        for (p, &w) in vocab.shape(s).iter().enumerate() {
            *freq.entry((p as u32, w)).or_default() += counts[s as usize];
        }
    }
    let mut groups: FastMap<Vec<u32>, usize> = FastMap::default();
    groups.reserve(members.len());
    let mut tally: Vec<(u64, u32)> = Vec::new();
    let mut fs: Vec<Option<u64>> = Vec::new();
    for &s in members {
        let t = vocab.shape(s);
        fs.clear();
        fs.extend(
            t.iter()
                .enumerate()
                .map(|(p, &w)| (!vocab.wild[w as usize]).then(|| freq[&(p as u32, w)])),
        );
        tally.clear();
        for &fp in fs.iter().flatten() {
            match tally.iter_mut().find(|(g, _)| *g == fp) {
                Some(e) => e.1 += 1,
                None => tally.push((fp, 1)),
            }
        }
        let best = tally.iter().max_by_key(|&&(f, n)| (n, f)).map(|e| e.0);
        let key: Vec<u32> = t
            .iter()
            .zip(&fs)
            .map(|(&w, &f)| if f == best { w } else { u32::MAX })
            .collect();
        let next = out.len();
        let g = *groups.entry(key).or_insert(next);
        if g == next {
            out.push(Vec::new());
        }
        out[g].push(s);
    }
}

/// The distinct words of each column of a group that has more than one.
fn column_values(group: &[u32], vocab: &Vocab) -> Vec<(usize, Vec<u32>)> {
    let first = vocab.shape(group[0]);
    let mut cols = Vec::new();
    for (p, &w0) in first.iter().enumerate() {
        if group.iter().all(|&s| vocab.shape(s)[p] == w0) {
            continue;
        }
        let mut seen: Vec<u32> = Vec::new();
        for &s in group {
            let w = vocab.shape(s)[p];
            if !seen.contains(&w) {
                seen.push(w);
            }
        }
        cols.push((p, seen));
    }
    cols
}

/// Per group, the columns whose words also vary in a column of another group: a shared domain
/// of values (user names seen in `session opened` and `session closed`) is a variable, however
/// few values it takes.
fn shared_columns(groups: &[Vec<u32>], vocab: &Vocab) -> Vec<Vec<usize>> {
    let cols: Vec<Vec<(usize, Vec<u32>)>> = groups
        .iter()
        .map(|g| {
            if g.len() > 1 {
                column_values(g, vocab)
            } else {
                Vec::new()
            }
        })
        .collect();
    let mut owner: FastMap<u32, (u32, bool)> = FastMap::default();
    for (gi, cs) in cols.iter().enumerate() {
        for &w in cs.iter().flat_map(|(_, vals)| vals) {
            let e = owner.entry(w).or_insert((gi as u32, false));
            e.1 |= e.0 != gi as u32;
        }
    }
    cols.iter()
        .map(|cs| {
            cs.iter()
                .filter(|(_, vals)| vals.iter().filter(|w| owner[w].1).count() >= 2)
                .map(|&(p, _)| p)
                .collect()
        })
        .collect()
}

/// Splits a group on its column with the fewest distinct words, while that is below
/// [`SPLIT_BELOW`]. Columns in `variable`, and columns holding a masked value, never split.
fn split(group: Vec<u32>, vocab: &Vocab, variable: &[usize], out: &mut Vec<Vec<u32>>) {
    if group.len() == 1 {
        out.push(group);
        return;
    }
    let first = vocab.shape(group[0]);
    let mut best: Option<(usize, usize)> = None;
    let mut seen: Vec<u32> = Vec::new();
    for (p, &w0) in first.iter().enumerate() {
        if variable.contains(&p) || group.iter().all(|&s| vocab.shape(s)[p] == w0) {
            continue;
        }
        seen.clear();
        for &s in &group {
            let w = vocab.shape(s)[p];
            if !seen.contains(&w) {
                seen.push(w);
                if seen.len() >= SPLIT_BELOW {
                    break;
                }
            }
        }
        let d = seen.len();
        let masked = seen.iter().any(|&w| vocab.wild[w as usize]);
        if d < SPLIT_BELOW && !masked && best.is_none_or(|(_, bd)| d < bd) {
            best = Some((p, d));
        }
    }
    let Some((p, _)) = best else {
        out.push(group);
        return;
    };
    let mut parts: Vec<(u32, Vec<u32>)> = Vec::new();
    for s in group {
        let w = vocab.shape(s)[p];
        match parts.iter_mut().find(|(k, _)| *k == w) {
            Some(e) => e.1.push(s),
            None => parts.push((w, vec![s])),
        }
    }
    for (_, g) in parts {
        split(g, vocab, variable, out);
    }
}

/// One display row of a folded log: a line, or a run of consecutive lines with one template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoldedRow {
    /// Number of the first line of the run.
    pub first: u64,
    /// Number of the last line of the run.
    pub last: u64,
    /// Lines in the run.
    pub count: u64,
    /// The first line as uploaded.
    pub raw: String,
}

/// Collapses runs of consecutive lines whose messages have the same template into one row.
///
/// Consecutive lines fold when their shapes are equal: they differ only in masked tokens
/// (numbers, addresses, paths, ...), as progress lines and repeated warnings do. The merging
/// of [`TemplateMiner::templates`] is left out on purpose: it is for grouping a whole log, and
/// on a page it would fold neighbours whose words differ (`#0 all_reduce from ...`,
/// `#1 wrapper from ...`), hiding what a reader needs. Streams: one shape lookup per line.
pub fn fold(lines: &[Line]) -> Vec<FoldedRow> {
    let mut miner = TemplateMiner::new();
    let mut rows: Vec<FoldedRow> = Vec::new();
    let mut prev = None;
    for line in lines {
        let id = miner.add(&line.text);
        match rows.last_mut() {
            Some(row) if prev == Some(id) => {
                row.last = line.number;
                row.count += 1;
            }
            _ => rows.push(FoldedRow {
                first: line.number,
                last: line.number,
                count: 1,
                raw: line.raw.clone(),
            }),
        }
        prev = Some(id);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: u64, s: &str) -> Line {
        Line {
            number: n,
            raw: s.to_string(),
            text: s.to_string(),
            ..Default::default()
        }
    }

    fn mine(texts: &[&str]) -> (Vec<usize>, Templates) {
        let mut m = TemplateMiner::new();
        let ids: Vec<TemplateId> = texts.iter().map(|t| m.add(t)).collect();
        let t = m.templates();
        (ids.into_iter().map(|id| t.index(id)).collect(), t)
    }

    #[test]
    fn masks_numbers_paths_dates_and_values() {
        assert_eq!(
            template_of("Took 12.5 seconds to build uid=0 at /opt/x/y.py 0x7f"),
            "Took <*> seconds to build uid=<*> at <*>"
        );
        assert_eq!(
            template_of("connection from 10.0.0.1 () at Fri Jun 17 07:07:00 2005"),
            "connection from <*> at <*>"
        );
        assert_eq!(
            template_of("acquire lock=2335, tag=\"View Lock\", name=com.android.phone, ws=null"),
            "acquire lock=<*>, tag=<*>, name=<*>, ws=<*>"
        );
        assert_eq!(
            template_of(
                "x:443 close, 1190 bytes (1.16 KB) sent, 0 bytes received, lifetime <1 sec"
            ),
            template_of("x:80 close, 11 bytes sent, 9 bytes (9.0 KB) received, lifetime 00:01")
        );
    }

    #[test]
    fn digit_key_masks_each_digit() {
        let mut out = Vec::new();
        for text in [
            "",
            "abc",
            "7",
            "blk_-1608999687919862906 x",
            "10.250.19.102:54106 dest: /10.250.19.102:50010",
            "a1b22c333d4444e55555f666666g7777777h88888888",
            "é9ü:/0 ÿ",
        ] {
            digit_key(text.as_bytes(), &mut out);
            let want: String = text
                .chars()
                .map(|c| if c.is_ascii_digit() { '0' } else { c })
                .collect();
            assert_eq!(String::from_utf8_lossy(&out), want, "{text:?}");
        }
        for c in 0..=255u8 {
            let bytes = [c, b'5', c, 0xff, c, b'a', c, b'0'];
            let want = bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| b.is_ascii_digit())
                .fold(0u64, |m, (i, _)| m | 0x80 << (8 * i));
            assert_eq!(digit_bytes(u64::from_le_bytes(bytes)), want, "byte {c}");
        }
    }

    /// What the cache of recent lines relies on: a message and its digit key have one shape.
    #[test]
    fn a_message_and_its_digit_key_have_one_shape() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let mut key = Vec::new();
        let mut n = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("log") {
                continue;
            }
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            for line in text.lines() {
                digit_key(line.as_bytes(), &mut key);
                let key = String::from_utf8(key.clone()).unwrap();
                assert_eq!(template_of(line), template_of(&key), "{line:?}");
                n += 1;
            }
        }
        assert!(n > 500);
    }

    #[test]
    fn differing_numbers_give_one_template() {
        let (ids, t) = mine(&[
            "Decode batch. #running-req: 3, #token: 1024, gen throughput (token/s): 55.1",
            "Decode batch. #running-req: 12, #token: 99, gen throughput (token/s): 7.25",
        ]);
        assert_eq!(ids[0], ids[1]);
        assert_eq!(t.list.len(), 1);
        assert_eq!(t.list[0].count, 2);
    }

    #[test]
    fn different_words_give_different_templates() {
        let (ids, _) = mine(&["Capture cuda graph begin", "Capture cuda graph end"]);
        assert_ne!(ids[0], ids[1]);
        let (ids, _) = mine(&["VM Started", "VM Stopped", "VM Paused", "VM Started"]);
        assert_eq!(ids[0], ids[3]);
        assert_ne!(ids[0], ids[1]);
        assert_ne!(ids[1], ids[2]);
    }

    #[test]
    fn many_values_make_a_variable() {
        let users = ["ann", "bob", "cyd", "dan", "eve", "fay"];
        let texts: Vec<String> = users
            .iter()
            .map(|u| format!("Invalid user {u} from 10.0.0.1"))
            .collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let (ids, t) = mine(&refs);
        assert!(ids.iter().all(|&i| i == ids[0]));
        assert_eq!(t.list[0].text, "Invalid user <*> from <*>");
    }

    #[test]
    fn repeated_lines_keep_their_shape() {
        let mut m = TemplateMiner::new();
        let a = m.add("worker 3 ready");
        let b = m.add("shard 1 loaded");
        assert_eq!(m.add("worker 3 ready"), a);
        assert_eq!(m.add("worker 4 ready"), a);
        assert_eq!(m.add("shard 1 loaded"), b);
        assert_eq!(m.shapes(), 2);
        let t = m.templates();
        assert_eq!(t.list[t.index(a)].count, 3);
    }

    #[test]
    fn fold_collapses_runs() {
        let lines = vec![
            line(1, "step 1 loss 0.5"),
            line(2, "step 2 loss 0.4"),
            line(3, "step 3 loss 0.3"),
            line(4, "RuntimeError: boom"),
            line(5, "step 4 loss 0.2"),
        ];
        let rows = fold(&lines);
        assert_eq!(rows.len(), 3);
        assert_eq!((rows[0].first, rows[0].last, rows[0].count), (1, 3, 3));
        assert_eq!(rows[0].raw, "step 1 loss 0.5");
        assert_eq!((rows[1].first, rows[1].count), (4, 1));
        assert_eq!((rows[2].first, rows[2].last), (5, 5));
        assert!(fold(&[]).is_empty());
    }

    #[test]
    fn fold_keeps_lines_whose_words_differ() {
        let lines = vec![
            line(
                1,
                "frame #4: <unknown function> + 0xecdb4 (0x7f6c6e8ecdb4 in /lib/libc.so.6)",
            ),
            line(
                2,
                "frame #5: <unknown function> + 0x9cb84 (0x7f6c9f89cb84 in /lib/libc.so.6)",
            ),
            line(3, "#0 all_reduce from /opt/torch/distributed_c10d.py:3068"),
            line(4, "#1 wrapper from /opt/torch/c10d_logger.py:83"),
        ];
        let rows = fold(&lines);
        let counts: Vec<u64> = rows.iter().map(|r| r.count).collect();
        assert_eq!(counts, [2, 1, 1]);
    }
}
