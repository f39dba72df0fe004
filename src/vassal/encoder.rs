//! VASSAL's `SequenceEncoder` and its decoder, the one escaping mechanism used at every
//! level of piece definitions, commands and saves (format notes §3.1).
//!
//! Encoding joins tokens with a one-character delimiter, puts a backslash before every
//! delimiter inside a token (nothing else is escaped, backslashes are never doubled) and
//! wraps a token in single quotes when it starts with `\` or both starts and ends with `'`.
//! Decoding reverses that with VASSAL's exact quirks: a delimiter preceded by a backslash in
//! the raw text is data, a trailing delimiter yields a final empty token, and one pair of
//! surrounding single quotes is removed from each token.

mod escaped;

pub use escaped::{Delimiter, Escaped, Level, Levels, Nesting, Tokens};

use std::borrow::Cow;

/// Builds a delimited string token by token, exactly like `VASSAL.tools.SequenceEncoder`.
///
/// An encoder with no tokens has no value at all (`None`), which is different from one empty
/// token (`Some("")`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequenceEncoder {
    delimiter: char,
    buffer: Option<String>,
}

impl SequenceEncoder {
    /// An encoder with no tokens yet.
    pub fn new(delimiter: char) -> Self {
        Self {
            delimiter,
            buffer: None,
        }
    }

    /// An encoder holding one first token (`new SequenceEncoder(value, delimiter)`).
    pub fn with_token(value: &str, delimiter: char) -> Self {
        let mut encoder = Self::new(delimiter);
        encoder.append(value);
        encoder
    }

    /// The delimiter this encoder joins tokens with.
    pub fn delimiter(&self) -> char {
        self.delimiter
    }

    fn start_token(&mut self) -> &mut String {
        let delimiter = self.delimiter;
        match &mut self.buffer {
            Some(buffer) => {
                buffer.push(delimiter);
            }
            None => self.buffer = Some(String::new()),
        }
        self.buffer.get_or_insert_with(String::new)
    }

    /// Appends one string token, escaping delimiters and quoting as VASSAL does.
    pub fn append(&mut self, token: &str) -> &mut Self {
        let delimiter = self.delimiter;
        let buffer = self.start_token();
        let needs_quotes =
            token.starts_with('\\') || (token.starts_with('\'') && token.ends_with('\''));
        buffer.reserve(token.len() + 2);
        if needs_quotes {
            buffer.push('\'');
        }
        let mut rest = token;
        while let Some(index) = rest.find(delimiter) {
            buffer.push_str(&rest[..index]);
            buffer.push('\\');
            buffer.push(delimiter);
            rest = &rest[index + delimiter.len_utf8()..];
        }
        buffer.push_str(rest);
        if needs_quotes {
            buffer.push('\'');
        }
        self
    }

    /// Appends a Java `null` token, which is written as nothing (an empty token).
    pub fn append_null(&mut self) -> &mut Self {
        self.start_token();
        self
    }

    /// Appends an integer written like Java's `String.valueOf(int/long)`.
    pub fn append_int(&mut self, value: i64) -> &mut Self {
        self.append(&value.to_string())
    }

    /// Appends a boolean written as `true` / `false`.
    pub fn append_bool(&mut self, value: bool) -> &mut Self {
        self.append(if value { "true" } else { "false" })
    }

    /// Appends a double written like Java's `String.valueOf(double)` (`1.0`, `0.5`, `1.0E7`).
    pub fn append_double(&mut self, value: f64) -> &mut Self {
        self.append(&java_double_to_string(value))
    }

    /// The encoded string, or `None` when no token was appended.
    pub fn value(&self) -> Option<&str> {
        self.buffer.as_deref()
    }

    /// The encoded string, consuming the encoder; `None` when no token was appended.
    pub fn into_value(self) -> Option<String> {
        self.buffer
    }
}

/// Encodes a whole token list; `None` for an empty list (VASSAL's `null`).
pub fn encode<S: AsRef<str>>(tokens: &[S], delimiter: char) -> Option<String> {
    let mut encoder = SequenceEncoder::new(delimiter);
    for token in tokens {
        encoder.append(token.as_ref());
    }
    encoder.into_value()
}

/// Encodes a token list, giving the empty string for an empty list.
pub fn encode_or_empty<S: AsRef<str>>(tokens: &[S], delimiter: char) -> String {
    encode(tokens, delimiter).unwrap_or_default()
}

/// Decodes every token of `value` (an empty string gives one empty token).
pub fn decode(value: &str, delimiter: char) -> Vec<String> {
    SequenceDecoder::new(value, delimiter).collect()
}

/// Decodes a VASSAL string array (`StringArrayConfigurer`): `,`-separated, and the empty
/// string is the empty array.
pub fn decode_string_array(value: &str) -> Vec<String> {
    if value.is_empty() {
        Vec::new()
    } else {
        decode(value, ',')
    }
}

/// Reads tokens back out of a delimited string, exactly like
/// `VASSAL.tools.SequenceEncoder.Decoder`.
#[derive(Debug, Clone)]
pub struct SequenceDecoder<'a> {
    value: Option<&'a str>,
    delimiter: char,
    start: usize,
}

impl<'a> SequenceDecoder<'a> {
    /// A decoder over `value`.
    pub fn new(value: &'a str, delimiter: char) -> Self {
        Self {
            value: Some(value),
            delimiter,
            start: 0,
        }
    }

    /// A decoder over Java `null`: it has no tokens at all.
    pub fn null(delimiter: char) -> Self {
        Self {
            value: None,
            delimiter,
            start: 0,
        }
    }

    /// Whether another token can be read.
    pub fn has_more_tokens(&self) -> bool {
        self.value.is_some()
    }

