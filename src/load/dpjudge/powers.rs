//! Powers: a power's line with its home centres and their marks, the lines under it (`OWNS`,
//! `HOME`, `UNITS`, units), and `UNPLAYED`.

use super::*;

/// `UNPLAYED [ALL [EXCEPT]] [power…]`: powers removed with all they had.
pub(super) fn read_unplayed(words: &[&str], line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let all: Vec<String> = r.powers.iter().map(|p| p.key.clone()).collect();
    let named = |ws: &[&str]| -> Vec<String> { ws.iter().map(|w| power_key(w)).collect() };
    let goners: Vec<String> = match words {
        [_] => r.current.clone().into_iter().collect(),
        [_, a] if a.eq_ignore_ascii_case("ALL") => all,
        [_, a, e, rest @ ..]
            if a.eq_ignore_ascii_case("ALL") && e.eq_ignore_ascii_case("EXCEPT") =>
        {
            let keep = named(rest);
            all.into_iter().filter(|p| !keep.contains(p)).collect()
        }
        [_, rest @ ..] => named(rest),
        [] => Vec::new(),
    };
    r.current = None;
    for g in goners {
        if !r.powers.iter().any(|p| p.key == g) {
            diags.push(bad(
                format!("`UNPLAYED`: no power `{g}` to remove"),
                line.span(),
            ));
            continue;
        }
        r.powers.retain(|p| p.key != g);
        r.homes.remove(&g);
        r.centers.remove(&g);
        r.inhabits.retain(|p| *p != g);
        r.units.retain(|u| u.0 != g);
    }
}

/// A power's line: `[OLD ->] NAME [(adjective[:letter])] [centre…]`, or its name alone.
pub(super) fn read_power(words: &[&str], line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let unowned = |w: &str| {
        let u = w.py_upper();
        u == "UNOWNED" || u == "NEUTRAL"
    };
    let mut words = words.to_vec();
    let mut name_at = words[0];
    if words.len() > 2 && words[1] == "->" {
        let old = power_key(words[0]);
        let new = words[2];
        if unowned(words[0]) || unowned(new) {
            diags.push(bad("the unowned centres cannot be renamed", line.span()));
            return;
        }
        let new_key = power_key(new);
        match r.powers.iter_mut().find(|p| p.key == old) {
            None => {
                diags.push(
                    bad(
                        format!("`{}` names no power to rename", words[0]),
                        line.of(words[0]),
                    )
                    .hint("the power renamed must be named earlier"),
                );
                return;
            }
            Some(p) => {
                p.key = new_key.clone();
                p.adjective = None;
                p.span = line.of(new);
            }
        }
        for map in [&mut r.homes, &mut r.centers] {
            if let Some(v) = map.remove(&old) {
                map.insert(new_key.clone(), v);
            }
        }
        for p in &mut r.inhabits {
            if *p == old {
                p.clone_from(&new_key);
            }
        }
        for u in &mut r.units {
            if u.0 == old {
                u.0.clone_from(&new_key);
            }
        }
        words.drain(..2);
        name_at = words[0];
    }
    let key = if unowned(name_at) {
        "UNOWNED".to_string()
    } else {
        power_key(name_at)
    };
    if key.is_empty() {
        diags.push(bad(format!("cannot read `{}`", line.text), line.span()).hint(
            "sandtable reads names (`Name = abbr …`), `USE`, `TERRAIN X ABUTS …`, powers with their home centres, `UNOWNED`, and units (`A BUD`) under a power's name",
        ));
        return;
    }
    if key != "UNOWNED" && !r.powers.iter().any(|p| p.key == key) {
        r.powers.push(RawPower {
            key: key.clone(),
            adjective: None,
            span: line.of(name_at),
        });
    }
    r.current = (key != "UNOWNED").then(|| key.clone());
    let mut rest = &words[1..];
    if key != "UNOWNED" {
        if let Some(w) = rest.first().filter(|w| w.starts_with('(')) {
            let inner = w.trim_start_matches('(').trim_end_matches(')');
            // (The letter after `:` is DPjudge's abbreviation of the power in orders.)
            let (word, _letter) = inner.split_once(':').unwrap_or((inner, ""));
            let word = word.replace('+', " ");
            if let Some(p) = r.powers.iter_mut().find(|p| p.key == key) {
                p.adjective = (!word.trim().is_empty()).then(|| word.trim().to_string());
            }
            rest = &rest[1..];
        }
    }
    let reinit = r.inhabits.contains(&key);
    if reinit {
        r.inhabits.retain(|p| *p != key);
    }
    add_homes(r, &key, rest, line, reinit, diags);
}

/// DPjudge's `addHomes`: home centres with their marks; `reinit` forgets the earlier ones.
pub(super) fn add_homes(
    r: &mut Reading,
    power: &str,
    homes: &[&str],
    line: &Line,
    reinit: bool,
    diags: &mut Diagnostics,
) {
    if reinit {
        r.homes.insert(power.to_string(), Vec::new());
    } else {
        r.homes.entry(power.to_string()).or_default();
    }
    for w in homes {
        let mut home = w.py_upper();
        let mut remove = false;
        let mut kept_as: Option<&str> = None;
        let mut mark_lost: Option<&str> = None;
        while let Some(c) = home.chars().next() {
            match c {
                '-' => remove = true,
                '*' => kept_as = Some("a partisan site (a build place that is not a centre)"),
                '+' => kept_as = Some("a factory site (a build place that is not a centre)"),
                '~' => mark_lost = Some("`~`: builds there are hidden until the next movement"),
                '@' => {
                    mark_lost =
                        Some("`@`: an alternative home centre, a build place in place of another")
                }
                _ => break,
            }
            home.remove(0);
        }
        if home.is_empty() {
            continue;
        }
        if let Some(i) = home.find('(').filter(|_| home.ends_with(')')) {
            home.truncate(i);
        }
        if home.is_empty() {
            continue;
        }
        let list = r.homes.entry(power.to_string()).or_default();
        if list.contains(&home) {
            list.retain(|h| *h != home);
            if power != "UNOWNED" {
                r.homes
                    .entry("UNOWNED".into())
                    .or_default()
                    .push(home.clone());
            }
        }
        if remove {
            continue;
        }
        if home == "&SC" {
            diags.push(lost(
                format!(
                    "`{w}`: a power claiming a new home centre where it first builds is not held"
                ),
                line.of(w),
            ));
            continue;
        }
        if let Some(what) = kept_as {
            diags.push(lost(format!("`{w}`: {what} is left out"), line.of(w)));
            continue;
        }
        if let Some(what) = mark_lost {
            diags.push(lost(
                format!("`{w}`: {what}; imported as an ordinary home centre"),
                line.of(w),
            ));
        }
        r.homes.entry(power.to_string()).or_default().push(home);
    }
}
