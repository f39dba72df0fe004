//! The catalogue of diagnostic codes (`src/diag/catalogue.rs`) stays equal to the codes the
//! tool uses, and `sandtable explain` tells them.
//!
//! The codes used are found by reading every `.rs` file under `src/` with `syn` (test code,
//! `#[cfg(test)]` and `#[test]`, left out). A code reaches a [`Diagnostic`] through the first
//! argument of `Diagnostic::error` / `Diagnostic::warning`, or through the `code` field of a
//! `Diagnostic` or `Located` struct literal. Whatever expression is there is followed back:
//!
//! - a string literal is a code;
//! - a `const` of a string literal (`BAD` in `load/parlance/mod.rs`) is its value;
//! - a local variable is followed to its `let` / `if let` / `match` binding, taking the
//!   position it has in a tuple pattern (`let (code, hint) = if … { ("syntax", …) } …`) from
//!   every tuple of that size in the bound expression, and on through a variable bound to
//!   another (`if let Some((code, …)) = problem`);
//! - a parameter of the enclosing function makes that function a new source: every call of it
//!   is followed in turn (the codes a helper is called with);
//! - `if` / `match` / block expressions give every branch's value;
//! - a call of a method `code()` gives every string literal of the `fn code(&self) ->
//!   &'static str` bodies (`LocateError::code` in `model/locate.rs`);
//! - `x.code` (a code already in a diagnostic, passed on) adds no code.
//!
//! Anything else fails the test with the file and function where it is, so a code cannot
//! reach a diagnostic unseen: a code computed at run time (a `format!`, a `String` leaked)
//! would be reported there, and the catalogue cannot list it.
//!
//! [`Diagnostic`]: sandtable::diag::Diagnostic

use sandtable::diag::catalogue::{self, CATALOGUE, EVERY_SECTION};
use sandtable::diag::Severity;
use std::collections::{BTreeMap, BTreeSet};
use syn::visit::Visit;

use super::support::{root, run};

/// Headers that are not TOML sections of a game file.
const OTHER_PARTS: &[&str] = &["rules/*.md", "save", "orders", "position", "command line"];

/// Every `.rs` file under `src/`, parsed, with its path relative to the repository.
fn sources() -> Vec<(String, syn::File)> {
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(root().join("src")).sort_by_file_name() {
        let entry = entry.expect("walk src/");
        if entry.path().extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(entry.path()).expect("read a source file");
            let file = syn::parse_file(&text)
                .unwrap_or_else(|e| panic!("{} does not parse: {e}", entry.path().display()));
            let rel = entry
                .path()
                .strip_prefix(root())
                .expect("under the repository")
                .display()
                .to_string();
            out.push((rel, file));
        }
    }
    assert!(out.len() > 50, "too few source files found: {}", out.len());
    out
}

/// Whether attributes mark test-only code.
fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        if a.path().is_ident("test") {
            return true;
        }
        if !a.path().is_ident("cfg") {
            return false;
        }
        let mut test = false;
        let _ = a.parse_nested_meta(|m| {
            test |= m.path.is_ident("test");
            Ok(())
        });
        test
    })
}

/// A function of the sources: where it is, what it is called, its parameters and body.
struct Function<'a> {
    file: &'a str,
    /// The type of the `impl` block it is in, if any.
    owner: Option<String>,
    name: String,
    params: Vec<Option<String>>,
    body: &'a syn::Block,
    /// The declared return type is `&'static str`.
    returns_static_str: bool,
}

/// Everything the scan needs from the sources.
#[derive(Default)]
struct Index<'a> {
    functions: Vec<Function<'a>>,
    /// `const NAME: &str = "…"`: name → (file, value).
    consts: Vec<(String, String, String)>,
}

/// The last segment of a type path (`Diagnostic` of `crate::diag::Diagnostic`).
fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

fn is_static_str(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Reference(r)
        if r.lifetime.as_ref().is_some_and(|l| l.ident == "static")
            && type_name(&r.elem).as_deref() == Some("str"))
}

