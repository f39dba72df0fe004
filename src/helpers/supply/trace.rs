//! Supply traced for every side: the searches run per group of units the rules treat alike
//! ([`SupplyTrace::traced`]), each side's sources, the longest path a unit may trace, and the
//! bodies of water a link of ports crosses.

use super::*;

impl<'g> SupplyTrace<'g> {
    /// Run the searches, with control when the rules ask it.
    pub(super) fn traced(control: Control<'g>, positions: &Positions) -> Result<Self, SupplyError> {
        let board = control.board();
        let game = board.game();
        let rules = rules(game)?;
        if game.sides.len() > 63 {
            return Err(SupplyError::TooManySides(game.sides.len()));
        }
        let n = board.len();
        let impassable: Vec<bool> = board.terrain_table(&rules.impassable);
        let costs = (rules.path_cost == PathCost::MovementPoints)
            .then(|| Arc::new(PathCosts::new(board, positions.weather_in_force(game))));

        // Who needs supply, grouped by what the rules let them use.
        let mut keys: Vec<GroupKey> = Vec::new();
        let mut needs = Vec::new();
        // A counter's group, once per counter (its copies share it); `None` inside when the
        // counter needs no supply.
        let mut group_of: Vec<Option<Option<usize>>> = vec![None; game.counters.len()];
        for (index, p) in positions.on_map() {
            let (Some(node), Some(side)) = (board.node_of(&p.location), game.side_of(p.counter))
            else {
                continue;
            };
            let group = *group_of[p.counter].get_or_insert_with(|| {
                if !rules.units.matches(game, p.counter) {
                    return None;
                }
                let key = GroupKey::of(game, rules, side, p.counter);
                Some(match keys.iter().position(|k| *k == key) {
                    Some(g) => g,
                    None => {
                        keys.push(key);
                        keys.len() - 1
                    }
                })
            });
            if let Some(group) = group {
                needs.push((index, side, node, group));
            }
        }

        // Per node: sides with blocking units, sides with combat units, and the counters
        // of each side standing there (for sources such as depots).
        let mut units = vec![0u64; n];
        let mut combat = vec![0u64; n];
        // (node, side, counter) of every unit of a side, by node, in position order there.
        let mut held: Vec<(usize, SideId, CounterId)> = Vec::new();
        let mut blocks: Vec<Option<bool>> = vec![None; game.counters.len()];
        for (_, p) in positions.on_map() {
            let Some(node) = board.node_of(&p.location) else {
                continue;
            };
            let side = game.side_of(p.counter);
            let bit = side_bit(side);
            let is_combat = game.is_combat(p.counter);
            if is_combat {
                combat[node] |= bit;
            }
            if *blocks[p.counter]
                .get_or_insert_with(|| is_combat || reach(game, p.counter) != ZocReach::None)
            {
                units[node] |= bit;
            }
            if let Some(side) = side {
                held.push((node, side, p.counter));
            }
        }
        held.sort_by_key(|&(node, _, _)| node);
        let zoc = rules
            .blocked_by
            .contains(&Blocker::EnemyZoc)
            .then(|| ZocMap::new(board, positions));
        // Where each entry rule applies.
        let entry_here: Vec<Vec<bool>> = game
            .rules
            .entry
            .iter()
            .map(|e| {
                let mut here = board.terrain_table(&e.terrain);
                for &(map, set) in &e.hex_sets {
                    if let Some(h) = game.maps.get(map).and_then(|m| m.hex_sets.get(set)) {
                        for node in board.members(map, &h.members) {
                            here[node] = true;
                        }
                    }
                }
                here
            })
            .collect();

        // Where enemy control blocks a path: everywhere, or the listed terrain and places.
        let every =
            rules.enemy_controlled_terrain.is_empty() && rules.enemy_controlled_places.is_empty();
        let mut guarded: Vec<bool> = if every {
            vec![true; n]
        } else {
            board.terrain_table(&rules.enemy_controlled_terrain)
        };
        for (map, m) in game.maps.iter().enumerate() {
            for p in &m.places {
                let listed = rules
                    .enemy_controlled_places
                    .iter()
                    .any(|w| *w == p.name || p.tags.contains(w));
                if let (true, Some(node)) = (listed, board.node(&Site { map, at: p.at })) {
                    guarded[node] = true;
                }
            }
        }
        let all_hexes = game
            .maps
            .iter()
            .all(|m| matches!(m.kind, crate::model::MapKind::Hex(_)));
        let mut side_states: Vec<Option<Vec<u8>>> = vec![None; game.sides.len()];
        let mut groups = Vec::with_capacity(keys.len());
        for key in &keys {
            let side = key.side;
            let me = side_bit(Some(side));
            let base = side_states[side].get_or_insert_with(|| {
                let mut state: Vec<u8> = impassable
                    .iter()
                    .map(|&shut| if shut { code(Block::Impassable) } else { OPEN })
                    .collect();
                // Hexes admit every side: only areas may be closed to some.
                if !all_hexes {
                    block_where(&mut state, Block::Impassable, |i| {
                        let only = board.only(i);
                        !only.is_empty() && !only.contains(&side)
                    });
                }
                // A location takes the first of the rules' blockers that stops a path there.
                for b in &rules.blocked_by {
                    match b {
                        Blocker::EnemyUnits => {
                            block_where(&mut state, Block::EnemyUnits, |i| units[i] & !me != 0)
                        }
                        Blocker::EnemyZoc => {
                            if let Some(z) = &zoc {
                                let negate = rules.friendly_units_negate_zoc;
                                block_where(&mut state, Block::EnemyZoc, |i| {
                                    z.mask(i) & !me != 0 && !(negate && combat[i] & me != 0)
                                });
                            }
                        }
                        Blocker::EnemyControlled => {
                            block_where(&mut state, Block::EnemyControlled, |i| {
                                control.owner(i).is_some_and(|o| o != side) && guarded[i]
                            })
                        }
                    }
                }
                state
            });
            let mut state = base.clone();
            for (e, here) in entry_here.iter().enumerate() {
                if key.barred[e] {
                    for (i, h) in here.iter().enumerate() {
                        if *h {
                            state[i] = code(Block::Impassable);
                        }
                    }
                }
            }
            let sources = side_sources(game, board, &control, rules, key, &held);
            let mut is_source = vec![NONE; n];
            for (k, s) in sources.iter().enumerate() {
                if s.beyond > 0 {
                    continue;
                }
                for &node in &s.nodes {
                    if is_source[node] == NONE {
                        is_source[node] = k as u32;
                    }
                }
            }
            let seeds = sources
                .iter()
                .enumerate()
                .flat_map(|(k, s)| s.nodes.iter().map(move |&node| (node, k as u32, s.beyond)));
            let main = Search::run_from(board, seeds, |v| state[v] == OPEN, costs.as_ref());
            // Links matter only to units the main search leaves out of supply.
            let group = groups.len();
            let all_supplied =
                needs
                    .iter()
                    .filter(|(_, _, _, g)| *g == group)
                    .all(|&(i, _, n, _)| {
                        let limit = path_limit(game, positions, i, costs.as_deref());
                        is_source[n] != NONE && !impassable[n]
                            || main
                                .reach(board, n, impassable[n])
                                .is_some_and(|(d, _)| limit.is_none_or(|l| d <= l))
                    });
            let mut links = Vec::new();
            for (li, link) in rules.links.iter().enumerate() {
                if link.side != side || !key.links[li] || all_supplied {
                    continue;
                }
                // The link's places: (node, label, bodies of water it touches).
                let mut ports: Vec<(usize, u32)> = Vec::new();
                let mut labels = Vec::new();
                let mut bodies: Vec<Vec<u32>> = Vec::new();
                let friendly =
                    |node: usize| control.owner(node) == Some(side) && state[node] == OPEN;
                match &link.kind {
                    LinkKind::HexSet((map, set)) => {
                        let Some(hs) = game.maps[*map].hex_sets.get(*set) else {
                            continue;
                        };
                        for p in &game.maps[*map].places {
                            if !hs.members.contains(&p.at) {
                                continue;
                            }
                            let Some(node) = board.node(&Site {
                                map: *map,
                                at: p.at,
                            }) else {
                                continue;
                            };
                            if friendly(node) {
                                ports.push((node, labels.len() as u32));
                                labels.push(p.name.clone());
                                bodies.push(vec![0]);
                            }
                        }
                    }
                    LinkKind::Sea {
                        feature,
                        port,
                        across,
                        seas,
                    } => {
                        let water = if seas.is_empty() {
                            water_bodies(board, across)
                        } else {
                            sea_regions(board, game, across, seas)
                        };
                        let mut candidates: Vec<(usize, String)> = Vec::new();
                        for (map, m) in game.maps.iter().enumerate() {
                            for p in &m.places {
                                if p.tags.contains(port) || Some(p.kind) == *feature {
                                    if let Some(node) = board.node(&Site { map, at: p.at }) {
                                        candidates.push((node, p.name.clone()));
                                    }
                                }
                            }
                        }
                        if let Some(f) = feature {
                            for node in 0..n {
                                if board.has_any_terrain(node, std::slice::from_ref(f))
                                    && !candidates.iter().any(|(c, _)| *c == node)
                                {
                                    candidates.push((node, board.name(node)));
                                }
                            }
                        }
                        candidates.sort();
                        candidates.dedup_by_key(|(c, _)| *c);
                        for (node, name) in candidates {
                            if !friendly(node) {
                                continue;
                            }
                            let mut touches = Vec::new();
                            board.neighbours(node, Link::Supply, |v| {
                                if water[v] != NONE && !touches.contains(&water[v]) {
                                    touches.push(water[v]);
                                }
                            });
                            if touches.is_empty() {
                                continue;
                            }
                            ports.push((node, labels.len() as u32));
                            labels.push(name);
                            bodies.push(touches);
                        }
                    }
                }
                let connected: Vec<(usize, u32, u32)> = ports
                    .iter()
                    .filter(|(node, _)| main.dist[*node] != NONE)
                    .map(|(node, label)| (*node, main.dist[*node], *label))
                    .collect();
                // A place links onward through "another" place sharing a body of water
                // with it that traces to a source.
                let seeds: Vec<(usize, u32)> = ports
                    .iter()
                    .copied()
                    .filter(|(node, label)| {
                        connected.iter().any(|(c, _, cl)| {
                            c != node
                                && bodies[*cl as usize]
                                    .iter()
                                    .any(|b| bodies[*label as usize].contains(b))
                        })
                    })
                    .collect();
                if seeds.is_empty() {
                    continue;
                }
                let search = Search::run(board, seeds, |v| state[v] == OPEN, costs.as_ref());
                links.push(LinkTrace {
                    description: link.description.clone(),
                    search,
                    labels,
                    connected,
                    bodies,
                });
            }
            groups.push((
                side,
                SideTrace {
                    state,
                    sources,
                    is_source,
                    main,
                    links,
                },
            ));
        }
        Ok(Self {
            control,
            impassable,
            groups,
            needs,
            costs,
        })
    }
}

