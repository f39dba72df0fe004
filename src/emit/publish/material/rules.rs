//! The game's rules the data states as tables: the optional rules (what each does and
//! whether it is on unless chosen) and the victory conditions (who wins, by what, and when
//! it is judged).

use crate::model::Game;

use super::t;

pub(super) fn options(game: &Game) -> String {
    let mut out = String::from(
        "<table class=\"chart options\">\n<tr><th scope=\"col\">Rule</th><th scope=\"col\">Optional rule</th><th scope=\"col\">What it does</th><th scope=\"col\">Unless chosen</th></tr>\n",
    );
    for o in &game.options {
        out += &format!(
            "<tr><td>{}</td><td>{}<br><small><code>--option {}</code></small></td><td>{}</td><td>{}</td></tr>\n",
            t(o.rule.as_deref().unwrap_or("")),
            t(&o.name),
            t(&o.id),
            t(o.description.trim()),
            if o.default { "on" } else { "off" }
        );
    }
    out += "</table>\n";
    out
}

/// The victory conditions: who wins, by what, and when it is judged.
pub(super) fn victory(game: &Game) -> String {
    let mut out = String::from(
        "<table class=\"chart victory\">\n<tr><th scope=\"col\">Side</th><th scope=\"col\">Wins by</th><th scope=\"col\">Judged</th></tr>\n",
    );
    for v in &game.rules.victory {
        let judged = v
            .timing()
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')');
        let judged = if judged.is_empty() {
            let mut when = match v.checked_after {
                Some(s) => format!("after each {} player turn", game.sides[s].name),
                None => "at the end of each turn".to_string(),
            };
            if let Some(n) = v.every.filter(|n| *n > 1) {
                when += &format!(", on turns numbered a multiple of {n}");
            }
            if v.running > 1 {
                when += &format!("; it must hold {} checks running", v.running);
            }
            when
        } else {
            judged.to_string()
        };
        out += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            t(&game.sides[v.side].name),
            t(&v.name),
            t(&judged)
        );
    }
    out + "</table>\n"
}
