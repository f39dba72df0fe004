//! The borrowed decoder against the copying one: every token, at every nesting level, of
//! random text and of text the encoder nested, must have the same value both ways.

use proptest::prelude::*;

use super::*;
use crate::vassal::encoder::{decode, SequenceDecoder, SequenceEncoder};

const DELIMITERS: [Delimiter; 6] = [
    Delimiter::Esc,
    Delimiter::Tab,
    Delimiter::Slash,
    Delimiter::Semicolon,
    Delimiter::Comma,
    Delimiter::Bar,
];

fn char_of(delimiter: Delimiter) -> char {
    char::from(delimiter.byte())
}

fn values(tokens: Tokens<'_>) -> Vec<String> {
    tokens.map(|t| t.to_cow().into_owned()).collect()
}

/// Follows `path` (delimiter, token index) both ways and compares every value on the way.
fn compare_path(text: &str, path: &[(Delimiter, usize)]) {
    let mut owned = text.to_string();
    let mut borrowed = Escaped::new(text);
    for &(delimiter, pick) in path {
        let expected = decode(&owned, char_of(delimiter));
        let got = values(borrowed.tokens(delimiter));
        assert_eq!(got, expected, "tokens of {owned:?} on {delimiter:?}");
        let Some(next) = borrowed.tokens(delimiter).nth(pick % expected.len()) else {
            return;
        };
        owned = expected[pick % expected.len()].clone();
        borrowed = next;
        assert_eq!(borrowed.to_cow(), owned.as_str());
        assert!(borrowed.eq_str(&owned));
    }
}

/// The trait-chain split as `split_trait_chain` did it before: copying each level.
fn old_levels(text: &str, count: usize) -> Vec<(String, Option<String>, String)> {
    let mut out = Vec::new();
    let mut level = text.to_string();
    for _ in 0..count {
        let mut d = SequenceDecoder::new(&level, '\t');
        let own = d.next_token().unwrap_or_default();
        let inner = if d.has_more_tokens() {
            d.next_token()
        } else {
            None
        };
        out.push((level.clone(), own, inner.clone()));
        level = inner.unwrap_or_default();
    }
    out.into_iter()
        .map(|(whole, own, inner)| (own, inner, whole))
        .collect()
}

fn compare_levels(text: &Escaped<'_>, owned: &str) {
    let mut nesting = Nesting::default();
    let expected = old_levels(owned, 12);
    let got: Vec<(String, Option<String>, String)> = nesting
        .levels(*text)
        .take(12)
        .map(|level| {
            (
                level.own.to_cow().into_owned(),
                level.inner.map(|i| i.to_cow().into_owned()),
                level.whole.to_cow().into_owned(),
            )
        })
        .collect();
    assert_eq!(got, expected, "levels of {owned:?}");
}

#[test]
fn splits_like_the_decoder() {
    let text = "a\\;b;'c';;\\\\;'d";
    assert_eq!(
        values(Escaped::new(text).tokens(Delimiter::Semicolon)),
        decode(text, ';')
    );
    assert_eq!(values(Escaped::new("").tokens(Delimiter::Semicolon)), [""]);
    assert_eq!(
        values(Escaped::new("a;").tokens(Delimiter::Semicolon)),
        ["a", ""]
    );
}

#[test]
fn nested_levels_borrow_their_bytes() {
    // The documented trait chain: three levels below the first carry 1, 2 and 3
    // backslashes before their TABs.
    let chain = "prototype;A\tprototype;B\\\temb2;;128;A;true\\\\\tpiece;;;x.png;X / Y";
    let mut nesting = Nesting::default();
    let owns: Vec<Escaped<'_>> = nesting
        .levels(Escaped::new(chain))
        .take(4)
        .map(|l| l.own)
        .collect();
    let values: Vec<_> = owns.iter().map(Escaped::to_cow).collect();
    assert_eq!(
        values,
        [
            "prototype;A",
            "prototype;B",
            "emb2;;128;A;true",
            "piece;;;x.png;X / Y"
        ]
    );
    assert!(values
        .iter()
        .all(|v| matches!(v, std::borrow::Cow::Borrowed(_))));
    compare_levels(&Escaped::new(chain), chain);
}

#[test]
fn prefixes_and_offsets() {
    let text = "+/1/a\\/b/c";
    let after = Escaped::new(text).strip_prefix("+/").expect("prefix");
    assert_eq!(after.raw(), "1/a\\/b/c");
    let mut fields = after.tokens(Delimiter::Slash);
    fields.skip_tokens(1);
    let field = fields.next_token().expect("second");
    assert_eq!(field.to_cow(), "a/b");
    // A prefix holding a delimiter that loses a backslash is matched on the value.
    assert_eq!(
        field.strip_prefix("a/").map(|r| r.to_cow()),
        Some("b".into())
    );
    assert_eq!(field.strip_prefix("a\\"), None);
    assert!(field.eq_str("a/b"));
    assert!(!field.eq_str("a\\/b"));
    assert_eq!(field.through(b'/').to_cow(), "a/");
    assert_eq!(
        Escaped::new("12")
            .tokens(Delimiter::Semicolon)
            .next_parsed(0),
        12
    );
}

