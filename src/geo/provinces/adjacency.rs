//! The adjacency the outlines imply (borders shared, declared crossings) compared with the
//! adjacency and moves the map declares, and the draft moves a designer starts from.

use super::*;

/// Every pair of areas the map declares adjacent, or joins by a move (an army's, a fleet's,
/// a split coast's fleet's), smaller id first.
fn declared_pairs(map: &Map) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for a in &map.area {
        let id = a.id.get_ref();
        let moves = a
            .adjacent
            .iter()
            .chain(&a.army)
            .chain(&a.fleet)
            .chain(a.coast.iter().flat_map(|c| &c.fleet));
        for b in moves {
            let b = b.get_ref().split('/').next().unwrap_or("");
            if b != id {
                out.insert(ordered(id, b));
            }
        }
    }
    out
}

/// A crossing between areas whose outlines share a border anyway: the two areas and the
/// crossing's name.
pub(in crate::geo) type NeedlessCrossing = (String, String, Option<String>);

/// What the comparison of the borders with the declared adjacency finds: the differences
/// (area, area, implied), the needless crossings and every border implied (area, area,
/// smaller id first).
pub(in crate::geo) type Comparison = (
    Vec<(String, String, bool)>,
    Vec<NeedlessCrossing>,
    BTreeSet<(String, String)>,
);

/// The adjacency the laid outlines imply, with the pairs the geography's crossings join,
/// against the declared one: (area, area, implied); the crossings whose areas' outlines
/// share a border anyway (area, area, the crossing's name); and the implied adjacency
/// itself.
pub(in crate::geo) fn compare_adjacency(
    map: &Map,
    g: &Geography,
    laid: &[ComputedArea],
    size: [u32; 2],
) -> Comparison {
    let outlines: Vec<Vec<(f64, f64)>> = laid
        .iter()
        .map(|a| a.outline.iter().map(|p| (p[0], p[1])).collect())
        .collect();
    let mut implied: BTreeSet<(String, String)> =
        crate::model::map::touching_outlines(&outlines, (size[0], size[1]))
            .into_iter()
            .map(|(a, b)| ordered(&laid[a].id, &laid[b].id))
            .collect();
    let laid_ids: BTreeSet<&str> = laid.iter().map(|a| a.id.as_str()).collect();
    let mut needless = Vec::new();
    for c in &g.crossing {
        let [a, b] = c.between.get_ref();
        let (a, b) = (a.get_ref().as_str(), b.get_ref().as_str());
        if a == b || !laid_ids.contains(a) || !laid_ids.contains(b) {
            continue;
        }
        if !implied.insert(ordered(a, b)) {
            let name = c.name.as_ref().map(|n| n.get_ref().clone());
            needless.push((a.to_string(), b.to_string(), name));
        }
    }
    let declared: BTreeSet<(String, String)> = declared_pairs(map)
        .into_iter()
        .filter(|(a, b)| laid_ids.contains(a.as_str()) && laid_ids.contains(b.as_str()))
        .collect();
    let mut out: Vec<(String, String, bool)> = implied
        .difference(&declared)
        .map(|(a, b)| (a.clone(), b.clone(), true))
        .chain(
            declared
                .difference(&implied)
                .map(|(a, b)| (a.clone(), b.clone(), false)),
        )
        .collect();
    out.sort();
    (out, needless, implied)
}

/// The moves a draft adjacency gives an area that declares none, from the borders its
/// outline shares (and the crossings the geography declares), sorted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DraftMoves {
    /// The area's id.
    pub area: String,
    /// On a map of plain areas: the areas it borders.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub adjacent: Vec<String>,
    /// On a province board: the land areas it borders.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub army: Vec<String>,
    /// On a province board: the seas it borders, and for a coastal province the coastal
    /// provinces it borders along a sea both reach.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fleet: Vec<String>,
}

