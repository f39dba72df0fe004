//! One line of a `.map` file: which directive it is and what it changes, the files it `USE`s
//! read in its place, and `BEGIN`.

use super::*;

pub(super) fn read_line(
    line: &Line,
    path: &Path,
    sources: &mut SourceMap,
    r: &mut Reading,
    diags: &mut Diagnostics,
    depth: usize,
) {
    let words = line.words();
    let first = words[0];
    let up = first.py_upper();
    let span = line.span();
    // `[variant] DIRECTIVE[S]` … `END DIRECTIVES`: lines of a game's status file.
    if words.last().is_some_and(|w| {
        let w = w.py_upper();
        w == "DIRECTIVE" || w == "DIRECTIVES"
    }) {
        if words.len() > 2 {
            diags.push(bad(
                "a `DIRECTIVES` line is `[variant] DIRECTIVES` or `END DIRECTIVES`",
                span,
            ));
        } else if up == "END" {
            r.stanza = false;
        } else {
            r.stanza = true;
            diags.push(lost(
                format!("`{}`: the settings of a game's status file that follow (to `END DIRECTIVES`) are not read", line.text),
                span,
            ).hint("sandtable has no game status file: set such rules in the game's own files"));
        }
        return;
    }
    if r.stanza {
        return;
    }
    // `IN phase [: directive]`, `FROM phase [: directive]`, `FROM START`.
    if up == "IN" || up == "FROM" {
        let rest = line.text[first.len()..].trim();
        let (when, what) = match rest.split_once(':') {
            Some((w, d)) => (w.trim(), Some(d.trim())),
            None => (rest, None),
        };
        if up == "FROM" && when.eq_ignore_ascii_case("START") {
            r.dynamic = false;
            return;
        }
        r.dynamic = what.is_none();
        diags.push(
            lost(
                format!(
                    "`{}`: {} applies only {} `{when}`; sandtable's board does not change by phase, so it is left out",
                    line.text,
                    if what.is_some() { "the directive" } else { "every line that follows (to `FROM START`)" },
                    if up == "IN" { "in" } else { "from" },
                ),
                span,
            )
            .hint("play the change by hand, or make a board of the changed map"),
        );
        return;
    }
    if r.dynamic {
        return;
    }
    match up.as_str() {
        "TEXTONLY" => {}
        "VICTORY" => {
            let counts: Vec<Option<u32>> = words[1..].iter().map(|w| w.parse().ok()).collect();
            match counts.first() {
                Some(Some(n)) if counts.iter().all(Option::is_some) => {
                    r.victory = Some(*n);
                    if counts.len() > 1 {
                        diags.push(lost(
                            format!("`{}`: the count that wins changes by year in DPjudge; sandtable's victory is one count: {n}, the first", line.text),
                            span,
                        ));
                    }
                }
                _ => diags.push(bad("`VICTORY` is followed by the number of centres that win", span).hint("e.g. `VICTORY 18`")),
            }
        }
        "USE" | "USES" | "MAP" => {
            if words.len() == 1 {
                diags.push(
                    bad(format!("`{first}` names no file"), span.clone())
                        .hint(format!("write `{first} standard` or `{first} standard.map`")),
                );
            }
            if up == "MAP" && words.len() > 2 {
                diags.push(bad("`MAP` names one file", span));
            }
            for w in &words[1..] {
                use_file(w, line, path, sources, r, diags, depth);
            }
        }
        "FLAGS" | "NOTIFY" => {}
        "FLOW" => {
            if words.len() == 1 {
                r.flow.clear();
            }
            for w in &words[1..] {
                r.flow.push(((*w).to_string(), line.of(w)));
            }
        }
        "BEGIN" => read_begin(&words, line, r, diags),
        "RULE" | "RULES" => {
            for w in &words[1..] {
                diags.push(lost(format!("`RULE {w}`: DPjudge's rule `{w}` is not played by sandtable's adjudicator"), line.of(w)).hint("say it in the rules the game's players read"));
            }
        }
        "ROTATE" => diags.push(lost(
            format!("`{}`: control of a power by another is not held by a sandtable board", line.text),
            span,
        )),
        "NEWHOMES" => diags.push(lost(
            format!("`{}`: home centres are not reassigned in those years; each power keeps the home centres it starts with", line.text),
            span,
        )),
        // (Everything above is read before a line with `=`, everything below after, as in
        // DPjudge: `Flag Island = fla` is a name.)
        _ if line.text.contains('=') => read_names(line, r, diags),
        "FLAG" => {}
        "CONTROL" | "LEAGUE" | "RESERVES" | "MILITIA" => {
            diags.push(lost(
                format!("`{}`: {} is not held by a sandtable board", line.text, match up.as_str() {
                    "CONTROL" => "control of a power by another",
                    "LEAGUE" => "a league and its limits on support and convoy",
                    _ => "a power's extra units beyond its centres",
                }),
                span,
            ));
        }
        "DUMMY" | "DUMMIES" | "TEAM" | "TEAMS" => {
            if words.len() > 1 {
                r.current = None;
            }
            diags.push(lost(format!("`{}`: powers played by nobody or by another player are played as any power", line.text), span));
        }
        "OWNS" | "CENTERS" => match r.current.clone() {
            None => diags.push(bad(format!("`{first}` before any power's name"), span).hint("put it under the name of the power it is about")),
            Some(p) => {
                let given: Vec<String> = words[1..].iter().map(|w| w.py_upper()).collect();
                let list = r.centers.entry(p).or_default();
                if up == "CENTERS" || list.is_empty() {
                    *list = given;
                } else {
                    for g in given {
                        if !list.contains(&g) {
                            list.push(g);
                        }
                    }
                }
            }
        },
        "INHABITS" | "HOME" | "HOMES" => match r.current.clone() {
            None => diags.push(bad(format!("`{first}` before any power's name"), span).hint("put it under the name of the power it is about")),
            Some(p) => {
                let reinit = up != "INHABITS" || !r.inhabits.contains(&p);
                if !r.inhabits.contains(&p) {
                    r.inhabits.push(p.clone());
                }
                add_homes(r, &p, &words[1..], line, reinit, diags);
            }
        },
        "UNITS" => match r.current.clone() {
            None => diags.push(bad("`UNITS` before any power's name", span)),
            Some(p) => r.units.retain(|u| u.0 != p),
        },
        "A" | "F" => match (r.current.clone(), words.len()) {
            (None, _) => diags.push(
                bad("a unit before any power's name", span)
                    .hint("put the units under the name of the power that owns them"),
            ),
            (Some(p), 2) => {
                let at = words[1].py_upper();
                let province = at.split('/').next().unwrap_or("").to_string();
                // A later unit in a province replaces an earlier one, whoever's it was.
                r.units.retain(|u| u.2.split('/').next() != Some(province.as_str()));
                r.units.push((p, if up == "F" { 'F' } else { 'A' }, at, span));
            }
            _ => diags.push(bad(format!("cannot read the unit `{}`", line.text), span).hint("a unit is `A BUD` or `F STP/SC`")),
        },
        "DROP" => {
            for w in &words[1..] {
                drop_location(r, &w.py_upper(), false);
            }
        }
        "AMEND" | "WATER" | "LAND" | "COAST" | "PORT" | "SHUT" if words.len() > 1 => {
            read_location(&words, line, r, diags);
        }
        "UNPLAYED" => read_unplayed(&words, line, r, diags),
        _ => read_power(&words, line, r, diags),
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn use_file(
    w: &str,
    line: &Line,
    path: &Path,
    sources: &mut SourceMap,
    r: &mut Reading,
    diags: &mut Diagnostics,
    depth: usize,
) {
    let name = if w.contains('.') {
        w.to_string()
    } else {
        format!("{w}.map")
    };
    let beside = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let folders: Vec<PathBuf> = std::iter::once(beside)
        .chain(r.search.iter().cloned())
        .collect();
    let Some(used) = folders.iter().map(|f| f.join(&name)).find(|p| p.is_file()) else {
        let looked: Vec<String> = folders
            .iter()
            .map(|f| format!("`{}`", f.display()))
            .collect();
        diags.push(
            Diagnostic::error("unreadable", format!("no file `{name}` to use"))
                .at(line.of(w))
                .hint(format!(
                    "looked in {}; name DPjudge's maps folder with `--maps DIR`",
                    looked.join(", ")
                )),
        );
        return;
    };
    let key = used.canonicalize().unwrap_or_else(|_| used.clone());
    if depth >= MAX_DEPTH || r.files.contains(&key) {
        diags.push(bad(
            format!("`{w}` is used again (a loop, or a file used twice)"),
            line.of(w),
        ));
        return;
    }
    if let Err(e) = read_file(&used, sources, r, diags, depth + 1) {
        diags.push(Diagnostic::error("unreadable", e).at(line.of(w)));
    }
}

pub(super) fn read_begin(words: &[&str], line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let span = line.span();
    let parsed = match words {
        [_, season, year, phase] => year
            .parse::<i64>()
            .ok()
            .zip(phase_of(phase))
            .map(|(y, p)| (season.py_upper(), y, p)),
        _ => None,
    };
    match parsed {
        Some((season, year, phase)) => {
            r.begin = Some(Begin {
                season,
                year,
                phase,
                span,
            })
        }
        None => diags.push(
            bad(format!("cannot read the first phase `{}`", line.text), span)
                .hint("write `BEGIN SEASON YEAR PHASE`, e.g. `BEGIN WINTER 1897 ADJUSTMENTS`"),
        ),
    }
}
