//! Mutation test of every input a user brings besides a game's own files: orders files in
//! the three order grammars (standard Diplomacy; the multi-factor orders of The Great
//! Patriotic War QH07 with its winter orders; the hidden parts of Guerilla Warfare II),
//! position files, DPjudge `.map` and Parlance `.cfg` boards, saved games (their bytes and
//! their ZIP structure), the numbers and ids given to `table` and `crt`, a map's
//! `[map.geography]` sections, and a referee's game folder (`referee.toml`).
//!
//! Each edit must give a clean run or errors located in the input (file, line and column for
//! a text; the file's name for a save; the argument for the command line), never a panic,
//! and what a clean run writes must be read back:
//! - every position or save `adjudicate --apply` writes is adjudicated again (no orders);
//! - every game `import` writes is checked, and must check clean;
//! - every `geo` run is followed by `geo --check`, which must find the map up to date.
//!
//! The edits are derived from a seed and an index alone, so a failure replays on its own.
//! In CI each kind gets a few dozen to a few hundred edits; by hand, any number:
//!
//! ```text
//! SANDTABLE_INPUT_MUTANTS=3000 cargo nextest run --release -E 'test(mutation_inputs::)'
//! SANDTABLE_MUTATION_SEED=7 …                                  # another sequence of edits
//! SANDTABLE_INPUT_REPLAY=orders-diplomacy:1:123 cargo nextest run -E 'test(mutation_inputs::)'
//! ```
//!
//! A failure prints the kind, seed, index and the edit; fixed edits become regression tests
//! beside the code or in the suite file of the command concerned.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use serde_json::Value;

use crate::support::{copy_game, root, CopiedGame};

