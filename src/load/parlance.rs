//! Parlance's variant files (`.cfg`), the format the Parlance judge and the Parterre package
//! of variants are written in: INI sections of `KEY=VALUE` lines, every province and power
//! named by a three-letter code.
//!
//! | section | lines |
//! |---|---|
//! | `[variant]` | `name=`, `start=`, …; only `base=NAME` is read: the sections of `NAME.cfg` beside the file, each replaced whole by this file's own |
//! | `[powers]` | `END=England,English`: a power's code, name and adjective |
//! | `[provinces]` | `ADL=Andalucia`: a province's full name |
//! | `[borders]` | `CAT=AMY ADL CAS, FLT ADL GOL MAR`: who may move where; a split coast is `(FLT NCS) …`, a neighbour's coast `(WAS NCS)` |
//! | `[positions]` | `AUS=AMY PEC,FLT ZAR`: starting units (`FLT STP SCS` or `FLT (STP SCS)` on a coast) |
//! | `[ownership]`, `[homes]` | `AUS=BUD,PEC`: centres owned at the start and home centres; `UNO=` the unowned ones |
//!
//! A province with `AMY` and `FLT` moves is a coast, with `AMY` only inland, with `FLT` only a
//! sea; `ICE=AMY, FLT ARO …` (no army moves) is a coastal island. A split coast `(FLT NCS)`
//! of `STP` is the location `stp/nc` (`NCS`, `SCS`, `ECS`, `WCS` become `nc`, `sc`, `ec`,
//! `wc`). The board read is the one [`crate::load::dpjudge`] reads DPjudge's files into, so
//! `sandtable import` writes either the same way. Home centres are `[homes]` (`[ownership]`
//! when there is none). Every line that cannot be read is a located error; reading goes on
//! so that one run reports them all.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::diag::source::{FileId, SourceMap};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::dpjudge::{Abut, Board, Location, Power, Terrain, Unit};

/// Diagnostic code of a line that cannot be read.
const BAD: &str = "bad-parlance";

/// Variant files may build on a `base` this deep.
const MAX_DEPTH: usize = 16;

/// The sections sandtable reads.
const SECTIONS: &[&str] = &[
    "variant",
    "powers",
    "provinces",
    "borders",
    "positions",
    "ownership",
    "homes",
];

/// A `KEY=VALUE` line.
#[derive(Debug, Clone)]
struct Entry {
    key: String,
    key_span: Span,
    /// The value, trimmed.
    value: String,
    /// Byte offset of the value in its file.
    value_start: usize,
    file: FileId,
    /// The whole line.
    span: Span,
}

impl Entry {
    fn value_span(&self) -> Span {
        if self.value.is_empty() {
            return self.span.clone();
        }
        Span::new(
            self.file,
            self.value_start..self.value_start + self.value.len(),
        )
    }
}

/// A token of a value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Word(String),
    Open,
    Close,
    Comma,
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    span: Span,
}

/// A section as read: where its header is and its lines.
#[derive(Debug, Clone)]
struct Section {
    header: Span,
    entries: Vec<Entry>,
}

type Sections = BTreeMap<String, Section>;

/// Read a Parlance variant file (and its `base`). The board is `None` when the file cannot
/// be read at all; otherwise every problem is in the diagnostics.
pub fn read(path: &Path, sources: &mut SourceMap) -> (Option<Board>, Diagnostics) {
    let mut diags = Diagnostics::default();
    let mut seen = Vec::new();
    match read_file(path, sources, &mut diags, &mut seen) {
        Ok(sections) => {
            let board = resolve(&sections, &mut diags);
            (Some(board), diags)
        }
        Err(e) => {
            diags.push(Diagnostic::error("unreadable", e));
            (None, diags)
        }
    }
}

