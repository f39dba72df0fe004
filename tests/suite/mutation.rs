//! Mutation test of the check stage: one random edit to one TOML file of every example and
//! fixture game must give a clean check or errors located in a file, never a panic; and one
//! random edit to one chapter of a game's rules prose (`rules/*.md`) must give a clean check
//! or errors each located inside that prose, that leave the game's data usable by the rule
//! helpers.
//!
//! The edits are what a designer does by accident mid-edit (drop, repeat or swap a line,
//! change a number or a string, cut the file, drop a table header, empty a list) and what a
//! hostile or broken file holds (garbage, duplicated ids, swapped references, bytes that are
//! not UTF-8, a 10 MB string, nesting thousands deep). In the prose they are directives and
//! cross-references cut, misplaced or naming the wrong thing (`{{crt}}`, `{{map x y}}`,
//! `see 99.9`), headings added, dropped or renumbered, Markdown that swallows what follows
//! (a code fence, a setext underline, a comment), CRLF line ends, bytes that are not UTF-8
//! and very long lines. Every mutant is derived from a seed and its index alone, so a
//! failure can be replayed on its own.
//!
//! In CI each game gets a hundred edits of its data and a sample of thirty of its prose (the
//! first of the same sequence every run, so CI stays repeatable and within its time). By
//! hand, many more:
//!
//! ```text
//! SANDTABLE_MUTANTS=5000 cargo nextest run --release -E 'test(mutation::)'
//! SANDTABLE_PROSE_MUTANTS=2000 …                   # edits of the rules prose, per game
//! SANDTABLE_MUTATION_SEED=7 …                      # another sequence of edits
//! SANDTABLE_MUTATION_REPLAY=great-patriotic-war:1:123 cargo nextest run -E 'test(mutation::)'
//! SANDTABLE_MUTATION_REPLAY=great-patriotic-war:1:md45 …   # a prose edit
//! ```
//!
//! A failure prints the game, seed, index and the edit; once fixed, the edit is added to
//! [`REGRESSIONS`] so it stays fixed.

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use crate::support::{copy_game, root};

/// Edits per game when `SANDTABLE_MUTANTS` is not set.
const CI_MUTANTS: u64 = 100;

/// Edits of the rules prose per game that has some, when `SANDTABLE_PROSE_MUTANTS` is not
/// set: a sample of the kinds below, each checked with the whole game.
const CI_PROSE_MUTANTS: u64 = 30;

/// One game to mutate: its directory (relative to the repository), TOML files and rules
/// prose.
struct Subject {
    rel: String,
    files: Vec<String>,
    prose: Vec<String>,
}

/// Every game in `modules/` and `tests/fixtures/`.
fn subjects() -> Vec<Subject> {
    let mut out = Vec::new();
    for parent in ["modules", "tests/fixtures"] {
        let Ok(entries) = std::fs::read_dir(root().join(parent)) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.join("game.toml").is_file())
            .collect();
        dirs.sort();
        for dir in dirs {
            let rel = format!(
                "{parent}/{}",
                dir.file_name().unwrap_or_default().to_string_lossy()
            );
            out.push(Subject {
                files: toml_files(&dir),
                prose: prose_files(&dir),
                rel,
            });
        }
    }
    out
}

/// The TOML files the loader reads (it skips hidden folders and `tools/`), sorted.
fn toml_files(dir: &Path) -> Vec<String> {
    let mut files: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_entry(|e| {
            let name = e.file_name().to_string_lossy();
            e.depth() == 0 || !(name.starts_with('.') || name == "tools")
        })
        .flatten()
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "toml"))
        .filter_map(|e| {
            e.path()
                .strip_prefix(dir)
                .ok()
                .map(|p| p.to_string_lossy().replace('\\', "/"))
        })
        .collect();
    files.sort();
    files
}

/// The rules prose the loader reads: `rules/*.md` (not hidden, not in subfolders), as
/// `rules/NAME.md`, sorted.
fn prose_files(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir.join("rules")) else {
        return Vec::new();
    };
    let mut files: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md") && !n.starts_with('.'))
        .map(|n| format!("rules/{n}"))
        .collect();
    files.sort();
    files
}

/// One edit: which file, what was done, and the bytes written.
struct Mutant {
    file: String,
    what: String,
    bytes: Vec<u8>,
}

/// Replacement values for a number.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "999999",
    "3",
    "1.5",
    "\"\"",
    "[]",
    "9223372036854775807",
    "-9223372036854775808",
    "1e308",
    "nan",
    "-inf",
    "4294967296",
];

/// Replacement values for a string.
const STRINGS: &[&str] = &[
    "\"\"",
    "\"x\"",
    "\"ÿ✓\"",
    "0",
    "[]",
    "{}",
    "\"a/b/c\"",
    "\"../../etc/passwd\"",
    "\"#12345\"",
    "\"0000\"",
    "\"9999\"",
    "\"\\u0000\"",
    "\"  \"",
    "\"1d0\"",
    "\"99d99\"",
];

/// Garbage inserted at a random byte.
const GARBAGE: &[&str] = &[
    "[",
    "]",
    "=",
    "\"",
    "\0",
    "[[x]]\n",
    "\n[rules]\n",
    "{",
    "}}",
    "\r",
    "🂡",
    "\n[[map]]\n",
    "\n[game]\n",
    "'''",
    "\"\"\"",
    "\\",
];

