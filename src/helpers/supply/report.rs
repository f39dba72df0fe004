//! What supply reports: every unit needing supply with its path, the link it used or what
//! cuts it, per side the units in and out of supply ([`SupplyReport`]), and its text.

use super::*;

impl<'g> SupplyTrace<'g> {
    /// The full report: every unit needing supply, with its path or what cuts it.
    pub fn report(&self, positions: &Positions) -> SupplyReport {
        let board = self.board();
        let game = board.game();
        let unit_word = if self.costs.is_some() {
            ("movement point", "movement points")
        } else if game
            .maps
            .iter()
            .all(|m| matches!(m.kind, crate::model::MapKind::Area(_)))
        {
            ("area", "areas")
        } else {
            ("hex", "hexes")
        };
        let steps = |count: u32| Steps { count, unit_word };
        // Paths are named when read: each keeps where it starts on its search's forest.
        let names = Arc::new(board.location_names());
        let no_parents = Arc::new(Vec::new());
        let mut free_search: Vec<Option<Search>> = vec![None; self.groups.len()];
        // The units cut off from every source and link, whose reports look along the route
        // that ignores enemies: each group's search for it stops once it has found them.
        let mut cut: Vec<Vec<usize>> = vec![Vec::new(); self.groups.len()];
        for &(_, _, node, group) in &self.needs {
            let t = &self.groups[group].1;
            let own = self.impassable[node];
            if !own
                && t.is_source[node] == NONE
                && t.main.reach(board, node, own).is_none()
                && t.links
                    .iter()
                    .all(|l| l.search.reach(board, node, own).is_none())
            {
                cut[group].push(node);
            }
        }
        let mut units = Vec::with_capacity(self.needs.len());
        for &(index, side, node, group) in &self.needs {
            let p = &positions.units[index];
            let c = &game.counters[p.counter];
            let t = &self.groups[group].1;
            let limit = self.limit(positions, index);
            let within = |d: u32| limit.is_none_or(|l| d <= l);
            let own = self.impassable[node];
            let mut u = UnitSupply {
                index,
                counter: c.id.clone(),
                name: c.name.clone(),
                piece: p.piece.clone(),
                side: game.sides[side].id.clone(),
                location: game.location_label(&p.location),
                in_supply: false,
                marked: p.out_of_supply,
                distance: None,
                source: None,
                path: Path::default(),
                link: None,
                blocked: Vec::new(),
                reason: String::new(),
            };
            let main = t.main.reach(board, node, own);
            if t.is_source[node] != NONE && !own {
                let label = &t.sources[t.is_source[node] as usize].label;
                u.in_supply = true;
                u.distance = Some(0);
                u.source = Some(label.clone());
                u.path = Path::new(&names, &no_parents, None, node);
                u.reason = format!("on its supply source, {label}");
            } else if let Some((d, first)) = main.filter(|(d, _)| within(*d)) {
                let label = &t.sources[t.main.origin[first] as usize].label;
                u.in_supply = true;
                u.distance = Some(d);
                u.source = Some(label.clone());
                u.reason = format!("traces {} to {label}", steps(d));
                u.path = t.main.path(&names, (first != node).then_some(node), first);
            } else if let Some((l, d, first)) = t.links.iter().find_map(|l| {
                l.search
                    .reach(board, node, own)
                    .filter(|(d, _)| within(*d))
                    .map(|(d, f)| (l, d, f))
            }) {
                let path = l
                    .search
                    .path(&names, (first != node).then_some(node), first);
                let port = l.search.chain(first).last().unwrap_or(first);
                let port_name = l.labels[l.search.origin[first] as usize].clone();
                let port_label = l.search.origin[first] as usize;
                let (onward_port, _, onward_label_index) = l
                    .connected
                    .iter()
                    .filter(|(n, _, cl)| {
                        *n != port
                            && l.bodies[*cl as usize]
                                .iter()
                                .any(|b| l.bodies[port_label].contains(b))
                    })
                    .min_by_key(|(n, d, _)| (*d, *n))
                    .copied()
                    .expect("a link search has another connected place");
                let onward = t.main.path(&names, None, onward_port);
                let onward_label = t.sources[t.main.origin[onward_port] as usize].label.clone();
                let onward_name = l.labels[onward_label_index as usize].clone();
                u.in_supply = true;
                u.distance = Some(d);
                u.source = Some(onward_label.clone());
                let start = if d == 0 {
                    format!("stands in {port_name}")
                } else {
                    format!("traces {} to {port_name}", steps(d))
                };
                let onward_steps = if self.costs.is_some() {
                    t.main.dist[onward_port]
                } else {
                    onward.len() as u32 - 1
                };
                u.reason = format!(
                    "{start}, linked to {onward_name}, which traces {} to {onward_label}",
                    steps(onward_steps)
                );
                u.path = path;
                u.link = Some(LinkUse {
                    description: l.description.clone(),
                    to: port_name,
                    from: onward_name,
                    onward,
                });
            } else if let Some((d, first)) = main {
                // Reached, but too far.
                let label = &t.sources[t.main.origin[first] as usize].label;
                u.distance = Some(d);
                u.source = Some(label.clone());
                u.reason = format!(
                    "nearest supply source, {label}, is {} away; the limit is {}",
                    steps(d),
                    steps(limit.unwrap_or(0))
                );
            } else if let Some((l, d, first)) = t
                .links
                .iter()
                .find_map(|l| l.search.reach(board, node, own).map(|(d, f)| (l, d, f)))
            {
                // A linked place is reached, but too far.
                let port = l.labels[l.search.origin[first] as usize].clone();
                u.distance = Some(d);
                u.reason = format!(
                    "nearest linked place, {port}, is {} away; the limit is {}",
                    steps(d),
                    steps(limit.unwrap_or(0))
                );
            } else {
                // Cut: look along the shortest route that ignores enemy blockers.
                let free = free_search[group].get_or_insert_with(|| {
                    let seeds = t.sources.iter().enumerate().flat_map(|(k, s)| {
                        s.nodes.iter().map(move |&node| (node, k as u32, s.beyond))
                    });
                    Search::run_until(
                        board,
                        seeds,
                        |v| t.state[v] != code(Block::Impassable),
                        Some(&cut[group]),
                        self.costs.as_ref(),
                    )
                });
                match free.reach(board, node, own) {
                    None if t.sources.iter().all(|s| s.nodes.is_empty()) => {
                        u.reason = format!(
                            "the {} side has no supply source on the map (no friendly source place)",
                            game.sides[side].name
                        );
                    }
                    None => {
                        u.reason = if own {
                            "stands in impassable terrain".to_string()
                        } else {
                            format!(
                                "no path over passable terrain reaches any {} supply source",
                                game.sides[side].name
                            )
                        };
                    }
                    Some((d, first)) => {
                        let label = &t.sources[free.origin[first] as usize].label;
                        u.blocked = free
                            .chain(first)
                            .filter(|&n| n != node)
                            .filter_map(|n| {
                                block(t.state[n]).map(|b| Blocked {
                                    location: board.name(n),
                                    by: b,
                                })
                            })
                            .collect();
                        let shown: Vec<String> = u
                            .blocked
                            .iter()
                            .take(3)
                            .map(|b| format!("{} ({})", b.location, b.by.text()))
                            .collect();
                        let more = u.blocked.len().saturating_sub(3);
                        u.reason = format!(
                            "cut: the shortest route to {label} ({}) is blocked at {}{}",
                            steps(d),
                            shown.join(", "),
                            if more > 0 {
                                format!(" and {more} more")
                            } else {
                                String::new()
                            }
                        );
                    }
                }
            }
            units.push(u);
        }
        let sides = game
            .sides
            .iter()
            .enumerate()
            .filter(|(s, _)| self.groups.iter().any(|(g, _)| g == s))
            .map(|(_, side)| {
                let mine: Vec<&UnitSupply> = units.iter().filter(|u| u.side == side.id).collect();
                SideSupply {
                    side: side.id.clone(),
                    name: side.name.clone(),
                    units: mine.len(),
                    in_supply: mine.iter().filter(|u| u.in_supply).count(),
                    out_of_supply: mine.iter().filter(|u| !u.in_supply).count(),
                }
            })
            .collect();
        let weather = self
            .costs
            .as_ref()
            .and_then(|c| c.weather)
            .map(|w| game.weather[w].name.clone());
        SupplyReport {
            weather,
            sides,
            units,
        }
    }
}