impl DraftMoves {
    /// Whether the draft declares the border between its area and `other` (a coast of it
    /// included: `spa/nc` is Spain).
    pub fn declares(&self, other: &str) -> bool {
        [&self.adjacent, &self.army, &self.fleet]
            .into_iter()
            .flatten()
            .any(|id| id.split('/').next() == Some(other))
    }
}

/// Whether an area declares any move or neighbour (its own, or a coast's).
fn declares_moves(a: &crate::load::schema::map::Area) -> bool {
    !a.adjacent.is_empty()
        || !a.army.is_empty()
        || !a.fleet.is_empty()
        || a.coast.iter().any(|c| !c.fleet.is_empty())
}

/// A draft adjacency from the borders the outlines imply (`implied`, as
/// [`compare_adjacency`] finds them), for the areas that declare no move and no neighbour
/// (an area with any is the designer's, and kept). A province board — a map with a water
/// area, or whose areas declare army or fleet moves rather than `adjacent` — gets army
/// moves between land areas, fleet moves between a sea and what it borders and between two
/// coastal provinces bordering along a sea both reach; a split-coast province's fleet
/// moves are left for its coasts (the designer names each coast's). Any other map gets
/// `adjacent`.
pub(in crate::geo) fn draft_adjacency(
    map: &Map,
    implied: &BTreeSet<(String, String)>,
    water: &dyn Fn(&str) -> bool,
) -> Vec<DraftMoves> {
    let terrain: BTreeMap<&str, &str> = map
        .area
        .iter()
        .map(|a| (a.id.get_ref().as_str(), a.terrain.get_ref().as_str()))
        .collect();
    let is_sea = |id: &str| terrain.get(id).is_some_and(|t| water(t));
    let split: BTreeSet<&str> = map
        .area
        .iter()
        .filter(|a| !a.coast.is_empty())
        .map(|a| a.id.get_ref().as_str())
        .collect();
    let mut borders: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (a, b) in implied {
        borders.entry(a.as_str()).or_default().insert(b.as_str());
        borders.entry(b.as_str()).or_default().insert(a.as_str());
    }
    let neighbours = |id: &str| borders.get(id).cloned().unwrap_or_default();
    let seas_of =
        |id: &str| -> BTreeSet<&str> { neighbours(id).into_iter().filter(|n| is_sea(n)).collect() };
    let moves_given = map
        .area
        .iter()
        .any(|a| !a.army.is_empty() || !a.fleet.is_empty() || !a.coast.is_empty());
    let adjacent_given = map.area.iter().any(|a| !a.adjacent.is_empty());
    let province_board = moves_given || (!adjacent_given && terrain.keys().any(|id| is_sea(id)));
    let mut out = Vec::new();
    for a in map.area.iter().filter(|a| !declares_moves(a)) {
        let id = a.id.get_ref().as_str();
        let near = neighbours(id);
        if near.is_empty() {
            continue;
        }
        let names = |set: BTreeSet<&str>| set.into_iter().map(str::to_string).collect();
        let mut draft = DraftMoves {
            area: id.to_string(),
            adjacent: Vec::new(),
            army: Vec::new(),
            fleet: Vec::new(),
        };
        if !province_board {
            draft.adjacent = names(near);
        } else if is_sea(id) {
            draft.fleet = names(near.into_iter().filter(|n| !split.contains(n)).collect());
        } else {
            let mine = seas_of(id);
            draft.army = names(near.iter().copied().filter(|n| !is_sea(n)).collect());
            if !mine.is_empty() && !split.contains(id) {
                draft.fleet = names(
                    near.into_iter()
                        .filter(|n| !split.contains(n))
                        .filter(|n| is_sea(n) || !seas_of(n).is_disjoint(&mine))
                        .collect(),
                );
            }
        }
        if !(draft.adjacent.is_empty() && draft.army.is_empty() && draft.fleet.is_empty()) {
            out.push(draft);
        }
    }
    out
}

fn ordered(a: &str, b: &str) -> (String, String) {
    if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}