/// Byte offsets of every ASCII digit run in `text` (with a leading minus).
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            let mut j = i;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            out.push((start, j));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// Byte ranges of every one-line `"…"` string in `text`, quotes included.
fn strings(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (line_start, line) in line_starts(text) {
        let mut open = None;
        for (i, c) in line.char_indices() {
            if c == '"' {
                match open {
                    None => open = Some(i),
                    Some(o) => {
                        out.push((line_start + o, line_start + i + 1));
                        open = None;
                    }
                }
            }
        }
    }
    out
}

/// Each line with the byte offset it starts at.
fn line_starts(text: &str) -> Vec<(usize, &str)> {
    let mut at = 0;
    text.split('\n')
        .map(|l| {
            let start = at;
            at += l.len() + 1;
            (start, l)
        })
        .collect()
}

/// The largest char boundary at or below `i`.
fn floor_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn pick<'a, T>(rng: &mut Pcg64, items: &'a [T]) -> Option<&'a T> {
    (!items.is_empty()).then(|| &items[rng.gen_range(0..items.len())])
}

/// The edit number `index` of the sequence `seed` for a game (independent of every other).
fn mutant(subject: &Subject, texts: &[String], seed: u64, index: u64) -> Mutant {
    let mut rng = Pcg64::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index);
    let f = rng.gen_range(0..texts.len());
    let text = &texts[f];
    let file = subject.files[f].clone();
    let mut lines: Vec<&str> = text.split('\n').collect();
    let n = lines.len();
    let line = rng.gen_range(0..n);
    let kind = rng.gen_range(0..16);
    let done = |what: String, out: String| (what, out.into_bytes());
    let (what, bytes) = match kind {
        0 => {
            let gone = lines.remove(line);
            done(
                format!("drop line {}: {gone:?}", line + 1),
                lines.join("\n"),
            )
        }
        1 => {
            let copy = lines[rng.gen_range(0..n)];
            lines.insert(line, copy);
            done(
                format!("repeat {copy:?} before line {}", line + 1),
                lines.join("\n"),
            )
        }
        2 => {
            let other = rng.gen_range(0..n);
            lines.swap(line, other);
            done(
                format!("swap lines {} and {}", line + 1, other + 1),
                lines.join("\n"),
            )
        }
        3 => match pick(&mut rng, &numbers(text)) {
            Some(&(a, b)) => {
                let new = *pick(&mut rng, NUMBERS).unwrap_or(&"0");
                done(
                    format!("number {:?} at byte {a} → {new}", &text[a..b]),
                    format!("{}{new}{}", &text[..a], &text[b..]),
                )
            }
            None => done("no number to change".into(), text.clone()),
        },
        4 => match pick(&mut rng, &strings(text)) {
            Some(&(a, b)) => {
                let long = format!("\"{}\"", "a".repeat(300));
                let choices: Vec<&str> = STRINGS.iter().copied().chain([long.as_str()]).collect();
                let new = *pick(&mut rng, &choices).unwrap_or(&"\"\"");
                done(
                    format!("string {} at byte {a} → {:.40}", &text[a..b], new),
                    format!("{}{new}{}", &text[..a], &text[b..]),
                )
            }
            None => done("no string to change".into(), text.clone()),
        },
        5 => {
            let at = floor_boundary(text, rng.gen_range(0..=text.len()));
            done(format!("cut the file at byte {at}"), text[..at].to_string())
        }
        6 => {
            let at = floor_boundary(text, rng.gen_range(0..=text.len()));
            let g = *pick(&mut rng, GARBAGE).unwrap_or(&"[");
            done(
                format!("insert {g:?} at byte {at}"),
                format!("{}{g}{}", &text[..at], &text[at..]),
            )
        }
        7 => {
            let heads: Vec<usize> = (0..n).filter(|i| lines[*i].starts_with('[')).collect();
            match pick(&mut rng, &heads) {
                Some(&h) => {
                    let gone = lines.remove(h);
                    done(
                        format!("drop header {gone:?} (line {})", h + 1),
                        lines.join("\n"),
                    )
                }
                None => done("no header to drop".into(), text.clone()),
            }
        }
        8 => {
            let lists: Vec<usize> = (0..n)
                .filter(|i| lines[*i].contains("= [") && lines[*i].trim_end().ends_with(']'))
                .collect();
            match pick(&mut rng, &lists) {
                Some(&l) => {
                    let key = lines[l].split('=').next().unwrap_or("").to_string();
                    let emptied = format!("{key}= []");
                    lines[l] = &emptied;
                    done(
                        format!("empty the list on line {}", l + 1),
                        lines.join("\n"),
                    )
                }
                None => done("no list to empty".into(), text.clone()),
            }
        }
        9 => {
            // Duplicate a whole `[[…]]` block: every id in it is then defined twice.
            let heads: Vec<usize> = (0..n).filter(|i| lines[*i].starts_with("[[")).collect();
            match pick(&mut rng, &heads) {
                Some(&h) => {
                    let end = (h + 1..n).find(|i| lines[*i].starts_with('[')).unwrap_or(n);
                    let block: Vec<&str> = lines[h..end].to_vec();
                    lines.extend(block);
                    done(
                        format!("duplicate the block {:?} (line {})", lines[h], h + 1),
                        lines.join("\n"),
                    )
                }
                None => done("no block to duplicate".into(), text.clone()),
            }
        }
        10 => {
            // Swap two strings: references now name the wrong kind of thing.
            let all = strings(text);
            match (pick(&mut rng, &all), pick(&mut rng, &all)) {
                (Some(&x), Some(&y)) if x != y => {
                    let (x, y) = if x.0 < y.0 { (x, y) } else { (y, x) };
                    done(
                        format!("swap {} and {}", &text[x.0..x.1], &text[y.0..y.1]),
                        format!(
                            "{}{}{}{}{}",
                            &text[..x.0],
                            &text[y.0..y.1],
                            &text[x.1..y.0],
                            &text[x.0..x.1],
                            &text[y.1..]
                        ),
                    )
                }
                _ => done("no strings to swap".into(), text.clone()),
            }
        }
        11 => {
            let at = floor_boundary(text, rng.gen_range(0..=text.len()));
            let mut b = text.as_bytes()[..at].to_vec();
            b.extend_from_slice(&[0xff, 0xfe, 0xc3]);
            b.extend_from_slice(&text.as_bytes()[at..]);
            (format!("insert bytes ff fe c3 at byte {at}"), b)
        }
        12 if rng.gen_range(0..8) == 0 => match pick(&mut rng, &strings(text)) {
            Some(&(a, b)) => done(
                format!("string {} at byte {a} → 10 MB of `a`", &text[a..b]),
                format!("{}\"{}\"{}", &text[..a], "a".repeat(10_000_000), &text[b..]),
            ),
            None => done("no string to lengthen".into(), text.clone()),
        },
        13 => {
            let depth = rng.gen_range(100..20_000);
            let (open, close) = if rng.gen_bool(0.5) {
                ("[", "]")
            } else {
                ("{a=", "}")
            };
            let value = format!("{}1{}", open.repeat(depth), close.repeat(depth));
            match pick(&mut rng, &strings(text)) {
                Some(&(a, b)) => done(
                    format!(
                        "string {} at byte {a} → a value nested {depth} deep",
                        &text[a..b]
                    ),
                    format!("{}{value}{}", &text[..a], &text[b..]),
                ),
                None => done(
                    format!("append a value nested {depth} deep"),
                    format!("{text}\nx = {value}\n"),
                ),
            }
        }
        14 => {
            // A reference from another file of the game: ids of the wrong kind.
            let other = &texts[rng.gen_range(0..texts.len())];
            match (
                pick(&mut rng, &strings(text)),
                pick(&mut rng, &strings(other)),
            ) {
                (Some(&(a, b)), Some(&(c, d))) => done(
                    format!("string {} at byte {a} → {}", &text[a..b], &other[c..d]),
                    format!("{}{}{}", &text[..a], &other[c..d], &text[b..]),
                ),
                _ => done("no strings to exchange".into(), text.clone()),
            }
        }
        _ => {
            let gone_from = line;
            let gone_to = (line + rng.gen_range(1..30)).min(n);
            lines.drain(gone_from..gone_to);
            done(
                format!("drop lines {} to {}", gone_from + 1, gone_to),
                lines.join("\n"),
            )
        }
    };
    Mutant { file, what, bytes }
}

