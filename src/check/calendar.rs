//! The `[calendar]`: a game's turns written as the seasons of a year, from a first turn to a
//! last (`spring-1901` … `winter-1920`, or the months of a monthly game), expanded into the
//! same turns a list of `[[turn]]`s gives.

use crate::load::schema::Spanned;

use super::names::Names;
use super::{gather, Cx, Registry};
use crate::diag::Diagnostic;
use crate::load::schema::{Calendar, GameFile};
use crate::load::source::FileId;
use crate::model::{Game, Turn};

/// Most years a calendar may span: a game of written orders rarely reaches a tenth of it,
/// and the turn track must stay finite.
const MAX_YEARS: i64 = 200;

/// Add the turns of the game's `[calendar]`, if it has one, reporting every problem of it;
/// whether there is one. A calendar with a mistake adds no turns, and references to turns
/// are then not reported (they may well be among the turns it would have given).
pub(crate) fn expand(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &mut Names,
    g: &mut Game,
) -> bool {
    let errors = cx.diags.error_count();
    let given = add_turns(cx, files, names, g);
    if given && cx.diags.error_count() > errors {
        names.turn.mark_incomplete();
    }
    given
}

fn add_turns(cx: &mut Cx, files: &[(FileId, GameFile)], names: &mut Names, g: &mut Game) -> bool {
    let calendars: Vec<(FileId, &Spanned<Calendar>)> = files
        .iter()
        .filter_map(|(f, gf)| gf.calendar.as_ref().map(|c| (*f, c)))
        .collect();
    let Some(&(file, calendar)) = calendars.first() else {
        return false;
    };
    for (other, c) in calendars.iter().skip(1) {
        cx.push(
            Diagnostic::error("duplicate", "`[calendar]` is defined twice")
                .at(crate::diag::Span::new(*other, c.span()))
                .note(
                    crate::diag::Span::new(file, calendar.span()),
                    "first defined here",
                ),
        );
    }
    if let Some((tf, t)) = gather(files, |f| &f.turn).first() {
        cx.push(
            Diagnostic::error(
                "conflict",
                "the game lists `[[turn]]`s and also has a `[calendar]`",
            )
            .at(Cx::span(*tf, &t.id))
            .note(
                crate::diag::Span::new(file, calendar.span()),
                "the calendar is here",
            )
            .hint("give the turns one way: a `[calendar]` of seasons, or the `[[turn]]` list"),
        );
        return true;
    }
    let c = calendar.get_ref();
    let mut seasons = Registry::new("season");
    let mut whole = true;
    let mut expanded = Vec::new();
    for s in &c.season {
        let Some(claim) = seasons.define(file, &s.id, &mut cx.diags) else {
            whole = false;
            continue;
        };
        let phases: Vec<usize> = s
            .phases
            .iter()
            .filter_map(|p| names.phase.resolve(file, p, &mut cx.diags))
            .collect();
        let weather = s
            .weather
            .as_ref()
            .and_then(|w| names.weather.resolve(file, w, &mut cx.diags));
        whole &= phases.len() == s.phases.len() && weather.is_some() == s.weather.is_some();
        seasons.admit(claim, &mut expanded, (s, phases, weather));
    }
    if c.season.is_empty() {
        cx.push(
            Diagnostic::error("no-turns", "the calendar has no seasons")
                .at(crate::diag::Span::new(file, calendar.span()))
                .hint("add a `[[calendar.season]]` for each season of the year, in order"),
        );
        return true;
    }
    let first = turn_of(cx, file, &c.first, &seasons);
    let last = turn_of(cx, file, &c.last, &seasons);
    let (Some(first), Some(last)) = (first, last) else {
        return true;
    };
    if !whole {
        return true;
    }
    let per_year = expanded.len() as i64;
    let (a, b) = (
        first.1 * per_year + first.0 as i64,
        last.1 * per_year + last.0 as i64,
    );
    if b < a {
        cx.push(
            Diagnostic::error(
                "out-of-range",
                format!(
                    "the calendar ends (`{}`) before it starts (`{}`)",
                    c.last.get_ref(),
                    c.first.get_ref()
                ),
            )
            .at(Cx::span(file, &c.last)),
        );
        return true;
    }
    if last.1 - first.1 > MAX_YEARS {
        cx.push(
            Diagnostic::error(
                "out-of-range",
                format!("the calendar spans {} years", last.1 - first.1 + 1),
            )
            .at(Cx::span(file, &c.last))
            .hint(format!("a calendar spans at most {MAX_YEARS} years")),
        );
        return true;
    }
    for n in a..=b {
        let (year, season) = (n.div_euclid(per_year), n.rem_euclid(per_year) as usize);
        let (s, phases, weather) = &expanded[season];
        let id = Spanned::new(c.first.span(), format!("{}-{year}", s.id.get_ref()));
        if let Some(claim) = names.turn.define(file, &id, &mut cx.diags) {
            names.turn.admit(
                claim,
                &mut g.turns,
                Turn {
                    id: id.into_inner(),
                    name: format!("{} {year}", s.name),
                    weather: *weather,
                    markers: Vec::new(),
                    phases: phases.clone(),
                },
            );
        }
    }
    true
}

/// The season index and year a turn id names (`spring-1901`).
fn turn_of(
    cx: &mut Cx,
    file: FileId,
    id: &Spanned<String>,
    seasons: &Registry,
) -> Option<(usize, i64)> {
    let text = id.get_ref();
    let parsed = text
        .rsplit_once('-')
        .and_then(|(s, y)| y.parse::<i64>().ok().map(|y| (s, y)))
        .filter(|(_, y)| (1..=9999).contains(y));
    let Some((season, year)) = parsed else {
        cx.push(
            Diagnostic::error("bad-turn", format!("`{text}` is not a season and a year"))
                .at(Cx::span(file, id))
                .hint("write `<season id>-<year>`, e.g. `spring-1901`"),
        );
        return None;
    };
    let season = Spanned::new(id.span(), season.to_string());
    let mut diags = crate::diag::Diagnostics::default();
    let index = seasons.resolve(file, &season, &mut diags);
    for d in diags.iter() {
        cx.push(d.clone());
    }
    index.map(|i| (i, year))
}
