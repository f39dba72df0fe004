//! Tests of the SequenceEncoder and decoder, including VASSAL's 20 000 golden vectors.

use super::*;

fn round_trip(tokens: &[&str], delimiter: char) -> Vec<String> {
    decode(&encode_or_empty(tokens, delimiter), delimiter)
}

#[test]
fn escapes_only_the_delimiter() {
    assert_eq!(encode(&["a;b", "c\\d"], ';').as_deref(), Some("a\\;b;c\\d"));
    assert_eq!(encode::<&str>(&[], ';'), None);
    assert_eq!(encode(&[""], ';').as_deref(), Some(""));
}

#[test]
fn quotes_backslash_and_quoted_tokens() {
    assert_eq!(encode(&["\\x"], ';').as_deref(), Some("'\\x'"));
    assert_eq!(encode(&["'abc'"], ';').as_deref(), Some("''abc''"));
    assert_eq!(encode(&["'"], ';').as_deref(), Some("'''"));
    assert_eq!(
        round_trip(&["'abc'", "\\x", "'"], ';'),
        ["'abc'", "\\x", "'"]
    );
}

#[test]
fn decode_rules() {
    assert_eq!(decode("a;", ';'), ["a", ""]);
    assert_eq!(decode("", ';'), [""]);
    assert_eq!(decode("a\\;b;c", ';'), ["a;b", "c"]);
    // A token ending in a backslash swallows the following delimiter (VASSAL bug kept).
    assert_eq!(decode("a\\;b", ';'), ["a;b"]);
    let mut null = SequenceDecoder::null(';');
    assert!(!null.has_more_tokens());
    assert_eq!(null.next_token(), None);
}

#[test]
fn typed_getters_use_defaults() {
    let mut d = SequenceDecoder::new("12;x;;true;2.5", ';');
    assert_eq!(d.next_int(7), 12);
    assert_eq!(d.next_int(7), 7);
    assert!(!d.next_boolean(true), "an empty token is false");
    assert!(d.next_boolean(false));
    assert_eq!(d.remaining(), "2.5");
    assert_eq!(d.next_double(0.0), 2.5);
    assert_eq!(d.next_int(-1), -1);
    assert!(d.next_boolean(true), "exhausted gives the default");
    assert_eq!(d.next_token_or("dflt"), "dflt");
    assert_eq!(d.next_char('z'), 'z');
}

#[test]
fn java_number_formats() {
    assert_eq!(java_double_to_string(1.0), "1.0");
    assert_eq!(java_double_to_string(64.0), "64.0");
    assert_eq!(java_double_to_string(227.9), "227.9");
    assert_eq!(java_double_to_string(1e7), "1.0E7");
    assert_eq!(java_double_to_string(0.00025), "2.5E-4");
    assert_eq!(java_parse_double(" 1.5d "), Some(1.5));
    assert_eq!(java_parse_double("inf"), None);
    assert_eq!(java_parse_double("-Infinity"), Some(f64::NEG_INFINITY));
    assert_eq!(java_parse_double(""), None);
}

fn hex_string(field: &str) -> Option<String> {
    let inner = field.strip_prefix('[')?.strip_suffix(']')?;
    let units: Option<Vec<u16>> = inner
        .as_bytes()
        .chunks(4)
        .map(|chunk| u16::from_str_radix(std::str::from_utf8(chunk).ok()?, 16).ok())
        .collect();
    String::from_utf16(&units?).ok()
}

/// One golden vector: delimiter, tokens, expected encoding, expected decoded tokens.
struct Vector {
    delimiter: char,
    tokens: Vec<String>,
    encoded: Option<String>,
    decoded: Vec<String>,
}

fn parse_vector(line: &str) -> Option<Vector> {
    let mut fields = line.split(' ');
    let delimiter = char::from_u32(u32::from_str_radix(fields.next()?, 16).ok()?)?;
    let n: usize = fields.next()?.parse().ok()?;
    let tokens = (0..n)
        .map(|_| hex_string(fields.next()?))
        .collect::<Option<Vec<_>>>()?;
    if fields.next()? != "ENC" {
        return None;
    }
    let encoded = match fields.next()? {
        "NULL" => None,
        other => Some(hex_string(other)?),
    };
    if fields.next()? != "DEC" {
        return None;
    }
    let decoded = fields.map(hex_string).collect::<Option<Vec<_>>>()?;
    Some(Vector {
        delimiter,
        tokens,
        encoded,
        decoded,
    })
}

#[test]
fn golden_vectors_from_vassal() {
    let Some(path) =
        crate::vassal::testdata::shared_file("reference/golden/sequence-encoder-vectors.txt")
    else {
        return;
    };
    let text = std::fs::read_to_string(&path).expect("golden vectors readable");
    let mut count = 0;
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let vector = parse_vector(line)
            .unwrap_or_else(|| panic!("line {} is not a vector: {line}", number + 1));
        let encoded = encode(&vector.tokens, vector.delimiter);
        assert_eq!(encoded, vector.encoded, "encoding, line {}", number + 1);
        let decoded: Vec<String> = match &vector.encoded {
            Some(text) => decode(text, vector.delimiter),
            None => SequenceDecoder::null(vector.delimiter).collect(),
        };
        assert_eq!(decoded, vector.decoded, "decoding, line {}", number + 1);
        count += 1;
    }
    assert_eq!(count, 20_000, "all golden vectors were checked");
}