/// Text inserted at a random byte of a chapter: directive and reference syntax cut or
/// misplaced, Markdown that changes what follows it (a fence, a setext underline, a
/// comment, a table), characters that shift offsets and columns.
const MD_GARBAGE: &[&str] = &[
    "{{",
    "}}",
    "{{crt}}",
    "{{map x y}}",
    "see 99.9",
    "See 99.9, 98 and 97.1",
    "§99.9",
    "see 1.",
    "see rule ",
    "# ",
    "## 1.0 X",
    "\n## 1.0 X\n",
    "\n#\n",
    "\n===\n",
    "\n---\n",
    "```",
    "\n```\n",
    "~~~",
    "`",
    "<!--",
    "-->",
    "<div>",
    "\r",
    "\r\n",
    "\t",
    "\\",
    "*",
    "**",
    "_",
    "[",
    "](",
    "![",
    "[^1]",
    "\n[^1]: see 99.9\n",
    "|",
    "\n| a | b |\n|---|---|\n",
    "é",
    "🂡",
    "\u{0}",
    "\u{feff}",
    "\u{2019}",
    "--",
    "...",
    "&#0;",
    "\n    ",
    "> ",
    "- ",
    "1. ",
];

/// Paragraphs inserted before a line of a chapter (a blank line either side): every kind
/// of directive with no id, a wrong one or too many, directives that are not one, headings
/// empty, duplicated or malformed, references to nothing, and all of them where Markdown
/// makes them something else (a quote, a list, a comment, code, a table, a footnote).
const MD_PARAGRAPHS: &[&str] = &[
    "{{crt}}",
    "{{crt a b}}",
    "{{map x y}}",
    "{{map}}",
    "{{map nowhere}}",
    "{{chart}}",
    "{{chart nope}}",
    "{{counter}}",
    "{{counters}}",
    "{{counters nobody}}",
    "{{setup}}",
    "{{setup a b}}",
    "{{turns}}",
    "{{turns nope}}",
    "{{track}}",
    "{{powers}}",
    "{{powers nope}}",
    "{{tec}}",
    "{{tec x}}",
    "{{sequence}}",
    "{{options}}",
    "{{options all}}",
    "{{}}",
    "{{ }}",
    "{{{{crt}}}}",
    "{{crt}} {{map}}",
    "{{  crt   x  }}",
    "{{CRT x}}",
    "{{crt\tx}}",
    "{{crt é}}",
    "{{é}}",
    "{{🂡 x}}",
    "{{crt\nx}}",
    "# ",
    "#",
    "## 1.0 X",
    "# 99.9 Y",
    "###### 0",
    "# 1..2 X",
    "# 1.0.",
    "## 12.0.0 Z",
    "# 18446744073709551616.1 Big",
    "see 99.9",
    "§1.0, 2.0 and 99.9",
    "see 0, 00.0 and 18446744073709551616",
    "> {{crt x}}",
    "- {{map}}",
    "1. see 99.9",
    "<!-- {{crt}} see 99.9 -->",
    "    {{crt}}",
    "```\n{{crt}}\nsee 99.9\n```",
    "| a |\n|---|\n| {{crt}} see 99.9 |",
    "[^n]: see 99.9",
    "Text\n===",
    ">{{crt x}}",
];