fn string_lit(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(s.value()),
        syn::Expr::Paren(p) => string_lit(&p.expr),
        syn::Expr::Group(g) => string_lit(&g.expr),
        _ => None,
    }
}

/// Collects the functions and consts of one file, test code left out.
struct Indexer<'a, 'i> {
    file: &'a str,
    owner: Vec<Option<String>>,
    index: &'i mut Index<'a>,
}

impl<'a> Indexer<'a, '_> {
    fn function(&mut self, sig: &syn::Signature, body: &'a syn::Block) {
        let params = sig
            .inputs
            .iter()
            .map(|a| match a {
                syn::FnArg::Typed(t) => match &*t.pat {
                    syn::Pat::Ident(i) => Some(i.ident.to_string()),
                    _ => None,
                },
                syn::FnArg::Receiver(_) => Some("self".into()),
            })
            .collect();
        let returns_static_str = match &sig.output {
            syn::ReturnType::Type(_, ty) => is_static_str(ty),
            syn::ReturnType::Default => false,
        };
        self.index.functions.push(Function {
            file: self.file,
            owner: self.owner.last().cloned().flatten(),
            name: sig.ident.to_string(),
            params,
            body,
            returns_static_str,
        });
    }
}

impl<'ast> Visit<'ast> for Indexer<'ast, '_> {
    fn visit_item(&mut self, i: &'ast syn::Item) {
        let attrs = match i {
            syn::Item::Fn(x) => &x.attrs,
            syn::Item::Mod(x) => &x.attrs,
            syn::Item::Impl(x) => &x.attrs,
            syn::Item::Const(x) => &x.attrs,
            _ => return syn::visit::visit_item(self, i),
        };
        if !is_test_only(attrs) {
            syn::visit::visit_item(self, i);
        }
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        self.owner.push(type_name(&i.self_ty));
        syn::visit::visit_item_impl(self, i);
        self.owner.pop();
    }

    fn visit_item_trait(&mut self, i: &'ast syn::ItemTrait) {
        self.owner.push(Some(i.ident.to_string()));
        syn::visit::visit_item_trait(self, i);
        self.owner.pop();
    }

    fn visit_item_fn(&mut self, i: &'ast syn::ItemFn) {
        self.function(&i.sig, &i.block);
        // Functions inside functions are functions too.
        syn::visit::visit_item_fn(self, i);
    }

    fn visit_impl_item_fn(&mut self, i: &'ast syn::ImplItemFn) {
        if !is_test_only(&i.attrs) {
            self.function(&i.sig, &i.block);
            syn::visit::visit_impl_item_fn(self, i);
        }
    }

    fn visit_trait_item_fn(&mut self, i: &'ast syn::TraitItemFn) {
        if let Some(body) = &i.default {
            self.function(&i.sig, body);
        }
        syn::visit::visit_trait_item_fn(self, i);
    }

    fn visit_item_const(&mut self, i: &'ast syn::ItemConst) {
        if let Some(v) = string_lit(&i.expr) {
            self.index
                .consts
                .push((i.ident.to_string(), self.file.to_string(), v));
        }
        syn::visit::visit_item_const(self, i);
    }

    fn visit_impl_item_const(&mut self, i: &'ast syn::ImplItemConst) {
        if let Some(v) = string_lit(&i.expr) {
            self.index
                .consts
                .push((i.ident.to_string(), self.file.to_string(), v));
        }
        syn::visit::visit_impl_item_const(self, i);
    }
}

/// A function that takes a code: `owner::name` (a method when it takes `self`), the code at
/// parameter `param`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Source {
    owner: Option<String>,
    name: String,
    method: bool,
    param: usize,
}

/// The sources of codes, each with the severity of the diagnostics it makes when known.
type Sources = BTreeMap<Source, Option<Severity>>;

/// An expression in a function that is a code: where it is found, for a report.
struct Use<'s, 'a> {
    f: &'s Function<'a>,
    expr: &'a syn::Expr,
    severity: Option<Severity>,
}

/// What the scan found: each code with the severities it is used with, the new sources of
/// codes (functions taking one), and what it could not follow.
#[derive(Default)]
struct Found {
    codes: BTreeMap<String, BTreeSet<Option<Severity>>>,
    sources: Sources,
    unresolved: Vec<String>,
}