/// The longest path position `index` may trace (`None`: any length). A path counted in
/// movement points (`costs`) may be as long as the unit's movement allowance in the weather
/// in force (halved in mud).
pub(super) fn path_limit(
    game: &Game,
    positions: &Positions,
    index: usize,
    costs: Option<&PathCosts>,
) -> Option<u32> {
    let p = &positions.units[index];
    match game.rules.supply.as_ref()?.path_length {
        PathLength::Unlimited => None,
        PathLength::Steps(n) => Some(n),
        PathLength::Movement(f) => factor(game, p.counter, p.reduced, f).map(|v| {
            let weather = costs
                .and_then(|c| c.weather)
                .and_then(|w| game.weather.get(w));
            weather.map_or(v, |w| w.allowance(v)).max(0) as u32
        }),
    }
}

/// The sources of one group of a side's units, each with its nodes: those of the rule's
/// sources its units may use.
pub(super) fn side_sources(
    game: &Game,
    board: &Board,
    control: &Control,
    rules: &SupplyRules,
    key: &GroupKey,
    held: &[(usize, SideId, CounterId)],
) -> Vec<Source> {
    let side = key.side;
    let mut out = Vec::new();
    let in_countries = |src: &crate::model::rules::SupplySource, node: usize| {
        src.countries.is_empty()
            || board
                .country(node)
                .is_some_and(|c| src.countries.contains(&c))
    };
    for (k, src) in rules.sources.iter().enumerate() {
        if src.side != side || !key.sources[k] {
            continue;
        }
        let beyond = src.beyond;
        let label = |default: &str| src.name.clone().unwrap_or_else(|| default.to_string());
        for border in &src.along {
            let mut nodes = Vec::new();
            for (map, m) in game.maps.iter().enumerate() {
                let crate::model::MapKind::Hex(h) = &m.kind else {
                    continue;
                };
                let geo = &h.geometry;
                let coords: Vec<crate::model::hex::HexCoord> = match border.as_str() {
                    "west" => (0..geo.rows)
                        .map(|r| crate::model::hex::HexCoord::new(0, r))
                        .collect(),
                    "east" => (0..geo.rows)
                        .map(|r| crate::model::hex::HexCoord::new(geo.columns - 1, r))
                        .collect(),
                    "north" => (0..geo.columns)
                        .map(|c| crate::model::hex::HexCoord::new(c, 0))
                        .collect(),
                    "south" => (0..geo.columns)
                        .map(|c| crate::model::hex::HexCoord::new(c, geo.rows - 1))
                        .collect(),
                    _ => Vec::new(),
                };
                for c in coords {
                    if let Some(node) = board.node(&Site::hex(map, c)) {
                        if !board.has_any_terrain(node, &rules.impassable)
                            && in_countries(src, node)
                        {
                            nodes.push(node);
                        }
                    }
                }
            }
            out.push(Source {
                label: label(&format!("{border} map edge")),
                nodes,
                beyond,
            });
        }
        for &(map, e) in &src.edges {
            if let Some(edge) = game.maps[map].edges.get(e) {
                out.push(Source {
                    label: label(&edge.name),
                    nodes: board.members(map, &edge.members).collect(),
                    beyond,
                });
            }
        }
        for &(map, h) in &src.hex_sets {
            if let Some(set) = game.maps[map].hex_sets.get(h) {
                out.push(Source {
                    label: label(&set.name),
                    nodes: board.members(map, &set.members).collect(),
                    beyond,
                });
            }
        }
        let mut taken: Vec<usize> = Vec::new();
        for wanted in &src.places {
            for (map, m) in game.maps.iter().enumerate() {
                for p in &m.places {
                    if p.name != *wanted && !p.tags.contains(wanted) {
                        continue;
                    }
                    let Some(node) = board.node(&Site { map, at: p.at }) else {
                        continue;
                    };
                    if control.owner(node) == Some(side) && in_countries(src, node) {
                        taken.push(node);
                        out.push(Source {
                            label: p.name.clone(),
                            nodes: vec![node],
                            beyond,
                        });
                    }
                }
            }
        }
        if !src.terrain.is_empty() {
            for node in 0..board.len() {
                if !taken.contains(&node)
                    && board.has_any_terrain(node, &src.terrain)
                    && control.owner(node) == Some(side)
                    && in_countries(src, node)
                {
                    taken.push(node);
                    out.push(Source {
                        label: place_label(game, board, node),
                        nodes: vec![node],
                        beyond,
                    });
                }
            }
        }
        if let Some(sel) = &src.counters {
            for here in held.chunk_by(|a, b| a.0 == b.0) {
                let node = here[0].0;
                if let Some((_, _, c)) = here
                    .iter()
                    .find(|(_, s, c)| *s == side && sel.matches(game, *c))
                {
                    out.push(Source {
                        label: format!(
                            "{} at {}",
                            game.counters[*c].name,
                            place_label(game, board, node)
                        ),
                        nodes: vec![node],
                        beyond,
                    });
                }
            }
        }
    }
    out
}

