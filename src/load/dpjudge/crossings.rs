//! Who may cross where, as DPjudge answers it: a location's key and neighbours, whether a unit
//! may stand at a location (`isValidUnit`) and move from one to another (`abuts`).

use super::*;

/// The location key DPjudge's `areatype` finds for a name in capitals: as written, or in
/// lower case.
pub(super) fn key_of<'a>(r: &'a Reading, upper: &str) -> Option<&'a str> {
    r.kind
        .get_key_value(upper)
        .or_else(|| r.kind.get_key_value(&upper.py_lower()))
        .map(|(k, _)| k.as_str())
}

/// The neighbour list of a location (DPjudge's `abutList`), by its name in capitals.
pub(super) fn abut_list<'a>(r: &'a Reading, upper: &str) -> &'a [RawAbut] {
    r.abut
        .get(upper)
        .or_else(|| r.abut.get(&upper.py_lower()))
        .map_or(&[], Vec::as_slice)
}

/// Whether a unit may stand at a location (DPjudge's `isValidUnit`), by its name in
/// capitals.
pub(super) fn may_stand(r: &Reading, fleet: bool, upper: &str) -> bool {
    let Some(k) = key_of(r, upper) else {
        return false;
    };
    let t = r.kind[k].terrain;
    if fleet {
        t.fleets() && !r.abut.contains_key(&upper.py_lower())
    } else {
        !upper.contains('/') && t.armies()
    }
}

/// DPjudge's `abuts(unit, from, '-', to)`: whether a unit at `from` may move to `to` (both
/// in capitals), and the neighbour entry that says so.
pub(super) fn may_move<'a>(
    r: &'a Reading,
    fleet: bool,
    from: &str,
    to: &str,
) -> Option<&'a RawAbut> {
    if !fleet && to.contains('/') {
        return None; // an army never moves to a coast
    }
    let a = abut_list(r, from).iter().find(|a| {
        let up = a.place.py_upper();
        up == to || up.split('/').next() == Some(to)
    })?;
    let t = r.kind[key_of(r, to)?].terrain;
    if t == Terrain::Shut {
        return None;
    }
    let ok = if fleet {
        t != Terrain::Land && !a.place.starts_with(char::is_lowercase) && r.kind.contains_key(to)
    } else {
        t != Terrain::Water && a.place != python_title(&a.place)
    };
    ok.then_some(a)
}
