//! The `!VCSK` obfuscation VASSAL applies to the `savedGame` entry of saves and logs
//! (format notes §4.2): the header, a two-hex-digit key, then every UTF-8 byte XOR the key
//! as two hex digits. Text without the header is taken as plain (VASSAL reads such saves).

use thiserror::Error;

/// The five bytes that mark an obfuscated stream.
pub const HEADER: &str = "!VCSK";

/// Why an obfuscated stream could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DeobfuscationError {
    /// The header is present but the two key digits are missing or not hex.
    #[error("obfuscated save has no valid key after the !VCSK header")]
    BadKey,
    /// A byte of the payload is not a hex digit (whitespace included).
    #[error("obfuscated save has a non-hex byte 0x{byte:02x} at offset {offset}")]
    NotHex {
        /// Offset of the byte in the whole stream.
        offset: usize,
        /// The offending byte.
        byte: u8,
    },
    /// The payload has an odd number of hex digits.
    #[error("obfuscated save ends with half a byte")]
    OddLength,
}

/// Obfuscates `plain` with `key` (VASSAL picks a random key; pass a fixed one for
/// deterministic output). Hex digits are lower-case like VASSAL's.
pub fn obfuscate(plain: &str, key: u8) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(HEADER.len() + 2 + plain.len() * 2);
    out.push_str(HEADER);
    for byte in std::iter::once(key).chain(plain.bytes().map(|b| b ^ key)) {
        out.push(char::from(DIGITS[usize::from(byte >> 4)]));
        out.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    out
}

/// Whether `bytes` start with the obfuscation header.
pub fn is_obfuscated(bytes: &[u8]) -> bool {
    bytes.starts_with(HEADER.as_bytes())
}

fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// Decodes a `savedGame` entry: de-obfuscates it when it starts with `!VCSK` (upper- and
/// lower-case hex accepted), otherwise returns it as plain text. Invalid UTF-8 in the result
/// is replaced (U+FFFD) rather than rejected, as Java's decoder does.
pub fn deobfuscate(bytes: &[u8]) -> Result<String, DeobfuscationError> {
    if !is_obfuscated(bytes) {
        return Ok(String::from_utf8_lossy(bytes).into_owned());
    }
    let start = HEADER.len();
    let key = match (bytes.get(start), bytes.get(start + 1)) {
        (Some(&high), Some(&low)) => match (hex_value(high), hex_value(low)) {
            (Some(high), Some(low)) => (high << 4) | low,
            _ => return Err(DeobfuscationError::BadKey),
        },
        _ => return Err(DeobfuscationError::BadKey),
    };
    let payload = bytes.get(start + 2..).unwrap_or_default();
    if payload.len() % 2 != 0 {
        // Report a bad digit first if there is one; otherwise the length is the problem.
        check_digits(payload, start + 2)?;
        return Err(DeobfuscationError::OddLength);
    }
    let mut plain = Vec::with_capacity(payload.len() / 2);
    for (index, pair) in payload.chunks_exact(2).enumerate() {
        let offset = start + 2 + index * 2;
        let high = hex_value(pair[0]).ok_or(DeobfuscationError::NotHex {
            offset,
            byte: pair[0],
        })?;
        let low = hex_value(pair[1]).ok_or(DeobfuscationError::NotHex {
            offset: offset + 1,
            byte: pair[1],
        })?;
        plain.push(((high << 4) | low) ^ key);
    }
    Ok(String::from_utf8_lossy(&plain).into_owned())
}

fn check_digits(payload: &[u8], base: usize) -> Result<(), DeobfuscationError> {
    match payload.iter().position(|&b| hex_value(b).is_none()) {
        Some(index) => Err(DeobfuscationError::NotHex {
            offset: base + index,
            byte: payload[index],
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_example() {
        assert_eq!(obfuscate("begin_save", 0x45), "!VCSK452720222c2b1a36243320");
        assert_eq!(
            deobfuscate(b"!VCSK452720222c2b1a36243320").as_deref(),
            Ok("begin_save")
        );
    }

    #[test]
    fn upper_case_hex_and_plain_text() {
        assert_eq!(
            deobfuscate(b"!VCSK452720222C2B1A36243320").as_deref(),
            Ok("begin_save")
        );
        assert_eq!(deobfuscate(b"begin_save").as_deref(), Ok("begin_save"));
        assert_eq!(deobfuscate(b"").as_deref(), Ok(""));
    }

    #[test]
    fn malformed_streams_are_errors() {
        assert_eq!(deobfuscate(b"!VCSK"), Err(DeobfuscationError::BadKey));
        assert_eq!(deobfuscate(b"!VCSKzz00"), Err(DeobfuscationError::BadKey));
        assert_eq!(
            deobfuscate(b"!VCSK45272"),
            Err(DeobfuscationError::OddLength)
        );
        assert_eq!(
            deobfuscate(b"!VCSK4527\n0"),
            Err(DeobfuscationError::NotHex {
                offset: 9,
                byte: b'\n'
            })
        );
    }

    #[test]
    fn round_trips_unicode() {
        let plain = "begin_save\u{1b}+/1/piece;;;a.png;Ünit/null;0;0;;0\u{1b}end_save";
        for key in [0u8, 0x45, 0xff] {
            assert_eq!(
                deobfuscate(obfuscate(plain, key).as_bytes()).as_deref(),
                Ok(plain)
            );
        }
    }

    #[test]
    fn golden_example_from_vassal() {
        let Some(path) =
            crate::vassal::testdata::shared_file("reference/golden/obfuscation-example.txt")
        else {
            return;
        };
        let text = std::fs::read_to_string(path).expect("golden example readable");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() >= 3, "three lines in the golden example");
        let expected = lines[1].replace("<ESC>", "\u{1b}");
        assert_eq!(
            deobfuscate(lines[0].as_bytes()).as_deref(),
            Ok(expected.as_str())
        );
        let key = u8::from_str_radix(&lines[0][5..7], 16).expect("key digits");
        assert_eq!(obfuscate(&expected, key), lines[0]);
        assert_eq!(deobfuscate(lines[2].as_bytes()).as_deref(), Ok(lines[2]));
    }
}
