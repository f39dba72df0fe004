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
    let mut decoder = Deobfuscator::new();
    decoder.feed(bytes);
    decoder.finish()
}

/// Decodes a `savedGame` stream in pieces, as it is inflated, so that the hex text (twice
/// the size of what it encodes) is never held whole: feed it every piece in order, then
/// [`finish`](Deobfuscator::finish). The result and the errors are those of
/// [`deobfuscate`] on the whole stream.
#[derive(Debug, Default)]
pub struct Deobfuscator {
    /// The first bytes, until the header and key are known.
    head: Vec<u8>,
    mode: Mode,
    /// A high hex digit waiting for its low digit (the pieces may split a pair).
    pending: Option<u8>,
    /// Bytes consumed so far.
    offset: usize,
    /// The first byte that is not a hex digit.
    bad: Option<DeobfuscationError>,
    out: Vec<u8>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Fewer than the header's bytes seen.
    #[default]
    Undecided,
    /// No header: the text is plain.
    Plain,
    /// The header and this key.
    Obfuscated(u8),
    /// The header with a bad key.
    BadKey,
}

/// The header and the two key digits.
const HEAD: usize = HEADER.len() + 2;

impl Deobfuscator {
    /// A decoder that has seen nothing yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes room for `additional` more decoded bytes.
    pub fn reserve(&mut self, additional: usize) {
        self.out.reserve(additional);
    }

    /// The obfuscation key, once the header has been read.
    pub fn key(&self) -> Option<u8> {
        match self.mode {
            Mode::Obfuscated(key) => Some(key),
            _ => None,
        }
    }

    /// Decodes the next piece of the stream.
    pub fn feed(&mut self, mut piece: &[u8]) {
        if self.mode == Mode::Undecided {
            let wanted = HEAD - self.head.len();
            let (head, rest) = piece.split_at(wanted.min(piece.len()));
            self.head.extend_from_slice(head);
            piece = rest;
            if !HEADER
                .as_bytes()
                .starts_with(&self.head[..self.head.len().min(5)])
            {
                self.mode = Mode::Plain;
                self.out.append(&mut self.head);
            } else if self.head.len() == HEAD {
                self.mode = match (hex_value(self.head[5]), hex_value(self.head[6])) {
                    (Some(high), Some(low)) => Mode::Obfuscated((high << 4) | low),
                    _ => Mode::BadKey,
                };
                self.offset = HEAD;
            }
        }
        match self.mode {
            Mode::Plain => self.out.extend_from_slice(piece),
            Mode::Obfuscated(key) => self.decode(piece, key),
            Mode::Undecided | Mode::BadKey => {}
        }
    }

    fn decode(&mut self, mut piece: &[u8], key: u8) {
        if self.bad.is_some() {
            return;
        }
        if let Some(high) = self.pending.take() {
            let Some(&low) = piece.first() else {
                self.pending = Some(high);
                return;
            };
            match (hex_value(high), hex_value(low)) {
                (Some(h), Some(l)) => self.out.push(((h << 4) | l) ^ key),
                _ => {
                    self.bad = Some(not_hex(&[high, low], self.offset - 1));
                    return;
                }
            }
            piece = &piece[1..];
            self.offset += 1;
        }
        let whole = piece.len() & !1;
        if let Err(index) = decode_hex(&piece[..whole], key, &mut self.out) {
            self.bad = Some(not_hex(&piece[index..], self.offset + index));
            return;
        }
        if whole < piece.len() {
            self.pending = Some(piece[whole]);
            if hex_value(piece[whole]).is_none() {
                self.bad = Some(not_hex(&piece[whole..], self.offset + whole));
            }
        }
        self.offset += piece.len();
    }

    /// The decoded text, or why the stream is damaged.
    pub fn finish(mut self) -> Result<String, DeobfuscationError> {
        match self.mode {
            Mode::Undecided => {
                // A stream shorter than the header: obfuscated only if it has the header.
                if self.head.starts_with(HEADER.as_bytes()) {
                    return Err(DeobfuscationError::BadKey);
                }
                self.out.append(&mut self.head);
            }
            Mode::BadKey => return Err(DeobfuscationError::BadKey),
            Mode::Obfuscated(_) => {
                if let Some(error) = self.bad {
                    return Err(error);
                }
                if self.pending.is_some() {
                    return Err(DeobfuscationError::OddLength);
                }
            }
            Mode::Plain => {}
        }
        Ok(match String::from_utf8(self.out) {
            Ok(text) => text,
            Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
        })
    }
}

