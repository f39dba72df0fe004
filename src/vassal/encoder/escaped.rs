//! Decoding SequenceEncoder text without copying it: an [`Escaped`] is a slice of the
//! original text together with the number of backslashes each delimiter in it still carries
//! from the levels that enclosed it. Splitting one into tokens gives more slices of the same
//! text, so a whole save — commands nested in commands, pieces' trait chains nested level
//! by level — is decoded in place, and a token is only copied when its value is asked for
//! and differs from its bytes ([`Escaped::to_cow`]).
//!
//! Why this is exact. The encoder puts one backslash before each delimiter inside a token and
//! doubles nothing, so a delimiter that sits `k` levels deep in the original text follows a
//! run of at least `k` backslashes, and decoding one level removes one backslash from the
//! run of each delimiter of that level. A level that has already lost `c` backslashes per
//! delimiter therefore splits at the delimiters whose run is exactly `c` (the decoder's "a
//! delimiter not preceded by a backslash"), and its tokens carry `c + 1`. Runs never cross
//! the start of a slice (a slice starts after a delimiter, a quote or a fixed prefix, none
//! of them a backslash), and quotes are single bytes that are never removed, so whether a
//! token is quoted is read off its first and last bytes. Delimiters of different levels
//! (`ESC`, `/`, TAB, `;`…) are independent: removing backslashes before one never touches
//! the run before another.

use std::borrow::Cow;
use std::str::FromStr;

/// A delimiter an [`Escaped`] slice can be split on: the ones VASSAL's saves and piece
/// definitions nest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delimiter {
    /// ESC, between commands.
    Esc,
    /// TAB, between a trait and the piece it decorates, and in many commands.
    Tab,
    /// `/`, between the fields of a piece command.
    Slash,
    /// `;`, between the fields of a trait.
    Semicolon,
    /// `,`, in string arrays.
    Comma,
    /// `|`, in turn tracker states.
    Bar,
}

const SLOTS: usize = 6;

impl Delimiter {
    /// The delimiter's byte.
    pub const fn byte(self) -> u8 {
        match self {
            Self::Esc => 0x1b,
            Self::Tab => b'\t',
            Self::Slash => b'/',
            Self::Semicolon => b';',
            Self::Comma => b',',
            Self::Bar => b'|',
        }
    }

    const fn slot(self) -> usize {
        self as usize
    }

    fn of_byte(byte: u8) -> Option<Self> {
        match byte {
            0x1b => Some(Self::Esc),
            b'\t' => Some(Self::Tab),
            b'/' => Some(Self::Slash),
            b';' => Some(Self::Semicolon),
            b',' => Some(Self::Comma),
            b'|' => Some(Self::Bar),
            _ => None,
        }
    }
}

/// A slice of SequenceEncoder text, still escaped for the levels that enclose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Escaped<'a> {
    raw: &'a str,
    /// Backslashes to remove before each delimiter, by [`Delimiter`].
    levels: [u32; SLOTS],
}