/// Finds, in one function body, the code arguments of calls of the sources and the `code`
/// fields of diagnostic struct literals.
struct CallFinder<'s, 'a> {
    f: &'s Function<'a>,
    sources: &'s Sources,
    uses: Vec<Use<'s, 'a>>,
}

impl<'s> CallFinder<'s, '_> {
    /// The sources a call of `path` may be (a method call when `method`): by its last
    /// segment, and the one before it (a type, `Self` or a module).
    fn matching(&self, segs: &[String], method: bool) -> Vec<(&'s Source, Option<Severity>)> {
        let Some(name) = segs.last() else {
            return Vec::new();
        };
        let qualifier = segs.len().checked_sub(2).map(|i| segs[i].as_str());
        let owner = match qualifier {
            Some("Self") => self.f.owner.as_deref(),
            Some(q) if q.starts_with(|c: char| c.is_ascii_uppercase()) => Some(q),
            _ => None, // a free function, maybe through its module
        };
        let sources: &'s Sources = self.sources;
        sources
            .iter()
            .filter(|(s, _)| &s.name == name)
            .filter(|(s, _)| {
                if method {
                    s.method
                } else {
                    s.owner.as_deref() == owner
                }
            })
            .map(|(s, v)| (s, *v))
            .collect()
    }
}

impl<'a> Visit<'a> for CallFinder<'_, 'a> {
    fn visit_expr_call(&mut self, c: &'a syn::ExprCall) {
        if let syn::Expr::Path(p) = &*c.func {
            let segs: Vec<String> = p
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            for (s, severity) in self.matching(&segs, false) {
                // `Type::method(receiver, …)` counts `self` as its first argument too.
                if let Some(arg) = c.args.iter().nth(s.param) {
                    self.uses.push(Use {
                        f: self.f,
                        expr: arg,
                        severity,
                    });
                }
            }
        }
        syn::visit::visit_expr_call(self, c);
    }

    fn visit_expr_method_call(&mut self, c: &'a syn::ExprMethodCall) {
        for (s, severity) in self.matching(&[c.method.to_string()], true) {
            // A method's parameter 0 is `self`.
            if let Some(arg) = s.param.checked_sub(1).and_then(|i| c.args.iter().nth(i)) {
                self.uses.push(Use {
                    f: self.f,
                    expr: arg,
                    severity,
                });
            }
        }
        syn::visit::visit_expr_method_call(self, c);
    }

    fn visit_expr_struct(&mut self, s: &'a syn::ExprStruct) {
        let name = s.path.segments.last().map(|x| x.ident.to_string());
        let name = if name.as_deref() == Some("Self") {
            self.f.owner.clone()
        } else {
            name
        };
        if matches!(name.as_deref(), Some("Diagnostic" | "Located")) {
            for field in &s.fields {
                if matches!(&field.member, syn::Member::Named(n) if n == "code") {
                    self.uses.push(Use {
                        f: self.f,
                        expr: &field.expr,
                        severity: None,
                    });
                }
            }
        }
        syn::visit::visit_expr_struct(self, s);
    }

    fn visit_expr_assign(&mut self, a: &'a syn::ExprAssign) {
        if matches!(&*a.left, syn::Expr::Field(f) if matches!(&f.member, syn::Member::Named(n) if n == "code"))
        {
            self.uses.push(Use {
                f: self.f,
                expr: &a.right,
                severity: None,
            });
        }
        syn::visit::visit_expr_assign(self, a);
    }

    fn visit_item(&mut self, _: &'a syn::Item) {
        // Nested items are functions of their own in the index.
    }
}

