//! The combat results tables of a game: finding one by id (with did-you-mean), and the list
//! `sandtable crt --list` prints (kinds, columns, dice, modifiers).

use serde::Serialize;

use super::CombatError;
use crate::diag::suggest::did_you_mean;
use crate::model::{Crt, CrtKind, Game};

/// A table in the list.
#[derive(Debug, Clone, Serialize)]
pub struct TableSummary {
    /// Id.
    pub id: String,
    /// Title.
    pub title: String,
    /// `odds`, `differential` or `column`.
    pub kind: CrtKind,
    /// Dice.
    pub dice: String,
    /// Column headings.
    pub columns: Vec<String>,
    /// Modifiers (id, name).
    pub modifiers: Vec<ModifierSummary>,
}

/// A modifier in the list.
#[derive(Debug, Clone, Serialize)]
pub struct ModifierSummary {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
}

/// Every CRT of a game.
#[derive(Debug, Clone, Serialize)]
pub struct TableList {
    /// Tables in the game's order.
    pub tables: Vec<TableSummary>,
}

/// The game's combat results tables.
pub fn list_tables(game: &Game) -> TableList {
    TableList {
        tables: game
            .crts
            .iter()
            .map(|c| TableSummary {
                id: c.id.clone(),
                title: c.title.clone(),
                kind: c.kind,
                dice: c.dice.to_string(),
                columns: c.labels.clone(),
                modifiers: c
                    .modifiers
                    .iter()
                    .map(|m| ModifierSummary {
                        id: m.id.clone(),
                        name: m.name.clone(),
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The list as text.
pub fn render_list(list: &TableList) -> String {
    let mut out = String::new();
    for t in &list.tables {
        out.push_str(&format!(
            "{} — {} ({}, {})\n  columns: {}\n",
            t.id,
            t.title,
            kind_text(t.kind),
            t.dice,
            t.columns.join(" ")
        ));
        if !t.modifiers.is_empty() {
            let m: Vec<String> = t
                .modifiers
                .iter()
                .map(|m| format!("{} ({})", m.id, m.name))
                .collect();
            out.push_str(&format!("  modifiers: {}\n", m.join(", ")));
        }
    }
    out
}

pub(super) fn kind_text(k: CrtKind) -> &'static str {
    match k {
        CrtKind::Odds => "odds",
        CrtKind::Differential => "differential",
        CrtKind::Column => "column",
    }
}

/// The table an input names.
pub fn table<'g>(game: &'g Game, id: &str) -> Result<&'g Crt, CombatError> {
    if id.is_empty() {
        return match game.crts.as_slice() {
            [] => Err(CombatError::NoTable),
            [only] => Ok(only),
            many => Err(CombatError::WhichTable(
                many.iter()
                    .map(|c| c.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
        };
    }
    game.crt(id).ok_or_else(|| {
        if game.crts.is_empty() {
            CombatError::NoTable
        } else {
            CombatError::UnknownTable {
                id: id.to_string(),
                hint: did_you_mean(id, game.crts.iter().map(|c| c.id.as_str())),
            }
        }
    })
}