impl<'a> Escaped<'a> {
    /// The empty string.
    pub const EMPTY: Escaped<'static> = Escaped {
        raw: "",
        levels: [0; SLOTS],
    };

    /// A plain string: its value is its text.
    pub fn new(text: &'a str) -> Self {
        Self {
            raw: text,
            levels: [0; SLOTS],
        }
    }

    /// The slice of the original text, escapes included.
    pub fn raw(&self) -> &'a str {
        self.raw
    }

    /// Whether the slice is empty (then so is its value).
    pub fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    fn level(&self, delimiter: Delimiter) -> u32 {
        self.levels[delimiter.slot()]
    }

    fn removes_before(&self, byte: u8) -> u32 {
        Delimiter::of_byte(byte).map_or(0, |d| self.level(d))
    }

    /// Whether the value differs from the slice's bytes (some delimiter in it carries
    /// backslashes to remove).
    pub fn needs_unescaping(&self) -> bool {
        let mut active = [0u8; SLOTS];
        let mut count = 0;
        for delimiter in ALL {
            if self.level(delimiter) > 0 {
                active[count] = delimiter.byte();
                count += 1;
            }
        }
        let bytes = self.raw.as_bytes();
        match active[..count] {
            [] => false,
            [a] => memchr::memchr(a, bytes).is_some(),
            [a, b] => memchr::memchr2(a, b, bytes).is_some(),
            [a, b, c] => memchr::memchr3(a, b, c, bytes).is_some(),
            _ => bytes.iter().any(|&b| self.removes_before(b) > 0),
        }
    }

    /// The decoded value: the slice itself when nothing needs removing, else a copy with
    /// each delimiter's carried backslashes removed.
    pub fn to_cow(&self) -> Cow<'a, str> {
        if !self.value_is_raw() {
            Cow::Owned(self.unescape())
        } else {
            Cow::Borrowed(self.raw)
        }
    }

    /// Whether [`Escaped::to_cow`] borrows (no copy needed).
    fn value_is_raw(&self) -> bool {
        if self.levels == [0; SLOTS] {
            return true;
        }
        // Short slices (most fields) are checked byte by byte; long ones with memchr.
        if self.raw.len() < 32 {
            return !self.raw.bytes().any(|b| self.removes_before(b) > 0);
        }
        !self.needs_unescaping()
    }

    fn unescape(&self) -> String {
        let bytes = self.raw.as_bytes();
        let mut out = String::with_capacity(self.raw.len());
        let mut from = 0;
        for (index, &byte) in bytes.iter().enumerate() {
            let remove = self.removes_before(byte) as usize;
            if remove == 0 {
                continue;
            }
            let segment = &self.raw[from..index];
            let run = segment.len() - segment.trim_end_matches('\\').len();
            out.push_str(&segment[..segment.len() - remove.min(run)]);
            out.push(char::from(byte));
            from = index + 1;
        }
        out.push_str(&self.raw[from..]);
        out
    }

    /// Whether the value equals `text`.
    pub fn eq_str(&self, text: &str) -> bool {
        use std::cmp::Ordering;
        match self.raw.len().cmp(&text.len()) {
            // Unescaping only ever removes bytes.
            Ordering::Less => false,
            Ordering::Equal => self.raw == text && self.value_is_raw(),
            // Only backslashes before delimiters are removed, and the delimiters stay: a
            // longer slice can only shrink to `text` if `text` has such a delimiter.
            Ordering::Greater => {
                text.bytes().any(|b| self.removes_before(b) > 0) && self.unescape() == text
            }
        }
    }

    /// The value parsed as a number (or anything `FromStr`).
    pub fn parse<T: FromStr>(&self) -> Option<T> {
        self.to_cow().parse().ok()
    }

    /// The rest of the value after `prefix`, when it starts with it.
    pub fn strip_prefix(&self, prefix: &str) -> Option<Self> {
        let simple = prefix
            .bytes()
            .all(|b| b != b'\\' && self.removes_before(b) == 0);
        if simple {
            // No byte of the prefix is a backslash or a delimiter that loses backslashes, so
            // the value starts with it exactly when the slice does.
            return self.raw.strip_prefix(prefix).map(|rest| Self {
                raw: rest,
                levels: self.levels,
            });
        }
        let value = self.to_cow();
        if !value.starts_with(prefix) {
            return None;
        }
        let offset = self.raw_offset(prefix.len());
        Some(Self {
            raw: self.raw.get(offset..)?,
            levels: self.levels,
        })
    }

    /// The offset in the slice where the value's byte `target` starts.
    fn raw_offset(&self, target: usize) -> usize {
        let bytes = self.raw.as_bytes();
        let mut emitted = 0;
        let mut index = 0;
        while index < bytes.len() && emitted < target {
            if bytes[index] == b'\\' {
                let end = index + bytes[index..].iter().take_while(|&&b| b == b'\\').count();
                let run = end - index;
                let removed = bytes
                    .get(end)
                    .map_or(0, |&b| (self.removes_before(b) as usize).min(run));
                let kept = run - removed;
                if emitted + kept >= target {
                    return index + (target - emitted);
                }
                emitted += kept;
                // The removed backslashes go with the delimiter that follows them.
                index = end;
                if removed > 0 && end < bytes.len() {
                    emitted += 1;
                    index += 1;
                }
                continue;
            }
            emitted += 1;
            index += 1;
        }
        index
    }

    /// The part of the value up to and including the first `byte` (the whole value when it
    /// has none), as a slice. `byte` must not be a backslash.
    pub fn through(&self, byte: u8) -> Self {
        let end = memchr::memchr(byte, self.raw.as_bytes()).map_or(self.raw.len(), |i| i + 1);
        Self {
            raw: &self.raw[..end],
            levels: self.levels,
        }
    }

    /// The tokens of the value, split on `delimiter` as `SequenceDecoder` does.
    pub fn tokens(&self, delimiter: Delimiter) -> Tokens<'a> {
        Tokens {
            rest: Some(self.raw),
            delimiter,
            levels: self.levels,
        }
    }

    /// The same text as the value of one more level of `delimiter` (without splitting):
    /// what a token that ended at the end of the text holds, before unquoting.
    fn deeper(mut self, delimiter: Delimiter) -> Self {
        self.levels[delimiter.slot()] += 1;
        self
    }

    /// Removes one pair of surrounding single quotes, as the decoder does to each token.
    fn unquoted(self) -> Self {
        let bytes = self.raw.as_bytes();
        if bytes.len() > 1 && bytes[0] == b'\'' && bytes[bytes.len() - 1] == b'\'' {
            Self {
                raw: &self.raw[1..self.raw.len() - 1],
                levels: self.levels,
            }
        } else {
            self
        }
    }

    fn with_raw(self, raw: &'a str) -> Self {
        Self {
            raw,
            levels: self.levels,
        }
    }
}

