//! A small evaluator for the part of VASSAL's BeanShell expression language the module's
//! combat machinery emits, with VASSAL's own rules where they differ from Java (read from
//! `ExpressionInterpreter`, `BSHBinaryExpression` and `Primitive` in the VASSAL source):
//!
//! * a property value is bound as `true`/`false` → boolean; text of only `+-.0123456789` →
//!   an int, except two or more digits starting with `0` (the module's *store leading-zero
//!   integers as strings* option) and text no int parse accepts, which stay strings;
//! * a property a string method is called on (`X.contains(…)`) is always a string;
//! * `int op ""` treats `""` as 0; `string + int` and `int + non-empty string` concatenate;
//!   strings compare by value with `==`, `!=`, `<`…; ints are 32-bit and wrap;
//! * `&&`, `||` and `?:` evaluate only what they need;
//! * `Sum(property, match[, map])` and `Count(match[, map])` walk the pieces of every map,
//!   or of the named map; from a global property (a `ChangePropertyButton`'s source)
//!   without a map they give 0, as VASSAL's `ExpressionInterpreter.sum` does.

use std::collections::BTreeMap;

/// A value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// Java int.
    Int(i32),
    /// String.
    Str(String),
    /// boolean.
    Bool(bool),
}

impl Value {
    /// `toString()`.
    pub fn text(&self) -> String {
        match self {
            Value::Int(i) => i.to_string(),
            Value::Str(s) => s.clone(),
            Value::Bool(b) => b.to_string(),
        }
    }
}

/// How VASSAL binds a property value to an expression variable.
pub fn bind(value: &str) -> Value {
    if value == "true" {
        return Value::Bool(true);
    }
    if value == "false" {
        return Value::Bool(false);
    }
    if !value.chars().all(|c| "+-.0123456789".contains(c)) {
        return Value::Str(value.into());
    }
    if value.len() > 1 && value.starts_with('0') && value.chars().all(|c| c.is_ascii_digit()) {
        return Value::Str(value.into());
    }
    match value.parse::<i32>() {
        Ok(i) => Value::Int(i),
        Err(_) => Value::Str(value.into()),
    }
}