fn read_file(
    path: &Path,
    sources: &mut SourceMap,
    diags: &mut Diagnostics,
    seen: &mut Vec<PathBuf>,
) -> Result<Sections, String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&text).into_owned();
    let file = sources.add(path.display().to_string(), text.clone());
    seen.push(path.to_path_buf());
    let mut sections = Sections::new();
    let mut current: Option<String> = None;
    // After a header that cannot be read, its lines are passed over (it is reported).
    let mut skipping = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end();
        let trimmed = content.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        let lead = start + content.len() - trimmed.len();
        let span = Span::new(file, lead..lead + trimmed.len());
        if let Some(name) = trimmed.strip_prefix('[') {
            let Some(name) = name.strip_suffix(']') else {
                diags.push(
                    Diagnostic::error(BAD, format!("cannot read `{trimmed}`"))
                        .at(span)
                        .hint("a section starts with its name in brackets: `[borders]`"),
                );
                current = None;
                skipping = true;
                continue;
            };
            let name = name.trim().to_ascii_lowercase();
            if let Some(first) = sections.get(&name) {
                diags.push(
                    Diagnostic::error("duplicate-id", format!("section `[{name}]` is given twice"))
                        .at(span)
                        .note(first.header.clone(), "first given here"),
                );
                current = None;
                skipping = true;
                continue;
            }
            if !SECTIONS.contains(&name.as_str()) {
                diags.push(
                    Diagnostic::warning(BAD, format!("section `[{name}]` is not read"))
                        .at(span.clone())
                        .hint(format!("sandtable reads [{}]", SECTIONS.join("], ["))),
                );
            }
            sections.insert(
                name.clone(),
                Section {
                    header: span,
                    entries: Vec::new(),
                },
            );
            current = Some(name);
            skipping = false;
            continue;
        }
        let Some(section) = current.as_ref().and_then(|c| sections.get_mut(c)) else {
            if !skipping {
                diags.push(
                    Diagnostic::error(BAD, format!("`{trimmed}` is in no section"))
                        .at(span)
                        .hint("put it under its section's header, e.g. `[borders]`"),
                );
            }
            continue;
        };
        let Some(eq) = trimmed.find(['=', ':']) else {
            diags.push(
                Diagnostic::error(BAD, format!("cannot read `{trimmed}`"))
                    .at(span)
                    .hint("a line of a section reads `KEY=VALUE`, e.g. `ADL=Andalucia`"),
            );
            continue;
        };
        let key_raw = &trimmed[..eq];
        let key = key_raw.trim();
        if key.is_empty() {
            diags.push(
                Diagnostic::error(BAD, format!("`{trimmed}` has no key before `=`"))
                    .at(span)
                    .hint("a line of a section reads `KEY=VALUE`, e.g. `ADL=Andalucia`"),
            );
            continue;
        }
        let key_start = lead + (key_raw.len() - key_raw.trim_start().len());
        let value_raw = &trimmed[eq + 1..];
        let value = value_raw.trim();
        let value_start = lead + eq + 1 + (value_raw.len() - value_raw.trim_start().len());
        section.entries.push(Entry {
            key: key.to_string(),
            key_span: Span::new(file, key_start..key_start + key.len()),
            value: value.to_string(),
            value_start,
            file,
            span,
        });
    }
    // A variant on another: that one's sections, each replaced by this file's own.
    let base = sections
        .get("variant")
        .and_then(|s| {
            s.entries
                .iter()
                .find(|e| e.key.eq_ignore_ascii_case("base"))
        })
        .cloned();
    if let Some(base) = base {
        let used = path
            .parent()
            .unwrap_or(Path::new("."))
            .join(format!("{}.cfg", base.value));
        if base.value.is_empty() {
            diags.push(
                Diagnostic::error(BAD, "`base=` names no variant")
                    .at(base.span.clone())
                    .hint("`base=NAME` reads `NAME.cfg` beside this file"),
            );
        } else if seen.len() >= MAX_DEPTH || seen.contains(&used) {
            diags.push(
                Diagnostic::error(BAD, format!("`{}` is a base again (a loop)", base.value))
                    .at(base.value_span()),
            );
        } else {
            match read_file(&used, sources, diags, seen) {
                Ok(mut under) => {
                    for (name, s) in sections {
                        under.insert(name, s);
                    }
                    return Ok(under);
                }
                Err(e) => diags.push(
                    Diagnostic::error("unreadable", format!("the base variant: {e}"))
                        .at(base.value_span())
                        .hint(format!(
                            "`base={}` reads `{}.cfg` beside this file (Parlance's built-in boards are not files)",
                            base.value, base.value
                        )),
                ),
            }
        }
    }
    Ok(sections)
}