const ALL: [Delimiter; SLOTS] = [
    Delimiter::Esc,
    Delimiter::Tab,
    Delimiter::Slash,
    Delimiter::Semicolon,
    Delimiter::Comma,
    Delimiter::Bar,
];

/// The run of backslashes right before `index` in `bytes`, eight bytes at a time (deeply
/// nested trait chains put hundreds before their TABs).
fn backslashes_before(bytes: &[u8], index: usize) -> usize {
    const BACKSLASHES: u64 = 0x5c5c_5c5c_5c5c_5c5c;
    let mut end = index;
    while end >= 8 {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[end - 8..end]);
        // Zero bytes are backslashes; the last byte is the most significant.
        let others = u64::from_le_bytes(word) ^ BACKSLASHES;
        if others != 0 {
            return index - end + (others.leading_zeros() / 8) as usize;
        }
        end -= 8;
    }
    index - end
        + bytes[..end]
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count()
}

/// The backslashes right before `index` in `bytes`, counted up to `limit + 1` (enough to
/// tell whether the run is longer than `limit`).
fn run_before(bytes: &[u8], index: usize, limit: u32) -> usize {
    bytes[..index]
        .iter()
        .rev()
        .take(limit as usize + 1)
        .take_while(|&&b| b == b'\\')
        .count()
}

/// The tokens of an [`Escaped`] value, exactly as `SequenceDecoder` reads them: a trailing
/// delimiter gives a final empty token, an empty value one empty token, and each token loses
/// one pair of surrounding quotes.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    /// What is left to read; `None` once exhausted.
    rest: Option<&'a str>,
    delimiter: Delimiter,
    levels: [u32; SLOTS],
}

impl<'a> Tokens<'a> {
    /// Whether another token can be read.
    pub fn has_more_tokens(&self) -> bool {
        self.rest.is_some()
    }

    /// The undecoded rest (its raw slice).
    pub fn remaining(&self) -> Escaped<'a> {
        Escaped {
            raw: self.rest.unwrap_or(""),
            levels: self.levels,
        }
    }

    /// The next token, or `None` when exhausted.
    pub fn next_token(&mut self) -> Option<Escaped<'a>> {
        let rest = self.rest?;
        let carried = self.levels[self.delimiter.slot()];
        let base = Escaped {
            raw: rest,
            levels: self.levels,
        }
        .deeper(self.delimiter);
        let bytes = rest.as_bytes();
        let byte = self.delimiter.byte();
        let mut from = 0;
        while let Some(offset) = memchr::memchr(byte, &bytes[from..]) {
            let index = from + offset;
            let run = run_before(bytes, index, carried);
            // A run longer than the level carries escapes the delimiter; a shorter one cannot
            // occur in text the levels above decoded, and reads as a separator.
            if run <= carried as usize {
                self.rest = Some(&rest[index + 1..]);
                return Some(base.with_raw(&rest[..index - run]).unquoted());
            }
            from = index + 1;
        }
        self.rest = None;
        Some(base.unquoted())
    }

    /// The next token's value, or `default` when exhausted.
    pub fn next_cow_or(&mut self, default: &'a str) -> Cow<'a, str> {
        self.next_token()
            .map_or(Cow::Borrowed(default), |token| token.to_cow())
    }

    /// The next token as a number; `default` when exhausted or not a number.
    pub fn next_parsed<T: FromStr>(&mut self, default: T) -> T {
        self.next_token()
            .and_then(|token| token.parse())
            .unwrap_or(default)
    }

    /// Skips `count` tokens.
    pub fn skip_tokens(&mut self, count: usize) {
        for _ in 0..count {
            self.next_token();
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Escaped<'a>;

    fn next(&mut self) -> Option<Escaped<'a>> {
        self.next_token()
    }
}

/// One level of a nesting of two-token strings — a piece's trait chain, where each level is
/// the trait and, after a TAB, everything it decorates.
#[derive(Debug, Clone, Copy)]
pub struct Level<'a> {
    /// The level's whole string (what the level above gave as its second token).
    pub whole: Escaped<'a>,
    /// The first token (the trait's own string), unquoted.
    pub own: Escaped<'a>,
    /// The second token (what the trait decorates), unquoted; `None` when the level has a
    /// single token.
    pub inner: Option<Escaped<'a>>,
}

