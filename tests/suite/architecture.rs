//! The import graph of `src/`, read from the source with `syn`, held to the rules of
//! ARCHITECTURE.md:
//!
//! - **No cycle**, at any depth: between files, between the folders of a stage
//!   (`emit/art` ↔ `emit/vassal`), between stages (`helpers` ↔ `emit`). A folder's `mod.rs`
//!   assembling its own children is composition, not an import, so edges from a module into
//!   its own descendants are left out; everything else counts — `use` items, paths in code
//!   and types, paths inside macro calls.
//! - **Stages import only the stages below them**, as the table [`ALLOWED`] says (for example
//!   `helpers` never imports `emit`, `model` never imports `check`, `vassal` never knows our
//!   games). Unit tests (`#[cfg(test)]` code) follow the same table, and may also use the
//!   shared test games of `src/testgame/`, which no shipped code imports.
//!
//! An edge is a path that names a module of the crate: `crate::a::b::Item` is an edge to the
//! deepest module it names (`a::b`), `super::x` and `self::x` are resolved from the module
//! they appear in, and so is a bare `child::item` in a module that declares `mod child`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// Which stages each stage may import (besides itself), in the order of the pipeline: diag
/// and the VASSAL formats at the bottom, then load → model → check, the layout, the
/// backends and helpers, the command line. `lib.rs` (the crate root) assembles everything
/// and is not checked; `testgame` is dev-only (unit tests, the suite and the benches).
/// `diplomacy` (games of written orders) is built on `helpers` and may read `load`'s schemas
/// of its own inputs (a position file), which it resolves against the validated game as
/// `check` resolves a game's files.
const ALLOWED: &[(&str, &[&str])] = &[
    ("diag", &[]),
    ("load", &["diag"]),
    ("model", &["diag", "load"]),
    ("check", &["diag", "load", "model"]),
    ("vassal", &[]),
    ("layout", &["load", "model", "vassal"]),
    ("emit", &["diag", "load", "model", "layout", "vassal"]),
    ("helpers", &["diag", "load", "model", "layout", "vassal"]),
    (
        "diplomacy",
        &["diag", "load", "model", "layout", "vassal", "helpers"],
    ),
    ("geo", &["diag", "load", "model"]),
    ("import", &["diag", "load", "vassal"]),
    (
        "testgame",
        &[
            "diag",
            "load",
            "model",
            "check",
            "layout",
            "vassal",
            "helpers",
            "diplomacy",
        ],
    ),
    (
        "cli",
        &[
            "diag",
            "load",
            "model",
            "check",
            "layout",
            "vassal",
            "emit",
            "helpers",
            "diplomacy",
            "geo",
            "import",
        ],
    ),
];

/// Test code allowed to cross the table, each with why. An entry no longer needed fails the
/// test, so the list cannot go stale.
const TEST_EXCEPTIONS: &[(&str, &str, &str)] = &[(
    "layout::voronoi",
    "emit::art::patterns",
    "its tests borrow the art's hash and point-in-polygon test; the file moved whole from \
     emit/art/ so that its rework onto the geo crate (#12) merges cleanly",
)];

/// A module of the crate: its path from the root (`["emit", "vassal", "plan"]`), its file.
#[derive(Debug)]
struct Module {
    file: PathBuf,
    /// Declared under `#[cfg(test)]` (itself or an ancestor).
    test_only: bool,
}

type ModPath = Vec<String>;

fn show(m: &[String]) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

/// The crate's module tree, from `src/lib.rs` down through every `mod x;`.
fn modules(src: &Path) -> BTreeMap<ModPath, (Module, syn::File)> {
    let mut out = BTreeMap::new();
    let mut todo = vec![(Vec::new(), src.join("lib.rs"), false)];
    while let Some((path, file, test_only)) = todo.pop() {
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        // Children of `a/mod.rs` or `lib.rs` live in `a/`; children of `a/b.rs` in `a/b/`.
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("mod.rs" | "lib.rs") => file.parent().expect("a folder").to_path_buf(),
            _ => file.with_extension(""),
        };
        for item in &ast.items {
            let syn::Item::Mod(m) = item else { continue };
            if m.content.is_some() {
                continue;
            }
            let name = m.ident.to_string();
            let flat = dir.join(format!("{name}.rs"));
            let nested = dir.join(&name).join("mod.rs");
            let child = if flat.is_file() { flat } else { nested };
            let mut p = path.clone();
            p.push(name.clone());
            todo.push((p, child, test_only || is_test(&m.attrs)));
        }
        out.insert(path, (Module { file, test_only }, ast));
    }
    out
}