/// The tokens of a value: words, parentheses and commas.
fn tokens(e: &Entry, diags: &mut Diagnostics) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word: Option<usize> = None;
    let at = |a: usize, b: usize| Span::new(e.file, e.value_start + a..e.value_start + b);
    let v = &e.value;
    for (i, c) in v.char_indices().chain(std::iter::once((v.len(), ' '))) {
        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
            word.get_or_insert(i);
            continue;
        }
        if let Some(w) = word.take() {
            out.push(Token {
                tok: Tok::Word(v[w..i].to_string()),
                span: at(w, i),
            });
        }
        let tok = match c {
            '(' => Tok::Open,
            ')' => Tok::Close,
            ',' => Tok::Comma,
            c if c.is_whitespace() => continue,
            c => {
                diags.push(
                    Diagnostic::error(BAD, format!("`{c}` cannot be read here"))
                        .at(at(i, i + c.len_utf8()))
                        .hint("a value holds codes, `(`, `)` and commas"),
                );
                continue;
            }
        };
        out.push(Token {
            tok,
            span: at(i, i + c.len_utf8()),
        });
    }
    out
}

/// The comma-separated parts of a value's tokens.
fn parts(tokens: &[Token]) -> Vec<&[Token]> {
    tokens.split(|t| t.tok == Tok::Comma).collect()
}

fn word(t: Option<&Token>) -> Option<&str> {
    match t.map(|t| &t.tok) {
        Some(Tok::Word(w)) => Some(w),
        _ => None,
    }
}

/// A coast's id in our boards: `NCS` → `nc`.
fn coast_id(code: &str) -> String {
    let c = code.to_ascii_lowercase();
    match c.strip_suffix("cs") {
        Some(first) if first.len() == 1 => format!("{first}c"),
        _ => c,
    }
}

/// A coast's name: `nc` → `north coast`.
fn coast_name(id: &str) -> String {
    match id {
        "nc" => "north coast".into(),
        "sc" => "south coast".into(),
        "ec" => "east coast".into(),
        "wc" => "west coast".into(),
        other => format!("{other} coast"),
    }
}

/// A location written in a list: `STP` or `(STP NCS)`. Returns it and the tokens it took.
fn location(t: &[Token]) -> Option<((String, Span), usize)> {
    match (word(t.first()), t.first().map(|x| &x.tok)) {
        (Some(w), _) => Some(((w.to_ascii_lowercase(), t[0].span.clone()), 1)),
        (None, Some(Tok::Open)) => {
            let (p, c) = (word(t.get(1))?, word(t.get(2))?);
            let close = t.get(3).filter(|x| x.tok == Tok::Close)?;
            let span = Span::new(t[0].span.file, t[0].span.range.start..close.span.range.end);
            Some((
                (format!("{}/{}", p.to_ascii_lowercase(), coast_id(c)), span),
                4,
            ))
        }
        _ => None,
    }
}

/// Every location of a list, or the token that cannot be read.
fn locations(mut t: &[Token]) -> Result<Vec<(String, Span)>, Span> {
    let mut out = Vec::new();
    while !t.is_empty() {
        let Some((loc, n)) = location(t) else {
            return Err(t[0].span.clone());
        };
        out.push(loc);
        t = &t[n..];
    }
    Ok(out)
}

/// Whole span of some tokens.
fn span_of(t: &[Token], or: &Span) -> Span {
    match (t.first(), t.last()) {
        (Some(a), Some(b)) => Span::new(a.span.file, a.span.range.start..b.span.range.end),
        _ => or.clone(),
    }
}

/// A province of `[borders]` before its neighbours are resolved.
struct Raw {
    id: String,
    army: Option<Vec<(String, Span)>>,
    fleet: Option<Vec<(String, Span)>>,
    coasts: Vec<(String, Vec<(String, Span)>)>,
    span: Span,
}