/// Where an identifier is bound in a pattern: the size of the innermost tuple holding it and
/// its place there (`None` when not in a tuple).
fn binding(pat: &syn::Pat, ident: &str) -> Option<Option<(usize, usize)>> {
    match pat {
        syn::Pat::Ident(i) if i.ident == ident => Some(None),
        syn::Pat::Ident(i) => i.subpat.as_ref().and_then(|(_, p)| binding(p, ident)),
        syn::Pat::Tuple(t) => {
            t.elems.iter().enumerate().find_map(|(k, p)| {
                binding(p, ident).map(|inner| inner.or(Some((t.elems.len(), k))))
            })
        }
        syn::Pat::TupleStruct(t) => t.elems.iter().find_map(|p| binding(p, ident)),
        syn::Pat::Reference(r) => binding(&r.pat, ident),
        syn::Pat::Paren(p) => binding(&p.pat, ident),
        syn::Pat::Type(t) => binding(&t.pat, ident),
        syn::Pat::Or(o) => o.cases.iter().find_map(|p| binding(p, ident)),
        _ => None,
    }
}

/// The bindings of `ident` in a body: where in the pattern, and the expression bound.
struct Bindings<'s, 'a> {
    ident: &'s str,
    found: Vec<(Option<(usize, usize)>, &'a syn::Expr)>,
}

impl<'a> Visit<'a> for Bindings<'_, 'a> {
    fn visit_local(&mut self, l: &'a syn::Local) {
        if let (Some(at), Some(init)) = (binding(&l.pat, self.ident), &l.init) {
            self.found.push((at, &init.expr));
        }
        syn::visit::visit_local(self, l);
    }

    fn visit_expr_let(&mut self, l: &'a syn::ExprLet) {
        if let Some(at) = binding(&l.pat, self.ident) {
            self.found.push((at, &l.expr));
        }
        syn::visit::visit_expr_let(self, l);
    }

    fn visit_expr_for_loop(&mut self, l: &'a syn::ExprForLoop) {
        if let Some(at) = binding(&l.pat, self.ident) {
            self.found.push((at, &l.expr));
        }
        syn::visit::visit_expr_for_loop(self, l);
    }

    fn visit_expr_match(&mut self, m: &'a syn::ExprMatch) {
        for arm in &m.arms {
            if let Some(at) = binding(&arm.pat, self.ident) {
                self.found.push((at, &m.expr));
            }
        }
        syn::visit::visit_expr_match(self, m);
    }

    fn visit_item(&mut self, _: &'a syn::Item) {}
}

/// Every tuple expression of `size` elements inside an expression: the element at `k`.
struct Tuples<'a> {
    size: usize,
    k: usize,
    found: Vec<&'a syn::Expr>,
}

impl<'a> Visit<'a> for Tuples<'a> {
    fn visit_expr_tuple(&mut self, t: &'a syn::ExprTuple) {
        if t.elems.len() == self.size {
            self.found.push(&t.elems[self.k]);
        }
        syn::visit::visit_expr_tuple(self, t);
    }
}

/// The scan of the whole source.
struct Scan<'a> {
    index: Index<'a>,
}

impl<'a> Scan<'a> {
    fn new(files: &'a [(String, syn::File)]) -> Self {
        let mut index = Index::default();
        for (rel, file) in files {
            if is_test_only(&file.attrs) {
                continue;
            }
            Indexer {
                file: rel,
                owner: Vec::new(),
                index: &mut index,
            }
            .visit_file(file);
        }
        Self { index }
    }

    /// The codes used, following every source to a fixed point.
    fn codes(&self) -> Found {
        let mut sources: Sources = [("error", Severity::Error), ("warning", Severity::Warning)]
            .into_iter()
            .map(|(name, s)| {
                let source = Source {
                    owner: Some("Diagnostic".into()),
                    name: name.into(),
                    method: false,
                    param: 0,
                };
                (source, Some(s))
            })
            .collect();
        let mut found = loop {
            let mut f2 = Found::default();
            for f in &self.index.functions {
                let mut finder = CallFinder {
                    f,
                    sources: &sources,
                    uses: Vec::new(),
                };
                finder.visit_block(f.body);
                for u in finder.uses {
                    self.resolve(u.f, u.expr, None, u.severity, 0, &mut f2);
                }
            }
            let before = sources.len();
            for (s, severity) in std::mem::take(&mut f2.sources) {
                // A source found again (`Diagnostic::warning` calls `Self::error`) keeps the
                // severity it has.
                sources.entry(s).or_insert(severity);
            }
            if sources.len() == before {
                break f2;
            }
        };
        found.sources = sources;
        found
    }

