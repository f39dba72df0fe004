//! The BeanShell expressions the combat machinery is written in: string literals, named
//! keys, identifier tails, `{…}` wrapping, the `Sum`/`Count` of marked units over the game
//! maps (and of marked attackers of some unit types), choosing by index with nested
//! ternaries, signed constants.

use super::{ATTACKER, ROLE, TYPE_MARKER};

/// The named key stroke text VASSAL reads (`0,0,Name`: with a name the numbers are unused).
pub(super) fn named(name: &str) -> String {
    format!("0,0,{name}")
}

/// A Java string literal.
pub fn lit(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `text` as the tail of a Java identifier: ASCII letters and digits kept, the rest `_`.
pub(super) fn ident(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// Makes identifier tails unique by appending `_2`, `_3`… to repeats.
pub(super) fn unique_idents(names: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    names
        .into_iter()
        .map(|n| {
            let mut candidate = n.clone();
            let mut k = 2;
            while seen.contains(&candidate) {
                candidate = format!("{n}_{k}");
                k += 1;
            }
            seen.push(candidate.clone());
            candidate
        })
        .collect()
}

/// `{…}`: an expression VASSAL evaluates with BeanShell.
pub(super) fn braced(expr: &str) -> String {
    format!("{{{expr}}}")
}

/// `(Sum("prop", "{CombatRole==\"X\"}", "Map") + …)` over the game maps.
pub(super) fn sum(maps: &[String], property: &str, role: &str) -> String {
    let filter = lit(&braced(&format!("{ROLE}=={}", lit(role))));
    let parts: Vec<String> = maps
        .iter()
        .map(|m| format!("Sum({}, {filter}, {})", lit(property), lit(m)))
        .collect();
    format!("({})", parts.join(" + "))
}

/// `(Count("{CombatRole==\"X\"}", "Map") + …)` over the game maps.
pub(super) fn count(maps: &[String], role: &str) -> String {
    let filter = lit(&braced(&format!("{ROLE}=={}", lit(role))));
    let parts: Vec<String> = maps
        .iter()
        .map(|m| format!("Count({filter}, {})", lit(m)))
        .collect();
    format!("({})", parts.join(" + "))
}

/// `(Count("{CombatRole==\"A\" && (Type==\"X\" || …)}", "Map") + …)`: the marked attackers
/// whose unit type (the `Type` marker every unit carries) is one of `types` (`0` when none).
pub(super) fn count_where(maps: &[String], types: &[String]) -> String {
    count_attackers(maps, TYPE_MARKER, types)
}

/// `(Count("{CombatRole==\"A\" && (P==\"X\" || …)}", "Map") + …)`: the marked attackers whose
/// marker property `property` (`Type`, `Nation`, `Side`: every unit carries them) is one of
/// `values` (`0` when none).
pub(super) fn count_attackers(maps: &[String], property: &str, values: &[String]) -> String {
    if values.is_empty() {
        return "0".into();
    }
    let of_type: Vec<String> = values
        .iter()
        .map(|t| format!("{property}=={}", lit(t)))
        .collect();
    let filter = lit(&braced(&format!(
        "{ROLE}=={} && ({})",
        lit(ATTACKER),
        of_type.join(" || ")
    )));
    let parts: Vec<String> = maps
        .iter()
        .map(|m| format!("Count({filter}, {})", lit(m)))
        .collect();
    format!("({})", parts.join(" + "))
}

/// A nested ternary choosing among `values` by an integer expression (the last is the
/// default).
pub(super) fn by_index(index: &str, values: &[String]) -> String {
    let Some((last, rest)) = values.split_last() else {
        return lit("");
    };
    let mut e = last.clone();
    for (i, v) in rest.iter().enumerate().rev() {
        e = format!("{index} == {i} ? {v} : {e}");
    }
    format!("({e})")
}

/// `+1` / `-1` text of a constant shift.
pub(super) fn signed(v: i64) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}
