//! The pieces of a save as a phase changes the board: forces and fractions of units, the
//! counters put on and made up, control markers of captured centres, track markers, and
//! pieces copied from the module's palette.

use super::*;

/// The pieces of a multi-factor game changed to the next position's forces: where a power's
/// army or fleet in a location adds up to the force it should be, its counters stay; where
/// not, they are taken off and counters of the new total put on, the largest first (an A7
/// is a 5 and two 1s). A retreat phase's dislodged forces still stand where they were.
#[allow(clippy::too_many_arguments)]
pub(super) fn force_pieces(
    board: &ProvinceBoard,
    state: &GameState,
    save: &SavePositions,
    next: &Position,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    window: &crate::helpers::savegame::SaveMap,
    next_id: &mut u64,
    edit: &mut DiplomacyEdit,
) -> Result<(), String> {
    let game = board.game;
    type Key = (String, bool, String);
    let key = |u: &Unit| -> Key {
        (
            u.power.clone(),
            u.kind == UnitKind::Fleet,
            u.location.clone(),
        )
    };
    let mut target: BTreeMap<Key, u32> = BTreeMap::new();
    for u in next
        .units
        .iter()
        .chain(next.dislodged.iter().map(|d| &d.unit))
    {
        *target.entry(key(u)).or_default() += u.strength;
    }
    let mut current: BTreeMap<Key, Vec<(String, CounterId)>> = BTreeMap::new();
    for p in &save.positions.units {
        let Location::Area { map, area, slot } = p.location else {
            continue;
        };
        let (Some(kind), Some(side), Some(id)) = (
            unit_kind(game, p.counter),
            game.side_of(p.counter),
            p.piece.clone(),
        ) else {
            continue;
        };
        if map != board.map {
            continue;
        }
        let site = crate::model::Site::in_slot(area, slot);
        let k = (
            game.sides[side].id.clone(),
            kind == UnitKind::Fleet,
            board.site_id(site),
        );
        current.entry(k).or_default().push((id, p.counter));
    }
    let keys: BTreeSet<Key> = target.keys().chain(current.keys()).cloned().collect();
    for k in keys {
        let want = target.get(&k).copied().unwrap_or(0);
        let pieces = current.get(&k).cloned().unwrap_or_default();
        let have: u32 = pieces
            .iter()
            .map(|(_, c)| crate::diplomacy::position::counter_strength(game, *c))
            .sum();
        if have == want {
            continue;
        }
        let name = board
            .site(&k.2)
            .map(|s| board.areas.site_name(s))
            .unwrap_or_else(|| k.2.clone());
        for (id, counter) in pieces {
            edit.leaves.push(format!("-/{id}"));
            edit.removed.push(PieceChange {
                piece: id,
                counter: game.counters[counter].id.clone(),
                from: Some(name.clone()),
                to: None,
            });
        }
        if want == 0 {
            continue;
        }
        let kind = if k.1 { UnitKind::Fleet } else { UnitKind::Army };
        let side = game.side_index(&k.0).ok_or("a force of no power")?;
        let counters = (0..game.counters.len())
            .filter(|&c| game.side_of(c) == Some(side) && unit_kind(game, c) == Some(kind));
        let pieces = make_up(game, counters, want).ok_or_else(|| {
            format!(
                "{}'s counters cannot make up a force of {want} in {name}",
                k.0
            )
        })?;
        let what = format!("{}'s force in {name}", k.0);
        let added = put_on(game, state, palette, window, next_id, &pieces, &name, &what)?;
        edit.leaves.extend(added.0);
        edit.added.extend(added.1);
    }
    Ok(())
}