/// The error for the first byte of `bytes` that is not a hex digit (`offset` is where
/// `bytes` starts in the stream).
fn not_hex(bytes: &[u8], offset: usize) -> DeobfuscationError {
    let index = bytes
        .iter()
        .position(|&b| hex_value(b).is_none())
        .unwrap_or(0);
    DeobfuscationError::NotHex {
        offset: offset + index,
        byte: bytes.get(index).copied().unwrap_or(0),
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// For each byte of `x` below 0x80: its high bit set when it lies in `low..=high`.
fn in_range(x: u64, low: u8, high: u8) -> u64 {
    let above_low = x.wrapping_add(ONES * u64::from(0x80 - low));
    let above_high = x.wrapping_add(ONES * u64::from(0x7f - high));
    above_low & !above_high & HIGH_BITS
}

/// Eight hex digits (in memory order) to the four bytes they spell, and whether all eight
/// were hex digits: checked and converted at once in one 64-bit word, without branches.
fn decode_word(x: u64) -> (u32, bool) {
    let ascii = x & HIGH_BITS == 0;
    let digit = in_range(x, b'0', b'9');
    let letter = in_range(x | (ONES * 0x20), b'a', b'f');
    let good = ascii & ((digit | letter) == HIGH_BITS);
    // '0'..'9' are 0x30..0x39, 'a'..'f' and 'A'..'F' have bit 6 set: value = low nibble,
    // plus 9 for a letter.
    let values = (x & (ONES * 0x0f)) + ((x >> 6) & ONES) * 9;
    // Each even byte takes its digit's value times 16 plus the next byte's; then the even
    // bytes are packed together.
    let pairs = ((values << 4) | (values >> 8)) & 0x00ff_00ff_00ff_00ff;
    let pairs = (pairs | (pairs >> 8)) & 0x0000_ffff_0000_ffff;
    let pairs = (pairs | (pairs >> 16)) & 0x0000_0000_ffff_ffff;
    // The mask keeps the value within 32 bits.
    (pairs as u32, good)
}

/// Decodes hex pairs XOR `key` onto `out`; `Err` with the index of the first non-hex byte
/// (what precedes its block of 32 digits is written then).
fn decode_hex(hex: &[u8], key: u8, out: &mut Vec<u8>) -> Result<(), usize> {
    let key_word = u32::from_le_bytes([key; 4]);
    out.reserve(hex.len() / 2);
    let mut blocks = hex.chunks_exact(32);
    let mut done = 0;
    for block in &mut blocks {
        // Four words decoded into one 16-byte block, appended at once.
        let mut bytes = [0u8; 16];
        let mut good = true;
        for (digits, decoded) in block.chunks_exact(8).zip(bytes.chunks_exact_mut(4)) {
            let mut word = [0u8; 8];
            word.copy_from_slice(digits);
            let (value, word_good) = decode_word(u64::from_le_bytes(word));
            good &= word_good;
            decoded.copy_from_slice(&(value ^ key_word).to_le_bytes());
        }
        if !good {
            let bad = block.iter().position(|&b| hex_value(b).is_none());
            return Err(done + bad.unwrap_or(0));
        }
        out.extend_from_slice(&bytes);
        done += 32;
    }
    for (index, pair) in blocks.remainder().chunks_exact(2).enumerate() {
        match (hex_value(pair[0]), hex_value(pair[1])) {
            (Some(high), Some(low)) => out.push(((high << 4) | low) ^ key),
            (None, _) => return Err(done + index * 2),
            (_, None) => return Err(done + index * 2 + 1),
        }
    }
    Ok(())
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
    fn streamed_in_any_pieces_it_decodes_the_same() {
        let plain: String = (0..300)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        let plain = format!("begin_save\u{1b}{plain}\u{1b}Ünit\u{1b}end_save");
        // Upper-case hex (the header is upper-case already).
        let streams = [
            obfuscate(&plain, 0x5a),
            obfuscate(&plain, 0x5a).to_uppercase(),
        ];
        // A bad digit deep in the payload, and an odd length.
        let mut bad = streams[0].clone().into_bytes();
        bad[7 + 77] = b'g';
        let odd = &streams[0][..streams[0].len() - 1];
        for bytes in [
            streams[0].as_bytes(),
            streams[1].as_bytes(),
            &bad,
            odd.as_bytes(),
        ] {
            let whole = deobfuscate(bytes);
            for size in [1, 2, 3, 5, 7, 8, 31, 32, 33, 64, 1000] {
                let mut decoder = Deobfuscator::new();
                bytes.chunks(size).for_each(|piece| decoder.feed(piece));
                assert_eq!(decoder.finish(), whole, "pieces of {size}");
            }
        }
        assert_eq!(
            deobfuscate(streams[1].as_bytes()).as_deref(),
            Ok(plain.as_str())
        );
        assert_eq!(
            deobfuscate(&bad),
            Err(DeobfuscationError::NotHex {
                offset: 84,
                byte: b'g'
            })
        );
        assert_eq!(
            deobfuscate(odd.as_bytes()),
            Err(DeobfuscationError::OddLength)
        );
    }

    #[test]
    fn every_non_hex_byte_is_refused_wherever_it_is() {
        let good = obfuscate(&"x".repeat(40), 0x13);
        for byte in 0..=255u8 {
            if hex_value(byte).is_some() {
                continue;
            }
            for at in [7, 8, 20, 38, 39, 70, good.len() - 1] {
                let mut bytes = good.clone().into_bytes();
                bytes[at] = byte;
                assert_eq!(
                    deobfuscate(&bytes),
                    Err(DeobfuscationError::NotHex { offset: at, byte }),
                    "byte {byte:#x} at {at}"
                );
            }
        }
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