/// An expression node.
#[derive(Debug, Clone)]
pub enum Expr {
    /// Literal.
    Lit(Value),
    /// Property reference.
    Var(String),
    /// `!x`, `-x`.
    Unary(char, Box<Expr>),
    /// `a op b`.
    Binary(String, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `F(args)`.
    Call(String, Vec<Expr>),
    /// `x.m(args)`.
    Method(Box<Expr>, String, Vec<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Int(i32),
    Str(String),
    Ident(String),
    Op(String),
}

fn lex(src: &str) -> Result<Vec<Tok>, String> {
    let cs: Vec<char> = src.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < cs.len() && cs[i].is_ascii_digit() {
                i += 1;
            }
            let t: String = cs[start..i].iter().collect();
            out.push(Tok::Int(t.parse().map_err(|_| format!("bad int {t}"))?));
        } else if c.is_alphabetic() || c == '_' || c == '$' {
            let start = i;
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_' || cs[i] == '$') {
                i += 1;
            }
            let t: String = cs[start..i].iter().collect();
            out.push(Tok::Ident(t));
        } else if c == '"' {
            i += 1;
            let mut s = String::new();
            loop {
                let Some(&d) = cs.get(i) else {
                    return Err("unterminated string".into());
                };
                i += 1;
                match d {
                    '"' => break,
                    '\\' => {
                        let e = cs.get(i).copied().ok_or("bad escape")?;
                        i += 1;
                        s.push(match e {
                            'n' => '\n',
                            't' => '\t',
                            'r' => '\r',
                            other => other,
                        });
                    }
                    d => s.push(d),
                }
            }
            out.push(Tok::Str(s));
        } else {
            let two: String = cs[i..(i + 2).min(cs.len())].iter().collect();
            if ["<<", ">>", "==", "!=", "<=", ">=", "&&", "||"].contains(&two.as_str()) {
                out.push(Tok::Op(two));
                i += 2;
            } else if "()?:,.+-*/%<>!".contains(c) {
                out.push(Tok::Op(c.to_string()));
                i += 1;
            } else {
                return Err(format!("unexpected character {c:?}"));
            }
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

const LEVELS: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["==", "!="],
    &["<", "<=", ">", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl Parser {
    fn peek_op(&self, op: &str) -> bool {
        matches!(self.toks.get(self.pos), Some(Tok::Op(o)) if o == op)
    }

    fn expect(&mut self, op: &str) -> Result<(), String> {
        if self.peek_op(op) {
            self.pos += 1;
            Ok(())
        } else {
            Err(format!(
                "expected {op} at token {} ({:?})",
                self.pos,
                self.toks.get(self.pos)
            ))
        }
    }

    fn ternary(&mut self) -> Result<Expr, String> {
        let c = self.binary(0)?;
        if self.peek_op("?") {
            self.pos += 1;
            let a = self.ternary()?;
            self.expect(":")?;
            let b = self.ternary()?;
            return Ok(Expr::Ternary(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    fn binary(&mut self, level: usize) -> Result<Expr, String> {
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        loop {
            let op = match self.toks.get(self.pos) {
                Some(Tok::Op(o)) if LEVELS[level].contains(&o.as_str()) => o.clone(),
                _ => return Ok(lhs),
            };
            self.pos += 1;
            let rhs = self.binary(level + 1)?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
        }
    }

    fn unary(&mut self) -> Result<Expr, String> {
        for op in ['!', '-'] {
            if self.peek_op(&op.to_string()) {
                self.pos += 1;
                return Ok(Expr::Unary(op, Box::new(self.unary()?)));
            }
        }
        self.postfix()
    }

    fn args(&mut self) -> Result<Vec<Expr>, String> {
        self.expect("(")?;
        let mut args = Vec::new();
        if self.peek_op(")") {
            self.pos += 1;
            return Ok(args);
        }
        loop {
            args.push(self.ternary()?);
            if self.peek_op(",") {
                self.pos += 1;
            } else {
                self.expect(")")?;
                return Ok(args);
            }
        }
    }

    fn postfix(&mut self) -> Result<Expr, String> {
        let mut e = match self.toks.get(self.pos).cloned() {
            Some(Tok::Int(i)) => {
                self.pos += 1;
                Expr::Lit(Value::Int(i))
            }
            Some(Tok::Str(s)) => {
                self.pos += 1;
                Expr::Lit(Value::Str(s))
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if name == "true" || name == "false" {
                    Expr::Lit(Value::Bool(name == "true"))
                } else if self.peek_op("(") {
                    Expr::Call(name, self.args()?)
                } else {
                    Expr::Var(name)
                }
            }
            Some(Tok::Op(o)) if o == "(" => {
                self.pos += 1;
                let e = self.ternary()?;
                self.expect(")")?;
                e
            }
            other => return Err(format!("unexpected {other:?} at token {}", self.pos)),
        };
        while self.peek_op(".") {
            self.pos += 1;
            let Some(Tok::Ident(m)) = self.toks.get(self.pos).cloned() else {
                return Err("method name expected".into());
            };
            self.pos += 1;
            e = Expr::Method(Box::new(e), m, self.args()?);
        }
        Ok(e)
    }
}

/// Parses an expression, with or without its `{…}`.
pub fn parse(src: &str) -> Result<Expr, String> {
    let s = src.trim();
    let s = if s.starts_with('{') && s.ends_with('}') {
        &s[1..s.len() - 1]
    } else {
        s
    };
    let mut p = Parser {
        toks: lex(s)?,
        pos: 0,
    };
    let e = p.ternary()?;
    if p.pos != p.toks.len() {
        return Err(format!(
            "trailing tokens from {}: {:?}",
            p.pos,
            &p.toks[p.pos..]
        ));
    }
    Ok(e)
}

/// A game piece as the evaluator sees it.
#[derive(Debug, Clone, Default)]
pub struct Piece {
    /// Name, for messages.
    pub name: String,
    /// Map it stands on.
    pub map: String,
    /// Plain properties (Markers, Dynamic properties, layer levels, LocationName…).
    pub props: BTreeMap<String, String>,
    /// Calculated properties: name → expression.
    pub calcs: BTreeMap<String, String>,
}

/// The game: global properties and pieces.
#[derive(Debug, Clone, Default)]
pub struct World {
    /// Module-level global properties (and dice results).
    pub globals: BTreeMap<String, String>,
    /// Every piece on a map.
    pub pieces: Vec<Piece>,
}

/// Where an expression is evaluated.
#[derive(Debug, Clone, Copy)]
pub enum Source {
    /// The module (a `DoActionButton`'s report).
    Module,
    /// A global property (a `ChangePropertyButton`'s new value).
    Global,
    /// A piece (a Calculated property, a filter).
    Piece(usize),
}

fn int(v: &Value) -> Result<i32, String> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Str(s) if s.is_empty() => Ok(0),
        other => Err(format!("not a number: {other:?}")),
    }
}

fn chars(s: &str) -> Vec<char> {
    s.chars().collect()
}

fn index_of(hay: &str, needle: &str, from: i32, last: bool) -> i32 {
    let h = chars(hay);
    let n = chars(needle);
    let fits = |i: usize| i + n.len() <= h.len() && h[i..i + n.len()] == n[..];
    if last {
        if from < 0 {
            return -1;
        }
        let start = (from as usize).min(h.len().saturating_sub(n.len()));
        (0..=start)
            .rev()
            .find(|&i| fits(i))
            .map_or(-1, |i| i as i32)
    } else {
        let start = from.max(0) as usize;
        (start..=h.len())
            .find(|&i| fits(i))
            .map_or(-1, |i| i as i32)
    }
}

impl World {
    /// A property as `source` sees it (pieces fall back to the globals).
    pub fn property(&self, source: Source, name: &str, depth: usize) -> Result<String, String> {
        if depth > 20 {
            return Err(format!("recursion through {name}"));
        }
        if let Source::Piece(i) = source {
            let p = &self.pieces[i];
            if let Some(e) = p.calcs.get(name) {
                return Ok(self.eval_str(e, source, depth + 1)?.text());
            }
            if let Some(v) = p.props.get(name) {
                return Ok(v.clone());
            }
        }
        Ok(self.globals.get(name).cloned().unwrap_or_default())
    }

    /// Evaluates a `{…}` expression.
    pub fn eval_str(&self, src: &str, source: Source, depth: usize) -> Result<Value, String> {
        let e = parse(src).map_err(|e| format!("{src}: {e}"))?;
        self.eval(&e, source, depth)
            .map_err(|e| format!("{src}: {e}"))
    }

    fn filter(&self, filter: &str, piece: usize, depth: usize) -> Result<bool, String> {
        match self.eval_str(filter, Source::Piece(piece), depth + 1)? {
            Value::Bool(b) => Ok(b),
            other => Err(format!(
                "filter {filter} gave {other:?} on {}",
                self.pieces[piece].name
            )),
        }
    }

    fn pieces_of(&self, source: Source, map: Option<&str>) -> Vec<usize> {
        match (source, map) {
            (_, Some(m)) => (0..self.pieces.len())
                .filter(|i| self.pieces[*i].map == m)
                .collect(),
            (Source::Global, None) => Vec::new(),
            (_, None) => (0..self.pieces.len()).collect(),
        }
    }

    fn eval(&self, e: &Expr, source: Source, depth: usize) -> Result<Value, String> {
        Ok(match e {
            Expr::Lit(v) => v.clone(),
            Expr::Var(name) => bind(&self.property(source, name, depth)?),
            Expr::Unary('!', x) => match self.eval(x, source, depth)? {
                Value::Bool(b) => Value::Bool(!b),
                other => return Err(format!("! of {other:?}")),
            },
            Expr::Unary(_, x) => Value::Int(int(&self.eval(x, source, depth)?)?.wrapping_neg()),
            Expr::Ternary(c, a, b) => match self.eval(c, source, depth)? {
                Value::Bool(true) => self.eval(a, source, depth)?,
                Value::Bool(false) => self.eval(b, source, depth)?,
                other => return Err(format!("condition {other:?}")),
            },
            Expr::Binary(op, a, b) if op == "&&" || op == "||" => {
                let Value::Bool(l) = self.eval(a, source, depth)? else {
                    return Err(format!("{op} on a non-boolean"));
                };
                if (op == "&&" && !l) || (op == "||" && l) {
                    return Ok(Value::Bool(l));
                }
                match self.eval(b, source, depth)? {
                    Value::Bool(r) => Value::Bool(r),
                    other => return Err(format!("{op} on {other:?}")),
                }
            }
            Expr::Binary(op, a, b) => {
                let l = self.eval(a, source, depth)?;
                let r = self.eval(b, source, depth)?;
                binary(op, l, r)?
            }
            Expr::Method(recv, m, args) => {
                // A property a string method is called on is passed as a String.
                let s = match recv.as_ref() {
                    Expr::Var(name) => self.property(source, name, depth)?,
                    other => match self.eval(other, source, depth)? {
                        Value::Str(s) => s,
                        v => return Err(format!(".{m} on {v:?}")),
                    },
                };
                let a: Vec<Value> = args
                    .iter()
                    .map(|x| self.eval(x, source, depth))
                    .collect::<Result<_, _>>()?;
                let text = |v: &Value| match v {
                    Value::Str(s) => Ok(s.clone()),
                    other => Err(format!("string argument expected, got {other:?}")),
                };
                match (m.as_str(), a.as_slice()) {
                    ("contains", [x]) => Value::Bool(s.contains(&text(x)?)),
                    ("indexOf", [x]) => Value::Int(index_of(&s, &text(x)?, 0, false)),
                    ("indexOf", [x, f]) => Value::Int(index_of(&s, &text(x)?, int(f)?, false)),
                    ("lastIndexOf", [x, f]) => Value::Int(index_of(&s, &text(x)?, int(f)?, true)),
                    ("length", []) => Value::Int(chars(&s).len() as i32),
                    ("startsWith", [x, f]) => {
                        let (p, from) = (chars(&text(x)?), int(f)?);
                        let cs = chars(&s);
                        Value::Bool(
                            from >= 0
                                && (from as usize) + p.len() <= cs.len()
                                && cs[from as usize..from as usize + p.len()] == p[..],
                        )
                    }
                    ("substring", [b]) | ("substring", [b, _]) => {
                        let cs = chars(&s);
                        let begin = int(b)?;
                        let end = match a.get(1) {
                            Some(e) => int(e)?,
                            None => cs.len() as i32,
                        };
                        if begin < 0 || end > cs.len() as i32 || begin > end {
                            return Err(format!(
                                "StringIndexOutOfBounds: substring({begin}, {end}) of {} chars",
                                cs.len()
                            ));
                        }
                        Value::Str(cs[begin as usize..end as usize].iter().collect())
                    }
                    _ => return Err(format!("unsupported method {m}/{}", a.len())),
                }
            }
            Expr::Call(f, args) => {
                let a: Vec<Value> = args
                    .iter()
                    .map(|x| self.eval(x, source, depth))
                    .collect::<Result<_, _>>()?;
                let text = |v: &Value| match v {
                    Value::Str(s) => Ok(s.clone()),
                    other => Err(format!("{f}: string argument expected, got {other:?}")),
                };
                match (f.as_str(), a.as_slice()) {
                    ("Sum", [p, m]) | ("Sum", [p, m, _]) => {
                        let map = a.get(2).map(text).transpose()?;
                        let (p, m) = (text(p)?, text(m)?);
                        let mut total: i32 = 0;
                        for i in self.pieces_of(source, map.as_deref()) {
                            if self.filter(&m, i, depth)? {
                                let v = self.property(Source::Piece(i), &p, depth + 1)?;
                                total = total.wrapping_add(v.parse::<i32>().unwrap_or(0));
                            }
                        }
                        Value::Int(total)
                    }
                    ("Count", [m]) | ("Count", [m, _]) => {
                        let map = a.get(1).map(text).transpose()?;
                        let m = text(m)?;
                        let mut n = 0;
                        for i in self.pieces_of(source, map.as_deref()) {
                            if self.filter(&m, i, depth)? {
                                n += 1;
                            }
                        }
                        Value::Int(n)
                    }
                    _ => return Err(format!("unsupported function {f}/{}", a.len())),
                }
            }
        })
    }
}

fn binary(op: &str, l: Value, r: Value) -> Result<Value, String> {
    use Value::*;
    // VASSAL: an int against the empty string uses 0 for it.
    let (l, r) = match (&l, &r) {
        (Int(_), Str(s)) if s.is_empty() => (l, Int(0)),
        (Str(s), Int(_)) if s.is_empty() => (Int(0), r),
        _ => (l, r),
    };
    Ok(match (l, r) {
        (Int(a), Int(b)) => match op {
            "+" => Int(a.wrapping_add(b)),
            "-" => Int(a.wrapping_sub(b)),
            "*" => Int(a.wrapping_mul(b)),
            "/" if b == 0 => return Err("division by zero".into()),
            "/" => Int(a.wrapping_div(b)),
            "%" if b == 0 => return Err("division by zero".into()),
            "%" => Int(a.wrapping_rem(b)),
            "<<" => Int(a.wrapping_shl(b as u32)),
            ">>" => Int(a.wrapping_shr(b as u32)),
            "==" => Bool(a == b),
            "!=" => Bool(a != b),
            "<" => Bool(a < b),
            "<=" => Bool(a <= b),
            ">" => Bool(a > b),
            ">=" => Bool(a >= b),
            _ => return Err(format!("{op} on ints")),
        },
        (Bool(a), Bool(b)) => match op {
            "==" => Bool(a == b),
            "!=" => Bool(a != b),
            _ => return Err(format!("{op} on booleans")),
        },
        (l, r) if matches!(l, Str(_)) || matches!(r, Str(_)) => {
            // A string and anything else: both sides as strings.
            let (a, b) = (l.text(), r.text());
            match op {
                "+" => Str(a + &b),
                "==" => Bool(a == b),
                "!=" => Bool(a != b),
                "<" => Bool(a < b),
                "<=" => Bool(a <= b),
                ">" => Bool(a > b),
                ">=" => Bool(a >= b),
                _ => return Err(format!("{op} on strings {a:?} and {b:?}")),
            }
        }
        (l, r) => return Err(format!("{op} on {l:?} and {r:?}")),
    })
}

#[test]
fn the_evaluator_follows_vassal_rules() {
    let w = World::default();
    let ev = |s: &str| w.eval_str(s, Source::Module, 0).expect(s);
    assert_eq!(ev("{1 + 2 * 3}"), Value::Int(7));
    assert_eq!(ev("{7 / 2}"), Value::Int(3));
    assert_eq!(ev("{(9 + (1 << 1) - 1) / (1 << 1)}"), Value::Int(5));
    assert_eq!(ev("{\"a\" + 1}"), Value::Str("a1".into()));
    assert_eq!(ev("{\"\" + 1}"), Value::Int(1));
    assert_eq!(ev("{\"A\" == \"A\" ? 1 : 2}"), Value::Int(1));
    assert_eq!(
        ev("{\"|0101|0203|\".contains(\"|0203|\")}"),
        Value::Bool(true)
    );
    assert_eq!(ev("{\"#ab|cd|#ef|\".lastIndexOf(\"#\", 6)}"), Value::Int(0));
    assert_eq!(ev("{\"#ab|cd|#ef|\".lastIndexOf(\"#\", 7)}"), Value::Int(7));
    assert_eq!(ev("{\"#ab|\".lastIndexOf(\"#\", -1)}"), Value::Int(-1));
    assert_eq!(ev("{\"#ab|cd|\".substring(1, 3)}"), Value::Str("ab".into()));
    assert_eq!(ev("{false && 1 / 0 == 0}"), Value::Bool(false));
    assert_eq!(bind("0203"), Value::Str("0203".into()));
    assert_eq!(bind("1203"), Value::Int(1203));
    assert_eq!(bind("-1"), Value::Int(-1));
    assert_eq!(bind("true"), Value::Bool(true));
    assert_eq!(bind(""), Value::Str(String::new()));
    assert!(parse("{(1 + 2}").is_err());
    assert!(parse("{\"abc}").is_err());
}
