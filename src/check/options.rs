//! Optional rules: the `[[option]]` declarations, which options are on, and the data that
//! exists only under an option left out of the game before anything else is checked.
//!
//! Which options are on: those declared `default = true`, those the player names
//! ([`Selection`], `--option ID` on the command line) and, for the game as a whole, those any
//! scenario plays with (`options = [...]`), since the module holds every scenario. Within
//! one scenario, only the defaults, the player's and that scenario's own are on: a placement
//! or pool entry marked with another option is left out, and so are the copies of counters
//! belonging to another option (the counter's own `option`, or its class's) wherever it
//! lists them. Classes, counters, tracks and charts of an option that is off are dropped
//! from the files; a reference to one that remains elsewhere is reported by the registry
//! as belonging to an option that is off ([`super::Registry::set_off`]).
//!
//! Every `option = "ID"`, scenario `options` entry and player's option must name a declared
//! option (else a located `unknown-option` error with did-you-mean); an entry whose option
//! is unknown is left out, as any entry with a problem of its own.

use std::collections::{BTreeMap, BTreeSet};

use crate::load::schema::Spanned;

use super::{Cx, Registry};
use crate::diag::{suggest, Diagnostic};
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::GameOption;

/// The options a player turns on (beyond the defaults and the scenarios' own).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Option ids, as given (`--option ID`).
    pub on: Vec<String>,
    /// Every declared option on (to check all of a game's data at once).
    pub all: bool,
}

impl Selection {
    /// The player's options.
    pub fn of(on: &[String]) -> Self {
        Self {
            on: on.to_vec(),
            all: false,
        }
    }

    /// Every option on.
    pub fn all() -> Self {
        Self {
            on: Vec::new(),
            all: true,
        }
    }
}

/// What the selection left out, for the registries' messages and the model.
#[derive(Debug, Default)]
pub(crate) struct Selected {
    /// Every declared option, with whether it is on for the game as a whole.
    pub(crate) options: Vec<GameOption>,
    /// Per scenario id, the options on within it (indices into `options`).
    pub(crate) scenarios: BTreeMap<String, Vec<usize>>,
    /// Classes, counters, tracks and charts left out: id → the option they belong to.
    pub(crate) off_classes: BTreeMap<String, String>,
    pub(crate) off_counters: BTreeMap<String, String>,
    pub(crate) off_tracks: BTreeMap<String, String>,
    pub(crate) off_charts: BTreeMap<String, String>,
}

/// The counter id of a scenario's `id` or `N id`.
fn counter_id(text: &str) -> &str {
    let text = text.trim();
    match text.split_once(char::is_whitespace) {
        Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) => rest.trim(),
        _ => text,
    }
}

/// The declared options, read and checked.
struct Declared {
    reg: Registry,
    ids: Vec<String>,
}

impl Declared {
    /// The index of a declared option, or `None` after reporting an unknown one.
    fn resolve(&self, cx: &mut Cx, file: FileId, r: &Spanned<String>) -> Option<usize> {
        let name = r.get_ref();
        if let Some(i) = self.ids.iter().position(|x| x == name) {
            return Some(i);
        }
        if !self.reg.is_defined(name) {
            cx.push(unknown(name, &self.ids).at(Cx::span(file, r)));
        }
        None
    }
}

fn unknown(name: &str, ids: &[String]) -> Diagnostic {
    let hint = suggest::did_you_mean(name, ids.iter().map(String::as_str)).or_else(|| {
        let mut some: Vec<&str> = ids.iter().map(String::as_str).take(6).collect();
        if ids.len() > 6 {
            some.push("…");
        }
        Some(if ids.is_empty() {
            "no `[[option]]` is declared".to_string()
        } else {
            format!("declared options: {}", some.join(", "))
        })
    });
    Diagnostic::error("unknown-option", format!("unknown option `{name}`"))
        .label("no `[[option]]` has this id")
        .hint_opt(hint)
}