/// A number of locations entered, in words ("1 hex", "7 hexes", "2 areas"), written
/// straight into the sentence that says it.
struct Steps {
    /// How many.
    count: u32,
    /// The word for one and for several.
    unit_word: (&'static str, &'static str),
}

impl std::fmt::Display for Steps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (one, several) = self.unit_word;
        let word = if self.count == 1 { one } else { several };
        write!(f, "{} {word}", self.count)
    }
}

/// Supply totals of one side.
#[derive(Debug, Clone, Serialize)]
pub struct SideSupply {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// Units needing supply.
    pub units: usize,
    /// In supply.
    pub in_supply: usize,
    /// Out of supply.
    pub out_of_supply: usize,
}

/// The locations of a path in a report, in order: from a unit to its source, or from a
/// linked place onward. Held as where it starts on the search that found it — the search's
/// forest of shortest paths, shared by every path of the report — and named when read, so
/// a report of 2,000 units neither copies nor names a location per step. Reads as its
/// names ([`Path::names`]; `Display` joins them with spaces) and serializes as their list;
/// empty when the unit is out of supply.
#[derive(Clone, Default)]
pub struct Path(Option<Walk>);

/// Where a [`Path`] that is not empty starts, and the forest it follows from there.
#[derive(Clone)]
struct Walk {
    /// What the locations are called.
    names: Arc<LocationNames>,
    /// The search's parents, followed from `start` up to the source (empty: `start` is
    /// the whole way).
    parents: Arc<Vec<u32>>,
    /// A location before `start`: the unit's own, where the search did not enter it.
    head: Option<u32>,
    /// The first location on the forest.
    start: u32,
}