fn read_border(e: &Entry, diags: &mut Diagnostics) -> Option<Raw> {
    let toks = tokens(e, diags);
    let mut raw = Raw {
        id: e.key.to_ascii_lowercase(),
        army: None,
        fleet: None,
        coasts: Vec::new(),
        span: e.span.clone(),
    };
    if toks.is_empty() {
        diags.push(
            Diagnostic::error(BAD, format!("`{}` has no moves", e.key))
                .at(e.span.clone())
                .hint("e.g. `CAT=AMY ADL CAS, FLT ADL GOL MAR`"),
        );
        return None;
    }
    for part in parts(&toks) {
        let (coast, rest) = match (word(part.first()), part.first().map(|t| &t.tok)) {
            (Some(u), _) if u.eq_ignore_ascii_case("AMY") || u.eq_ignore_ascii_case("FLT") => {
                (None, &part[1..])
            }
            (None, Some(Tok::Open))
                if word(part.get(1)).is_some_and(|u| u.eq_ignore_ascii_case("FLT"))
                    && word(part.get(2)).is_some()
                    && part.get(3).is_some_and(|t| t.tok == Tok::Close) =>
            {
                (word(part.get(2)).map(coast_id), &part[4..])
            }
            _ => {
                diags.push(
                    Diagnostic::error(
                        BAD,
                        "each part of a province's moves starts with `AMY`, `FLT` or a coast `(FLT NCS)`",
                    )
                    .at(span_of(part, &e.value_span()))
                    .hint("e.g. `STP=AMY FIN MOS, (FLT NCS) BAR NWY, (FLT SCS) BOT FIN LVN`"),
                );
                continue;
            }
        };
        let list = match locations(rest) {
            Ok(l) => l,
            Err(span) => {
                diags.push(
                    Diagnostic::error(BAD, "a neighbour reads `ABC` or `(ABC NCS)`")
                        .at(span)
                        .hint(
                            "a province's code, or a province's code and its coast in parentheses",
                        ),
                );
                continue;
            }
        };
        let twice = |what: &str, diags: &mut Diagnostics| {
            diags.push(
                Diagnostic::error("duplicate-id", format!("`{}` lists {what} twice", e.key))
                    .at(span_of(part, &e.value_span())),
            );
        };
        match coast {
            Some(c) if raw.coasts.iter().any(|(x, _)| *x == c) => {
                twice(&format!("the coast `{c}`"), diags)
            }
            Some(c) => raw.coasts.push((c, list)),
            None if word(part.first()).is_some_and(|u| u.eq_ignore_ascii_case("AMY")) => {
                if raw.army.is_some() {
                    twice("its army moves", diags);
                } else {
                    raw.army = Some(list);
                }
            }
            None => {
                if raw.fleet.is_some() {
                    twice("its fleet moves", diags);
                } else {
                    raw.fleet = Some(list);
                }
            }
        }
    }
    Some(raw)
}

/// The centres of an `[ownership]` or `[homes]` line.
fn centres(e: &Entry, diags: &mut Diagnostics) -> Vec<(String, Span)> {
    let toks = tokens(e, diags);
    let mut out = Vec::new();
    for part in parts(&toks) {
        match part {
            [] => {}
            [t] if word(Some(t)).is_some() => out.push((
                word(Some(t)).unwrap_or("").to_ascii_lowercase(),
                t.span.clone(),
            )),
            _ => diags.push(
                Diagnostic::error(BAD, "a supply centre is one province's code")
                    .at(span_of(part, &e.value_span()))
                    .hint("e.g. `AUS=BUD,PEC,VIE,ZAR`"),
            ),
        }
    }
    out
}

/// The units of a `[positions]` line: `AMY PEC`, `FLT STP SCS`, `FLT (STP SCS)`.
fn units(e: &Entry, power: &str, diags: &mut Diagnostics) -> Vec<Unit> {
    let toks = tokens(e, diags);
    let mut out = Vec::new();
    for part in parts(&toks) {
        if part.is_empty() {
            continue;
        }
        let kind = match word(part.first()).map(str::to_ascii_uppercase).as_deref() {
            Some("AMY") => Some('A'),
            Some("FLT") => Some('F'),
            _ => None,
        };
        let at = match part.get(1..) {
            Some([p, c]) if word(Some(p)).is_some() && word(Some(c)).is_some() => Some(format!(
                "{}/{}",
                word(Some(p)).unwrap_or("").to_ascii_lowercase(),
                coast_id(word(Some(c)).unwrap_or(""))
            )),
            Some(rest) => match location(rest) {
                Some(((id, _), n)) if n == rest.len() => Some(id),
                _ => None,
            },
            None => None,
        };
        match (kind, at) {
            (Some(kind), Some(at)) => out.push(Unit {
                power: power.to_string(),
                kind,
                at,
                span: span_of(part, &e.value_span()),
            }),
            _ => diags.push(
                Diagnostic::error(BAD, "a unit reads `AMY ABC` or `FLT ABC`")
                    .at(span_of(part, &e.value_span()))
                    .hint("a fleet on a coast: `FLT STP SCS` or `FLT (STP SCS)`"),
            ),
        }
    }
    out
}