/// Read the declarations, work out which options are on, and drop from `files` whatever
/// belongs to an option that is off.
pub(crate) fn select(
    cx: &mut Cx,
    files: &mut [(FileId, GameFile)],
    selection: &Selection,
) -> Selected {
    let mut declared = Declared {
        reg: Registry::new("option"),
        ids: Vec::new(),
    };
    let mut options = Vec::new();
    for (file, f) in files.iter() {
        for o in &f.option {
            let Some(claim) = declared.reg.define(*file, &o.id, &mut cx.diags) else {
                continue;
            };
            declared.reg.admit(
                claim,
                &mut options,
                GameOption {
                    id: o.id.get_ref().clone(),
                    name: o.name.clone(),
                    rule: o.rule.clone(),
                    description: o.description.clone(),
                    default: o.default,
                    on: o.default || selection.all,
                    charts_left_out: Vec::new(),
                },
            );
        }
    }
    declared.ids = options.iter().map(|o| o.id.clone()).collect();

    // The player's options and the defaults.
    let mut base: BTreeSet<usize> = options
        .iter()
        .enumerate()
        .filter(|(_, o)| o.on)
        .map(|(i, _)| i)
        .collect();
    for name in &selection.on {
        match declared.ids.iter().position(|x| x == name) {
            Some(i) => {
                base.insert(i);
            }
            None => {
                let mut d = unknown(name, &declared.ids);
                d.message = format!("unknown option `{name}` (given with `--option`)");
                cx.push(d);
            }
        }
    }

    // Each scenario's own, and their union for the game.
    let mut game_on = base.clone();
    let mut scenarios = BTreeMap::new();
    for (file, f) in files.iter() {
        for s in &f.scenario {
            let mut on = base.clone();
            for o in &s.options {
                if let Some(i) = declared.resolve(cx, *file, o) {
                    on.insert(i);
                }
            }
            game_on.extend(on.iter().copied());
            scenarios.insert(s.id.get_ref().clone(), on);
        }
    }
    for (i, o) in options.iter_mut().enumerate() {
        o.on = game_on.contains(&i);
    }

    // Whether an entry marked `option` stays: its option is known and in `on`.
    let keep = |cx: &mut Cx, file: FileId, o: &Option<Spanned<String>>, on: &BTreeSet<usize>| {
        o.as_ref().is_none_or(|o| {
            declared
                .resolve(cx, file, o)
                .is_some_and(|i| on.contains(&i))
        })
    };

    let mut out = Selected::default();
    // The option each class and counter belongs to (its own, else its class's), on or not.
    let mut class_option: BTreeMap<String, String> = BTreeMap::new();
    let mut counter_option: BTreeMap<String, String> = BTreeMap::new();
    for (_, f) in files.iter() {
        for c in &f.class {
            if let Some(o) = &c.option {
                class_option.insert(c.id.get_ref().clone(), o.get_ref().clone());
            }
        }
    }
    for (_, f) in files.iter() {
        for c in &f.counter {
            let o = c
                .option
                .as_ref()
                .map(|o| o.get_ref().clone())
                .or_else(|| class_option.get(c.class.get_ref()).cloned());
            if let Some(o) = o {
                counter_option.insert(c.id.get_ref().clone(), o);
            }
        }
    }
    let is_on = |name: &str, on: &BTreeSet<usize>| {
        declared
            .ids
            .iter()
            .position(|x| x == name)
            .is_some_and(|i| on.contains(&i))
    };

    for (file, f) in files.iter_mut() {
        let file = *file;
        let own = |cx: &mut Cx, o: &Option<Spanned<String>>| {
            (!keep(cx, file, o, &game_on)).then(|| o.as_ref().map(|o| o.get_ref().clone()))
        };
        drop_off(&mut f.class, &mut out.off_classes, |c| {
            own(cx, &c.option).map(|o| (c.id.get_ref().clone(), o.unwrap_or_default()))
        });
        drop_off(&mut f.counter, &mut out.off_counters, |c| {
            let by_class = class_option
                .get(c.class.get_ref())
                .is_none_or(|o| is_on(o, &game_on));
            let own = own(cx, &c.option);
            (own.is_some() || !by_class).then(|| {
                let o = counter_option.get(c.id.get_ref()).cloned();
                (c.id.get_ref().clone(), o.unwrap_or_default())
            })
        });
        drop_off(&mut f.track, &mut out.off_tracks, |t| {
            own(cx, &t.option).map(|o| (t.id.get_ref().clone(), o.unwrap_or_default()))
        });
        drop_off(&mut f.chart, &mut out.off_charts, |c| {
            own(cx, &c.option).map(|o| (c.id.get_ref().clone(), o.unwrap_or_default()))
        });
    }

    // Within each scenario: its entries and the counters of options off in it.
    let track_option: BTreeMap<String, String> = files
        .iter()
        .flat_map(|(_, f)| f.track.iter())
        .filter_map(|t| {
            t.option
                .as_ref()
                .map(|o| (t.id.get_ref().clone(), o.get_ref().clone()))
        })
        .chain(out.off_tracks.clone())
        .collect();
    for (file, f) in files.iter_mut() {
        let file = *file;
        for s in &mut f.scenario {
            let Some(on) = scenarios.get(s.id.get_ref()) else {
                continue;
            };
            let counter_on = |c: &Spanned<String>| match counter_option.get(counter_id(c.get_ref()))
            {
                Some(o) => is_on(o, on),
                None => true,
            };
            // An entry whose every counter belongs to options off here is left out whole.
            s.place.retain_mut(|p| {
                let listed = p.counters.len();
                p.counters.retain(counter_on);
                keep(cx, file, &p.option, on) && (listed == 0 || !p.counters.is_empty())
            });
            s.pool.retain_mut(|p| {
                let listed = p.counters.len();
                p.counters.retain(counter_on);
                keep(cx, file, &p.option, on) && (listed == 0 || !p.counters.is_empty())
            });
            s.tracks
                .retain(|t, _| track_option.get(t.get_ref()).is_none_or(|o| is_on(o, on)));
        }
    }
    out.scenarios = scenarios
        .into_iter()
        .map(|(s, on)| (s, on.into_iter().collect()))
        .collect();
    out.options = options;
    out
}

/// Keep the items `off` says nothing of; record the (id, option) of those it names.
fn drop_off<T>(
    items: &mut Vec<T>,
    left_out: &mut BTreeMap<String, String>,
    mut off: impl FnMut(&T) -> Option<(String, String)>,
) {
    items.retain(|x| match off(x) {
        Some((id, option)) => {
            left_out.insert(id, option);
            false
        }
        None => true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counter_reference_may_carry_a_count() {
        assert_eq!(counter_id("8 soviet-control"), "soviet-control");
        assert_eq!(counter_id(" us-usmc "), "us-usmc");
        assert_eq!(counter_id("2nd-army x"), "2nd-army x");
    }
}
