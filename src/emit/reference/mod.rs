//! The language reference: the pages of `docs/src/reference/` generated from the types the
//! loader reads, so that they cannot drift from the language.
//!
//! [`pages`] makes the whole tree: the README, one page per section of a game file (from
//! the JSON Schema of [`crate::load::schema`], [`sections`]), the tables shared by many
//! sections, the diagnostics catalogue ([`diagnostics`]) and the hex grid page with its
//! pictures ([`hex_layout`], [`pictures`]). Examples come from the example games' files
//! ([`examples`]). `tests/suite/reference.rs` compares the tree with the committed files
//! and, with `SANDTABLE_BLESS=1`, writes them.

mod diagnostics;
mod examples;
mod hex_layout;
mod pictures;
mod readme;
pub mod sections;
mod types;

use std::collections::BTreeMap;
use std::path::Path;

use types::Schema;

/// Every file of `docs/src/reference/`, by path relative to it, with its bytes. The
/// examples are read from the example games of the source tree the tool was built from
/// (`modules/`, then `tests/fixtures/`).
pub fn pages() -> BTreeMap<String, Vec<u8>> {
    pages_with(&examples::sources(Path::new(env!("CARGO_MANIFEST_DIR"))))
}

/// The pages, with the examples taken from `sources`.
fn pages_with(sources: &[examples::Source]) -> BTreeMap<String, Vec<u8>> {
    let root = crate::load::schema::json_schema();
    let schema = Schema { root: &root };
    let mut out = BTreeMap::new();
    let plan = sections::plan(&schema);
    let mut writer = sections::Writer::new(schema, sources.to_vec());
    let common = writer.common();
    let mut order: Vec<(String, String)> = Vec::new();
    for p in &plan {
        let text = writer.page(p);
        out.insert(p.file.clone(), text.into_bytes());
        order.push((p.file.clone(), p.title.clone()));
    }
    if let Some(c) = common {
        out.insert("common.md".into(), c.into_bytes());
    }
    let mut links: BTreeMap<String, String> = BTreeMap::new();
    for p in &plan {
        for k in &p.keys {
            links.insert(
                sections::header(&schema, k),
                format!("{}#{}", p.file, sections::anchor(k)),
            );
        }
    }
    links.insert("use".into(), "README.md#use".into());
    let diag = diagnostics::page(&|h: &str| links.get(h).cloned());
    out.insert("diagnostics.md".into(), diag.into_bytes());
    hex_layout::page(&mut out);
    let readme = readme::page(&schema, &plan, out.contains_key("common.md"));
    out.insert("README.md".into(), readme.into_bytes());
    out
}

/// The pages in reading order, as `(file, title)`: what SUMMARY.md lists.
pub fn reading_order() -> Vec<(String, String)> {
    let root = crate::load::schema::json_schema();
    let schema = Schema { root: &root };
    let sources = examples::sources(Path::new(env!("CARGO_MANIFEST_DIR")));
    let common = sections::Writer::new(schema, sources).common().is_some();
    readme::order(&sections::plan(&schema), common)
}