/// Numbers written over a number of a chapter (a heading's, a reference's, any other).
const MD_NUMBERS: &[&str] = &[
    "99",
    "99.9",
    "0",
    "00",
    "1.0.0.0",
    "",
    "x",
    "1.",
    ".1",
    "18446744073709551616",
];

/// Directive kinds written over a directive's (the real ones and near misses).
const MD_KINDS: &[&str] = &[
    "chart", "counter", "counters", "crt", "map", "options", "powers", "sequence", "setup", "tec",
    "track", "turns", "crts", "Map", "",
];

/// A line of `size` bytes or more that is hard on a Markdown reader: plain text, a directive
/// or reference repeated, or nesting and delimiters thousands deep. Rarely, more than the
/// loader accepts of a chapter (it then reads the chapter as empty).
fn long_line(rng: &mut Pcg64) -> String {
    let n = rng.gen_range(10_000..200_000);
    match rng.gen_range(0..10) {
        0 => "a".repeat(n * 5),
        1 => "see 99.9 ".repeat(rng.gen_range(100..1_000)),
        2 => "{{".repeat(n),
        3 => format!("{} x", ">".repeat(n)),
        4 => "[".repeat(n),
        5 => "*a".repeat(n),
        6 => "`".repeat(n),
        7 => format!("{{{{crt {}}}}}", "x".repeat(n)),
        8 => "- ".repeat(n),
        _ if rng.gen_range(0..4) == 0 => "a".repeat(9 * 1024 * 1024),
        _ => "<".repeat(n),
    }
}

/// The lines of a chapter that are directive paragraphs as written (`{{…}}` alone).
fn directive_lines(lines: &[&str]) -> Vec<usize> {
    (0..lines.len())
        .filter(|i| {
            let t = lines[*i].trim();
            t.starts_with("{{") && t.ends_with("}}")
        })
        .collect()
}

