//! Backends: one per output (VASSAL module, images, the published rules as HTML and PDF).
//!
//! Every backend reads a validated [`crate::model::Game`] and nothing else, so what the
//! pictures show and what the module does cannot drift apart.

pub mod art;
pub mod charts;
pub mod publish;
pub mod reference;
pub mod vassal;