/// Whether attributes hold `#[cfg(…test…)]` (`cfg(test)`, `cfg(any(test, feature = …))`).
fn is_test(attrs: &[syn::Attribute]) -> bool {
    fn names_test(tokens: TokenStream) -> bool {
        tokens.into_iter().any(|t| match t {
            TokenTree::Ident(i) => i == "test",
            TokenTree::Group(g) => names_test(g.stream()),
            _ => false,
        })
    }
    attrs.iter().any(|a| match &a.meta {
        syn::Meta::List(l) if l.path.is_ident("cfg") => names_test(l.tokens.clone()),
        _ => false,
    })
}

/// The attributes of an item, for the kinds that can carry `#[cfg(test)]` here.
fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// Collects the modules one file's paths name.
struct Imports<'a> {
    tree: &'a BTreeMap<ModPath, (Module, syn::File)>,
    /// The file's module.
    here: ModPath,
    /// Inline modules (`mod tests { … }`) we are inside, innermost last.
    inline: Vec<String>,
    /// Inside test code (a test-only file or a `#[cfg(test)]` item).
    test: bool,
    /// Modules named, each with whether only test code names it there.
    found: BTreeSet<(ModPath, bool)>,
}

impl Imports<'_> {
    fn is_module(&self, p: &ModPath) -> bool {
        self.tree.contains_key(p)
    }

    /// Resolve a path given as its segment names; records the deepest crate module it names.
    fn resolve(&mut self, segments: &[String]) {
        let Some(first) = segments.first() else {
            return;
        };
        // `base` is a module path; `inline` counts the inline modules still above us.
        let mut inline = self.inline.len();
        let mut base = self.here.clone();
        let mut rest = segments;
        match first.as_str() {
            "crate" => {
                base = Vec::new();
                rest = &segments[1..];
            }
            "self" | "super" => {
                while let Some(s) = rest.first() {
                    match s.as_str() {
                        "self" => {}
                        "super" if inline > 0 => inline -= 1,
                        "super" => {
                            if base.pop().is_none() {
                                return;
                            }
                        }
                        _ => break,
                    }
                    rest = &rest[1..];
                }
                if inline > 0 {
                    // Still inside an inline module of this file: names below it are not
                    // crate modules we track.
                    return;
                }
            }
            name => {
                // A bare `child::item` in the module that declares `mod child;`.
                if inline > 0 {
                    return;
                }
                let mut p = base.clone();
                p.push(name.to_string());
                if !self.is_module(&p) {
                    return;
                }
            }
        }
        let mut target = base;
        for s in rest {
            let mut next = target.clone();
            next.push(s.clone());
            if !self.is_module(&next) {
                break;
            }
            target = next;
        }
        self.found.insert((target, self.test));
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut full = prefix.clone();
                if n.ident != "self" || prefix.is_empty() {
                    full.push(n.ident.to_string());
                }
                self.resolve(&full);
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                if r.ident != "self" || prefix.is_empty() {
                    full.push(r.ident.to_string());
                }
                self.resolve(&full);
            }
            syn::UseTree::Glob(_) => {
                let full = prefix.clone();
                self.resolve(&full);
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t);
                }
            }
        }
    }

    /// Paths inside a macro call's tokens (`format!("{}", crate::a::b())`): every run of
    /// identifiers joined by `::`.
    fn tokens(&mut self, tokens: TokenStream) {
        let mut run: Vec<String> = Vec::new();
        let mut colons = 0;
        for t in tokens {
            match t {
                TokenTree::Ident(i) => {
                    if colons != 2 {
                        self.resolve_run(&mut run);
                    }
                    run.push(i.to_string());
                    colons = 0;
                }
                TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
                TokenTree::Group(g) => {
                    self.resolve_run(&mut run);
                    colons = 0;
                    self.tokens(g.stream());
                }
                TokenTree::Punct(_) | TokenTree::Literal(_) => {
                    self.resolve_run(&mut run);
                    colons = 0;
                }
            }
        }
        self.resolve_run(&mut run);
    }

    fn resolve_run(&mut self, run: &mut Vec<String>) {
        if run.len() > 1 {
            self.resolve(run);
        }
        run.clear();
    }
}

impl<'ast> Visit<'ast> for Imports<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let was = self.test;
        self.test |= is_test(item_attrs(item));
        syn::visit::visit_item(self, item);
        self.test = was;
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &u.tree);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        self.resolve(&segments);
        syn::visit::visit_path(self, p);
    }

    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {
        // `pub(crate)`, `pub(super)`: not imports.
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.visit_path(&m.path);
        self.tokens(m.tokens.clone());
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if let Some((_, items)) = &m.content {
            self.inline.push(m.ident.to_string());
            for item in items {
                self.visit_item(item);
            }
            self.inline.pop();
        }
    }
}

/// One import: the importing module, the imported one, whether only test code makes it.
type Edge = (ModPath, ModPath, bool);