/// The edit number `index` of the sequence `seed` to a game's rules prose (`prose`, the
/// chapters' texts; `data`, its TOML files' texts, whose strings become wrong ids).
fn prose_mutant(
    subject: &Subject,
    prose: &[String],
    data: &[String],
    seed: u64,
    index: u64,
) -> Mutant {
    // Another stream than the data's edits of the same index.
    let mut rng = Pcg64::seed_from_u64(
        (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index) ^ 0x6d64_0000_0000_0000,
    );
    let f = rng.gen_range(0..prose.len());
    let text = &prose[f];
    let file = subject.prose[f].clone();
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let n = lines.len();
    let line = rng.gen_range(0..n);
    let kind = rng.gen_range(0..16);
    let done = |what: String, out: String| (what, out.into_bytes());
    let (what, bytes) = match kind {
        0 => {
            let gone = lines.remove(line);
            done(
                format!("drop line {}: {gone:?}", line + 1),
                lines.join("\n"),
            )
        }
        1 => {
            let copy = lines[rng.gen_range(0..n)].clone();
            lines.insert(line, copy.clone());
            done(
                format!("repeat {copy:?} before line {}", line + 1),
                lines.join("\n"),
            )
        }
        2 => {
            let other = rng.gen_range(0..n);
            lines.swap(line, other);
            done(
                format!("swap lines {} and {}", line + 1, other + 1),
                lines.join("\n"),
            )
        }
        3 => {
            let at = floor_boundary(&lines[line], rng.gen_range(0..=lines[line].len()));
            lines[line].truncate(at);
            done(
                format!("cut line {} after byte {at}", line + 1),
                lines.join("\n"),
            )
        }
        4 => {
            let at = floor_boundary(text, rng.gen_range(0..=text.len()));
            let g = *pick(&mut rng, MD_GARBAGE).unwrap_or(&"{{");
            done(
                format!("insert {g:?} at byte {at}"),
                format!("{}{g}{}", &text[..at], &text[at..]),
            )
        }
        5 => {
            let para = *pick(&mut rng, MD_PARAGRAPHS).unwrap_or(&"{{crt}}");
            lines.insert(line, format!("\n{para}\n"));
            done(
                format!("insert the paragraph {para:?} before line {}", line + 1),
                lines.join("\n"),
            )
        }
        6 => match pick(
            &mut rng,
            &directive_lines(&text.split('\n').collect::<Vec<_>>()),
        ) {
            // A directive naming the wrong thing: another kind, an id of the data of another
            // kind (or of several words), no id, or one too many.
            Some(&d) => {
                let inner = lines[d]
                    .trim()
                    .trim_start_matches("{{")
                    .trim_end_matches("}}");
                let mut words: Vec<String> = inner.split_whitespace().map(str::to_string).collect();
                match rng.gen_range(0..4) {
                    0 => {
                        let k = *pick(&mut rng, MD_KINDS).unwrap_or(&"");
                        match words.first_mut() {
                            Some(w) => *w = k.to_string(),
                            None => words.push(k.to_string()),
                        }
                    }
                    1 => {
                        let other = &data[rng.gen_range(0..data.len())];
                        let id = pick(&mut rng, &strings(other))
                            .map_or("x", |&(a, b)| other[a..b].trim_matches('"'));
                        words.truncate(1);
                        words.push(id.to_string());
                    }
                    2 => words.truncate(1),
                    _ => words.push("extra".to_string()),
                }
                let new = format!("{{{{{}}}}}", words.join(" "));
                let what = format!("directive {:?} (line {}) → {new:?}", lines[d], d + 1);
                lines[d] = new;
                done(what, lines.join("\n"))
            }
            None => done("no directive to change".into(), text.clone()),
        },
        7 => match pick(&mut rng, &numbers(text)) {
            Some(&(a, b)) => {
                // Often a number of another chapter: a heading numbered twice.
                let other = &prose[rng.gen_range(0..prose.len())];
                let theirs = pick(&mut rng, &numbers(other)).map(|&(c, d)| &other[c..d]);
                let new = match theirs {
                    Some(t) if rng.gen_bool(0.5) => t,
                    _ => *pick(&mut rng, MD_NUMBERS).unwrap_or(&"99"),
                };
                done(
                    format!("number {:?} at byte {a} → {new:?}", &text[a..b]),
                    format!("{}{new}{}", &text[..a], &text[b..]),
                )
            }
            None => done("no number to change".into(), text.clone()),
        },
        8 => {
            let heads: Vec<usize> = (0..n).filter(|i| lines[*i].starts_with('#')).collect();
            match pick(&mut rng, &heads) {
                Some(&h) => {
                    let gone = lines.remove(h);
                    done(
                        format!("drop heading {gone:?} (line {})", h + 1),
                        lines.join("\n"),
                    )
                }
                None => done("no heading to drop".into(), text.clone()),
            }
        }
        9 => {
            // Random bytes anywhere, even inside a character.
            let at = rng.gen_range(0..=text.len());
            let junk: Vec<u8> = (0..rng.gen_range(1..16)).map(|_| rng.gen()).collect();
            let mut b = text.as_bytes()[..at].to_vec();
            b.extend_from_slice(&junk);
            b.extend_from_slice(&text.as_bytes()[at..]);
            (format!("insert bytes {junk:02x?} at byte {at}"), b)
        }
        10 => {
            let at = rng.gen_range(0..=text.len());
            let byte = *pick(&mut rng, &[0xffu8, 0xfe, 0xc3, 0x80, 0xe2]).unwrap_or(&0xff);
            let mut b = text.as_bytes()[..at].to_vec();
            b.push(byte);
            b.extend_from_slice(&text.as_bytes()[at..]);
            (format!("insert byte {byte:02x} at byte {at}"), b)
        }
        11 => {
            let long = long_line(&mut rng);
            let what = format!(
                "insert a line of {} bytes ({:?}…) before line {}",
                long.len(),
                &long[..floor_boundary(&long, 12)],
                line + 1
            );
            lines.insert(line, long);
            done(what, lines.join("\n"))
        }
        12 => {
            let at = floor_boundary(text, rng.gen_range(0..=text.len()));
            done(format!("cut the file at byte {at}"), text[..at].to_string())
        }
        13 => {
            let gone_to = (line + rng.gen_range(1..30)).min(n);
            lines.drain(line..gone_to);
            done(
                format!("drop lines {} to {gone_to}", line + 1),
                lines.join("\n"),
            )
        }
        14 => {
            // A line of another chapter (its heading: a number used twice).
            let other = &prose[rng.gen_range(0..prose.len())];
            let theirs: Vec<&str> = other.split('\n').collect();
            let heads: Vec<&str> = theirs
                .iter()
                .copied()
                .filter(|l| l.starts_with('#'))
                .collect();
            let any_line = heads.is_empty() || rng.gen_bool(0.3);
            let copy = pick(&mut rng, if any_line { &theirs } else { &heads })
                .copied()
                .unwrap_or("");
            lines.insert(line, copy.to_string());
            done(
                format!(
                    "insert {copy:?} of another chapter before line {}",
                    line + 1
                ),
                lines.join("\n"),
            )
        }
        _ => match rng.gen_range(0..4) {
            // The whole file: CRLF line ends, tabs for indents, a byte-order mark, emptied.
            0 => done("CRLF line ends".into(), text.replace('\n', "\r\n")),
            1 => done("tabs for indents".into(), text.replace("\n  ", "\n\t")),
            2 => done("a byte-order mark".into(), format!("\u{feff}{text}")),
            _ => done("empty the file".into(), String::new()),
        },
    };
    Mutant { file, what, bytes }
}