/// The pieces of hidden parts changed to the next position's: each part's piece kept where
/// it stands, the others taken off, and a piece put on for each part that has none (copied
/// from a piece of its counter, hidden from every side but its own).
#[allow(clippy::too_many_arguments)]
pub(super) fn fraction_pieces(
    board: &ProvinceBoard,
    state: &GameState,
    save: &SavePositions,
    next: &Position,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    window: &crate::helpers::savegame::SaveMap,
    next_id: &mut u64,
    edit: &mut DiplomacyEdit,
) -> Result<(), String> {
    let game = board.game;
    let Some(rules) = &game.rules.fractions else {
        return Ok(());
    };
    let site_of = |location: &Location| match *location {
        Location::Area { map, area, slot } if map == board.map => {
            Some(board.site_id(crate::model::Site::in_slot(area, slot)))
        }
        _ => None,
    };
    // The parts wanted, by (counter, location).
    let mut wanted: BTreeMap<(CounterId, String), usize> = BTreeMap::new();
    for f in &next.fractions {
        let piece = rules
            .pieces
            .iter()
            .find(|p| game.sides[p.side].id == f.power && p.kind == f.kind && p.size == f.size)
            .ok_or_else(|| {
                format!(
                    "the module has no counter for {}'s {} {} part",
                    f.power,
                    f.size,
                    f.kind.as_str()
                )
            })?;
        *wanted
            .entry((piece.counter, f.location.clone()))
            .or_default() += 1;
    }
    for p in &save.positions.units {
        if !rules.pieces.iter().any(|x| x.counter == p.counter) {
            continue;
        }
        let (Some(at), Some(id)) = (site_of(&p.location), p.piece.clone()) else {
            continue;
        };
        match wanted.get_mut(&(p.counter, at.clone())) {
            Some(n) if *n > 0 => *n -= 1,
            _ => {
                edit.leaves.push(format!("-/{id}"));
                edit.removed.push(PieceChange {
                    piece: id,
                    counter: game.counters[p.counter].id.clone(),
                    from: Some(at),
                    to: None,
                });
            }
        }
    }
    for ((counter, location), n) in wanted {
        if n == 0 {
            continue;
        }
        let name = board
            .site(&location)
            .map(|s| board.areas.site_name(s))
            .unwrap_or_else(|| location.clone());
        let what = format!("a hidden part in {name}");
        let added = put_on(
            game,
            state,
            palette,
            window,
            next_id,
            &vec![counter; n],
            &name,
            &what,
        )?;
        edit.leaves.extend(added.0);
        edit.added.extend(added.1);
    }
    Ok(())
}

/// New pieces of `counters` on the location `name` of the map window, copied from pieces of the same
/// counters (`what` names them in errors): their `+/` commands and the changes to report.
#[allow(clippy::too_many_arguments)]
fn put_on(
    game: &Game,
    state: &GameState,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    window: &crate::helpers::savegame::SaveMap,
    next_id: &mut u64,
    counters: &[CounterId],
    name: &str,
    what: &str,
) -> Result<(Vec<String>, Vec<PieceChange>), String> {
    let point = window
        .layout
        .point_for_location(None, name)
        .ok_or_else(|| format!("the module has no place for `{name}`"))?;
    let mut leaves = Vec::new();
    let mut changes = Vec::new();
    for &counter in counters {
        let id = next_id.to_string();
        *next_id = next_id.saturating_add(1);
        leaves.push(copy_piece(
            game,
            state,
            palette,
            counter,
            &window.layout.map_name,
            point,
            &id,
            what,
        )?);
        changes.push(PieceChange {
            piece: id,
            counter: game.counters[counter].id.clone(),
            from: None,
            to: Some(name.to_string()),
        });
    }
    Ok((leaves, changes))
}

/// Counters among `counters` whose strengths add up to `amount`, the largest first (an A7
/// is a 5 and two 1s), or `None` when they cannot.
fn make_up(
    game: &Game,
    counters: impl Iterator<Item = CounterId>,
    amount: u32,
) -> Option<Vec<CounterId>> {
    let mut denominations: Vec<(u32, CounterId)> = counters
        .map(|c| (crate::diplomacy::position::counter_strength(game, c), c))
        .collect();
    denominations.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut left = amount;
    let mut out = Vec::new();
    for (value, counter) in denominations {
        while value > 0 && left >= value {
            left -= value;
            out.push(counter);
        }
    }
    (left == 0).then_some(out)
}