/// The TABs of a string nested level inside level (`Decorator` types and states), indexed
/// once so that every level is split in time proportional to its own part: each TAB's
/// backslash run, and the next TAB whose run is no longer (which ends a second token).
/// Keep one and reuse it: [`Nesting::levels`] only clears its buffers.
#[derive(Debug, Clone, Default)]
pub struct Nesting {
    /// (byte offset in the outermost slice, run of backslashes before it).
    tabs: Vec<(usize, usize)>,
    /// For each TAB, the index of the next TAB whose run is not longer, or `usize::MAX`.
    next_not_deeper: Vec<usize>,
    stack: Vec<usize>,
}

impl Nesting {
    /// The levels of `outer`, outermost first: each split into its first two TAB tokens as
    /// `SequenceDecoder` splits its value; the next level is the second token, or an empty
    /// string when there is none (as a missing state is).
    pub fn levels<'a, 'n>(&'n mut self, outer: Escaped<'a>) -> Levels<'a, 'n> {
        self.tabs.clear();
        let bytes = outer.raw.as_bytes();
        for index in memchr::memchr_iter(b'\t', bytes) {
            self.tabs.push((index, backslashes_before(bytes, index)));
        }
        self.next_not_deeper.clear();
        self.next_not_deeper.resize(self.tabs.len(), usize::MAX);
        self.stack.clear();
        for (index, &(_, run)) in self.tabs.iter().enumerate() {
            while let Some(&top) = self.stack.last() {
                if run > self.tabs[top].1 {
                    break;
                }
                self.next_not_deeper[top] = index;
                self.stack.pop();
            }
            self.stack.push(index);
        }
        Levels {
            nesting: self,
            outer,
            start: 0,
            end: outer.raw.len(),
            carried: outer.level(Delimiter::Tab),
            cursor: 0,
        }
    }
}

/// The levels of a nested string; see [`Nesting::levels`]. Endless: after the last real
/// level come empty ones.
#[derive(Debug)]
pub struct Levels<'a, 'n> {
    nesting: &'n Nesting,
    outer: Escaped<'a>,
    /// The current level's range in `outer` and the TAB backslashes it carries.
    start: usize,
    end: usize,
    carried: u32,
    /// The first TAB that may lie in the current level.
    cursor: usize,
}

impl<'a> Levels<'a, '_> {
    fn slice(&self, start: usize, end: usize, carried: u32) -> Escaped<'a> {
        let mut slice = self.outer.with_raw(&self.outer.raw[start..end]);
        slice.levels[Delimiter::Tab.slot()] = carried;
        slice
    }

    /// Removes one pair of quotes from a range, as the decoder does to a token.
    fn unquote(&self, start: usize, end: usize) -> (usize, usize) {
        let bytes = self.outer.raw.as_bytes();
        if end > start + 1 && bytes[start] == b'\'' && bytes[end - 1] == b'\'' {
            (start + 1, end - 1)
        } else {
            (start, end)
        }
    }
}

impl<'a> Iterator for Levels<'a, '_> {
    type Item = Level<'a>;

    fn next(&mut self) -> Option<Level<'a>> {
        let (start, end, carried) = (self.start, self.end, self.carried);
        let whole = self.slice(start, end, carried);
        let deeper = carried.saturating_add(1);
        let tabs = &self.nesting.tabs;
        let mut index = self.cursor;
        let mut separator = None;
        while let Some(&(at, run)) = tabs.get(index) {
            if at >= end {
                break;
            }
            if at >= start && run <= carried as usize {
                // The first separator (a shorter run cannot occur inside a decoded level).
                separator = Some((index, at, run));
                break;
            }
            // A TAB escaped deeper than this level belongs to the own token.
            index += 1;
        }
        let Some((index, at, run)) = separator else {
            let (own_start, own_end) = self.unquote(start, end);
            self.start = end;
            self.carried = deeper;
            self.cursor = index;
            return Some(Level {
                whole,
                own: self.slice(own_start, own_end, deeper),
                inner: None,
            });
        };
        let (own_start, own_end) = self.unquote(start, at - run);
        // The second token ends at the next TAB of this level, if any, else with the level.
        let inner_end = match tabs.get(self.nesting.next_not_deeper[index]) {
            Some(&(next_at, next_run)) if next_at < end => next_at - next_run,
            _ => end,
        };
        let (inner_start, inner_end) = self.unquote(at + 1, inner_end);
        self.start = inner_start;
        self.end = inner_end;
        self.carried = deeper;
        self.cursor = index + 1;
        Some(Level {
            whole,
            own: self.slice(own_start, own_end, deeper),
            inner: Some(self.slice(inner_start, inner_end, deeper)),
        })
    }
}

#[cfg(test)]
mod tests;
