//! Names lines (`Full Name = abbr alias…`), renames (`OLD -> New Name`) carried to every
//! mention of a location, and `DROP`, which forgets a location everywhere.

use super::*;

/// `[OLD ->] Full Name = abbr alias…`.
pub(super) fn read_names(line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let Some((name, aliases)) = line.text.split_once('=') else {
        return;
    };
    let words: Vec<&str> = aliases.split_whitespace().collect();
    let (old, name) = match name.split_once("->") {
        Some((o, n)) => (Some(o.trim()), n.trim()),
        None => (None, name.trim()),
    };
    let Some(abbr) = words.first() else {
        diags.push(
            bad(format!("`{name}` has no abbreviation"), line.span())
                .hint("write `Full Name = abbr alias …`"),
        );
        return;
    };
    if name.contains("->") {
        diags.push(bad(
            format!("`{name}`: one `->` renames a location"),
            line.span(),
        ));
        return;
    }
    let abbr_up = abbr.py_upper();
    if let Some(old) = old {
        if !rename(r, &old.py_upper(), &abbr_up) {
            diags.push(
                bad(format!("`{old}` names no location to rename"), line.of(old))
                    .hint("the location renamed must be named earlier (`Old Name = old …`)"),
            );
        }
    }
    let aliases: Vec<String> = words[1..]
        .iter()
        .filter_map(|a| {
            let a = a.strip_suffix('?').unwrap_or(a);
            let a = a.replace('+', " ").py_lower();
            (!a.is_empty()).then_some(a)
        })
        .collect();
    r.names.insert(
        abbr_up,
        Names {
            name: name.replace('+', " "),
            aliases,
        },
    );
}

/// DPjudge's `rename`: every mention of location `old` becomes `new` (capitals). Whether
/// `old` had a name.
pub(super) fn rename(r: &mut Reading, old: &str, new: &str) -> bool {
    if r.names.remove(old).is_none() {
        return false;
    }
    if old == new {
        return true;
    }
    let swap = |s: &str| -> Option<String> {
        if s == old {
            Some(new.to_string())
        } else if s == old.py_lower() {
            Some(new.py_lower())
        } else if s == python_title(old) {
            Some(python_title(new))
        } else {
            None
        }
    };
    for l in &mut r.locs {
        if let Some(n) = swap(l) {
            *l = n;
        }
    }
    r.kind.rekey(&swap);
    r.abut.rekey(&swap);
    for list in r.abut.values_mut() {
        for a in list.iter_mut() {
            if let Some(n) = swap(&a.place) {
                a.place = n;
            }
        }
    }
    for list in r.homes.values_mut().chain(r.centers.values_mut()) {
        for h in list.iter_mut() {
            if h == old {
                *h = new.to_string();
            }
        }
    }
    for u in &mut r.units {
        if u.2 == old {
            u.2 = new.to_string();
        }
    }
    true
}

/// Maps keyed by a location's name as written, renamed together.
pub(super) trait Rekey {
    fn rekey(&mut self, swap: &dyn Fn(&str) -> Option<String>);
}

impl<V> Rekey for BTreeMap<String, V> {
    fn rekey(&mut self, swap: &dyn Fn(&str) -> Option<String>) {
        let keys: Vec<String> = self.keys().cloned().collect();
        for k in keys {
            if let Some(n) = swap(&k) {
                if let Some(v) = self.remove(&k) {
                    self.insert(n, v);
                }
            }
        }
    }
}

/// DPjudge's `drop`: forget every location whose name starts with `place` (capitals), its
/// names, home centres, units and every crossing to it. `coast`: a coast dropped because its
/// province now holds fleets itself; crossings to it then go to the province.
pub(super) fn drop_location(r: &mut Reading, place: &str, coast: bool) {
    let starts = |s: &str| s.py_upper().starts_with(place);
    r.locs.retain(|l| !starts(l));
    r.names.retain(|k, _| !k.starts_with(place));
    for list in r.homes.values_mut() {
        list.retain(|h| h != place);
    }
    let province: String = place.split('/').next().unwrap_or(place).to_string();
    r.units
        .retain(|u| u.2.split('/').next() != Some(province.as_str()));
    for list in r.abut.values_mut() {
        let before = list.len();
        let span = list
            .iter()
            .find(|a| starts(&a.place))
            .map(|a| a.span.clone());
        list.retain(|a| !starts(&a.place));
        if coast && list.len() < before && !list.iter().any(|a| a.place == province) {
            if let Some(span) = span {
                list.push(RawAbut {
                    place: province.clone(),
                    span,
                });
            }
        }
    }
    r.kind.retain(|k, _| !starts(k));
    r.abut.retain(|k, _| !starts(k));
}