/// Whether a check of a mutant came out clean, or why its outcome is not acceptable. Of an
/// edit of the rules `prose` more is asked: every error located, in the prose, and the
/// game's data still whole for the rule helpers (which do not need the prose).
fn judge(dir: &Path, prose: bool) -> Result<bool, String> {
    CHECKING.with(|c| c.set(true));
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| sandtable::check::check_dir(dir)));
    CHECKING.with(|c| c.set(false));
    match outcome {
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let at = PANIC_AT.with(|p| p.take());
            Err(format!("panicked at {at}: {msg}"))
        }
        // The directory itself could not be read: a message naming it, exit 1.
        Ok(Err(e)) => {
            if e.to_string().contains('`') {
                Ok(false)
            } else {
                Err(format!("load error without a path: {e}"))
            }
        }
        Ok(Ok(checked)) => {
            let errors: Vec<_> = checked
                .diagnostics
                .iter()
                .filter(|d| d.severity == sandtable::diag::Severity::Error)
                .collect();
            if errors.is_empty() != checked.game.is_some() {
                return Err(format!(
                    "{} errors but the game was {}returned",
                    errors.len(),
                    if checked.game.is_some() { "" } else { "not " }
                ));
            }
            if !errors.is_empty() && errors.iter().all(|d| d.span.is_none()) {
                let codes: Vec<&str> = errors.iter().map(|d| d.code).collect();
                return Err(format!("errors without a location: {codes:?}"));
            }
            spans_inside_their_files(&checked)?;
            if prose && !errors.is_empty() {
                let unlocated: Vec<&str> = errors
                    .iter()
                    .filter(|d| d.span.is_none())
                    .map(|d| d.code)
                    .collect();
                if !unlocated.is_empty() {
                    return Err(format!("errors without a location: {unlocated:?}"));
                }
                let elsewhere: Vec<String> = errors
                    .iter()
                    .filter_map(|d| d.span.as_ref())
                    .map(|s| checked.sources.path(s.file))
                    .filter(|p| !p.starts_with("rules/"))
                    .map(str::to_string)
                    .collect();
                if !elsewhere.is_empty() {
                    return Err(format!("an edit of the prose gave errors in {elsewhere:?}"));
                }
                for d in &errors {
                    spans_what_it_names(d, &checked.sources)?;
                }
                let spared = |p: &sandtable::check::Part| *p == sandtable::check::Part::Rulebook;
                if checked.game_without(spared).is_none() {
                    return Err(format!(
                        "an edit of the prose broke {:?}: the rule helpers refuse the game",
                        checked.broken
                    ));
                }
            }
            // The text and JSON renderings must not fail either.
            let text = sandtable::diag::render::to_text(&checked.diagnostics, &checked.sources);
            let json = sandtable::diag::render::to_json(&checked.diagnostics, &checked.sources);
            if text.is_empty() || serde_json::from_str::<serde_json::Value>(&json).is_err() {
                return Err("diagnostics did not render".into());
            }
            Ok(errors.is_empty())
        }
    }
}

/// Every span of every diagnostic (its place and its notes') inside its file, on character
/// boundaries: the renderers turn it into a line and column of that file, and a span past
/// the end would be rendered without its snippet, or at another place.
fn spans_inside_their_files(checked: &sandtable::check::Checked) -> Result<(), String> {
    for d in checked.diagnostics.iter() {
        let spans = d.span.iter().chain(d.notes.iter().map(|(s, _)| s));
        for s in spans {
            let text = checked.sources.text(s.file);
            let r = &s.range;
            if r.start > r.end
                || r.end > text.len()
                || !text.is_char_boundary(r.start)
                || !text.is_char_boundary(r.end)
            {
                return Err(format!(
                    "`{}` ({}) at bytes {r:?} of {} ({} bytes): not inside the file",
                    d.code,
                    d.message,
                    checked.sources.path(s.file),
                    text.len()
                ));
            }
        }
    }
    Ok(())
}

/// A diagnostic of the prose that names what it is about (a rule number, a directive's kind,
/// an id) points at that text, so its line and column are where the reader looks: not a
/// neighbour, not the paragraph, not shifted by a multi-byte character or a CRLF before it.
/// A message worded otherwise is not judged.
fn spans_what_it_names(
    d: &sandtable::diag::Diagnostic,
    sources: &sandtable::diag::source::SourceMap,
) -> Result<(), String> {
    let between = |from: &str, to: &str| -> Option<String> {
        let rest = &d.message[d.message.find(from)? + from.len()..];
        Some(rest[..rest.find(to)?].to_string())
    };
    let named = match d.code {
        "unknown-rule-reference" => between("there is no rule ", " in the rules"),
        "unknown-directive" => between("`{{", "}}`"),
        "unknown-reference" => d.message.rfind('`').and_then(|end| {
            let start = d.message[..end].rfind('`')?;
            Some(d.message[start + 1..end].to_string())
        }),
        "duplicate-rule-number" => between("rule ", " is numbered twice"),
        _ => None,
    };
    let (Some(named), Some(span)) = (named, &d.span) else {
        return Ok(());
    };
    let text = sources.text(span.file);
    let at = text.get(span.range.clone()).unwrap_or("");
    // A heading whose number could not be placed is pointed at whole.
    let whole_heading = d.code == "duplicate-rule-number" && at.starts_with('#');
    if at.trim() == named || (whole_heading && at.contains(named.as_str())) {
        return Ok(());
    }
    let (line, column) = sources.line_column(span.file, span.range.start);
    Err(format!(
        "`{}` ({}) points at {at:?} ({}:{line}:{column}), not at {named:?}",
        d.code,
        d.message,
        sources.path(span.file)
    ))
}