fn entries<'a>(s: &'a Sections, name: &str) -> &'a [Entry] {
    s.get(name).map_or(&[], |s| s.entries.as_slice())
}

fn resolve(s: &Sections, diags: &mut Diagnostics) -> Board {
    let mut board = Board::default();

    // Province names.
    let mut names: BTreeMap<String, (String, Span)> = BTreeMap::new();
    for e in entries(s, "provinces") {
        let id = e.key.to_ascii_lowercase();
        if let Some((_, first)) = names.get(&id) {
            diags.push(
                Diagnostic::error(
                    "duplicate-id",
                    format!("province `{}` is named twice", e.key),
                )
                .at(e.key_span.clone())
                .note(first.clone(), "first named here"),
            );
            continue;
        }
        names.insert(id, (e.value.clone(), e.key_span.clone()));
    }

    // The provinces and their coasts.
    let mut raws: Vec<Raw> = Vec::new();
    for e in entries(s, "borders") {
        let Some(raw) = read_border(e, diags) else {
            continue;
        };
        if let Some(first) = raws.iter().find(|r| r.id == raw.id) {
            diags.push(
                Diagnostic::error(
                    "duplicate-id",
                    format!("province `{}` is described twice", e.key),
                )
                .at(e.key_span.clone())
                .note(first.span.clone(), "first described here"),
            );
            continue;
        }
        raws.push(raw);
    }
    let mut ids: Vec<String> = Vec::new();
    for r in &raws {
        ids.push(r.id.clone());
        for (c, _) in &r.coasts {
            ids.push(format!("{}/{c}", r.id));
        }
    }
    let check = |to: &str, span: &Span, diags: &mut Diagnostics| -> bool {
        if ids.iter().any(|i| i == to) {
            return true;
        }
        diags.push(
            Diagnostic::error("unknown-reference", format!("no location `{to}`"))
                .at(span.clone())
                .hint_opt(crate::diag::suggest::did_you_mean(
                    to,
                    ids.iter().map(String::as_str),
                )),
        );
        false
    };
    for r in &raws {
        let name = names.get(&r.id).map(|(n, _)| n.clone());
        let has_fleet = r.fleet.is_some() || !r.coasts.is_empty();
        let terrain = match (r.army.is_some(), has_fleet) {
            (true, true) => Terrain::Coast,
            (true, false) => Terrain::Land,
            _ => Terrain::Water,
        };
        let mut abuts: Vec<Abut> = Vec::new();
        for (list, armies) in [(&r.army, true), (&r.fleet, false)] {
            for (to, span) in list.iter().flatten() {
                if !check(to, span, diags) {
                    continue;
                }
                match abuts.iter_mut().find(|a| a.to == *to) {
                    Some(a) if armies => a.armies = true,
                    Some(a) => a.fleets = true,
                    None => abuts.push(Abut {
                        to: to.clone(),
                        armies,
                        fleets: !armies,
                        span: span.clone(),
                    }),
                }
            }
        }
        board.locations.push(Location {
            id: r.id.clone(),
            name: name.clone(),
            aliases: Vec::new(),
            terrain,
            fleets: r.fleet.is_some() && r.coasts.is_empty(),
            abuts,
            span: r.span.clone(),
        });
        for (c, list) in &r.coasts {
            let abuts = list
                .iter()
                .filter(|(to, span)| check(to, span, diags))
                .map(|(to, span)| Abut {
                    to: to.clone(),
                    armies: false,
                    fleets: true,
                    span: span.clone(),
                })
                .collect();
            board.locations.push(Location {
                id: format!("{}/{c}", r.id),
                name: Some(format!(
                    "{} ({})",
                    name.clone().unwrap_or_else(|| r.id.to_ascii_uppercase()),
                    coast_name(c)
                )),
                aliases: Vec::new(),
                terrain: Terrain::Coast,
                fleets: true,
                abuts,
                span: r.span.clone(),
            });
        }
    }
    for (id, (_, span)) in &names {
        if !raws.iter().any(|r| r.id == *id) && !raws.is_empty() {
            diags.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!(
                        "`{}` is named but has no line in [borders]",
                        id.to_ascii_uppercase()
                    ),
                )
                .at(span.clone()),
            );
        }
    }
    let province = |id: &str, span: &Span, diags: &mut Diagnostics| -> bool {
        if raws.iter().any(|r| r.id == id) {
            return true;
        }
        diags.push(
            Diagnostic::error("unknown-reference", format!("no province `{id}`"))
                .at(span.clone())
                .hint_opt(crate::diag::suggest::did_you_mean(
                    id,
                    raws.iter().map(|r| r.id.as_str()),
                )),
        );
        false
    };

    // Powers: `[powers]` when given, else the codes of the centres' sections.
    let mut powers: Vec<(String, Power)> = Vec::new();
    for e in entries(s, "powers") {
        let code = e.key.to_ascii_uppercase();
        if let Some((_, first)) = powers.iter().find(|(c, _)| *c == code) {
            diags.push(
                Diagnostic::error("duplicate-id", format!("power `{code}` is given twice"))
                    .at(e.key_span.clone())
                    .note(first.span.clone(), "first given here"),
            );
            continue;
        }
        let mut words = e.value.split(',').map(str::trim);
        let name = words.next().filter(|n| !n.is_empty());
        let adjective = words.next().filter(|n| !n.is_empty()).map(str::to_string);
        let Some(name) = name else {
            diags.push(
                Diagnostic::error(BAD, format!("power `{code}` has no name"))
                    .at(e.span.clone())
                    .hint("e.g. `END=England,English`: the name, then the adjective"),
            );
            continue;
        };
        powers.push((
            code,
            Power {
                name: name.to_string(),
                adjective,
                home: Vec::new(),
                span: e.key_span.clone(),
            },
        ));
    }
    let named = !powers.is_empty();
    let homes = if s.contains_key("homes") {
        "homes"
    } else {
        "ownership"
    };
    let mut unowned: Vec<String> = Vec::new();
    let mut owned: Vec<(String, Vec<String>)> = Vec::new();
    for section in ["ownership", "homes"] {
        let mut done: Vec<(String, Span)> = Vec::new();
        for e in entries(s, section) {
            let code = e.key.to_ascii_uppercase();
            if let Some((_, first)) = done.iter().find(|(c, _)| *c == code) {
                diags.push(
                    Diagnostic::error(
                        "duplicate-id",
                        format!("`{code}` is given twice in [{section}]"),
                    )
                    .at(e.key_span.clone())
                    .note(first.clone(), "first given here"),
                );
                continue;
            }
            done.push((code.clone(), e.key_span.clone()));
            let list: Vec<String> = centres(e, diags)
                .into_iter()
                .filter(|(c, span)| province(c, span, diags))
                .map(|(c, _)| c)
                .collect();
            if code == "UNO" {
                for c in list {
                    if !unowned.contains(&c) {
                        unowned.push(c);
                    }
                }
                continue;
            }
            if !powers.iter().any(|(c, _)| *c == code) {
                if named {
                    diags.push(
                        Diagnostic::error("unknown-reference", format!("no power `{code}`"))
                            .at(e.key_span.clone())
                            .hint_opt(crate::diag::suggest::did_you_mean(
                                &code,
                                powers.iter().map(|(c, _)| c.as_str()),
                            )),
                    );
                    continue;
                }
                powers.push((
                    code.clone(),
                    Power {
                        name: code.clone(),
                        adjective: None,
                        home: Vec::new(),
                        span: e.key_span.clone(),
                    },
                ));
            }
            if section == "ownership" {
                owned.push((code.clone(), list.clone()));
            }
            if section == homes {
                if let Some((_, p)) = powers.iter_mut().find(|(c, _)| *c == code) {
                    p.home = list;
                }
            }
        }
    }
    // Home centres shared by powers (any power builds in any centre it owns, as in Hundred)
    // are not ours to give: each power's home is then what it owns at the start.
    let shared: Vec<String> = {
        let mut all: Vec<&String> = powers.iter().flat_map(|(_, p)| &p.home).collect();
        all.sort();
        let mut out: Vec<String> = all
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| w[0].to_ascii_uppercase())
            .collect();
        out.dedup();
        out
    };
    if !shared.is_empty() && homes == "homes" && !owned.is_empty() {
        diags.push(
            Diagnostic::warning(
                BAD,
                format!(
                    "{} are home centres of several powers: each power's home centres are taken from [ownership] instead",
                    shared.join(", ")
                ),
            )
            .at_opt(s.get("homes").map(|h| h.header.clone()))
            .hint("a home centre belongs to one power; a rule that lets powers build in any centre they own is not imported"),
        );
        for (code, p) in powers.iter_mut() {
            p.home = owned
                .iter()
                .find(|(c, _)| c == code)
                .map(|(_, l)| l.clone())
                .unwrap_or_default();
        }
    }
    // A centre owned at the start is a supply centre even when no one's home.
    let homes_of: Vec<String> = powers.iter().flat_map(|(_, p)| p.home.clone()).collect();
    for e in entries(s, "ownership").iter().filter(|e| e.key != "UNO") {
        for (c, span) in centres(e, &mut Diagnostics::default()) {
            if !homes_of.contains(&c) && !unowned.contains(&c) && ids.contains(&c) {
                diags.push(
                    Diagnostic::warning(
                        BAD,
                        format!("`{}` is owned at the start but no one's home centre: it is imported as unowned", c.to_ascii_uppercase()),
                    )
                    .at(span),
                );
                unowned.push(c);
            }
        }
    }

    // Starting units.
    for e in entries(s, "positions") {
        let code = e.key.to_ascii_uppercase();
        let Some((_, p)) = powers.iter().find(|(c, _)| *c == code) else {
            diags.push(
                Diagnostic::error("unknown-reference", format!("no power `{code}`"))
                    .at(e.key_span.clone())
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        &code,
                        powers.iter().map(|(c, _)| c.as_str()),
                    )),
            );
            continue;
        };
        let name = p.name.clone();
        for u in units(e, &name, diags) {
            if check(&u.at, &u.span, diags) {
                board.units.push(u);
            }
        }
    }
    board.powers = powers.into_iter().map(|(_, p)| p).collect();
    board.unowned = unowned;
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(files: &[(&str, &str)]) -> (Option<Board>, Diagnostics, SourceMap) {
        let dir = tempfile::tempdir().expect("temp");
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).expect("write");
        }
        let mut sources = SourceMap::default();
        let (b, d) = read(&dir.path().join(files[0].0), &mut sources);
        (b, d, sources)
    }

    const MINI: &str = "\
# a corner of a board
[variant]
name=mini
start=SPR 1901