/// The captured-IP markers changed to the next position's: in a centre whose captured IPs
/// changed the markers are taken off and markers of the new amount put on, largest first.
#[allow(clippy::too_many_arguments)]
pub(super) fn captured_markers(
    board: &ProvinceBoard,
    state: &GameState,
    save: &SavePositions,
    next: &Position,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    window: &crate::helpers::savegame::SaveMap,
    next_id: &mut u64,
    edit: &mut DiplomacyEdit,
) -> Result<(), String> {
    let game = board.game;
    let Some(industry) = &game.rules.industry else {
        return Ok(());
    };
    let mut current: BTreeMap<String, Vec<(String, CounterId)>> = BTreeMap::new();
    for p in &save.positions.units {
        let Location::Area { map, area, .. } = p.location else {
            continue;
        };
        if map != board.map || !industry.captured.contains(&p.counter) {
            continue;
        }
        if let Some(id) = p.piece.clone() {
            current
                .entry(board.areas.areas[area].id.clone())
                .or_default()
                .push((id, p.counter));
        }
    }
    let centres: BTreeSet<String> = current
        .keys()
        .chain(next.captured.keys())
        .cloned()
        .collect();
    for centre in centres {
        let pieces = current.get(&centre).cloned().unwrap_or_default();
        let have: (Option<SideId>, u32) = (
            pieces.first().and_then(|(_, c)| game.side_of(*c)),
            pieces
                .iter()
                .map(|(_, c)| crate::diplomacy::position::counter_strength(game, *c))
                .sum(),
        );
        let want = next.captured.get(&centre);
        let want_side = want.and_then(|w| game.side_index(&w.from));
        if have == (want_side, want.map_or(0, |w| w.ips)) {
            continue;
        }
        let name = board
            .site(&centre)
            .map(|s| board.areas.site_name(s))
            .unwrap_or_else(|| centre.clone());
        for (id, counter) in pieces {
            edit.leaves.push(format!("-/{id}"));
            edit.markers.push(PieceChange {
                piece: id,
                counter: game.counters[counter].id.clone(),
                from: Some(name.clone()),
                to: None,
            });
        }
        let (Some(w), Some(side)) = (want, want_side) else {
            continue;
        };
        let counters = industry
            .captured
            .iter()
            .copied()
            .filter(|c| game.side_of(*c) == Some(side));
        let pieces = make_up(game, counters, w.ips).ok_or_else(|| {
            format!(
                "{}'s captured-IP markers cannot make up {} IPs in {name}",
                w.from, w.ips
            )
        })?;
        let what = format!("{}'s captured IPs in {name}", w.from);
        let added = put_on(game, state, palette, window, next_id, &pieces, &name, &what)?;
        edit.leaves.extend(added.0);
        edit.markers.extend(added.1);
    }
    Ok(())
}

/// The industry tracks' markers moved to the next position's IPs and squadrons.
pub(super) fn track_markers(
    game: &Game,
    state: &GameState,
    save: &SavePositions,
    next: &Position,
    window: &crate::helpers::savegame::SaveMap,
    edit: &mut DiplomacyEdit,
) -> Result<(), String> {
    let Some(industry) = &game.rules.industry else {
        return Ok(());
    };
    let tracks = industry
        .points
        .iter()
        .map(|&(s, t)| (s, t, next.industry.get(&game.sides[s].id).map(|h| h.ips)))
        .chain(industry.squadrons.iter().map(|&(s, t)| {
            (
                s,
                t,
                next.industry.get(&game.sides[s].id).map(|h| h.squadrons),
            )
        }));
    for (_, track, value) in tracks {
        let Some(value) = value else { continue };
        let t = &game.tracks[track];
        let Some(marker) = t.marker else {
            continue;
        };
        let display = marker.display;
        let Some(p) = save.positions.units.iter().find(|p| {
            p.counter == marker.counter
                && matches!(p.location, Location::Track { display: d, .. } if d == display)
        }) else {
            continue;
        };
        let Location::Track { value: was, .. } = p.location else {
            continue;
        };
        let value = i64::from(value).clamp(t.min, t.max);
        if was == value {
            continue;
        }
        let Some(id) = p.piece.clone() else { continue };
        let piece = state.pieces.get(&id).ok_or("a piece vanished")?;
        let to_name = game.track_displays[display].box_name(value);
        let at = window
            .layout
            .point_for_location(None, &to_name)
            .ok_or_else(|| format!("the module has no place for `{to_name}`"))?;
        edit.leaves
            .push(move_command(&id, piece, &window.layout.map_name, at));
        edit.moved.push(PieceChange {
            piece: id,
            counter: game.counters[p.counter].id.clone(),
            from: Some(game.track_displays[display].box_name(was)),
            to: Some(to_name),
        });
    }
    Ok(())
}