    /// Follow `e`, an expression of function `f` that is a code (or, with `at`, holds codes
    /// at place `k` of its tuples of `size` elements).
    fn resolve(
        &self,
        f: &Function<'a>,
        e: &'a syn::Expr,
        at: Option<(usize, usize)>,
        severity: Option<Severity>,
        depth: usize,
        out: &mut Found,
    ) {
        let fail = |out: &mut Found, why: &str| {
            let owner = f
                .owner
                .as_deref()
                .map(|o| format!("{o}::"))
                .unwrap_or_default();
            out.unresolved
                .push(format!("{} in fn {owner}{}: {why}", f.file, f.name));
        };
        if depth > 8 {
            return fail(out, "the code is bound too deep to follow");
        }
        if let Some((size, k)) = at {
            // A variable bound at a place in a tuple: that place of every such tuple.
            let mut t = Tuples {
                size,
                k,
                found: Vec::new(),
            };
            t.visit_expr(e);
            if !t.found.is_empty() {
                for x in t.found {
                    self.resolve(f, x, None, severity, depth + 1, out);
                }
                return;
            }
            // Bound to another variable: follow it.
            if let syn::Expr::Path(p) = e {
                if let Some(id) = p.path.get_ident() {
                    return self.variable(f, &id.to_string(), at, severity, depth, out);
                }
            }
            return fail(out, "a code bound from a tuple that is not written here");
        }
        if let Some(code) = string_lit(e) {
            out.codes.entry(code).or_default().insert(severity);
            return;
        }
        match e {
            syn::Expr::Paren(p) => self.resolve(f, &p.expr, at, severity, depth, out),
            syn::Expr::Group(g) => self.resolve(f, &g.expr, at, severity, depth, out),
            syn::Expr::Reference(r) => self.resolve(f, &r.expr, at, severity, depth, out),
            syn::Expr::Block(b) => self.block(f, &b.block, severity, depth, out),
            syn::Expr::If(i) => {
                self.block(f, &i.then_branch, severity, depth, out);
                match &i.else_branch {
                    Some((_, e)) => self.resolve(f, e, None, severity, depth + 1, out),
                    None => fail(out, "an `if` without `else` as a code"),
                }
            }
            syn::Expr::Match(m) => {
                for arm in &m.arms {
                    self.resolve(f, &arm.body, None, severity, depth + 1, out);
                }
            }
            syn::Expr::Field(x) if matches!(&x.member, syn::Member::Named(n) if n == "code") => {
                // The code of a diagnostic made elsewhere, passed on: no new code.
            }
            syn::Expr::MethodCall(m) if m.method == "code" && m.args.is_empty() => {
                let bodies: Vec<&Function> = self
                    .index
                    .functions
                    .iter()
                    .filter(|x| x.name == "code" && x.returns_static_str)
                    .collect();
                if bodies.is_empty() {
                    return fail(out, "`.code()` of no `fn code(&self) -> &'static str`");
                }
                for b in bodies {
                    let mut lits = Literals(Vec::new());
                    lits.visit_block(b.body);
                    for c in lits.0 {
                        out.codes.entry(c).or_default().insert(severity);
                    }
                }
            }
            syn::Expr::Path(p) => {
                let Some(id) = p.path.get_ident().map(ToString::to_string) else {
                    // `module::CONST`: by its last segment.
                    let last = p.path.segments.last().map(|s| s.ident.to_string());
                    return match last.and_then(|n| self.constant(f, &n)) {
                        Some(v) => {
                            out.codes.entry(v).or_default().insert(severity);
                        }
                        None => fail(out, "a path that is not a string constant"),
                    };
                };
                if let Some(v) = self.constant(f, &id) {
                    out.codes.entry(v).or_default().insert(severity);
                } else if let Some(k) = f.params.iter().position(|x| x.as_deref() == Some(&id)) {
                    // A parameter: every call of this function passes a code there.
                    let source = Source {
                        owner: f.owner.clone(),
                        name: f.name.clone(),
                        method: f
                            .params
                            .first()
                            .is_some_and(|p| p.as_deref() == Some("self")),
                        param: k,
                    };
                    out.sources.entry(source).or_insert(severity);
                } else {
                    self.variable(f, &id, None, severity, depth, out);
                }
            }
            _ => fail(
                out,
                "a code that is not a literal, constant, variable or branch",
            ),
        }
    }