impl Path {
    /// `head` when given, then `start` and its parents in `parents` up to the root.
    pub(super) fn new(
        names: &Arc<LocationNames>,
        parents: &Arc<Vec<u32>>,
        head: Option<usize>,
        start: usize,
    ) -> Self {
        Path(Some(Walk {
            names: Arc::clone(names),
            parents: Arc::clone(parents),
            head: head.map(|h| h as u32),
            start: start as u32,
        }))
    }

    /// The locations (board nodes), in order, with what they are called.
    pub(super) fn nodes(&self) -> impl Iterator<Item = (usize, &LocationNames)> + '_ {
        self.0.iter().flat_map(|s| {
            let head = s.head.map(|h| h as usize);
            head.into_iter()
                .chain(up(&s.parents, s.start as usize))
                .map(|n| (n, &*s.names))
        })
    }

    /// How many locations.
    pub fn len(&self) -> usize {
        self.nodes().count()
    }

    /// True when out of supply: no path.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The names of the locations, in order.
    pub fn names(&self) -> Vec<String> {
        self.nodes()
            .map(|(n, names)| names.name_with(n, str::to_string))
            .collect()
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (n, names)) in self.nodes().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            names.name_with(n, |name| f.write_str(name))?;
        }
        Ok(())
    }
}

impl std::fmt::Debug for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl<const N: usize> PartialEq<[&str; N]> for Path {
    fn eq(&self, other: &[&str; N]) -> bool {
        self.len() == N
            && self
                .nodes()
                .zip(other)
                .all(|((n, names), want)| names.name_with(n, |name| name == *want))
    }
}

impl Serialize for Path {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for (n, names) in self.nodes() {
            names.name_with(n, |name| seq.serialize_element(name))?;
        }
        seq.end()
    }
}

/// A location that cuts a path.
#[derive(Debug, Clone, Serialize)]
pub struct Blocked {
    /// Hex number or area name.
    pub location: String,
    /// What is there.
    pub by: Block,
}

/// Supply through a link.
#[derive(Debug, Clone, Serialize)]
pub struct LinkUse {
    /// The link rule.
    pub description: String,
    /// The place the unit traces to.
    pub to: String,
    /// The other place, which traces onward.
    pub from: String,
    /// Its path to the source.
    pub onward: Path,
}

/// Supply of one unit.
#[derive(Debug, Clone, Serialize)]
pub struct UnitSupply {
    /// Index in the positions.
    pub index: usize,
    /// Counter id.
    pub counter: String,
    /// Counter name.
    pub name: String,
    /// The caller's piece id.
    pub piece: Option<String>,
    /// Side id.
    pub side: String,
    /// Where it stands.
    pub location: String,
    /// In supply.
    pub in_supply: bool,
    /// Marked out of supply in the positions.
    pub marked: bool,
    /// Length of the path (or of the too-long path).
    pub distance: Option<u32>,
    /// The source traced to.
    pub source: Option<String>,
    /// The path from the unit's location to the source (empty when out of supply).
    pub path: Path,
    /// The link used, if any.
    pub link: Option<LinkUse>,
    /// Blocked locations on the shortest route ignoring enemies (when cut).
    pub blocked: Vec<Blocked>,
    /// In words.
    pub reason: String,
}

/// Supply of every unit that needs it.
#[derive(Debug, Clone, Serialize)]
pub struct SupplyReport {
    /// Paths counted in movement points: the weather they were traced in (its name; none:
    /// no weather in force, or paths counted in hexes or areas, where weather does not
    /// matter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weather: Option<String>,
    /// Totals per side with units needing supply.
    pub sides: Vec<SideSupply>,
    /// Every unit needing supply, in position order.
    pub units: Vec<UnitSupply>,
}

/// The report as text: totals, then one line per unit (out of supply first).
pub fn render(report: &SupplyReport) -> String {
    let mut out = String::new();
    if let Some(w) = &report.weather {
        out.push_str(&format!("Paths in movement points, weather: {w}\n"));
    }
    for s in &report.sides {
        out.push_str(&format!(
            "{}: {} of {} unit{} in supply\n",
            s.name,
            s.in_supply,
            s.units,
            crate::helpers::control::plural(s.units)
        ));
    }
    let (bad, good): (Vec<&UnitSupply>, Vec<&UnitSupply>) =
        report.units.iter().partition(|u| !u.in_supply);
    if !bad.is_empty() {
        out.push_str("\nOut of supply:\n");
        for u in bad {
            out.push_str(&format!("  {} at {}: {}\n", u.name, u.location, u.reason));
        }
    }
    if !good.is_empty() {
        out.push_str("\nIn supply:\n");
        for u in good {
            out.push_str(&format!("  {} at {}: {}", u.name, u.location, u.reason));
            if u.path.len() > 1 {
                out.push_str(&format!(" [{}]", u.path));
            }
            out.push('\n');
        }
    }
    out
}