/// The command moving piece `id` (now where `piece` stands) to `at` on the window `map_name`
/// (`M/`, VASSAL's MovePiece: new map and point, old map and point).
pub(super) fn move_command(id: &str, piece: &SavedPiece, map_name: &str, at: Point) -> String {
    let mut se = SequenceEncoder::with_token(id, '/');
    se.append(map_name)
        .append_int(i64::from(at.x))
        .append_int(i64::from(at.y))
        .append("null")
        .append(piece.map.as_deref().unwrap_or("null"))
        .append_int(i64::from(piece.x))
        .append_int(i64::from(piece.y))
        .append("null")
        .append("");
    format!("M/{}", se.value().unwrap_or_default())
}

/// Pieces to copy for counters a save holds none of (a power's first fleet after it lost
/// every fleet, a marker of a power that owned no centre): one per `PieceSlot` of a module's
/// buildfile that is a counter of the game, as a piece dragged from the palette is.
pub fn palette_pieces(game: &Game, buildfile: &Element) -> BTreeMap<CounterId, SavedPiece> {
    let mut out = BTreeMap::new();
    for slot in buildfile
        .descendants()
        .filter(|e| e.short_name() == "PieceSlot")
    {
        let LeafCommand::AddPiece {
            type_string,
            state_string,
            ..
        } = LeafCommand::parse(slot.text.trim())
        else {
            continue;
        };
        let state = GameState::replay(&[LeafCommand::AddPiece {
            id: Some("palette".into()),
            type_string,
            state_string,
        }]);
        for piece in state.pieces.into_values() {
            if let Ok((counter, _)) = counter_of(game, &piece) {
                out.entry(counter).or_insert(piece);
            }
        }
    }
    out
}

/// The `+/` command of a new piece of `counter` at `at` on `map_name`, copied from a piece of
/// that counter the save holds, else from `palette` (its traits and state, its BasicPiece
/// moved).
#[allow(clippy::too_many_arguments)]
pub(super) fn copy_piece(
    game: &Game,
    state: &GameState,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    counter: CounterId,
    map_name: &str,
    at: Point,
    id: &str,
    what: &str,
) -> Result<String, String> {
    let template = state
        .pieces
        .values()
        .find(|p| counter_of(game, p).is_ok_and(|(c, _)| c == counter))
        .cloned()
        .or_else(|| palette(counter))
        .ok_or_else(|| {
            format!(
                "neither the save nor the module holds a piece of `{}` to copy for {what}",
                game.counters[counter].id
            )
        })?;
    let mut chain = split_trait_chain(&template.type_string, &template.state_string);
    let basic = chain.last_mut().ok_or("a piece without traits")?;
    let old = decode(&basic.state_string, ';');
    let mut se = SequenceEncoder::new(';');
    se.append(map_name)
        .append_int(i64::from(at.x))
        .append_int(i64::from(at.y));
    for rest in old.iter().skip(3) {
        se.append(rest);
    }
    basic.state_string = se.into_value().unwrap_or_default();
    let (type_string, state_string) = join_trait_chain(&chain);
    Ok(add_piece_command(id, &type_string, &state_string))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forces_are_made_up_of_the_largest_counters_first() {
        let g = crate::testgame::fixtures::example("great-patriotic-war-qh07");
        let side = g.side_index("germany").expect("germany");
        let all: Vec<CounterId> = (0..g.counters.len())
            .filter(|&c| g.side_of(c) == Some(side) && unit_kind(&g, c) == Some(UnitKind::Army))
            .collect();
        let armies = || all.iter().copied();
        let names = |v: Vec<CounterId>| -> Vec<String> {
            v.into_iter().map(|c| g.counters[c].id.clone()).collect()
        };
        assert_eq!(
            make_up(&g, armies(), 7).map(names),
            Some(vec![
                "germany-army-5".to_string(),
                "germany-army-1".to_string(),
                "germany-army-1".to_string()
            ])
        );
        assert_eq!(make_up(&g, armies(), 0), Some(Vec::new()));
        // Only fives: 7 cannot be made up.
        let fives = armies().filter(|&c| g.counters[c].id.ends_with("-5"));
        assert_eq!(make_up(&g, fives, 7), None);
    }
}
