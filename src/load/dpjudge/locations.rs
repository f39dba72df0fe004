//! Terrain and adjacency lines (`COAST ANK ABUTS ARM BLA CON smy`, `AMEND`), and what the
//! special marks on a crossing mean.

use super::*;

/// `TERRAIN NAME [ABUTS neighbour…]`, `AMEND NAME [ABUTS [-]neighbour…]`.
pub(super) fn read_location(words: &[&str], line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let up = words[0].py_upper();
    let place = words[1].to_string();
    let other: String = place
        .chars()
        .map(|c| {
            if c.is_uppercase() {
                lower_char(c)
            } else {
                upper_char(c)
            }
        })
        .collect();
    let amend = up == "AMEND";
    if other != place && r.locs.contains(&other) {
        r.locs.retain(|l| *l != other);
        let kind = r.kind.remove(&other);
        let abut = r.abut.remove(&other);
        if amend {
            if let Some(k) = kind {
                r.kind.insert(place.clone(), k);
            }
            if let Some(a) = abut {
                r.abut.insert(place.clone(), a);
            }
        }
        if place.chars().any(char::is_uppercase) && !place.chars().any(char::is_lowercase) {
            let coasts: Vec<String> = r
                .locs
                .iter()
                .filter(|l| l.py_upper().starts_with(&format!("{}/", place.py_upper())))
                .cloned()
                .collect();
            for c in coasts {
                drop_location(r, &c.py_upper(), true);
            }
        }
    }
    r.locs.retain(|l| *l != place);
    r.locs.push(place.clone());
    if amend {
        if !r.kind.contains_key(&place) {
            diags.push(
                bad(format!("`AMEND {place}`: no location `{place}` to amend"), line.of(words[1]))
                    .hint("a location is amended after the line that describes it (in this file or one it uses)"),
            );
        }
    } else if let Some(terrain) = Terrain::of(&up) {
        r.kind.insert(
            place.clone(),
            RawLocation {
                terrain,
                span: line.span(),
            },
        );
        if words.len() > 2 {
            r.abut.insert(place.clone(), Vec::new());
        }
    }
    if terrain_line_port(&up) {
        diags.push(
            lost(
                format!("`PORT {place}`: fleets there cannot convoy in sandtable, which convoys across sea only; it is imported as a coast"),
                line.of(words[0]),
            )
            .hint("a coast whose fleets convoy needs a sea area of the board"),
        );
    }
    if words.len() == 2 {
        return;
    }
    if !words[2].eq_ignore_ascii_case("ABUTS") {
        diags.push(
            bad(
                "a location line reads `TERRAIN NAME ABUTS …`",
                line.of(words[2]),
            )
            .hint("e.g. `COAST ANK ABUTS ARM BLA CON smy`"),
        );
        return;
    }
    for dest in &words[3..] {
        let span = line.of(dest);
        if let Some(gone) = dest.strip_prefix('-') {
            let gone = gone.py_upper();
            if let Some(list) = r.abut.get_mut(&place) {
                list.retain(|a| !a.place.py_upper().starts_with(&gone));
            }
            continue;
        }
        let mut d: &str = dest;
        let mut marks: Vec<String> = Vec::new();
        if d.matches(':').count() == 1 {
            let (who, rest) = d.split_once(':').unwrap_or(("", d));
            if who.is_empty() {
                diags.push(lost(
                    format!(
                        "`{dest}`: a crossing no power may use (a one-way crossing) is left out"
                    ),
                    span.clone(),
                ));
                continue;
            }
            marks.push(format!("only the units of `{who}` may cross"));
            d = rest;
        }
        if d.matches('(').count() == 1 && d.ends_with(')') {
            let (rest, need) = d.split_once('(').unwrap_or((d, ""));
            marks.push(format!(
                "only the owner of `{}` may cross",
                need.trim_end_matches(')')
            ));
            d = rest;
        }
        let trimmed_start = d.trim_start_matches(|c: char| !c.is_alphanumeric());
        for c in d[..d.len() - trimmed_start.len()].chars() {
            marks.push(special(c));
        }
        let trimmed = trimmed_start.trim_end_matches(|c: char| !c.is_alphanumeric());
        for c in trimmed_start[trimmed.len()..].chars() {
            marks.push(special(c));
        }
        if trimmed.is_empty() {
            diags.push(bad(format!("`{dest}` names no neighbour"), span));
            break;
        }
        if !marks.is_empty() {
            diags.push(
                lost(
                    format!(
                        "`{place} ABUTS {dest}`: {}; the crossing is imported for every unit at full strength",
                        marks.join(", ")
                    ),
                    span.clone(),
                )
                .hint("say the restriction in the rules the players read"),
            );
        }
        r.abut.entry(place.clone()).or_default().push(RawAbut {
            place: trimmed.to_string(),
            span,
        });
    }
}

pub(super) fn terrain_line_port(up: &str) -> bool {
    up == "PORT"
}

/// What a special mark on a crossing means in DPjudge.
pub(super) fn special(c: char) -> String {
    match c {
        '~' => "`~`: across it support is not given and a move has no strength of its own".into(),
        '*' => {
            "`*`: across it a move has half strength and gives no support (the Cape rule)".into()
        }
        c => format!("`{c}`: a restriction DPjudge does not know either"),
    }
}