    /// The value of a `const` named `name`: the one in `f`'s file, else the only one.
    fn constant(&self, f: &Function, name: &str) -> Option<String> {
        let all: Vec<&(String, String, String)> =
            self.index.consts.iter().filter(|c| c.0 == name).collect();
        all.iter()
            .find(|c| c.1 == f.file)
            .or(if all.len() == 1 { all.first() } else { None })
            .map(|c| c.2.clone())
    }

    /// The tail value of a block.
    fn block(
        &self,
        f: &Function<'a>,
        b: &'a syn::Block,
        severity: Option<Severity>,
        depth: usize,
        out: &mut Found,
    ) {
        match b.stmts.last() {
            Some(syn::Stmt::Expr(e, None)) => self.resolve(f, e, None, severity, depth + 1, out),
            _ => {
                let owner = f
                    .owner
                    .as_deref()
                    .map(|o| format!("{o}::"))
                    .unwrap_or_default();
                out.unresolved.push(format!(
                    "{} in fn {owner}{}: a block with no value as a code",
                    f.file, f.name
                ));
            }
        }
    }

    /// A local variable `id` of `f`: every expression it is bound to.
    fn variable(
        &self,
        f: &Function<'a>,
        id: &str,
        at: Option<(usize, usize)>,
        severity: Option<Severity>,
        depth: usize,
        out: &mut Found,
    ) {
        let mut b = Bindings {
            ident: id,
            found: Vec::new(),
        };
        b.visit_block(f.body);
        if b.found.is_empty() {
            let owner = f
                .owner
                .as_deref()
                .map(|o| format!("{o}::"))
                .unwrap_or_default();
            out.unresolved.push(format!(
                "{} in fn {owner}{}: `{id}` is bound nowhere the scan can see",
                f.file, f.name
            ));
        }
        for (place, e) in b.found {
            // A place in the pattern, or the place asked for when bound whole.
            let place = place.or(at);
            self.resolve(f, e, place, severity, depth + 1, out);
        }
    }
}

/// Every string literal in a body.
struct Literals(Vec<String>);

impl<'ast> Visit<'ast> for Literals {
    fn visit_lit_str(&mut self, s: &'ast syn::LitStr) {
        self.0.push(s.value());
    }
}

/// The headers of a game file's top-level keys, from `GameFile` in `src/load/schema/`:
/// `[key]` for an optional table, `[[key]]` for an array of tables, `key` for a list of
/// strings (`use`).
fn game_file_headers() -> Vec<String> {
    let dir = root().join("src/load/schema");
    let mut found = None;
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
        let entry = entry.expect("walk the schema");
        if entry.path().extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("read");
        let file = syn::parse_file(&text).expect("the schema parses");
        for item in file.items {
            if let syn::Item::Struct(s) = item {
                if s.ident == "GameFile" {
                    found = Some(s);
                }
            }
        }
    }
    let s = found.expect("struct GameFile in src/load/schema/");
    let syn::Fields::Named(fields) = s.fields else {
        panic!("GameFile has named fields");
    };
    fields
        .named
        .iter()
        .map(|field| {
            let mut key = field
                .ident
                .as_ref()
                .expect("named")
                .to_string()
                .replace('_', "-");
            for a in field.attrs.iter().filter(|a| a.path().is_ident("serde")) {
                a.parse_nested_meta(|m| {
                    if m.path.is_ident("rename") {
                        key = m.value()?.parse::<syn::LitStr>()?.value();
                    } else if m.input.peek(syn::Token![=]) {
                        m.value()?.parse::<syn::Expr>()?;
                    }
                    Ok(())
                })
                .expect("a serde attribute");
            }
            let syn::Type::Path(p) = &field.ty else {
                panic!("GameFile's `{key}` is not a path type");
            };
            let last = p.path.segments.last().expect("a type");
            let inner = match &last.arguments {
                syn::PathArguments::AngleBracketed(a) => a.args.first().and_then(|x| match x {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                }),
                _ => None,
            };
            match last.ident.to_string().as_str() {
                "Option" => format!("[{key}]"),
                "Vec" => {
                    let element = inner.and_then(type_name);
                    match element.as_deref() {
                        Some("Spanned" | "String") => key,
                        _ => format!("[[{key}]]"),
                    }
                }
                other => panic!("GameFile's `{key}` is a {other}: write its header here"),
            }
        })
        .collect()
}

