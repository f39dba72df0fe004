//! The chat line a resolution writes, e.g. `Attack 12 vs 4 = 3:1, Forest -1 → 2:1, roll 5:
//! DE (Defender eliminated: it loses two steps and goes to its owner's Removed pool)`, or why
//! nothing was resolved. A result's meaning is given whole, as the game's table gives it.
//! On a table whose modifiers favour a side, each such shift names its side, what was not
//! applied follows (`not applied: Mechanized attack does not apply: only against a defender
//! in Clear or Desert`), then the net shift as `sandtable crt` gives it (`net shift +1: 4
//! right (attacker) - 3 left (defender)`).

use crate::model::{Crt, CrtKind};

use super::expr::{by_index, lit};
use super::PROBLEM;

/// The meaning of a result as the chat line gives it: the whole meaning the table gives
/// (a player reads what to do from it), its runs of white space made one space, without the
/// full stop that ends it (the chat line closes it with a parenthesis).
pub(super) fn chat_meaning(m: &str) -> String {
    let one_line = m.split_whitespace().collect::<Vec<_>>().join(" ");
    one_line.trim_end_matches('.').to_string()
}

/// The chat line of one table's resolution (a BeanShell expression, not yet braced): what
/// stopped it, or the totals with their halvings and doublings, the column, each shift with
/// its cause and the final column, the roll, the result with its meaning, and the note when
/// the defender's terrain turns a retreat into a step loss. `labels` are the table's
/// column labels as string literals.
pub(super) fn chat_line(
    crt: &Crt,
    several: bool,
    sides: bool,
    dice_property: &str,
    labels: &[String],
) -> String {
    let prefix = if several {
        format!("{}: ", crt.title)
    } else {
        String::new()
    };
    let strength = "\"Attack \" + CombatAttackTotal + (CombatHalvings > 0 ? \" halved to \" + \
         CombatAttack + \" (\" + CombatHalvedBy.substring(2) + \")\" : \"\") + \" vs \" + \
         CombatDefenceTotal + (CombatDoublings > 0 ? \" doubled to \" + CombatDefence + \
         \" (\" + CombatDoubledBy.substring(2) + \")\" : \"\")";
    let column_text = match crt.kind {
        CrtKind::Odds => format!(
            "{strength} + \" = \" + {}",
            by_index("CombatColumn", labels)
        ),
        CrtKind::Differential => format!(
            "{strength} + \", difference \" + (CombatAttack - CombatDefence >= 0 ? \"+\" : \
             \"\") + (CombatAttack - CombatDefence) + \" = \" + {}",
            by_index("CombatColumn", labels)
        ),
        CrtKind::Column => format!("\"Column \" + {}", by_index("CombatColumn", labels)),
    };
    let mut meanings = lit("");
    for (code, meaning) in crt.results.iter().rev() {
        meanings = format!(
            "CombatResult == {} ? {} : {meanings}",
            lit(code),
            lit(&format!(" ({})", chat_meaning(meaning)))
        );
    }
    // The net shift, as `sandtable crt` gives it when a shift has a side.
    let net = if sides {
        " + (CombatSided > 0 ? \"; net shift \" + (CombatShift >= 0 ? \"+\" : \"\") + \
         CombatShift + \": \" + CombatRight + \" right (attacker) - \" + CombatLeft + \
         \" left (defender)\" : \"\")"
    } else {
        ""
    };
    let report = format!(
        "{PROBLEM} != \"\" ? {} + {PROBLEM} + \".\" : {} + {column_text} + \
         (CombatShiftCauses != \"\" || CombatNotApplied != \"\" ? CombatShiftCauses + \
         (CombatNotApplied != \"\" ? \"; not applied: \" + CombatNotApplied.substring(2) : \
         \"\"){net} + \" → \" + {} : \"\") + \
         \", roll \" + {dice_property} + \": \" + CombatResult + ({meanings}) + \
         (CombatNotes != \"\" ? \"; defender in \" + CombatNotes.substring(2) + \
         \": a step loss instead of a retreat\" : \"\")",
        lit(&format!("{prefix}combat not resolved: ")),
        lit(&prefix),
        by_index("CombatFinal", labels),
    );
    report
}