    /// The undecoded rest of the input ("" once exhausted).
    pub fn remaining(&self) -> &'a str {
        match self.value {
            Some(value) => value.get(self.start..).unwrap_or(""),
            None => "",
        }
    }

    /// The next token, or `None` when the decoder is exhausted.
    pub fn next_token(&mut self) -> Option<String> {
        self.next_cow().map(Cow::into_owned)
    }

    /// The next token without copying it when it has no escaped delimiter, or `None` when
    /// the decoder is exhausted.
    pub fn next_cow(&mut self) -> Option<Cow<'a, str>> {
        let value = self.value?;
        let stop = value.len();
        if self.start >= stop {
            self.value = None;
            return Some(Cow::Borrowed(""));
        }
        let bytes = value.as_bytes();
        let mut buffer = String::new();
        let mut whole: Option<&'a str> = None;
        let delimiter_len = self.delimiter.len_utf8();
        let mut search_from = self.start;
        let mut ended_at_delimiter = false;
        // Jump from one delimiter to the next (a fast substring search) instead of walking
        // every character.
        while let Some(offset) = value
            .get(search_from..)
            .and_then(|rest| rest.find(self.delimiter))
        {
            let i = search_from + offset;
            if i > 0 && bytes[i - 1] == b'\\' {
                // Escaped delimiter: keep it as data, drop the backslash.
                buffer.push_str(value.get(self.start..i - 1).unwrap_or(""));
                self.start = i;
                search_from = i + delimiter_len;
            } else {
                let piece = value.get(self.start..i).unwrap_or("");
                if buffer.is_empty() {
                    whole = Some(piece);
                } else {
                    buffer.push_str(piece);
                }
                self.start = i + delimiter_len;
                ended_at_delimiter = true;
                break;
            }
        }
        if !ended_at_delimiter {
            let piece = value.get(self.start..).unwrap_or("");
            if buffer.is_empty() {
                whole = Some(piece);
            } else {
                buffer.push_str(piece);
            }
            self.value = None;
        }
        Some(match whole {
            Some(piece) => Cow::Borrowed(unquote(piece)),
            None => Cow::Owned(unquote(&buffer).to_string()),
        })
    }

    /// The next token, or `default` when exhausted.
    pub fn next_token_or(&mut self, default: &str) -> String {
        self.next_token().unwrap_or_else(|| default.to_string())
    }

    /// The next token as a Java `int`; `default` when exhausted or not a number.
    pub fn next_int(&mut self, default: i32) -> i32 {
        match self.next_cow() {
            Some(token) => token.parse().unwrap_or(default),
            None => default,
        }
    }

    /// The next token as a Java `long`; `default` when exhausted or not a number.
    pub fn next_long(&mut self, default: i64) -> i64 {
        match self.next_cow() {
            Some(token) => token.parse().unwrap_or(default),
            None => default,
        }
    }

    /// The next token as a Java `double`; `default` when exhausted or not a number.
    pub fn next_double(&mut self, default: f64) -> f64 {
        match self.next_cow() {
            Some(token) => java_parse_double(&token).unwrap_or(default),
            None => default,
        }
    }

    /// `true` exactly when the next token is `true`; `default` only when exhausted (so an
    /// empty token is `false`).
    pub fn next_boolean(&mut self, default: bool) -> bool {
        match self.next_cow() {
            Some(token) => token == "true",
            None => default,
        }
    }

    /// The first character of the next token; `default` when exhausted or empty.
    pub fn next_char(&mut self, default: char) -> char {
        self.next_cow()
            .and_then(|token| token.chars().next())
            .unwrap_or(default)
    }
}

impl Iterator for SequenceDecoder<'_> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        self.next_token()
    }
}

fn unquote(token: &str) -> &str {
    // Two quote bytes make at least two characters.
    if token.len() > 1 && token.starts_with('\'') && token.ends_with('\'') {
        &token[1..token.len() - 1]
    } else {
        token
    }
}

/// Parses a number the way Java's `Double.parseDouble` does for ordinary input: surrounding
/// control/space characters are ignored, a trailing `d`/`f` type suffix is allowed, and only
/// the spellings `Infinity` and `NaN` name the special values.
pub fn java_parse_double(text: &str) -> Option<f64> {
    let trimmed = text.trim_matches(|c: char| c <= ' ');
    let (sign, body) = match trimmed.strip_prefix('-') {
        Some(rest) => (-1.0, rest),
        None => (1.0, trimmed.strip_prefix('+').unwrap_or(trimmed)),
    };
    match body {
        "Infinity" => return Some(sign * f64::INFINITY),
        "NaN" => return Some(f64::NAN),
        _ => {}
    }
    let body = body.strip_suffix(['d', 'D', 'f', 'F']).unwrap_or(body);
    let plain = !body.is_empty()
        && body
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
    if !plain {
        return None;
    }
    body.parse::<f64>().ok().map(|v| sign * v)
}

/// Formats a double like Java's `Double.toString`: plain decimal with at least one
/// fractional digit for magnitudes in [10⁻³, 10⁷), computerised scientific notation
/// (`1.0E7`, `2.5E-4`) otherwise.
pub fn java_double_to_string(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    if value.is_infinite() {
        return if value > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    if value == 0.0 {
        return if value.is_sign_negative() {
            "-0.0"
        } else {
            "0.0"
        }
        .to_string();
    }
    let magnitude = value.abs();
    if (1e-3..1e7).contains(&magnitude) {
        let text = format!("{value}");
        if text.contains('.') {
            text
        } else {
            format!("{text}.0")
        }
    } else {
        let text = format!("{value:e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let mantissa = if mantissa.contains('.') {
            mantissa.to_string()
        } else {
            format!("{mantissa}.0")
        };
        format!("{mantissa}E{exponent}")
    }
}

#[cfg(test)]
mod tests;