thread_local! {
    /// Where this thread's last panic happened (the hook records it; the payload has only
    /// the message).
    static PANIC_AT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    /// Set while a mutant is checked: its panics are recorded, not printed.
    static CHECKING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Record (rather than print) panics inside [`judge`]; any other panic, such as a failed
/// assertion of the test itself, is printed as usual.
fn quiet_panics() {
    let default = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if !CHECKING.with(|c| c.get()) {
            return default(info);
        }
        if let Some(l) = info.location() {
            PANIC_AT
                .with(|at| *at.borrow_mut() = format!("{}:{}:{}", l.file(), l.line(), l.column()));
        }
    }));
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// What mutating one game gave: edits made, edits still clean, failures as replayable reports.
type Outcome = (u64, u64, Vec<String>);

/// Which files of a game its edits touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Edits {
    /// The TOML definitions ([`mutant`]).
    Data,
    /// The rules prose ([`prose_mutant`]); replayed as `GAME:SEED:mdINDEX`.
    Prose,
}

/// The texts of a game's `files`, as copied.
fn texts_of(dir: &Path, files: &[String]) -> Vec<String> {
    files
        .iter()
        .map(|f| std::fs::read_to_string(dir.join(f)).unwrap_or_default())
        .collect()
}

/// Run mutants `range` of `seed` on one game; returns the failures as replayable reports.
fn run(subject: &Subject, edits: Edits, seed: u64, range: impl Iterator<Item = u64>) -> Outcome {
    let tmp = copy_game(&subject.rel);
    let data = texts_of(tmp.path(), &subject.files);
    let prose = texts_of(tmp.path(), &subject.prose);
    let name = subject
        .rel
        .rsplit('/')
        .next()
        .unwrap_or(&subject.rel)
        .to_string();
    let (mut count, mut clean, mut failures) = (0, 0, Vec::new());
    for index in range {
        let (m, label, files, texts) = match edits {
            Edits::Data => (
                mutant(subject, &data, seed, index),
                index.to_string(),
                &subject.files,
                &data,
            ),
            Edits::Prose => (
                prose_mutant(subject, &prose, &data, seed, index),
                format!("md{index}"),
                &subject.prose,
                &prose,
            ),
        };
        let path = tmp.path().join(&m.file);
        std::fs::write(&path, &m.bytes).expect("write mutant");
        let verdict = judge(tmp.path(), edits == Edits::Prose);
        if verdict == Ok(true) {
            clean += 1;
        }
        if let Err(why) = verdict {
            failures.push(format!(
                "{name} seed {seed} #{label}: {} in {}: {why}\n  replay: SANDTABLE_MUTATION_REPLAY={name}:{seed}:{label} cargo nextest run -E 'test(mutation::)'",
                m.what, m.file
            ));
        }
        let original = texts[files.iter().position(|f| *f == m.file).unwrap_or(0)].as_bytes();
        std::fs::write(&path, original).expect("restore");
        count += 1;
    }
    (count, clean, failures)
}