/// Every edge of the graph (into the importer's own descendants left out), and every
/// module with its file.
fn edges(src: &Path) -> (BTreeMap<ModPath, PathBuf>, BTreeSet<Edge>) {
    let tree = modules(src);
    let mut files = BTreeMap::new();
    let mut out = BTreeSet::new();
    for (path, (module, ast)) in &tree {
        files.insert(path.clone(), module.file.clone());
        let mut v = Imports {
            tree: &tree,
            here: path.clone(),
            inline: Vec::new(),
            test: module.test_only,
            found: BTreeSet::new(),
        };
        v.visit_file(ast);
        for (target, test) in &v.found {
            // A module named by shipped code is a shipped edge, whatever tests also do.
            if *test && v.found.contains(&(target.clone(), false)) {
                continue;
            }
            if !target.starts_with(path) {
                out.insert((path.clone(), target.clone(), *test));
            }
        }
    }
    (files, out)
}

/// The cycles of a graph (one per strongly connected component of more than one node),
/// each shown as its nodes.
fn cycles(edges: &BTreeSet<(String, String)>) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&String> = edges.iter().flat_map(|(a, b)| [a, b]).collect();
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(n) = todo.pop() {
            for (a, b) in edges {
                if *a == n && seen.insert(b.clone()) {
                    todo.push(b.clone());
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&String, BTreeSet<String>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for n in &nodes {
        if !reachable[n].contains(*n) {
            continue;
        }
        let component: Vec<String> = nodes
            .iter()
            .filter(|m| reachable[n].contains(**m) && reachable[*m].contains(*n))
            .map(|m| m.to_string())
            .collect();
        if !out.contains(&component) {
            out.push(component);
        }
    }
    out
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn the_import_graph_has_no_cycle_at_any_depth() {
    let (files, all) = edges(&src());
    // The shipped code's graph: unit tests may reach further up (to the test games).
    let edges: BTreeSet<(ModPath, ModPath)> = all
        .into_iter()
        .filter(|(_, _, test)| !test)
        .map(|(a, b, _)| (a, b))
        .collect();
    assert!(files.len() > 50, "the module tree was read");
    assert!(edges.len() > 100, "imports were found");
    let depth = files.keys().map(Vec::len).max().unwrap_or(0);
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for d in 1..=depth {
        // Every module folded into its ancestor at depth `d`; edges inside one node vanish.
        let fold = |m: &ModPath| show(&m[..m.len().min(d)]);
        let folded: BTreeSet<(String, String)> = edges
            .iter()
            .filter(|(a, b)| !b.starts_with(a))
            .map(|(a, b)| (fold(a), fold(b)))
            .filter(|(a, b)| a != b && !b.starts_with(&format!("{a}::")))
            .collect();
        for c in cycles(&folded) {
            // A cycle already shown at a shallower depth (its modules are that shallow).
            if !seen.insert(c.clone()) {
                continue;
            }
            let why: Vec<String> = edges
                .iter()
                .filter(|(a, b)| {
                    let (fa, fb) = (fold(a), fold(b));
                    fa != fb && c.contains(&fa) && c.contains(&fb)
                })
                .map(|(a, b)| format!("    {} → {}", show(a), show(b)))
                .collect();
            problems.push(format!(
                "cycle at depth {d}: {}\n{}",
                c.join(" ↔ "),
                why.join("\n")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn stages_import_only_the_stages_below_them() {
    let (_, edges) = edges(&src());
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    let mut problems = Vec::new();
    let mut used = BTreeSet::new();
    for (a, b, test) in &edges {
        let (Some(from), Some(to)) = (a.first(), b.first()) else {
            continue;
        };
        if from == to || (*test && to == "testgame") {
            continue;
        }
        if *test {
            let excepted = TEST_EXCEPTIONS
                .iter()
                .find(|(x, y, _)| show(a) == *x && show(b) == *y);
            if let Some(e) = excepted {
                used.insert(e.0);
                continue;
            }
        }
        match allowed.get(from.as_str()) {
            None => problems.push(format!("`src/{from}` is not in the table of stages")),
            Some(ok) if !ok.contains(&to.as_str()) => problems.push(format!(
                "{} imports {}{}",
                show(a),
                show(b),
                if *test { " (in test code)" } else { "" }
            )),
            Some(_) => {}
        }
    }
    for (x, y, _) in TEST_EXCEPTIONS {
        if !used.contains(x) {
            problems.push(format!(
                "the exception {x} → {y} is no longer needed: remove it"
            ));
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_graph_reader_finds_what_it_should() {
    // A few edges that exist by construction, so a broken reader cannot pass silently.
    let (_, edges) = edges(&src());
    let has = |a: &str, b: &str| {
        edges
            .iter()
            .any(|(x, y, _)| show(x) == a && show(y).starts_with(b))
    };
    assert!(has("cli::build", "emit::vassal"));
    assert!(has("check", "load"));
    assert!(has("emit::vassal::maps", "model"));
}