#[test]
fn catalogue_lists_exactly_the_codes_the_source_uses() {
    let files = sources();
    let found = Scan::new(&files).codes();
    assert!(
        found.unresolved.is_empty(),
        "codes the scan cannot follow (a catalogue cannot list a code made at run time):\n{}",
        found.unresolved.join("\n")
    );
    assert!(
        found.codes.len() > 100,
        "too few codes found: {}",
        found.codes.len()
    );
    let used: BTreeSet<&str> = found.codes.keys().map(String::as_str).collect();
    let listed: BTreeSet<&str> = CATALOGUE.iter().map(|e| e.code).collect();
    let missing: Vec<&&str> = used.difference(&listed).collect();
    let stale: Vec<&&str> = listed.difference(&used).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "src/diag/catalogue.rs is out of date:\n  used but not catalogued: {missing:?}\n  catalogued but not used: {stale:?}"
    );
    // A code's catalogued severity is one it is used with (when the scan knows it).
    for e in CATALOGUE {
        let known: BTreeSet<Severity> = found.codes[e.code].iter().flatten().copied().collect();
        assert!(
            known.is_empty() || known.contains(&e.severity),
            "`{}` is catalogued as {:?} but used only as {known:?}",
            e.code,
            e.severity
        );
    }
}

#[test]
fn catalogue_scan_follows_codes_through_helpers_constants_and_bindings() {
    let files = sources();
    let found = Scan::new(&files).codes();
    for (code, how) in [
        ("bad-parlance", "a const"),
        ("bad-use", "an `if let` of a tuple bound earlier"),
        ("syntax", "a tuple of a `let … = if`"),
        ("no-such-location", "`LocateError::code()`"),
        ("no-such-box", "`LocateError::code()`"),
        ("chapter-without-title", "Diagnostic::warning"),
    ] {
        assert!(
            found.codes.contains_key(code),
            "`{code}` ({how}) is not found"
        );
    }
    // Diagnostic's own constructors pass their parameter on: they are sources, not codes.
    assert!(found
        .codes
        .keys()
        .all(|c| !c.is_empty() && !c.contains(' ')));
}

#[test]
fn catalogue_is_sorted_without_duplicates_and_names_known_sections() {
    for w in CATALOGUE.windows(2) {
        assert!(
            w[0].code < w[1].code,
            "the catalogue is not sorted by code, or lists a code twice: `{}` then `{}`",
            w[0].code,
            w[1].code
        );
    }
    let headers = game_file_headers();
    assert!(headers.contains(&"[[map]]".to_string()), "{headers:?}");
    assert!(headers.contains(&"[game]".to_string()), "{headers:?}");
    let derived: BTreeSet<&str> = headers.iter().map(String::as_str).collect();
    let every: BTreeSet<&str> = EVERY_SECTION.iter().copied().collect();
    assert_eq!(
        every, derived,
        "catalogue::EVERY_SECTION differs from GameFile's top-level keys"
    );
    let allowed: BTreeSet<&str> = derived
        .iter()
        .copied()
        .chain(OTHER_PARTS.iter().copied())
        .collect();
    for e in CATALOGUE {
        assert!(!e.sections.is_empty(), "`{}` concerns no section", e.code);
        for s in e.sections {
            assert!(
                allowed.contains(s),
                "`{}` names `{s}`, which is not a section: use one of {allowed:?}",
                e.code
            );
        }
        let mut seen = BTreeSet::new();
        assert!(
            e.sections.iter().all(|s| seen.insert(*s)),
            "`{}` names a section twice",
            e.code
        );
        assert!(
            e.summary.ends_with('.') && !e.summary.contains('\n'),
            "`{}`: the summary is one sentence ending in a period",
            e.code
        );
    }
    assert!(catalogue::find("unknown-reference").is_some());
}