/// A location's place name if it has one, else its hex number or area name.
pub(super) fn place_label(game: &Game, board: &Board, node: usize) -> String {
    let site = board.site(node);
    game.maps[site.map]
        .places
        .iter()
        .find(|p| p.at == site.at)
        .map_or_else(|| board.name(node), |p| p.name.clone())
}

/// The connected bodies of water of these terrains: a body number per node (`NONE` for
/// other nodes).
pub(super) fn water_bodies(board: &Board, across: &[crate::model::TerrainId]) -> Vec<u32> {
    let n = board.len();
    let mut body = vec![NONE; n];
    let mut count = 0;
    for start in 0..n {
        if body[start] != NONE || !board.has_any_terrain(start, across) {
            continue;
        }
        body[start] = count;
        let mut queue = VecDeque::from([start]);
        while let Some(u) = queue.pop_front() {
            board.neighbours(u, Link::Supply, |v| {
                if body[v] == NONE && board.has_any_terrain(v, across) {
                    body[v] = count;
                    queue.push_back(v);
                }
            });
        }
        count += 1;
    }
    body
}

/// The sea each water node lies in: the index of the first of `seas` (hex sets) holding
/// it, `NONE` for land and for water outside them. A crossing stays inside one sea (even
/// where two touch), and a port lies in every sea its hex touches.
pub(super) fn sea_regions(
    board: &Board,
    game: &Game,
    across: &[crate::model::TerrainId],
    seas: &[(MapId, usize)],
) -> Vec<u32> {
    let mut body = vec![NONE; board.len()];
    for (i, (map, set)) in seas.iter().enumerate().rev() {
        let Some(hs) = game.maps[*map].hex_sets.get(*set) else {
            continue;
        };
        for node in board.members(*map, &hs.members) {
            if board.has_any_terrain(node, across) {
                body[node] = i as u32;
            }
        }
    }
    body
}
