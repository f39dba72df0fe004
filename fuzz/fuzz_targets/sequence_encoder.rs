//! SequenceEncoder both ways: decoding arbitrary text never panics, and encoding any
//! non-empty list of tokens decodes back to the same tokens (the first byte picks the
//! delimiter VASSAL uses: `;`, `,`, `|` or `\t`) — except where VASSAL's own format cannot:
//! a token ending in a backslash, unquoted, before another token reads its delimiter as
//! escaped (the format reference, §3.1; VASSAL has the same behaviour, and sandtable's check
//! refuses such names).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sandtable::vassal::encoder::{decode, encode};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let delimiter = [';', ',', '|', '\t'][usize::from(pick % 4)];
    let text = String::from_utf8_lossy(rest);
    let tokens = decode(&text, delimiter);
    // Tokens from the text split at NUL, so that any string can be a token.
    let chosen: Vec<&str> = text.split('\0').collect();
    let quoted = |t: &str| t.starts_with('\\') || (t.starts_with('\'') && t.ends_with('\''));
    let unrepresentable = chosen[..chosen.len().saturating_sub(1)]
        .iter()
        .any(|t| t.ends_with('\\') && !quoted(t));
    if unrepresentable {
        return;
    }
    if let Some(encoded) = encode(&chosen, delimiter) {
        assert_eq!(decode(&encoded, delimiter), chosen, "round trip of {chosen:?}");
    }
    let _ = tokens;
});