#[test]
fn explain_tells_a_code_and_lists_them_all() {
    let (code, out, err) = run(&["explain", "unknown-reference"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("unknown-reference: error\n"), "{out}");
    assert!(
        out.contains("concerns: ") && out.contains("[[counter]]"),
        "{out}"
    );
    let entry = catalogue::find("unknown-reference").expect("catalogued");
    assert!(out.contains(entry.summary), "{out}");

    let (code, out, err) = run(&["explain", "chapter-without-title", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["code"], "chapter-without-title");
    assert_eq!(v["severity"], "warning");
    assert_eq!(v["sections"], serde_json::json!(["rules/*.md"]));
    assert!(v["summary"].as_str().is_some_and(|s| !s.is_empty()), "{v}");

    let (code, out, _) = run(&["explain"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), CATALOGUE.len(), "{out}");
    for e in CATALOGUE {
        assert!(out.contains(e.code), "`{}` is not listed", e.code);
    }
    let (code, out, _) = run(&["explain", "--format", "json"]);
    assert_eq!(code, 0);
    let all: Vec<serde_json::Value> = serde_json::from_str(&out).expect("a JSON array");
    assert_eq!(all.len(), CATALOGUE.len());
}

#[test]
fn explain_an_unknown_code_fails_with_a_did_you_mean() {
    let (code, out, err) = run(&["explain", "unknown-refrence"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("unknown diagnostic code `unknown-refrence`"),
        "{err}"
    );
    assert!(err.contains("did you mean `unknown-reference`?"), "{err}");

    let (code, out, _) = run(&["explain", "zzzz", "--format", "json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(
        v["error"].as_str().is_some_and(|e| e.contains("`zzzz`")),
        "{v}"
    );
}

/// Each worked example `explain` shows is true: the mistake, made in a copy of the
/// tutorial's game, makes `check` report that code in that file with that message and hint.
#[test]
fn explain_examples_are_what_check_says() {
    use sandtable::diag::examples::{EXAMPLES, GAME};
    for x in EXAMPLES {
        let tmp = crate::support::copy_game(GAME);
        crate::support::edit(tmp.path(), x.file, x.before, x.after);
        let (_, diags) = crate::support::check_json(tmp.path());
        let found = diags.iter().find(|d| d["code"] == x.code);
        let Some(d) = found else {
            panic!("{}: check does not report it: {diags:#?}", x.code);
        };
        assert_eq!(d["file"], x.file, "{}: {d:#?}", x.code);
        assert_eq!(d["message"], x.message, "{}", x.code);
        assert_eq!(d["hint"].as_str(), x.hint, "{}", x.code);
        assert!(
            d["line"].as_u64().is_some_and(|l| l > 0),
            "{}: not located",
            x.code
        );
    }
    let (code, out, err) = run(&["explain", "unknown-key"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("desgination = \"I/7\""), "{out}");
    assert!(out.contains("hint: did you mean `designation`?"), "{out}");
    // A code of nearly every section sends the reader to the list of diagnostics.
    assert!(
        out.contains("Read more: docs/src/reference/diagnostics.md\n"),
        "{out}"
    );
    let (code, out, _) = run(&["explain", "stacking", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["example"]["file"], "scenarios.toml", "{v}");
    assert_eq!(
        v["reference"],
        serde_json::json!(["scenario.md", "rules.md"]),
        "{v}"
    );
    // A code without a worked example says no more than before, in JSON too.
    let (_, out, _) = run(&["explain", "chapter-without-title", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(v.get("example").is_none(), "{v}");
}