[positions]
RUS=FLT STP SCS,AMY MOS
TUR=FLT (BUL ECS)

[ownership]
RUS=MOS,STP
TUR=
UNO=BUL,ICE

[homes]
RUS=MOS,STP
UNO=BUL,ICE

[borders]
MOS=AMY STP
STP=AMY MOS, (FLT NCS) BAR, (FLT SCS) BAL
BAR=FLT (STP NCS) ICE
BAL=FLT (STP SCS) (BUL ECS)
BUL=AMY, (FLT ECS) BAL
ICE=AMY, FLT BAR

[powers]
RUS=Russia,Russian
TUR=Turkey,Turkish

[provinces]
MOS=Moscow
STP=St Petersburg
BAR=Barents Sea
BAL=Baltic Sea
BUL=Bulgaria
ICE=Iceland
";

    #[test]
    fn coasts_inland_seas_and_islands() {
        let (b, d, _) = read_text(&[("mini.cfg", MINI)]);
        assert!(d.is_empty(), "{d:?}");
        let b = b.expect("board");
        let t = |id: &str| b.location(id).expect(id).terrain;
        assert_eq!(t("mos"), Terrain::Land);
        assert_eq!(t("stp"), Terrain::Coast);
        assert_eq!(t("bar"), Terrain::Water);
        assert_eq!(t("ice"), Terrain::Coast, "a coastal island");
        assert!(b.location("ice").expect("ice").fleets);
        assert!(
            !b.location("stp").expect("stp").fleets,
            "fleets name a coast"
        );
        assert_eq!(
            b.location("stp/nc").expect("stp/nc").name.as_deref(),
            Some("St Petersburg (north coast)")
        );
        assert_eq!(
            b.fleet_moves("stp/sc").into_iter().collect::<Vec<_>>(),
            ["bal"]
        );
        assert_eq!(
            b.fleet_moves("bal").into_iter().collect::<Vec<_>>(),
            ["bul/ec", "stp/sc"]
        );
        assert!(b.army_moves("mos").contains("stp"));
        assert!(b.army_moves("ice").is_empty());
        assert_eq!(b.powers[0].name, "Russia");
        assert_eq!(b.powers[0].adjective.as_deref(), Some("Russian"));
        assert_eq!(b.powers[0].home, ["mos", "stp"]);
        assert!(b.powers[1].home.is_empty());
        assert_eq!(b.unowned, ["bul", "ice"]);
        assert_eq!(b.supply_centres(), ["bul", "ice", "mos", "stp"]);
        let units: Vec<(&str, char, &str)> = b
            .units
            .iter()
            .map(|u| (u.power.as_str(), u.kind, u.at.as_str()))
            .collect();
        assert_eq!(
            units,
            [
                ("Russia", 'F', "stp/sc"),
                ("Russia", 'A', "mos"),
                ("Turkey", 'F', "bul/ec")
            ]
        );
    }

    #[test]
    fn mistakes_are_located_and_reading_goes_on() {
        let bad = MINI
            .replace("BAR=FLT (STP NCS) ICE", "BAR=FLT (STP NCS) ICX")
            .replace("MOS=AMY STP", "MOS=AMY STP\nlost line")
            .replace("ICE=AMY, FLT BAR", "ICE=AMY, BOAT BAR")
            .replace("RUS=FLT STP SCS,AMY MOS", "RUS=FLT STP SCS,TANK MOS");
        let (b, d, sources) = read_text(&[("mini.cfg", &bad)]);
        assert!(b.is_some());
        let found: Vec<(String, usize, usize)> = d
            .iter()
            .map(|x| {
                let s = x.span.clone().expect("located");
                let (l, c) = sources.line_column(s.file, s.range.start);
                (x.message.clone(), l, c)
            })
            .collect();
        let has = |m: &str, line: usize, col: usize| {
            assert!(
                found
                    .iter()
                    .any(|(fm, l, c)| fm.contains(m) && *l == line && *c == col),
                "{m} at {line}:{col} not in {found:?}"
            );
        };
        has("a unit reads", 7, 17);
        has("cannot read `lost line`", 21, 1);
        has("no location `icx`", 23, 19);
        has("starts with `AMY`", 26, 10);
    }

    #[test]
    fn a_base_variant_is_read_under_the_file() {
        let variant = "[variant]\nbase=mini\n\n[positions]\nRUS=AMY STP\n";
        let (b, d, _) = read_text(&[("v.cfg", variant), ("mini.cfg", MINI)]);
        assert!(d.is_empty(), "{d:?}");
        let b = b.expect("board");
        assert_eq!(b.locations.len(), 9);
        assert_eq!(b.units.len(), 1);
        let (_, d, _) = read_text(&[("v.cfg", "[variant]\nbase=standard\n")]);
        assert!(
            d.iter().any(|x| x.code == "unreadable" && x.span.is_some()),
            "{d:?}"
        );
        let (_, d, _) = read_text(&[("v.cfg", "[variant]\nbase=v\n")]);
        assert!(d.iter().any(|x| x.message.contains("loop")), "{d:?}");
    }

    #[test]
    fn garbage_never_panics() {
        for text in [
            "",
            "=",
            "[",
            "[borders",
            "[borders]\n=",
            "[borders]\nX=(",
            "[borders]\nX=(FLT",
            "[borders]\nX=(FLT NCS",
            "[borders]\nX=AMY (A",
            "[positions]\nX=FLT",
            "[positions]\nX=FLT (A B",
            "[ownership]\nX=(",
            "[powers]\nX=,",
            "\u{feff}[ÄÖ]\nä=ö",
        ] {
            let _ = read_text(&[("g.cfg", text)]);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn any_lines_read_without_panicking(
            lines in proptest::collection::vec(
                proptest::sample::select(vec![
                    "[borders]", "[positions]", "[homes]", "[powers]", "[variant]",
                    "base=self", "STP=AMY MOS, (FLT NCS) BAR", "BAR=FLT (STP NCS)",
                    "RUS=FLT STP SCS", "RUS=Russia,Russian", "UNO=BUL", "X=(", "= =",
                    "ICE=AMY, FLT BAR", "# only a comment", "\u{0}\u{7f}", "AMY",
                ]),
                0..12,
            ),
        ) {
            let (_, d, sources) = read_text(&[("self.cfg", &lines.join("\n"))]);
            for x in d.iter() {
                if let Some(s) = &x.span {
                    proptest::prop_assert!(s.range.end <= sources.text(s.file).len());
                }
            }
        }
    }
}
