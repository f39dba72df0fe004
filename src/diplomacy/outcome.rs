//! What adjudicating a phase reports of each order and unit, whatever the rules: each order's
//! outcome and why, the orders that fit no unit, the units dislodged and where they may go,
//! and why a phase cannot be adjudicated. [`super::adjudicate`] gathers them into its report;
//! [`super::forces`] fills them for multi-factor games.

use serde::Serialize;

/// How an order ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Carried out.
    Succeeds,
    /// Not carried out.
    Fails,
    /// Not an order this unit could be given: it holds (movement) or is disbanded
    /// (retreat).
    Void,
}

/// One unit's order and its outcome (or one adjustment order's).
#[derive(Debug, Clone, Serialize)]
pub struct OrderResult {
    /// The power (side id).
    pub power: String,
    /// The unit, `A par` (or where a build goes).
    pub unit: String,
    /// The order as resolved, `A Par - Bur`; `A Par H (no order)` for a unit without one.
    pub order: String,
    /// Where it was written (`orders.txt:3`), absent for a unit without an order.
    pub written: Option<String>,
    /// The outcome.
    pub verdict: Verdict,
    /// Why, in words.
    pub reason: String,
}

/// An order that fits no unit of the position, and why.
#[derive(Debug, Clone, Serialize)]
pub struct Unused {
    /// Where it was written.
    pub written: String,
    /// Its text.
    pub text: String,
    /// Why it was not used.
    pub why: String,
}

/// A unit dislodged in the movement phase, and where it may go.
#[derive(Debug, Clone, Serialize)]
pub struct DislodgedResult {
    /// The power.
    pub power: String,
    /// The unit, `A ser`.
    pub unit: String,
    /// The unit that dislodged it, `A Bul`.
    pub by: String,
    /// The province the attack came from.
    pub from: String,
    /// Whether the attack came by convoy.
    pub convoyed: bool,
    /// Where it may retreat (empty: it will be disbanded).
    pub options: Vec<String>,
}

/// Why a phase cannot be adjudicated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct PhaseError(pub String);