#[test]
fn mutation_no_single_edit_of_any_game_panics_the_check() {
    quiet_panics();
    let seed = env_u64("SANDTABLE_MUTATION_SEED").unwrap_or(1);
    let per_game = env_u64("SANDTABLE_MUTANTS").unwrap_or(CI_MUTANTS);
    let prose_per_game = env_u64("SANDTABLE_PROSE_MUTANTS").unwrap_or(CI_PROSE_MUTANTS);
    let replay = std::env::var("SANDTABLE_MUTATION_REPLAY").ok();
    let subjects = subjects();
    // The games are mutated side by side, one thread per core taking the next game; the
    // reports are printed in the games' order. Each game: its data's edits, then its
    // prose's, each with the seconds they took.
    type Timed = (Outcome, f64);
    let timed = |f: &dyn Fn() -> Outcome| -> Timed {
        let start = std::time::Instant::now();
        (f(), start.elapsed().as_secs_f64())
    };
    let none = || ((0, 0, Vec::new()), 0.0);
    let one = |subject: &Subject| -> Option<(Timed, Timed)> {
        let name = subject.rel.rsplit('/').next().unwrap_or("").to_string();
        match replay.as_deref().map(|r| r.split(':').collect::<Vec<_>>()) {
            Some(parts) => {
                let [game, s, i] = parts[..] else {
                    panic!("SANDTABLE_MUTATION_REPLAY is GAME:SEED:INDEX or GAME:SEED:mdINDEX");
                };
                if game != name {
                    return None;
                }
                let s = s.parse().unwrap_or(seed);
                let (edits, i) = match i.strip_prefix("md") {
                    Some(i) => (Edits::Prose, i.parse().unwrap_or(0)),
                    None => (Edits::Data, i.parse().unwrap_or(0)),
                };
                let original = root().join(&subject.rel);
                let data = texts_of(&original, &subject.files);
                let m = match edits {
                    Edits::Data => mutant(subject, &data, s, i),
                    Edits::Prose if subject.prose.is_empty() => {
                        panic!("{name} has no rules prose to edit")
                    }
                    Edits::Prose => {
                        let prose = texts_of(&original, &subject.prose);
                        prose_mutant(subject, &prose, &data, s, i)
                    }
                };
                eprintln!("replaying {name} seed {s} #{i}: {} in {}", m.what, m.file);
                let r = timed(&|| run(subject, edits, s, i..=i));
                Some(match edits {
                    Edits::Data => (r, none()),
                    Edits::Prose => (none(), r),
                })
            }
            None => {
                let data = timed(&|| run(subject, Edits::Data, seed, 0..per_game));
                let prose = if subject.prose.is_empty() {
                    none()
                } else {
                    timed(&|| run(subject, Edits::Prose, seed, 0..prose_per_game))
                };
                Some((data, prose))
            }
        }
    };
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Mutex<Vec<Option<(Timed, Timed)>>> = Mutex::new(vec![None; subjects.len()]);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(subjects.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(subject) = subjects.get(i) else {
                    break;
                };
                let r = one(subject);
                results.lock().expect("results")[i] = r;
            });
        }
    });
    let mut failures = Vec::new();
    let results = results.into_inner().expect("results");
    for (subject, r) in subjects.iter().zip(results) {
        let Some((((count, clean, mut f), secs), ((p_count, p_clean, mut p_f), p_secs))) = r else {
            continue;
        };
        eprintln!(
            "{}: {count} edits (seed {seed}), {clean} still clean, {} failures, {secs:.1} s; \
             {p_count} edits of its rules prose, {p_clean} still clean, {} failures, {p_secs:.1} s",
            subject.rel,
            f.len(),
            p_f.len()
        );
        failures.append(&mut f);
        failures.append(&mut p_f);
    }
    assert!(
        failures.is_empty(),
        "{} mutants broke the check:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// In [`REGRESSIONS`], cut the file where `from` starts.
const CUT: &str = "\u{0}cut";

/// Edits the mutation test found, kept as regressions: (game, file, from, to). The first four
/// panicked `sandtable check` before the check stage admitted only whole entries; the next
/// two gave an error without a location; the last two overflowed.
const REGRESSIONS: &[(&str, &str, &str, &str)] = &[
    // The rail-line water check indexed a terrain list a parse error had left empty.
    (
        "modules/great-patriotic-war",
        "terrain.toml",
        "[[terrain]]",
        "",
    ),
    // The same, with the terrain cut off the end of the file (no parse error at all).
    ("tests/fixtures/mini", "game.toml", "\n[[weather]]", CUT),
    // `Selector::matches` followed a class to a unit type that garbage in types.toml had
    // removed.
    (
        "modules/great-patriotic-war",
        "counters/types.toml",
        "symbol = \"bomber\"",
        "sy=mbol = \"bomber\"",
    ),
    // A class whose unit type did not resolve stood in the model with unit type 0.
    (
        "modules/greek-civil-war",
        "counters/types.toml",
        "[[unit-type]]",
        "",
    ),
    // A map left out for an unknown terrain: its placements are held back, not indexed.
    ("tests/fixtures/mini", "map.toml", ".ff..~", ".fq..~"),
    // `[game]` cut away: the error points at game.toml (seed 1 #1328).
    ("tests/fixtures/mini", "game.toml", "[game]", CUT),
    // An emptied `between` of the levels of victory (seed 1 #557).
    (
        "modules/greek-civil-war",
        "rules.toml",
        "between = [\"government-pi\", \"dse-pi\"]",
        "between = []",
    ),
    // A display from the lowest i64 overflowed its box count (seed 2 #3155).
    (
        "modules/greek-civil-war",
        "game.toml",
        "min = 0\nmax = 99",
        "min = -9223372036854775808\nmax = 99",
    ),
    // A track as wide as i64 would overflow its marker steps in the emitter; VASSAL keeps
    // a track in a Java int.
    (
        "modules/great-patriotic-war",
        "game.toml",
        "min = 0\nmax = 99\nside = \"axis\"",
        "min = -9223372036854775808\nmax = 9223372036854775807\nside = \"axis\"",
    ),
];

#[test]
fn mutation_regressions_stay_fixed() {
    quiet_panics();
    let mut failures = Vec::new();
    for (rel, file, from, to) in REGRESSIONS {
        if !root().join(rel).is_dir() {
            eprintln!("skipped: no {rel}");
            continue;
        }
        let tmp = copy_game(rel);
        if *to == CUT {
            let path = tmp.path().join(file);
            let text = std::fs::read_to_string(&path).expect("read");
            let at = text.find(from).expect("the cut marker is in the file");
            std::fs::write(&path, &text[..at]).expect("write");
        } else {
            crate::support::edit(tmp.path(), file, from, to);
        }
        let prose = file.starts_with("rules/");
        if let Err(why) = judge(tmp.path(), prose) {
            failures.push(format!("{rel} {file} {from:?} → {to:?}: {why}"));
        }
        if judge(tmp.path(), prose) == Ok(true) {
            failures.push(format!("{rel} {file} {from:?} → {to:?} checks clean"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