/// A token tree the encoder nests: leaves are random strings.
#[derive(Debug, Clone)]
enum Tree {
    Leaf(String),
    Node(usize, Vec<Tree>),
}

fn encode_tree(tree: &Tree) -> String {
    match tree {
        Tree::Leaf(text) => text.clone(),
        Tree::Node(delimiter, children) => {
            let mut encoder = SequenceEncoder::new(char_of(DELIMITERS[*delimiter % 6]));
            for child in children {
                encoder.append(&encode_tree(child));
            }
            encoder.into_value().unwrap_or_default()
        }
    }
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = "[ab'\\\\;/\t\u{1b},|é]{0,5}".prop_map(Tree::Leaf);
    leaf.prop_recursive(5, 40, 4, |inner| {
        (0usize..6, proptest::collection::vec(inner, 1..4)).prop_map(|(d, c)| Tree::Node(d, c))
    })
}

fn delimiter() -> impl Strategy<Value = Delimiter> {
    (0usize..6).prop_map(|i| DELIMITERS[i])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_text_decodes_the_same(
        text in "[ab'\\\\;/\t\u{1b},|é]{0,24}",
        path in proptest::collection::vec((delimiter(), 0usize..8), 1..5),
    ) {
        compare_path(&text, &path);
    }

    #[test]
    fn nested_text_decodes_the_same(
        tree in tree(),
        path in proptest::collection::vec((delimiter(), 0usize..8), 1..6),
    ) {
        let text = encode_tree(&tree);
        compare_path(&text, &path);
    }

    #[test]
    fn trait_chains_split_the_same(
        levels in proptest::collection::vec("[ab'\\\\;\t/]{0,6}", 1..8),
        outer in proptest::collection::vec((delimiter(), 0usize..4), 0..3),
    ) {
        // Nest like a piece type: each level joined to the rest with TAB.
        let mut text = levels.last().cloned().unwrap_or_default();
        for own in levels.iter().rev().skip(1) {
            let mut encoder = SequenceEncoder::with_token(own, '\t');
            encoder.append(&text);
            text = encoder.into_value().unwrap_or_default();
        }
        compare_levels(&Escaped::new(&text), &text);
        // The same chain found inside more levels of other delimiters.
        let mut wrapped = text.clone();
        let mut path = Vec::new();
        for &(delimiter, position) in &outer {
            if delimiter == Delimiter::Tab {
                continue;
            }
            let mut encoder = SequenceEncoder::new(char_of(delimiter));
            for index in 0..=position {
                encoder.append(if index == position { wrapped.as_str() } else { "x" });
            }
            wrapped = encoder.into_value().unwrap_or_default();
            path.push((delimiter, position));
        }
        let mut slice = Escaped::new(&wrapped);
        for &(delimiter, position) in path.iter().rev() {
            slice = slice.tokens(delimiter).nth(position).expect("token");
        }
        prop_assert_eq!(slice.to_cow(), text.as_str());
        compare_levels(&slice, &text);
    }

    #[test]
    fn random_chains_split_the_same(text in "[ab'\\\\;\t]{0,30}") {
        compare_levels(&Escaped::new(&text), &text);
    }

    #[test]
    fn prefixes_match_the_value(
        tree in tree(),
        path in proptest::collection::vec((delimiter(), 0usize..4), 0..4),
        cut in 0usize..6,
    ) {
        let text = encode_tree(&tree);
        let mut slice = Escaped::new(&text);
        for &(delimiter, pick) in &path {
            let count = slice.tokens(delimiter).count();
            slice = slice.tokens(delimiter).nth(pick % count).expect("token");
        }
        let value = slice.to_cow().into_owned();
        let prefix: String = value.chars().take(cut).collect();
        let rest = slice.strip_prefix(&prefix).map(|r| r.to_cow().into_owned());
        prop_assert_eq!(rest.as_deref(), value.strip_prefix(prefix.as_str()));
        let wrong = format!("{prefix}\u{7f}");
        prop_assert!(slice.strip_prefix(&wrong).is_none());
    }
}

#[test]
fn backslash_runs_are_counted_across_words() {
    for run in 0..40 {
        for before in ["", "a", "abcdefghij", "\t"] {
            let text = format!("{before}{}\t", "\\".repeat(run));
            let bytes = text.as_bytes();
            assert_eq!(
                super::backslashes_before(bytes, bytes.len() - 1),
                run,
                "{text:?}"
            );
        }
    }
}
