//! Victory points (`[[rules.victory-points]]`): what each side scores for the places it
//! controls, and the `points-lead` test.

use super::*;

/// Whether a side's victory points lead every other scoring side's by `need` or more (a
/// side that scores nothing counts 0).
pub(super) fn points_lead(
    game: &Game,
    points: &[SideVictoryPoints],
    side: SideId,
    need: u32,
) -> Test {
    let total = |id: &str| points.iter().find(|p| p.side == id).map_or(0, |p| p.total);
    let mine = total(&game.sides[side].id);
    let rival = game
        .sides
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != side)
        .map(|(_, x)| (total(&x.id), x.name.as_str()))
        .max_by_key(|(t, _)| *t);
    match rival {
        Some((theirs, name)) => {
            let lead = i128::from(mine) - i128::from(theirs);
            Test {
                holds: lead >= i128::from(need),
                detail: format!(
                    "{mine} victory points against {theirs} ({name}): lead {lead} (needs {need})"
                ),
            }
        }
        None => Test {
            holds: true,
            detail: format!("{mine} victory points; no other side"),
        },
    }
}

/// Each scoring side's victory points under `[[rules.victory-points]]`, from control.
pub fn victory_points(game: &Game, control: &ControlMap) -> Vec<SideVictoryPoints> {
    let board = control.board();
    let mut out: Vec<SideVictoryPoints> = Vec::new();
    let first_owners = if game.rules.victory_points.is_empty() {
        Vec::new()
    } else {
        crate::helpers::control::starting_owners(board)
    };
    for rule in &game.rules.victory_points {
        let mut places = Vec::new();
        for node in 0..board.len() {
            if control.owner(node) != Some(rule.side) {
                continue;
            }
            let site = board.site(node);
            let here = game.maps[site.map]
                .places
                .iter()
                .filter(|p| p.at == site.at);
            let tagged = here.clone().any(|p| {
                rule.places
                    .iter()
                    .any(|w| *w == p.name || p.tags.contains(w))
            });
            if !tagged && !board.has_any_terrain(node, &rule.terrain) {
                continue;
            }
            let country = board.country(node);
            if !rule.countries.is_empty() && !country.is_some_and(|c| rule.countries.contains(&c)) {
                continue;
            }
            if country.is_some_and(|c| rule.except_countries.contains(&c)) {
                continue;
            }
            let first = first_owners.get(node).copied().flatten();
            if !rule.owners.is_empty() && !rule.owners.contains(&first) {
                continue;
            }
            places.push(
                game.maps[site.map]
                    .places
                    .iter()
                    .find(|p| p.at == site.at)
                    .map_or_else(|| board.name(node), |p| p.name.clone()),
            );
        }
        let side = &game.sides[rule.side];
        let at = match out.iter().position(|p| p.side == side.id) {
            Some(i) => i,
            None => {
                out.push(SideVictoryPoints {
                    side: side.id.clone(),
                    name: side.name.clone(),
                    total: 0,
                    lines: Vec::new(),
                });
                out.len() - 1
            }
        };
        let points = rule
            .points
            .saturating_mul(i64::try_from(places.len()).unwrap_or(i64::MAX));
        out[at].total = out[at].total.saturating_add(points);
        out[at].lines.push(PointsLine {
            rule: rule.name.clone(),
            each: rule.points,
            points,
            places,
        });
    }
    out
}

/// One side's victory points.
#[derive(Debug, Clone, Serialize)]
pub struct SideVictoryPoints {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// Total.
    pub total: i64,
    /// Per rule.
    pub lines: Vec<PointsLine>,
}

/// The points of one `[[rules.victory-points]]` rule.
#[derive(Debug, Clone, Serialize)]
pub struct PointsLine {
    /// The rule as players say it.
    pub rule: String,
    /// Points per place.
    pub each: i64,
    /// Points scored.
    pub points: i64,
    /// The places that score, by name or hex number.
    pub places: Vec<String>,
}