/// Edits of a kind: `SANDTABLE_INPUT_MUTANTS` when set, else the number CI runs (each edit is
/// one to three runs of the tool, so the slow kinds get fewer).
fn edits(in_ci: u64) -> u64 {
    std::env::var("SANDTABLE_INPUT_MUTANTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(in_ci)
}

fn seed() -> u64 {
    std::env::var("SANDTABLE_MUTATION_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// `SANDTABLE_INPUT_REPLAY=kind:seed:index`, if it names this kind.
fn replay(kind: &str) -> Option<Option<(u64, u64)>> {
    let spec = std::env::var("SANDTABLE_INPUT_REPLAY").ok()?;
    let mut parts = spec.split(':');
    let named = parts.next()?;
    if named != kind {
        return Some(None);
    }
    let seed = parts.next()?.parse().ok()?;
    let index = parts.next()?.parse().ok()?;
    Some(Some((seed, index)))
}

/// The random stream of one edit of one kind.
fn rng_for(kind: &str, seed: u64, index: u64) -> Pcg64 {
    let salt = kind.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    Pcg64::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index ^ salt)
}

/// One run of the tool.
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

fn sandtable<I, S>(args: I) -> Outcome
where
    I: IntoIterator<Item = S>,
    S: Into<OsString>,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let out = std::process::Command::new(snapbox::cmd::cargo_bin!("sandtable"))
        .args(&args)
        .output()
        .expect("run sandtable");
    Outcome {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// What an input may be located by when the tool refuses it.
#[derive(Clone, Copy, PartialEq)]
enum Located {
    /// A text file: every error names a file, a line and a column.
    InText,
    /// A binary file (a save): the refusal says what is wrong (its message or a diagnostic).
    InFile,
    /// The command line: a usage error (exit 2) or a refusal naming the argument.
    OnCommandLine,
}

/// `Ok(true)` for a clean run, `Ok(false)` for a located refusal, `Err` for anything else.
fn judge(out: &Outcome, located: Located) -> Result<bool, String> {
    if out.code == 101 || out.stderr.contains("panicked") {
        return Err(format!("panic (exit {}): {}", out.code, tail(&out.stderr)));
    }
    match out.code {
        0 => Ok(true),
        1 | 2 => {
            let v: Value = serde_json::from_str(&out.stdout).map_err(|_| {
                format!(
                    "exit {} without a JSON report: {}{}",
                    out.code,
                    tail(&out.stdout),
                    tail(&out.stderr)
                )
            })?;
            let message = v["error"].as_str().unwrap_or("");
            if out.code == 2 {
                return if located == Located::OnCommandLine {
                    Ok(false)
                } else {
                    Err(format!("a usage error for a bad input file: {v}"))
                };
            }
            let diags: &[Value] = v["diagnostics"].as_array().map_or(&[], Vec::as_slice);
            let errors: Vec<&Value> = diags.iter().filter(|d| d["severity"] == "error").collect();
            match located {
                Located::InText => {
                    if errors.is_empty() {
                        return Err(format!("refused with no located error: {message}"));
                    }
                    for d in errors {
                        if !(d["file"].is_string() && d["line"].is_u64() && d["column"].is_u64()) {
                            return Err(format!("an error without file:line:column: {d}"));
                        }
                    }
                    Ok(false)
                }
                Located::InFile | Located::OnCommandLine => {
                    // `check --save` reports a save's problems piece by piece under `save`.
                    if message.trim().is_empty() && errors.is_empty() && v["save"].is_null() {
                        Err(format!("refused without saying why: {v}"))
                    } else {
                        Ok(false)
                    }
                }
            }
        }
        code => Err(format!("exit {code}: {}", tail(&out.stderr))),
    }
}

fn tail(s: &str) -> String {
    let t = s.trim();
    let cut = t.len().saturating_sub(600);
    let mut at = cut;
    while !t.is_char_boundary(at) {
        at += 1;
    }
    t[at..].to_string()
}

/// Run `count` edits (or the replayed one) of a kind; collect every failure with its key.
fn exercise(
    kind: &str,
    in_ci: u64,
    mut one: impl FnMut(&mut Pcg64) -> (String, Result<(), String>),
) {
    let indices: Vec<(u64, u64)> = match replay(kind) {
        Some(None) => return,
        Some(Some(at)) => vec![at],
        None => {
            let s = seed();
            (0..edits(in_ci)).map(|i| (s, i)).collect()
        }
    };
    let mut failures = Vec::new();
    let total = indices.len();
    for (s, i) in indices {
        let mut rng = rng_for(kind, s, i);
        let (what, verdict) = one(&mut rng);
        if let Err(why) = verdict {
            failures.push(format!(
                "SANDTABLE_INPUT_REPLAY={kind}:{s}:{i}\n  edit: {what}\n  {why}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} edits of {kind} failed:\n{}",
        failures.len(),
        failures
            .iter()
            .take(15)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

// ---------------------------------------------------------------------------------------
// Edits of a text

/// Numbers written over a number: extremes, fractions, signs, other scripts.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "99",
    "999999999999999999999",
    "9223372036854775807",
    "18446744073709551616",
    "1/0",
    "0/3",
    "-1/3",
    "1/997",
    "2/3",
    "⅓",
    "+1",
    "1.5",
    "",
    "x",
    "٣",
];

/// Words written over a word: order words, unit kinds, provinces and coasts right and
/// wrong, power headers, signs and non-ASCII starts.
const WORDS: &[&str] = &[
    "H",
    "S",
    "C",
    "-",
    "via",
    "convoy",
    "build",
    "disband",
    "remove",
    "retreat",
    "supply",
    "factory",
    "give",
    "disperses",
    "forms",
    "from",
    "boards",
    "a",
    "aM",
    "M",
    "NR",
    "A",
    "F",
    "P",
    "A3",
    "F2",
    "Mos",
    "stp/nc",
    "stp/xx",
    "/nc",
    "nc",
    "é",
    "Ä3",
    "⅓",
    "narnia",
    "Austria:",
    "ENGLAND:",
    "Narnia:",
    "1/3",
    "A+2",
    "+1/3",
    "ips",
    "squadrons",
    "\"\"",
    "[]",
];

/// Text inserted at a random place.
const GARBAGE: &[&str] = &[
    ":", "\n", "\0", "\r", "é", "🂡", "-", "/", "\t", "[", "]", "\"", "=", "#", "\\", "\u{feff}",
    " ", ",", "(", ")", "\n\n\n",
];

/// Words appended to a line.
const TRAILERS: &[&str] = &[
    " foo",
    " H",
    " - Ukr",
    " S A Mos",
    " xyz",
    " via convoy",
    " é",
    " 1/3",
    " - Sil - Ber",
    " = 1",
    " # a comment",
];

fn pick<'a, T>(rng: &mut Pcg64, items: &'a [T]) -> Option<&'a T> {
    (!items.is_empty()).then(|| &items[rng.gen_range(0..items.len())])
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Byte ranges of the words of a text (runs of characters that are not space or TOML
/// punctuation).
fn words(text: &str) -> Vec<(usize, usize)> {
    let stop = |c: char| c.is_whitespace() || "\"[]{},=:".contains(c);
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (stop(c), start) {
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

/// Byte ranges of the digit runs of a text (a fraction `1/3` counted whole).
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let mut j = i;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'/') {
                j += 1;
            }
            out.push((i, j));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// One random edit of a text (an orders file, a position, a board, a map file's lines
/// `editable`): what was done, and the bytes.
fn edit_text(rng: &mut Pcg64, text: &str, editable: std::ops::Range<usize>) -> (String, Vec<u8>) {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let n = lines.len();
    let span = editable.start.min(n.saturating_sub(1))..editable.end.min(n).max(1);
    let line = rng.gen_range(span.clone());
    let joined = |lines: &[String]| lines.join("\n").into_bytes();
    // Offsets within the editable lines only.
    let start_byte: usize = lines[..span.start].iter().map(|l| l.len() + 1).sum();
    let end_byte: usize = (start_byte
        + lines[span.clone()]
            .iter()
            .map(|l| l.len() + 1)
            .sum::<usize>())
    .min(text.len());
    let region = &text[start_byte..end_byte];
    let at_in =
        |rng: &mut Pcg64| floor_boundary(text, start_byte + rng.gen_range(0..=region.len()));
    match rng.gen_range(0..17) {
        0 => {
            let gone = lines.remove(line);
            (format!("drop line {}: {gone:?}", line + 1), joined(&lines))
        }
        1 => {
            let copy = lines[rng.gen_range(span.clone())].clone();
            lines.insert(line, copy.clone());
            (
                format!("repeat {copy:?} before line {}", line + 1),
                joined(&lines),
            )
        }
        2 => {
            let other = rng.gen_range(span.clone());
            lines.swap(line, other);
            (
                format!("swap lines {} and {}", line + 1, other + 1),
                joined(&lines),
            )
        }
        3 => match pick(rng, &numbers(region)) {
            Some(&(a, b)) => {
                let new = *pick(rng, NUMBERS).unwrap_or(&"0");
                let (a, b) = (start_byte + a, start_byte + b);
                (
                    format!("number {:?} at byte {a} → {new:?}", &text[a..b]),
                    format!("{}{new}{}", &text[..a], &text[b..]).into_bytes(),
                )
            }
            None => ("no number to change".into(), text.as_bytes().to_vec()),
        },
        4 | 5 => {
            let all = words(region);
            match pick(rng, &all) {
                Some(&(a, b)) => {
                    let new = if rng.gen_bool(0.5) {
                        pick(rng, &all)
                            .map(|&(c, d)| region[c..d].to_string())
                            .unwrap_or_default()
                    } else {
                        pick(rng, WORDS).copied().unwrap_or("").to_string()
                    };
                    let (a, b) = (start_byte + a, start_byte + b);
                    (
                        format!("word {:?} at byte {a} → {new:?}", &text[a..b]),
                        format!("{}{new}{}", &text[..a], &text[b..]).into_bytes(),
                    )
                }
                None => ("no word to change".into(), text.as_bytes().to_vec()),
            }
        }
        6 => {
            let t = *pick(rng, TRAILERS).unwrap_or(&" foo");
            lines[line].push_str(t);
            (format!("append {t:?} to line {}", line + 1), joined(&lines))
        }
        7 => {
            let at = at_in(rng);
            (
                format!("cut the file at byte {at}"),
                text.as_bytes()[..at].to_vec(),
            )
        }
        8 | 9 => {
            let at = at_in(rng);
            let g = *pick(rng, GARBAGE).unwrap_or(&":");
            (
                format!("insert {g:?} at byte {at}"),
                format!("{}{g}{}", &text[..at], &text[at..]).into_bytes(),
            )
        }
        10 => {
            let at = at_in(rng);
            let mut b = text.as_bytes()[..at].to_vec();
            b.extend_from_slice(&[0xff, 0xfe, 0xc3]);
            b.extend_from_slice(&text.as_bytes()[at..]);
            (format!("insert bytes ff fe c3 at byte {at}"), b)
        }
        11 => {
            let big = rng.gen_range(0..6) == 0;
            let long = if big {
                "A Mos H ".repeat(600_000)
            } else {
                "x".repeat(rng.gen_range(1_000..100_000))
            };
            lines.insert(line, long.clone());
            (
                format!(
                    "insert a line of {} bytes before line {}",
                    long.len(),
                    line + 1
                ),
                joined(&lines),
            )
        }
        12 => (
            "CRLF line ends".into(),
            text.replace('\n', "\r\n").into_bytes(),
        ),
        13 => {
            let up = rng.gen_bool(0.5);
            lines[line] = if up {
                lines[line].to_uppercase()
            } else {
                lines[line].to_lowercase()
            };
            (
                format!(
                    "line {} in {} case",
                    line + 1,
                    if up { "upper" } else { "lower" }
                ),
                joined(&lines),
            )
        }
        14 => (
            "the text twice".into(),
            format!("{text}\n{text}").into_bytes(),
        ),
        15 => {
            let to = (line + rng.gen_range(1..12)).min(span.end);
            lines.drain(line..to);
            (format!("drop lines {} to {}", line + 1, to), joined(&lines))
        }
        _ => ("an empty file".into(), Vec::new()),
    }
}

// ---------------------------------------------------------------------------------------
// Games and their inputs

fn module(rel: &str) -> Option<PathBuf> {
    let dir = root().join(rel);
    dir.join("game.toml").is_file().then_some(dir)
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Read back what `--apply` wrote (`from`: `--position NEXT`, or `--save NEXT --module M`):
/// adjudicate it again with no orders. `what` names it in a failure.
fn read_back(game: &Path, from: &[&str], what: &str, empty: &Path) -> Result<(), String> {
    let mut args = vec!["adjudicate", s(game)];
    args.extend_from_slice(from);
    args.extend(["--orders", s(empty), "--format", "json"]);
    let out = sandtable(&args);
    let located = if what == "save" {
        Located::InFile
    } else {
        Located::InText
    };
    match judge(&out, located) {
        Ok(true) => Ok(()),
        Ok(false) if out.stdout.contains("calendar") => Ok(()),
        Ok(false) => Err(format!(
            "the {what} --apply wrote is refused: {}",
            tail(&out.stdout)
        )),
        Err(e) => Err(format!("reading back the {what} --apply wrote: {e}")),
    }
}

/// Read back a position `--apply` wrote.
fn read_back_position(game: &Path, position: &Path, empty: &Path) -> Result<(), String> {
    read_back(game, &["--position", s(position)], "position", empty).map_err(|e| {
        let text = std::fs::read_to_string(position).unwrap_or_default();
        format!("{e}\n--- position ---\n{text}")
    })
}

/// Read back a save `--apply` wrote.
fn read_back_save(game: &Path, save: &Path, vmod: &Path, empty: &Path) -> Result<(), String> {
    read_back(
        game,
        &["--save", s(save), "--module", s(vmod)],
        "save",
        empty,
    )
}

/// Adjudicate `orders` (bytes) against a starting point (`--scenario ID`, `--position F` or
/// `--save F --module M`), apply, and read back what was written.
fn orders_round(
    game: &Path,
    from: &[&str],
    next_ext: &str,
    orders: &[u8],
    vmod: Option<&Path>,
) -> Result<(), String> {
    let tmp = tempfile::tempdir().expect("tmp");
    let of = tmp.path().join("orders.txt");
    let empty = tmp.path().join("empty.txt");
    let next = tmp.path().join(format!("next.{next_ext}"));
    std::fs::write(&of, orders).expect("orders");
    std::fs::write(&empty, "").expect("empty");
    let mut args: Vec<&str> = vec!["adjudicate", s(game)];
    args.extend_from_slice(from);
    args.extend([
        "--orders",
        s(&of),
        "--apply",
        "-o",
        s(&next),
        "--format",
        "json",
    ]);
    let out = sandtable(&args);
    if !judge(&out, Located::InText)? {
        if next.exists() {
            return Err("refused, yet wrote its output".into());
        }
        return Ok(());
    }
    match vmod {
        Some(m) => read_back_save(game, &next, m, &empty),
        None => read_back_position(game, &next, &empty),
    }
}

/// Spring 1901 on the standard board: moves, supports, a convoy, a coast.
const DIPLOMACY_SPRING: &str = "Austria:\nA Vie - Gal\nA Bud - Ser\nF Tri - Alb\n\
England:\nF Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\n\
France:\nF Bre - Mao\nA Par - Bur\nA Mar S A Par - Bur\n\
Germany:\nF Kie - Den\nA Ber - Kie\nA Mun - Ruh\n\
Italy:\nF Nap - Ion\nA Rom - Apu\nA Ven H\n\
Russia:\nF StP/sc - Bot\nA Mos - Ukr\nA War - Gal\nF Sev - Bla\n\
Turkey:\nF Ank - Bla\nA Con - Bul\nA Smy S A Con - Bul\n";

/// Autumn 1901 after [`DIPLOMACY_SPRING`]: a convoy and a support cut.
const DIPLOMACY_AUTUMN: &str = "England:\nF Nth C A Yor - Nwy\nA Yor - Nwy via convoy\nF Nwg H\n\
France:\nA Bur - Bel\nF Mao - Por\nA Mar - Spa\n\
Germany:\nF Den H\nA Kie - Hol\nA Ruh S A Kie - Hol\n\
Russia:\nF Bot - Swe\nA Ukr - Rum\nA War S A Ukr - Rum\n\
Turkey:\nA Bul S A Con\nF Ank - Con\n";

/// Spring 1939 of The Great Patriotic War QH07 (its rule 11 set-up): attacks, moves,
/// supports across, a coast.
const QH07_SPRING: &str =
    "Germany:\nA5 Mun a Boh\nA3 Ber aM Pru\nA1 Kie M Den\nF2 Kie a Den\nF1 Ber H\n\
Soviet Union:\nA2 War a Gal\nA3 Mos M Ukr\nF1 StP/sc M Bot\n\
England:\nF2 Lon aM Nth\nA1 Lvp H\nItaly:\nA2 Ven a Tyr\nA1 Rom S A Ven a Tyr\n";

const QH07_AUTUMN: &str =
    "Germany:\nA5 Mun M Boh\nA3 Pru a War\nSoviet Union:\nA2 War H NR\nA3 Ukr a Gal\n\
England:\nF2 Nth aM Nwy\n";

/// Winter 1939 after [`QH07_SPRING`] and [`QH07_AUTUMN`]: supply, builds, a factory, a gift.
const QH07_WINTER: &str = "Germany:\nsupply A5 Boh\nsupply A2 Pru\nsupply F2 Kie\nsupply F1 Ber\n\
build A4 Mun\nbuild P1\nfactory 1\n\
England:\nbuild P1\nsupply F2 Nth\nsupply A1 Edi\nbuild A2 Lon\nbuild F1 Lon\ngive 2 France\n\
France:\nfactory 2\n";

/// A spring of the hidden-parts test board: whole units, thirds and a fleet to board.
const HIDDEN_POSITION: &str = "game = \"hidden\"\nturn = \"spring-1901\"\n\n\
[power.austria]\nunits = [\"A vie\", \"F tri\", \"A ser\"]\n\
fractions = [\"1/3 A gal\", \"1/3 A sil\", \"1/3 A tyr\"]\n\
centres = [\"vie\", \"tri\", \"bud\", \"ser\"]\n\n\
[power.england]\nunits = [\"F eng\", \"F nth\"]\nfractions = [\"1/3 A lon\", \"1/3 A wal\"]\n\
centres = [\"lon\", \"edi\", \"lvp\"]\n\n\
[power.germany]\nunits = [\"A mun\", \"A boh\"]\ncentres = [\"mun\", \"ber\"]\n";

const HIDDEN_ORDERS: &str =
    "Austria:\nA Vie S A Boh forms\nA Boh forms from 1/3 A Gal, 1/3 A Sil, 1/3 A Tyr\n\
A Ser disperses - 1/3 A Alb, 1/3 A Gre, 1/3 A Bul\nF Tri H\n\
England:\n1/3 A Lon boards F Eng\nF Eng - Bre\nF Nth H\n1/3 A Wal - Lvp\n\
Germany:\nA Mun S A Boh\nA Boh H\n";

/// A kind of orders: the game, where it starts, and its base orders.
struct OrdersCase {
    kind: &'static str,
    game: PathBuf,
    from: Vec<String>,
    next_ext: &'static str,
    orders: String,
    vmod: Option<PathBuf>,
    _keep: Option<std::sync::Arc<tempfile::TempDir>>,
}

fn run_orders_case(case: OrdersCase, in_ci: u64) {
    // The base orders themselves must be clean, or the edits test nothing.
    let from: Vec<&str> = case.from.iter().map(String::as_str).collect();
    let base = orders_round(
        &case.game,
        &from,
        case.next_ext,
        case.orders.as_bytes(),
        case.vmod.as_deref(),
    );
    assert!(base.is_ok(), "the base orders of {}: {base:?}", case.kind);
    exercise(case.kind, in_ci, |rng| {
        let (what, bytes) = edit_text(rng, &case.orders, 0..usize::MAX);
        let verdict = orders_round(
            &case.game,
            &from,
            case.next_ext,
            &bytes,
            case.vmod.as_deref(),
        );
        (what, verdict)
    });
}

/// A game's module built once per test process, and a predefined setup taken out of it.
fn built(rel: &str, setup: &str) -> Option<(PathBuf, PathBuf, std::sync::Arc<tempfile::TempDir>)> {
    let game = module(rel)?;
    let tmp = std::sync::Arc::new(tempfile::tempdir().expect("tmp"));
    let vmod = tmp.path().join("game.vmod");
    let out = sandtable(["build", s(&game), "-o", s(&vmod)]);
    assert_eq!(out.code, 0, "build {rel}: {}", out.stderr);
    let mut archive = sandtable::vassal::archive::Archive::open(&vmod).expect("module");
    let save = tmp.path().join(setup);
    std::fs::write(&save, archive.read(setup).expect("setup entry")).expect("write");
    Some((vmod, save, tmp))
}

/// Apply orders to a save and return the next save (for a base of later edits).
fn advance_save(game: &Path, save: &Path, vmod: &Path, orders: &str, next: &Path) {
    let of = next.with_extension("txt");
    std::fs::write(&of, orders).expect("orders");
    let out = sandtable([
        "adjudicate",
        s(game),
        "--save",
        s(save),
        "--module",
        s(vmod),
        "--orders",
        s(&of),
        "--apply",
        "-o",
        s(next),
        "--format",
        "json",
    ]);
    assert_eq!(
        out.code,
        0,
        "advancing {}: {}{}",
        save.display(),
        out.stdout,
        out.stderr
    );
}

/// Apply orders to a position and return the next position.
fn advance_position(game: &Path, from: &[&str], orders: &str, next: &Path) {
    let of = next.with_extension("txt");
    std::fs::write(&of, orders).expect("orders");
    let mut args: Vec<&str> = vec!["adjudicate", s(game)];
    args.extend_from_slice(from);
    args.extend([
        "--orders",
        s(&of),
        "--apply",
        "-o",
        s(next),
        "--format",
        "json",
    ]);
    let out = sandtable(&args);
    assert_eq!(
        out.code,
        0,
        "advancing {}: {}{}",
        game.display(),
        out.stdout,
        out.stderr
    );
}

fn skip(what: &str) {
    eprintln!("skipped: {what} is not here");
}

#[test]
fn orders_of_the_standard_board() {
    let Some(game) = module("modules/diplomacy") else {
        return skip("modules/diplomacy");
    };
    run_orders_case(
        OrdersCase {
            kind: "orders-diplomacy",
            game,
            from: vec!["--scenario".into(), "1901".into()],
            next_ext: "toml",
            orders: DIPLOMACY_SPRING.into(),
            vmod: None,
            _keep: None,
        },
        40,
    );
}

#[test]
fn orders_of_the_standard_board_with_a_convoy() {
    let Some(game) = module("modules/diplomacy") else {
        return skip("modules/diplomacy");
    };
    let tmp = std::sync::Arc::new(tempfile::tempdir().expect("tmp"));
    let autumn = tmp.path().join("autumn.toml");
    advance_position(&game, &["--scenario", "1901"], DIPLOMACY_SPRING, &autumn);
    run_orders_case(
        OrdersCase {
            kind: "orders-diplomacy-autumn",
            game,
            from: vec!["--position".into(), s(&autumn).into()],
            next_ext: "toml",
            orders: DIPLOMACY_AUTUMN.into(),
            vmod: None,
            _keep: Some(tmp),
        },
        25,
    );
}

#[test]
fn multi_factor_orders() {
    let Some(game) = module("modules/great-patriotic-war-qh07") else {
        return skip("modules/great-patriotic-war-qh07");
    };
    run_orders_case(
        OrdersCase {
            kind: "orders-qh07",
            game,
            from: vec!["--scenario".into(), "1939".into()],
            next_ext: "toml",
            orders: QH07_SPRING.into(),
            vmod: None,
            _keep: None,
        },
        30,
    );
}

#[test]
fn multi_factor_winter_orders_on_a_save() {
    let rel = "modules/great-patriotic-war-qh07";
    let Some((vmod, setup, tmp)) = built(rel, "1939.vsav") else {
        return skip(rel);
    };
    let game = root().join(rel);
    let autumn = tmp.path().join("a39.vsav");
    let winter = tmp.path().join("w39.vsav");
    advance_save(&game, &setup, &vmod, QH07_SPRING, &autumn);
    advance_save(&game, &autumn, &vmod, QH07_AUTUMN, &winter);
    run_orders_case(
        OrdersCase {
            kind: "orders-qh07-winter",
            game,
            from: vec![
                "--save".into(),
                s(&winter).into(),
                "--module".into(),
                s(&vmod).into(),
            ],
            next_ext: "vsav",
            orders: QH07_WINTER.into(),
            vmod: Some(vmod.clone()),
            _keep: Some(tmp.clone()),
        },
        30,
    );
}

#[test]
fn orders_of_hidden_parts() {
    let game = root().join("tests/fixtures/hidden");
    let tmp = std::sync::Arc::new(tempfile::tempdir().expect("tmp"));
    let position = tmp.path().join("spring.toml");
    std::fs::write(&position, HIDDEN_POSITION).expect("position");
    run_orders_case(
        OrdersCase {
            kind: "orders-hidden",
            game,
            from: vec!["--position".into(), s(&position).into()],
            next_ext: "toml",
            orders: HIDDEN_ORDERS.into(),
            vmod: None,
            _keep: Some(tmp),
        },
        50,
    );
}

/// Positions: a standard one written by `--apply`, one of QH07 written by `--apply`, and
/// one of hidden parts written by hand; each edit adjudicated with no orders and applied,
/// and what is written read back.
#[test]
fn position_files() {
    let tmp = tempfile::tempdir().expect("tmp");
    let mut bases: Vec<(PathBuf, String)> = Vec::new();
    if let Some(game) = module("modules/diplomacy") {
        let p = tmp.path().join("d-autumn.toml");
        advance_position(&game, &["--scenario", "1901"], DIPLOMACY_SPRING, &p);
        bases.push((game, std::fs::read_to_string(&p).expect("position")));
    }
    if let Some(game) = module("modules/great-patriotic-war-qh07") {
        let p = tmp.path().join("q-autumn.toml");
        advance_position(&game, &["--scenario", "1939"], QH07_SPRING, &p);
        bases.push((game, std::fs::read_to_string(&p).expect("position")));
    }
    bases.push((root().join("tests/fixtures/hidden"), HIDDEN_POSITION.into()));
    let empty = tmp.path().join("empty.txt");
    std::fs::write(&empty, "").expect("empty");
    exercise("positions", 70, |rng| {
        let (game, text) = &bases[rng.gen_range(0..bases.len())];
        let (what, bytes) = edit_text(rng, text, 0..usize::MAX);
        let what = format!(
            "{}: {what}",
            game.file_name().unwrap_or_default().to_string_lossy()
        );
        let dir = tempfile::tempdir().expect("tmp");
        let pf = dir.path().join("position.toml");
        std::fs::write(&pf, &bytes).expect("position");
        let verdict = orders_round(game, &["--position", s(&pf)], "toml", b"", None);
        (what, verdict)
    });
}

// ---------------------------------------------------------------------------------------
// Boards

/// DPjudge's standard board (its four files, each edited in turn) and a Parlance variant:
/// every import either refused with located errors or a game that checks clean.
#[test]
fn boards_imported() {
    let dpjudge = root().join("tests/fixtures/dpjudge-standard");
    let parlance = root().join("tests/fixtures/parlance");
    let mut files: Vec<(PathBuf, &str)> = Vec::new();
    for name in [
        "standard.map",
        "standard.geography",
        "standard.military",
        "standard.politics",
    ] {
        files.push((dpjudge.clone(), name));
    }
    files.push((parlance.clone(), "north.cfg"));
    // The unedited boards import and check clean.
    for (dir, entry) in [(&dpjudge, "standard.map"), (&parlance, "north.cfg")] {
        let out_dir = tempfile::tempdir().expect("tmp");
        let game = out_dir.path().join("game");
        let out = sandtable([
            "import",
            s(&dir.join(entry)),
            "-o",
            s(&game),
            "--format",
            "json",
        ]);
        assert_eq!(out.code, 0, "import {entry}: {}{}", out.stdout, out.stderr);
        let check = sandtable(["check", s(&game), "--format", "json"]);
        assert_eq!(check.code, 0, "check of imported {entry}: {}", check.stdout);
    }
    exercise("boards", 100, |rng| {
        let (dir, name) = &files[rng.gen_range(0..files.len())];
        let text = std::fs::read_to_string(dir.join(name)).expect("board");
        let (what, bytes) = edit_text(rng, &text, 0..usize::MAX);
        let what = format!("{name}: {what}");
        let work = tempfile::tempdir().expect("tmp");
        for entry in std::fs::read_dir(dir).expect("dir").flatten() {
            std::fs::copy(entry.path(), work.path().join(entry.file_name())).expect("copy");
        }
        std::fs::write(work.path().join(name), &bytes).expect("edit");
        let main = if name.ends_with(".cfg") {
            "north.cfg"
        } else {
            "standard.map"
        };
        let game = work.path().join("game");
        let out = sandtable([
            "import",
            s(&work.path().join(main)),
            "-o",
            s(&game),
            "--format",
            "json",
        ]);
        let verdict = match judge(&out, Located::InText) {
            Err(e) => Err(e),
            Ok(false) if game.exists() => Err("refused, yet wrote a game".into()),
            Ok(false) => Ok(()),
            Ok(true) => {
                let check = sandtable(["check", s(&game), "--format", "json"]);
                if check.code == 0 {
                    Ok(())
                } else {
                    Err(format!(
                        "import accepted a board that check then refuses (exit {}): {}",
                        check.code,
                        tail(&check.stdout)
                    ))
                }
            }
        };
        (what, verdict)
    });
}

// ---------------------------------------------------------------------------------------
// Saves

/// Entries of a ZIP archive, in order.
fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("zip");
    let mut out = Vec::new();
    for i in 0..archive.len() {
        let mut f = archive.by_index(i).expect("entry");
        let mut data = Vec::new();
        f.read_to_end(&mut data).expect("read entry");
        out.push((f.name().to_string(), data));
    }
    out
}

fn zip_entries(entries: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in entries {
        w.start_file(name.as_str(), options).expect("entry");
        w.write_all(data).expect("write");
    }
    w.finish().expect("finish").into_inner()
}

/// What replaces a save's `savedGame` entry: nothing, the obfuscation header alone, text,
/// NUL bytes, garbage after the header, half of it, commands that are not VASSAL's.
fn damaged_game(rng: &mut Pcg64, good: &[u8]) -> (String, Vec<u8>, bool) {
    let plain = sandtable::vassal::obfuscation::deobfuscate(good).unwrap_or_default();
    match rng.gen_range(0..9) {
        0 => ("an empty savedGame".into(), Vec::new(), true),
        1 => ("savedGame `!VCS`".into(), b"!VCS".to_vec(), true),
        2 => (
            "savedGame of plain text".into(),
            b"this is not a saved game\n".to_vec(),
            true,
        ),
        3 => ("savedGame of NUL bytes".into(), vec![0; 512], true),
        4 => (
            "savedGame `!VCS` and odd hex".into(),
            b"!VCS4142zz".to_vec(),
            true,
        ),
        5 => {
            let half = good.len() / 2;
            ("savedGame cut in half".into(), good[..half].to_vec(), false)
        }
        6 => (
            "savedGame of commands nobody writes".into(),
            sandtable::vassal::obfuscation::obfuscate("begin_save\u{1b}nonsense\u{1b}+/x/y", 0x33)
                .into_bytes(),
            true,
        ),
        7 => {
            // A character of the plain command stream changed.
            let mut chars: Vec<char> = plain.chars().collect();
            if !chars.is_empty() {
                let i = rng.gen_range(0..chars.len());
                chars[i] =
                    *pick(rng, &['\u{1b}', ';', '/', '\\', '0', 'x', '\t', 'é']).unwrap_or(&'x');
            }
            let text: String = chars.into_iter().collect();
            (
                "a character of the command stream changed".into(),
                sandtable::vassal::obfuscation::obfuscate(&text, 0x21).into_bytes(),
                false,
            )
        }
        _ => {
            let at = rng.gen_range(0..=plain.len());
            let at = floor_boundary(&plain, at);
            (
                format!("the command stream cut at byte {at}"),
                sandtable::vassal::obfuscation::obfuscate(&plain[..at], 0x44).into_bytes(),
                false,
            )
        }
    }
}

/// The standard board's 1901 save, by its bytes and by its ZIP entries: `check --save` and
/// `adjudicate --save … --apply` either refuse it (saying why) or run, and a save that is
/// plainly not one is refused.
#[test]
fn saves() {
    let rel = "modules/diplomacy";
    let Some((vmod, setup, tmp)) = built(rel, "1901.vsav") else {
        return skip(rel);
    };
    let game = root().join(rel);
    let good = std::fs::read(&setup).expect("save");
    let entries = unzip(&good);
    let empty = tmp.path().join("empty.txt");
    std::fs::write(&empty, "").expect("empty");
    exercise("saves", 50, |rng| {
        let (what, bytes, must_refuse) = match rng.gen_range(0..8) {
            0 => {
                let mut b = good.clone();
                let i = rng.gen_range(0..b.len());
                b[i] ^= 1 << rng.gen_range(0..8);
                (format!("flip a bit of byte {i}"), b, false)
            }
            1 => {
                let at = rng.gen_range(0..good.len());
                (format!("cut at byte {at}"), good[..at].to_vec(), true)
            }
            2 => {
                let mut b = good.clone();
                let at = rng.gen_range(0..b.len());
                b.splice(at..at, [0u8, 0xff, b'P', b'K']);
                (format!("insert 4 bytes at byte {at}"), b, false)
            }
            3 => {
                let gone = rng.gen_range(0..entries.len());
                let kept: Vec<_> = entries
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != gone)
                    .map(|(_, e)| e.clone())
                    .collect();
                (
                    format!("drop the entry {}", entries[gone].0),
                    zip_entries(&kept),
                    entries[gone].0 == "savedGame",
                )
            }
            4 => {
                // An entry renamed (what reads it no longer finds it), or one more entry of
                // garbage under another name.
                let mut e = entries.clone();
                let i = rng.gen_range(0..e.len());
                let was = e[i].0.clone();
                if rng.gen_bool(0.5) {
                    e[i].0 = format!("{was}.old");
                    (
                        format!("the entry {was} renamed"),
                        zip_entries(&e),
                        was == "savedGame",
                    )
                } else {
                    e.push((format!("{was}-2"), vec![0xff; 64]));
                    (
                        format!("an entry {was}-2 of garbage"),
                        zip_entries(&e),
                        false,
                    )
                }
            }
            5 => {
                let mut e = entries.clone();
                let i = rng.gen_range(0..e.len());
                let name = e[i].0.clone();
                let mut data = e[i].1.clone();
                let at = rng.gen_range(0..=data.len());
                data.truncate(at);
                e[i].1 = data;
                (
                    format!("the entry {name} cut at byte {at}"),
                    zip_entries(&e),
                    false,
                )
            }
            _ => {
                let mut e = entries.clone();
                let Some(i) = e.iter().position(|(n, _)| n == "savedGame") else {
                    return ("no savedGame".into(), Ok(()));
                };
                let (what, data, refuse) = damaged_game(rng, &e[i].1);
                e[i].1 = data;
                (what, zip_entries(&e), refuse)
            }
        };
        let dir = tempfile::tempdir().expect("tmp");
        let save = dir.path().join("game.vsav");
        std::fs::write(&save, &bytes).expect("save");
        let check = sandtable(["check", s(&game), "--save", s(&save), "--format", "json"]);
        let verdict = (|| {
            let checked =
                judge(&check, Located::InFile).map_err(|e| format!("check --save: {e}"))?;
            if checked && must_refuse {
                return Err("check --save passed a save that is not one".into());
            }
            let next = dir.path().join("next.vsav");
            let out = sandtable([
                "adjudicate",
                s(&game),
                "--save",
                s(&save),
                "--module",
                s(&vmod),
                "--orders",
                s(&empty),
                "--apply",
                "-o",
                s(&next),
                "--format",
                "json",
            ]);
            let applied =
                judge(&out, Located::InFile).map_err(|e| format!("adjudicate --save: {e}"))?;
            if applied && must_refuse {
                return Err("adjudicate --save played a save that is not one".into());
            }
            if !applied {
                return if next.exists() {
                    Err("refused, yet wrote a save".into())
                } else {
                    Ok(())
                };
            }
            read_back_save(&game, &next, &vmod, &empty)
        })();
        (what, verdict)
    });
}

// ---------------------------------------------------------------------------------------
// Command-line numbers and ids

/// Values written over an argument's value.
const ARGUMENTS: &[&str] = &[
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "4294967296",
    "-1",
    "0",
    "1e3",
    "",
    "x",
    "é",
    "1/2",
    "+3",
    "--",
    "-",
    "0x10",
    "crisis=9223372036854775807",
    "crisis=-9223372036854775808",
    "crisis=",
    "=2",
    "narnia",
];

/// Commands whose arguments are edited: `crt` and `table` on the example games.
fn argument_bases() -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let own = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    if let Some(g) = module("modules/great-patriotic-war") {
        let g = s(&g).to_string();
        out.push(own(&[
            "crt",
            &g,
            "--attack",
            "12",
            "--attack",
            "6",
            "--defense",
            "4",
            "--terrain",
            "forest",
            "--shift",
            "1",
            "--roll",
            "3",
        ]));
        out.push(own(&[
            "crt",
            &g,
            "--attack",
            "5",
            "--defense",
            "2",
            "--seed",
            "7",
        ]));
    }
    if let Some(g) = module("modules/great-european-war") {
        let g = s(&g).to_string();
        out.push(own(&[
            "crt",
            &g,
            "--attack",
            "8",
            "--defense",
            "3",
            "--roll",
            "4",
        ]));
        out.push(own(&["table", &g]));
    }
    if let Some(g) = module("modules/greek-civil-war") {
        let g = s(&g).to_string();
        out.push(own(&[
            "crt",
            &g,
            "--attack",
            "6",
            "--defense",
            "2",
            "--roll",
            "2",
        ]));
        out.push(own(&["table", &g, "--scenario", "1947"]));
    }
    out
}

/// `crt` and `table` with their numbers, ids and flags edited: a usage error, a refusal
/// saying why, or an answer — never a panic, and never a sum that wrapped.
#[test]
fn command_line_numbers() {
    let mut bases = argument_bases();
    // `table GAME` lists the tables: each becomes a base with a roll and a modifier.
    let mut more = Vec::new();
    for base in &bases {
        if base[0] == "table" {
            let out = sandtable(
                base.iter()
                    .cloned()
                    .chain(["--format".into(), "json".into()]),
            );
            if let Ok(v) = serde_json::from_str::<Value>(&out.stdout) {
                let tables = v["tables"]
                    .as_array()
                    .or_else(|| v.as_array())
                    .cloned()
                    .unwrap_or_default();
                for t in tables.iter().take(4) {
                    if let Some(id) = t["id"].as_str() {
                        let mut b = base.clone();
                        b.insert(2, id.to_string());
                        b.extend(["--roll".into(), "4".into()]);
                        more.push(b);
                    }
                }
            }
        }
    }
    bases.extend(more);
    if bases.is_empty() {
        return skip("the example games");
    }
    exercise("arguments", 300, |rng| {
        let mut args = bases[rng.gen_range(0..bases.len())].clone();
        let what = match rng.gen_range(0..6) {
            0 | 1 => {
                // A value (never the sub-command or the game) written over.
                let i = rng.gen_range(2..args.len().max(3)).min(args.len() - 1);
                let new = *pick(rng, ARGUMENTS).unwrap_or(&"x");
                let was = std::mem::replace(&mut args[i], new.to_string());
                format!("{was:?} → {new:?}")
            }
            2 => {
                let flag = *pick(
                    rng,
                    &[
                        "--attack",
                        "--defense",
                        "--shift",
                        "--roll",
                        "--modifier",
                        "--terrain",
                        "--seed",
                        "--row",
                        "--column",
                        "--support",
                    ],
                )
                .unwrap_or(&"--attack");
                let value = *pick(rng, ARGUMENTS).unwrap_or(&"x");
                args.extend([flag.to_string(), value.to_string()]);
                format!("add {flag} {value:?}")
            }
            3 => {
                let flag = ["--attack", "--shift", "--modifier"][rng.gen_range(0..3)];
                let value = "9223372036854775807".to_string();
                args.extend([flag.to_string(), value.clone(), flag.to_string(), value]);
                format!("{flag} 9223372036854775807 twice")
            }
            4 => {
                let i = rng.gen_range(2..args.len().max(3)).min(args.len() - 1);
                let gone = args.remove(i);
                format!("drop {gone:?}")
            }
            _ => {
                args.push("--modifier".into());
                args.push(format!(
                    "{}={}",
                    ["crisis", "bonus", "x"][rng.gen_range(0..3)],
                    pick(rng, NUMBERS).unwrap_or(&"1")
                ));
                format!(
                    "add a modifier: {}",
                    args.last().cloned().unwrap_or_default()
                )
            }
        };
        // Right after the sub-command, so that a `--` the edit wrote (every later word
        // then a value, arguments:4:573) does not make the flag a value too.
        args.splice(1..1, ["--format".to_string(), "json".to_string()]);
        let out = sandtable(&args);
        let verdict = judge(&out, Located::OnCommandLine).and_then(|_| {
            if out.code == 0 {
                wrapped(&out.stdout).map_or(Ok(()), |n| {
                    Err(format!(
                        "an answer holds {n}, a sum that wrapped around: {}",
                        tail(&out.stdout)
                    ))
                })
            } else {
                Ok(())
            }
        });
        (format!("{}: {what}", args.join(" ")), verdict)
    });
}

/// A number in an answer so near the ends of 64 bits that it can only be a wrapped sum.
fn wrapped(json: &str) -> Option<i128> {
    let mut v: Value = serde_json::from_str(json).ok()?;
    // A differential table's difference is rightly as far below zero as the defence is
    // large (`--defense 9223372036854775807`, arguments:3:262): it is checked exactly, then
    // left out of the search.
    let value = |side: &str| v.get(side)?.get("value")?.as_i64().map(i128::from);
    if let (Some(a), Some(d), Some(diff)) = (
        value("attack"),
        value("defence"),
        v.get("difference").and_then(Value::as_i64),
    ) {
        if i128::from(diff) != a - d {
            return Some(i128::from(diff));
        }
        if let Some(o) = v.as_object_mut() {
            o.remove("difference");
        }
    }
    let mut stack = vec![&v];
    while let Some(x) = stack.pop() {
        match x {
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    if i < -(1 << 40) {
                        return Some(i128::from(i));
                    }
                }
            }
            Value::Array(a) => stack.extend(a),
            Value::Object(o) => stack.extend(o.values()),
            _ => {}
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// Geography

/// The hand-written part of the geography fixture's map file (its `[map.geography]`
/// sections and what precedes the layers `geo` writes), edited: `geo` refuses it with located
/// errors, or lays the map, and `geo --check` then finds it up to date.
#[test]
fn geography_sections() {
    let original =
        std::fs::read_to_string(root().join("tests/fixtures/geo/map.toml")).expect("geo fixture");
    let written_from = original
        .lines()
        .position(|l| l.starts_with("[map.terrain]"))
        .unwrap_or(original.lines().count());
    exercise("geo", 60, |rng| {
        let (what, bytes) = edit_text(rng, &original, 7..written_from);
        let copy: CopiedGame = copy_game("tests/fixtures/geo");
        let map = copy.path().join("map.toml");
        std::fs::write(&map, &bytes).expect("edit");
        let out = sandtable(["geo", s(copy.path()), "--format", "json"]);
        let verdict = match judge(&out, Located::InText) {
            Err(e) => Err(e),
            Ok(false) => Ok(()),
            Ok(true) => {
                let again = sandtable(["geo", s(copy.path()), "--check", "--format", "json"]);
                if again.code == 0 {
                    Ok(())
                } else {
                    Err(format!(
                        "geo --check right after geo says (exit {}): {}",
                        again.code,
                        tail(&again.stdout)
                    ))
                }
            }
        };
        (what, verdict)
    });
}

/// The edits themselves are a pure function of the seed and the index.
#[test]
fn an_edit_depends_on_its_seed_and_index_alone() {
    static TEXT: OnceLock<String> = OnceLock::new();
    let text = TEXT.get_or_init(|| DIPLOMACY_SPRING.to_string());
    for i in 0..50 {
        let a = edit_text(&mut rng_for("k", 3, i), text, 0..usize::MAX);
        let b = edit_text(&mut rng_for("k", 3, i), text, 0..usize::MAX);
        assert_eq!(a, b);
    }
    let differ = (0..50)
        .filter(|&i| {
            edit_text(&mut rng_for("k", 3, i), text, 0..usize::MAX)
                != edit_text(&mut rng_for("k", 4, i), text, 0..usize::MAX)
        })
        .count();
    assert!(differ > 25, "{differ}");
}

// ---------------------------------------------------------------------------------------
// A referee's game folder

/// A referee's game folder (`referee start` of Guerilla Warfare II), its `referee.toml`
/// edited: `referee status` reads it or refuses it saying why, and `referee run` either
/// refuses it or opens the next phase, whose folder `status` then reads.
#[test]
fn referee_folders() {
    let Some(game) = module("modules/guerilla-warfare-ii") else {
        return;
    };
    let Some((vmod, save, _keep)) = built("modules/guerilla-warfare-ii", "1914.vsav") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let base = tmp.path().join("base");
    let out = sandtable([
        "referee",
        "start",
        s(&game),
        "--save",
        s(&save),
        "--module",
        s(&vmod),
        "--deadline",
        "2026-12-01T18:00:00Z",
        "-o",
        s(&base),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = std::fs::read_to_string(base.join("referee.toml")).expect("state");
    let files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(&base)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(&base).expect("inside").to_path_buf();
            (rel, std::fs::read(e.path()).expect("read"))
        })
        .collect();
    exercise("referee-folders", 12, |rng| {
        let (what, bytes) = edit_text(rng, &text, 0..usize::MAX);
        let dir = tempfile::tempdir().expect("tmp");
        for (rel, content) in &files {
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
            std::fs::write(&path, content).expect("copy");
        }
        std::fs::write(dir.path().join("referee.toml"), &bytes).expect("state");
        let folder = s(dir.path());
        let verdict = judge(
            &sandtable(["referee", "status", folder, "--format", "json"]),
            Located::InFile,
        )
        .and_then(|_| {
            judge(
                &sandtable(["referee", "run", folder, "--now", "--format", "json"]),
                Located::InFile,
            )
        })
        .and_then(|ran| {
            if !ran {
                return Ok(());
            }
            let after = sandtable(["referee", "status", folder, "--format", "json"]);
            judge(&after, Located::InFile).and_then(|ok| {
                ok.then_some(())
                    .ok_or_else(|| format!("the folder run wrote does not read: {}", after.stdout))
            })
        });
        (what, verdict)
    });
}
