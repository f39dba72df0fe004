//! Combat resolution inside the module: the buildfile's combat components are read back
//! from `buildFile.xml`, the counters' trait chains are decoded and expanded, and a press
//! of **Resolve Combat** is replayed key by key — the hidden dice button, every
//! `ChangePropertyButton` step, the report and the Global Key Command — with the small
//! BeanShell evaluator of [`crate::beanshell`]. The columns, halvings and results it finds
//! must be those of the Rust CRT resolution ([`sandtable::helpers::crt::resolve`]) for the
//! same units, terrain, weather, supply and declarations.

use std::collections::BTreeMap;
use std::path::Path;

use sandtable::helpers::crt::{battlefield, resolve, CombatInput, CombatReport, Support};
use sandtable::model::{Game, HexCoord, Location, MapKind};
use sandtable::vassal::buildfile::parse_buildfile_str;
use sandtable::vassal::encoder::decode;
use sandtable::vassal::save::{split_trait_chain, TraitEntry};

use crate::beanshell::{parse, Piece, Source, World};
use crate::support::{copy_game, edit, game, root};

/// A game checked from its directory.
fn load(dir: &Path) -> Game {
    sandtable::check::check_dir(dir)
        .expect("loads")
        .game
        .expect("checks")
}

/// The buildfile of a game's module, built in memory.
fn buildfile(g: &Game) -> String {
    let module = sandtable::emit::vassal::build(g).expect("builds");
    let bytes = module.archive.to_bytes().expect("zips");
    let mut zip =
        sandtable::vassal::archive::Archive::from_bytes(bytes, Path::new("m.vmod")).expect("zip");
    zip.read_text("buildFile.xml").expect("buildFile.xml")
}

/// The name of a named key stroke (`0,0,Name` → `Name`).
fn key_name(text: &str) -> Option<String> {
    text.splitn(3, ',').nth(2).map(str::to_string)
}

/// A piece definition's trait chain, outermost first.
fn chain(text: &str) -> Vec<TraitEntry> {
    let parts = decode(text, '/');
    split_trait_chain(&parts[2], parts.get(3).map_or("", String::as_str))
}

/// What a named key does.
#[derive(Debug, Clone)]
enum Action {
    Dice(String),
    Change { property: String, changer: String },
    Report(String),
    Clear { sends: String, filter: String },
}

/// The module as the test drives it.
#[derive(Clone)]
struct Module {
    world: World,
    keys: BTreeMap<String, Vec<Action>>,
    resolve: BTreeMap<String, Vec<String>>,
    prototypes: BTreeMap<String, Vec<TraitEntry>>,
    slots: BTreeMap<String, Vec<TraitEntry>>,
    maps: Vec<String>,
    /// The expanded traits of each placed piece.
    traits: BTreeMap<usize, Vec<TraitEntry>>,
    /// The chat log.
    chat: Vec<String>,
}

impl Module {
    fn read(xml: &str) -> Self {
        let root = parse_buildfile_str(xml).expect("parses");
        let mut m = Module {
            world: World::default(),
            keys: BTreeMap::new(),
            resolve: BTreeMap::new(),
            prototypes: BTreeMap::new(),
            slots: BTreeMap::new(),
            maps: Vec::new(),
            traits: BTreeMap::new(),
            chat: Vec::new(),
        };
        let add = |k: &str, a: Action, keys: &mut BTreeMap<String, Vec<Action>>| {
            if let Some(n) = key_name(k) {
                keys.entry(n).or_default().push(a);
            }
        };
        for e in std::iter::once(&root).chain(root.descendants()) {
            let attr = |k: &str| e.attr(k).unwrap_or("").to_string();
            match e.short_name() {
                "GlobalProperty" => {
                    m.world.globals.insert(attr("name"), attr("initialValue"));
                    for b in e.children_of("ChangePropertyButton") {
                        let hotkey = b.attr("hotkey").unwrap_or("");
                        add(
                            hotkey,
                            Action::Change {
                                property: attr("name"),
                                changer: b.attr("propChanger").unwrap_or("").to_string(),
                            },
                            &mut m.keys,
                        );
                    }
                }
                "DiceButton" => add(&attr("hotkey"), Action::Dice(attr("name")), &mut m.keys),
                "DoActionButton" => {
                    if attr("doReport") == "true" {
                        add(
                            &attr("hotkey"),
                            Action::Report(attr("reportFormat")),
                            &mut m.keys,
                        );
                    }
                    if attr("doHotkey") == "true" {
                        let keys = decode(&attr("hotkeys"), ',')
                            .iter()
                            .filter_map(|k| key_name(k))
                            .collect();
                        m.resolve.insert(attr("text"), keys);
                    }
                }
                "GlobalKeyCommand" => add(
                    &attr("buttonHotkey"),
                    Action::Clear {
                        sends: key_name(&attr("hotkey")).expect("named key"),
                        filter: attr("filter"),
                    },
                    &mut m.keys,
                ),
                "PrototypeDefinition" => {
                    m.prototypes.insert(attr("name"), chain(e.trimmed_text()));
                }
                "PieceSlot" => {
                    m.slots
                        .entry(attr("entryName"))
                        .or_insert_with(|| chain(e.trimmed_text()));
                }
                "Map" => m.maps.push(attr("mapName")),
                _ => {}
            }
        }
        m
    }

    /// A piece's traits with the prototypes spliced in.
    fn expand(&self, traits: &[TraitEntry], out: &mut Vec<TraitEntry>) {
        for t in traits {
            if t.id() == "prototype;" {
                let name = decode(&t.type_string["prototype;".len()..], ';').remove(0);
                let inner = &self.prototypes[&name];
                self.expand(&inner[..inner.len() - 1], out);
            } else {
                out.push(t.clone());
            }
        }
    }

    /// Puts a copy of a counter on a map location; returns its index.
    fn place(&mut self, counter: &str, map: usize, location: &str) -> usize {
        let slot = self
            .slots
            .get(counter)
            .unwrap_or_else(|| panic!("no palette slot {counter}"));
        let mut traits = Vec::new();
        self.expand(slot, &mut traits);
        let mut p = Piece {
            name: counter.to_string(),
            map: self.maps[map].clone(),
            ..Piece::default()
        };
        for t in &traits {
            let body = |prefix: &str| t.type_string[prefix.len()..].to_string();
            match t.id() {
                "mark;" => {
                    for (k, v) in decode(&body("mark;"), ',')
                        .into_iter()
                        .zip(decode(&t.state_string, ','))
                    {
                        p.props.entry(k).or_insert(v);
                    }
                }
                "PROP;" => {
                    let f = decode(&body("PROP;"), ';');
                    p.props
                        .entry(f[0].clone())
                        .or_insert(t.state_string.clone());
                }
                "calcProp;" => {
                    let f = decode(&body("calcProp;"), ';');
                    p.calcs.entry(f[0].clone()).or_insert(f[1].clone());
                }
                "emb2;" => {
                    let f = decode(&body("emb2;"), ';');
                    let level: i32 = t.state_string.parse().expect("layer level");
                    p.props
                        .entry(format!("{}_Level", f[18]))
                        .or_insert(level.to_string());
                    p.props
                        .entry(format!("{}_Active", f[18]))
                        .or_insert((level > 0).to_string());
                }
                _ => {}
            }
        }
        p.props.insert("LocationName".into(), location.into());
        p.props.insert("CurrentMap".into(), self.maps[map].clone());
        self.world.pieces.push(p);
        let i = self.world.pieces.len() - 1;
        self.traits.insert(i, traits);
        i
    }

    /// Sends a named key to a piece: the Dynamic property command with that key.
    fn key(&mut self, piece: usize, key: &str) {
        for t in self.traits[&piece].clone() {
            if t.id() != "PROP;" {
                continue;
            }
            let f = decode(&t.type_string["PROP;".len()..], ';');
            for item in decode(&f[2], ',') {
                let c = decode(&item, ':');
                if key_name(&c[1]).as_deref() == Some(key) {
                    let changer = decode(&c[2], ',');
                    assert_eq!(changer[0], "P", "a plain setter");
                    self.world.pieces[piece]
                        .props
                        .insert(f[0].clone(), changer[1].clone());
                }
            }
        }
    }

    /// Presses a resolve button with the dice showing `roll`.
    fn press(&mut self, button: &str, roll: u32) {
        let keys = self.resolve[button].clone();
        for k in keys {
            let actions = self
                .keys
                .get(&k)
                .unwrap_or_else(|| panic!("nothing listens to {k}"))
                .clone();
            assert_eq!(actions.len(), 1, "one listener for {k}");
            match &actions[0] {
                Action::Dice(name) => {
                    self.world
                        .globals
                        .insert(format!("{name}_result"), roll.to_string());
                }
                Action::Change { property, changer } => {
                    let c = decode(changer, ',');
                    assert_eq!(c[0], "P");
                    let value = self
                        .world
                        .eval_str(&c[1], Source::Global, 0)
                        .unwrap_or_else(|e| panic!("step {k}: {e}"))
                        .text();
                    // ChangePropertyButton formats the new value once more: it must be
                    // plain text.
                    assert!(
                        !(value.contains('$') || value.starts_with('{') && value.ends_with('}')),
                        "{value}"
                    );
                    self.world.globals.insert(property.clone(), value);
                }
                Action::Report(format) => {
                    let line = self
                        .world
                        .eval_str(format, Source::Module, 0)
                        .unwrap_or_else(|e| panic!("report: {e}"))
                        .text();
                    self.chat.push(line);
                }
                Action::Clear { sends, filter } => {
                    let hit: Vec<usize> = (0..self.world.pieces.len())
                        .filter(|i| {
                            self.world
                                .eval_str(filter, Source::Piece(*i), 0)
                                .expect("filter")
                                == crate::beanshell::Value::Bool(true)
                        })
                        .collect();
                    for i in hit {
                        self.key(i, sends);
                    }
                }
            }
        }
    }

    fn global(&self, name: &str) -> String {
        self.world.globals.get(name).cloned().unwrap_or_default()
    }
}

/// One unit in a combat.
#[derive(Debug, Clone)]
struct Unit {
    /// Counter id.
    counter: String,
    /// Location name (hex number or area slot).
    at: String,
    /// On its reduced face.
    reduced: bool,
    /// Showing the Out of Supply marker.
    out_of_supply: bool,
    /// Level of its line (1 = lowest), for levelled units.
    level: Option<usize>,
    /// The game map it stands on.
    map: usize,
}

fn unit(counter: &str, at: &str) -> Unit {
    Unit {
        counter: counter.into(),
        at: at.into(),
        reduced: false,
        out_of_supply: false,
        level: None,
        map: 0,
    }
}

impl Unit {
    fn reduced(mut self) -> Self {
        self.reduced = true;
        self
    }
    fn unsupplied(mut self) -> Self {
        self.out_of_supply = true;
        self
    }
    fn level(mut self, l: usize) -> Self {
        self.level = Some(l);
        self
    }
    fn on(mut self, map: usize) -> Self {
        self.map = map;
        self
    }
}

/// A combat to resolve both ways.
#[derive(Debug, Clone, Default)]
struct Case {
    table: String,
    turn: Option<String>,
    attackers: Vec<Unit>,
    defenders: Vec<Unit>,
    /// (modifier id, value) set in the Combat modifiers menu.
    declared: Vec<(String, i64)>,
    /// For column tables: the column chosen in the Combat modifiers menu.
    column: Option<String>,
    roll: u32,
}

fn ident(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// The model location of a location name on a game map.
fn locate(g: &Game, map: usize, name: &str) -> Location {
    for (mi, m) in g.maps.iter().enumerate().filter(|(i, _)| *i == map) {
        match &m.kind {
            MapKind::Hex(h) => {
                if let Some(hex) = h.geometry.parse_number(name) {
                    if h.geometry.contains(hex) {
                        return Location::Hex { map: mi, hex };
                    }
                }
            }
            MapKind::Area(a) => {
                for area in 0..a.areas.len() {
                    for slot in a.slots(area) {
                        if a.slot_name(area, slot) == name {
                            return Location::Area {
                                map: mi,
                                area,
                                slot,
                            };
                        }
                    }
                }
            }
        }
    }
    panic!("no location {name}");
}

fn map_of(loc: &Location) -> usize {
    match loc {
        Location::Hex { map, .. } | Location::Area { map, .. } => *map,
        Location::Pool(_) | Location::Track { .. } => panic!("not on a map"),
    }
}

/// A unit's factor on the face it shows, from the model.
fn factor(g: &Game, u: &Unit, f: Option<usize>) -> i64 {
    let c = g.counter_index(&u.counter).expect("counter");
    let mut class = g.counters[c].class;
    if let (Some(l), Some(line)) = (u.level, g.line_of(class)) {
        class = line[l - 1];
    }
    let faces = &g.classes[class].faces;
    let Some(f) = f else { return 0 };
    if u.reduced {
        faces.back(f).unwrap_or(0)
    } else {
        faces.front(f).unwrap_or(0)
    }
}

/// Every BeanShell expression of the combat machinery in a buildfile: Calculated
/// properties of prototypes and palette slots, step values, reports and filters.
fn combat_expressions(xml: &str) -> Vec<String> {
    let root = parse_buildfile_str(xml).expect("parses");
    let mut out = Vec::new();
    for e in root.descendants() {
        match e.short_name() {
            "PrototypeDefinition" | "PieceSlot" => {
                for t in chain(e.trimmed_text()) {
                    if let Some(body) = t.type_string.strip_prefix("calcProp;") {
                        out.push(decode(body, ';')[1].clone());
                    }
                }
            }
            "ChangePropertyButton" => {
                let c = decode(e.attr("propChanger").unwrap_or(""), ',');
                if c[0] == "P" && c[1].starts_with('{') {
                    out.push(c[1].clone());
                }
            }
            "DoActionButton" if e.attr("doReport") == Some("true") => {
                out.push(e.attr("reportFormat").unwrap_or("").to_string());
            }
            "GlobalKeyCommand" => out.push(e.attr("filter").unwrap_or("").to_string()),
            _ => {}
        }
    }
    out.retain(|x| x.contains("Combat") || x.contains("Level_Level") || x.contains("Step_Level"));
    out
}

/// Parentheses balance outside string literals and every literal is closed.
fn balanced(expr: &str) -> bool {
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    for c in expr.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0 && !in_string && expr.starts_with('{') && expr.ends_with('}')
}

/// Every combat expression of a module is balanced and parses; returns how many there are.
fn check_expressions(xml: &str) -> usize {
    let all = combat_expressions(xml);
    for e in &all {
        assert!(balanced(e), "unbalanced: {e}");
        parse(e).unwrap_or_else(|err| panic!("{e}: {err}"));
        // What a SequenceEncoder-decoded field could not hold.
        assert!(
            !e.contains('$'),
            "a $ would make VASSAL substitute properties: {e}"
        );
    }
    assert!(all.len() > 20, "{} expressions", all.len());
    all.len()
}

/// Resolves a case in the module and with the Rust helper; returns the chat line, the
/// module afterwards and the Rust report (or why the helper refused).
fn run(g: &Game, base: &Module, case: &Case) -> (String, Module, Result<CombatReport, String>) {
    use sandtable::emit::vassal::combat;
    let mut m = base.clone();
    if let Some(t) = &case.turn {
        let i = g.turns.iter().position(|x| x.id == *t).expect("turn");
        // The tracker's first level: the turn, or (where turns play different phases) the
        // turn's last step, as it shows during the turn.
        let label = sandtable::emit::vassal::turns::turn_entries(g)
            .into_iter()
            .filter(|(t, _)| *t == i)
            .map(|(_, l)| l)
            .next_back()
            .expect("a tracker entry of the turn");
        m.world.globals.insert("Turn".into(), label);
    }
    let mut placed = Vec::new();
    for (u, key) in case
        .attackers
        .iter()
        .map(|u| (u, combat::KEY_MARK_ATTACKER))
        .chain(
            case.defenders
                .iter()
                .map(|u| (u, combat::KEY_MARK_DEFENDER)),
        )
    {
        let c = g.counter_index(&u.counter).expect("counter");
        let loc = locate(g, u.map, &u.at);
        let i = m.place(&g.counters[c].name, map_of(&loc), &u.at);
        let props = &mut m.world.pieces[i].props;
        if u.reduced {
            props.insert("Step_Level".into(), "2".into());
        }
        if u.out_of_supply {
            props.insert("Supply_Active".into(), "true".into());
        }
        if let Some(l) = u.level {
            props.insert("Level_Level".into(), l.to_string());
        }
        m.key(i, key);
        placed.push(i);
    }
    let crt = g.crt(&case.table).expect("table");
    for (id, v) in &case.declared {
        let name = format!("CombatDeclared_{}_{}", ident(&crt.id), ident(id));
        assert!(m.world.globals.contains_key(&name), "no {name}");
        m.world.globals.insert(name, v.to_string());
    }
    if let Some(c) = &case.column {
        let name = format!("CombatColumnChoice_{}", ident(&crt.id));
        assert!(m.world.globals.contains_key(&name), "no {name}");
        m.world.globals.insert(name, c.clone());
    }
    let several = g.crts.len() > 1;
    let button = if several {
        format!("Resolve: {}", crt.title)
    } else {
        combat::RESOLVE_BUTTON.to_string()
    };
    m.press(&button, case.roll);
    let line = m.chat.last().cloned().expect("a chat line");

    // The same combat through the Rust helper.
    let (af, df) = (combat::attack_factor(g), combat::defence_factor(g));
    let def_loc = locate(g, case.defenders[0].map, &case.defenders[0].at);
    let att_locs: Vec<Location> = case
        .attackers
        .iter()
        .map(|u| locate(g, u.map, &u.at))
        .collect();
    let field = battlefield(g, &def_loc, &att_locs);
    let turn = case
        .turn
        .as_ref()
        .and_then(|t| g.turns.iter().find(|x| x.id == *t));
    let mut supports: Vec<Support> = case
        .declared
        .iter()
        .filter(|(_, v)| *v > 0)
        .map(|(id, v)| {
            let m = crt
                .modifiers
                .iter()
                .find(|m| m.id == *id)
                .expect("modifier");
            Support {
                modifier: id.clone(),
                factor: (m.shift_factor.is_some() || m.per_count).then_some(*v),
            }
        })
        .collect();
    // What the module counts among the marked attackers, the helper is told.
    // (A weather or supply modifier's types are the attackers' own, told below.)
    for m in crt
        .modifiers
        .iter()
        .filter(|m| !m.unit_types.is_empty() && !m.conditional())
    {
        let n = case
            .attackers
            .iter()
            .filter(|u| {
                let c = g.counter_index(&u.counter).expect("counter");
                let mut t = Some(g.classes[g.counters[c].class].unit_type);
                let mut chain = Vec::new();
                while let Some(x) = t.filter(|x| !chain.contains(x)) {
                    chain.push(x);
                    t = g.unit_types[x].counts_as;
                }
                chain.iter().any(|x| m.unit_types.contains(x))
            })
            .count() as i64;
        if n > 0 {
            supports.push(Support {
                modifier: m.id.clone(),
                factor: m.per_count.then_some(n),
            });
        }
    }
    // Who attacks: the side, nations and unit types of the marked attackers.
    let classes: Vec<&sandtable::model::Class> = case
        .attackers
        .iter()
        .map(|u| g.class_of(g.counter_index(&u.counter).expect("counter")))
        .collect();
    let attacking_side = case
        .attackers
        .first()
        .and_then(|u| g.side_of(g.counter_index(&u.counter).expect("counter")));
    let input = CombatInput {
        attacking_side,
        attacking_nations: classes.iter().filter_map(|c| c.nation).collect(),
        attacking_types: classes.iter().map(|c| c.unit_type).collect(),
        table: case.table.clone(),
        attack: case.attackers.iter().map(|u| factor(g, u, af)).collect(),
        defence: case.defenders.iter().map(|u| factor(g, u, df)).collect(),
        defender_terrain: field.defender_terrain,
        all_across: field.all_across,
        any_across: field.any_across,
        weather: turn.and_then(|t| t.weather),
        defender_country: field.defender_country,
        attacker_out_of_supply: case.attackers.iter().any(|u| u.out_of_supply),
        supports,
        column: case.column.clone(),
        rolls: vec![case.roll],
        ..Default::default()
    };
    let report = resolve(g, &input).map_err(|e| e.to_string());
    (line, m, report)
}

/// Resolves a case that must succeed, and checks the module agrees with the Rust helper.
fn agree(g: &Game, base: &Module, case: &Case) -> String {
    agree_with(g, base, case).0
}

/// [`agree`], with the module after the resolution.
fn agree_with(g: &Game, base: &Module, case: &Case) -> (String, Module) {
    let (line, m, r) = run(g, base, case);
    let r = r.expect("the Rust helper resolves it");
    eprintln!("{line}");
    assert_eq!(m.global("CombatProblem"), "", "{line}");
    let crt = g.crt(&case.table).expect("table");
    if crt.kind != sandtable::model::CrtKind::Column {
        assert_eq!(
            m.global("CombatAttack"),
            r.attack.value.to_string(),
            "attack: {line}"
        );
        assert_eq!(
            m.global("CombatDefence"),
            r.defence.value.to_string(),
            "defence: {line}"
        );
    }
    assert_eq!(
        m.global("CombatColumn"),
        r.column_index.to_string(),
        "column: {line}\n{r:#?}"
    );
    assert_eq!(
        m.global("CombatShift"),
        r.total_shift.to_string(),
        "shift: {line}\n{r:#?}"
    );
    assert_eq!(
        m.global("CombatFinal"),
        r.final_column_index.to_string(),
        "final column: {line}"
    );
    assert_eq!(m.global("CombatResult"), r.result, "result: {line}");
    let right: i64 = r.shifts.iter().map(|s| s.by.max(0)).sum();
    let left: i64 = r.shifts.iter().map(|s| (-s.by).max(0)).sum();
    assert_eq!(m.global("CombatRight"), right.to_string(), "right: {line}");
    assert_eq!(m.global("CombatLeft"), left.to_string(), "left: {line}");
    for s in &r.shifts {
        // The chat line names a terrain without "defender in".
        let cause = s.cause.strip_prefix("defender in ").unwrap_or(&s.cause);
        assert!(line.contains(cause), "{line} has no {cause}");
    }
    for c in &r.cancelled {
        assert!(line.contains(c.as_str()), "{line} does not say {c}");
    }
    if r.shifts.iter().any(|s| s.side.is_some()) {
        assert!(
            line.contains(&format!(
                "net shift {:+}: {right} right (attacker) - {left} left (defender)",
                right - left
            )),
            "{line}"
        );
    }
    assert!(
        line.contains(&format!("roll {}: {}", case.roll, r.result)),
        "{line}"
    );
    assert!(line.contains(&crt.labels[r.final_column_index]), "{line}");
    assert!(
        m.world
            .pieces
            .iter()
            .all(|p| p.props["CombatRole"].is_empty()),
        "the marks are cleared"
    );
    (line, m)
}

fn first_counter_of_class(g: &Game, class: &str) -> String {
    g.counters
        .iter()
        .find(|c| g.classes[c.class].id == class)
        .unwrap_or_else(|| panic!("no counter of class {class}"))
        .id
        .clone()
}

/// Hex numbers of map 0 whose hex satisfies `pred`.
fn hexes(g: &Game, pred: impl Fn(&sandtable::model::Hex, HexCoord) -> bool) -> Vec<String> {
    let MapKind::Hex(h) = &g.maps[0].kind else {
        panic!("not a hex map")
    };
    h.geometry
        .coords()
        .filter(|c| pred(h.hex(*c), *c))
        .map(|c| h.geometry.number(c))
        .collect()
}

#[test]
fn the_mini_game_resolves_combat_like_the_rust_helper() {
    let g = load(&game("tests/fixtures/mini"));
    let xml = buildfile(&g);
    check_expressions(&xml);
    let m = Module::read(&xml);
    let case = |attackers: Vec<Unit>, defenders: Vec<Unit>, turn: &str, roll: u32| Case {
        table: "crt".into(),
        turn: Some(turn.into()),
        attackers,
        defenders,
        roll,
        ..Case::default()
    };
    // 8 vs 4 in clear: 2:1; roll 4: AR.
    let line = agree(
        &g,
        &m,
        &case(
            vec![unit("red-1", "0101"), unit("red-2", "0102")],
            vec![unit("blue-1", "0604")],
            "t1",
            4,
        ),
    );
    assert_eq!(
        line,
        "Attack 8 vs 4 = 2:1, roll 4: AR (attacker retreats one hex)"
    );
    // In mud, against Bluetown (a city): ⌈8/2⌉ = 4 vs 4 = 1:1, one column left: 1:2.
    let line = agree(
        &g,
        &m,
        &case(
            vec![unit("red-1", "0101"), unit("red-2", "0102")],
            vec![unit("blue-1", "0503")],
            "t2",
            1,
        ),
    );
    assert_eq!(
        line,
        "Attack 8 halved to 4 (Mud) vs 4 = 1:1, City -1 → 1:2, roll 1: AE (attacker eliminated)"
    );
    // Across the Border River (0403 → 0303) with a reduced attacker: 2 vs 4 is below 1:2.
    agree(
        &g,
        &m,
        &case(
            vec![unit("red-1", "0403").reduced()],
            vec![unit("blue-1", "0303")],
            "t1",
            6,
        ),
    );
    // Two attackers, one across the river: no shift; the other in forest does not matter.
    agree(
        &g,
        &m,
        &case(
            vec![unit("red-1", "0403"), unit("red-2", "0304")],
            vec![unit("blue-1", "0303")],
            "t1",
            2,
        ),
    );
    // Both across: one column left; out of supply halves.
    let line = agree(
        &g,
        &m,
        &case(
            vec![unit("red-1", "0403").unsupplied(), unit("red-2", "0403")],
            vec![unit("blue-1", "0303").reduced()],
            "t1",
            3,
        ),
    );
    assert!(line.contains("every attacker across River -1"), "{line}");
}

fn terrain_is(g: &Game, h: &sandtable::model::Hex, id: &str) -> bool {
    g.terrain[h.terrain].id == id && h.features.is_empty()
}

/// A case on a game's only or named table.
fn fight(table: &str, turn: &str, attackers: Vec<Unit>, defenders: Vec<Unit>, roll: u32) -> Case {
    Case {
        table: table.into(),
        turn: (!turn.is_empty()).then(|| turn.to_string()),
        attackers,
        defenders,
        roll,
        ..Case::default()
    }
}

fn declare(mut c: Case, modifier: &str, value: i64) -> Case {
    c.declared.push((modifier.into(), value));
    c
}

#[test]
fn a_snow_modifier_for_one_sides_attacks_applies_to_that_side_alone_in_the_module() {
    let g = load(&game("tests/fixtures/weather"));
    let xml = buildfile(&g);
    check_expressions(&xml);
    let m = Module::read(&xml);
    let case = |attackers: Vec<Unit>, defenders: Vec<Unit>, turn: &str| Case {
        table: "crt".into(),
        turn: Some(turn.into()),
        attackers,
        defenders,
        roll: 3,
        ..Case::default()
    };
    // (attacker, its hex, defender, its hex, turn, the chat line): Red's winter offensive
    // makes up for the snow; Blue in snow has the snow alone; on the clear turn, neither.
    let cases = [
        (
            "red-1",
            "0305",
            "blue-1",
            "0405",
            "t3",
            "Attack 4 vs 4 = 1:1, Snow -1, Red winter offensive +1 → 1:1, roll 3: AR (attacker \
             retreats one hex)",
        ),
        (
            "blue-1",
            "0405",
            "red-1",
            "0305",
            "t3",
            "Attack 6 vs 4 = 1:1, Snow -1 → 1:2, roll 3: AR (attacker retreats one hex)",
        ),
        (
            "red-1",
            "0305",
            "blue-1",
            "0405",
            "t1",
            "Attack 4 vs 4 = 1:1, roll 3: AR (attacker retreats one hex)",
        ),
    ];
    for (attacker, from, defender, at, turn, want) in cases {
        let line = agree(
            &g,
            &m,
            &case(vec![unit(attacker, from)], vec![unit(defender, at)], turn),
        );
        assert_eq!(line, want, "{attacker} attacks on {turn}");
    }
}

#[test]
fn the_great_patriotic_war_resolves_combat_like_the_rust_helper() {
    let dir = root().join("modules/great-patriotic-war");
    if !dir.join("game.toml").is_file() {
        eprintln!("skipped: modules/great-patriotic-war is absent");
        return;
    }
    let g = load(&dir);
    let xml = buildfile(&g);
    check_expressions(&xml);
    let m = Module::read(&xml);
    let inf = first_counter_of_class(&g, "ger-infantry-corps");
    let pz = first_counter_of_class(&g, "ger-panzer-corps");
    let mech = first_counter_of_class(&g, "ger-mech-corps");
    let clear = hexes(&g, |h, _| terrain_is(&g, h, "clear"));
    let forest = hexes(&g, |h, _| terrain_is(&g, h, "forest"));
    let swamp = hexes(&g, |h, _| terrain_is(&g, h, "swamp"));
    let city = hexes(&g, |h, _| {
        h.features.iter().any(|f| g.terrain[*f].id == "major-city")
    });
    let far = clear[0].clone();
    let f =
        |table_turn: &str, a: Vec<Unit>, d: Vec<Unit>, roll| fight("crt", table_turn, a, d, roll);

    // 12 vs 4 in clear: 3:1.
    let line = agree(
        &g,
        &m,
        &f(
            "jun-1941",
            vec![unit(&inf, &far), unit(&pz, &far)],
            vec![unit(&inf, &clear[100])],
            5,
        ),
    );
    assert!(
        line.starts_with("Attack 12 vs 4 = 3:1, roll 5: DRL (Defender loses one step"),
        "{line}"
    );
    // The defender in a forest: 2:1.
    let line = agree(
        &g,
        &m,
        &f(
            "jun-1941",
            vec![unit(&inf, &far), unit(&pz, &far)],
            vec![unit(&inf, &forest[0])],
            5,
        ),
    );
    assert!(
        line.starts_with("Attack 12 vs 4 = 3:1, Forest -1 → 2:1, roll 5:"),
        "{line}"
    );
    // 9 with an attacker out of supply: ⌈9/2⌉ = 5 vs 4 = 1:1.
    let line = agree(
        &g,
        &m,
        &f(
            "jun-1941",
            vec![unit(&mech, &far), unit(&mech, &far).reduced().unsupplied()],
            vec![unit(&inf, &clear[100])],
            5,
        ),
    );
    assert!(
        line.starts_with("Attack 9 halved to 5 (Attacker out of supply) vs 4 = 1:1, roll 5:"),
        "{line}"
    );
    // Mud and a swamp: halved twice, ⌈9/4⌉ = 3 vs 3 = 1:1; roll 4: DR, and swamp
    // turns the retreat into a step loss.
    let line = agree(
        &g,
        &m,
        &f(
            "sep-oct-1941",
            vec![unit(&mech, &far), unit(&mech, &far).reduced()],
            vec![unit(&mech, &swamp[0]).reduced()],
            4,
        ),
    );
    assert!(
        line.contains("halved to 3 (Swamp, Mud) vs 3 = 1:1"),
        "{line}"
    );
    assert!(
        line.ends_with("; defender in Swamp: a step loss instead of a retreat"),
        "{line}"
    );
    // Two defenders in one hex add up.
    agree(
        &g,
        &m,
        &f(
            "jun-1941",
            vec![unit(&pz, &far), unit(&pz, &far)],
            vec![unit(&inf, &clear[100]), unit(&mech, &clear[100]).reduced()],
            2,
        ),
    );
    // A river every attacker is across, then one attacker that is not.
    let MapKind::Hex(h) = &g.maps[0].kind else {
        panic!()
    };
    let river = g
        .hexside_terrain
        .iter()
        .position(|x| x.id == "river")
        .expect("river");
    let (a, b) = h
        .hexsides
        .iter()
        .find(|(_, l)| l.iter().any(|(k, _)| *k == river))
        .map(|((a, b), _)| (*a, *b))
        .expect("a river hexside");
    let (a, b) = (h.geometry.number(a), h.geometry.number(b));
    let line = agree(
        &g,
        &m,
        &f(
            "jun-1941",
            vec![unit(&pz, &a), unit(&inf, &a)],
            vec![unit(&inf, &b)],
            3,
        ),
    );
    assert!(line.contains("every attacker across River -1"), "{line}");
    let dry = {
        let bc = h.geometry.parse_number(&b).expect("hex");
        let ac = h.geometry.parse_number(&a).expect("hex");
        h.geometry
            .neighbours(bc)
            .find(|n| *n != ac && h.hexside(*n, bc).is_empty())
            .map(|n| h.geometry.number(n))
            .expect("a neighbour without a hexside")
    };
    let line = agree(
        &g,
        &m,
        &f(
            "jun-1941",
            vec![unit(&pz, &a), unit(&inf, &dry)],
            vec![unit(&inf, &b)],
            3,
        ),
    );
    assert!(!line.contains("River"), "{line}");
    // The Straits of Kerch: any attacker across halves the attack.
    let line = agree(
        &g,
        &m,
        &f(
            "jun-1941",
            vec![unit(&pz, "4140"), unit(&inf, "4140")],
            vec![unit(&inf, "4240")],
            6,
        ),
    );
    assert!(line.contains("attack across Straits of Kerch"), "{line}");
    // Snow, the Danube (0430 → 0431), a leader and offensive air support of 2.
    let case = f(
        "nov-dec-1941",
        vec![unit(&pz, "0430"), unit(&inf, "0430")],
        vec![unit(&mech, "0431").reduced()],
        1,
    );
    let case = declare(declare(case, "leader", 1), "offensive-air", 2);
    let line = agree(&g, &m, &case);
    assert!(line.contains("Snow -1"), "{line}");
    assert!(line.contains("Offensive air support (CS 2) +2"), "{line}");
    // Defensive air support of 2 on a major city in snow from 1:1: clamped to 1:2.
    let case = declare(
        f(
            "nov-dec-1941",
            vec![unit(&inf, &far)],
            vec![unit(&inf, &city[0])],
            2,
        ),
        "defensive-air",
        2,
    );
    let line = agree(&g, &m, &case);
    assert!(line.contains("→ 1:2, roll 2"), "{line}");

    // What stops a resolution is said, and the marks stay.
    let (line, after, _) = run(
        &g,
        &m,
        &f(
            "jun-1941",
            vec![unit(&inf, &far)],
            vec![unit(&inf, &clear[100]), unit(&inf, &clear[101])],
            2,
        ),
    );
    assert_eq!(
        line,
        "combat not resolved: the marked defenders are not all in one location."
    );
    assert!(after
        .world
        .pieces
        .iter()
        .all(|p| !p.props["CombatRole"].is_empty()));
    let mut after = m.clone();
    let i = after.place(
        &g.counters[g.counter_index(&inf).expect("inf")].name,
        0,
        &clear[100],
    );
    after.key(i, sandtable::emit::vassal::combat::KEY_MARK_DEFENDER);
    after.press(sandtable::emit::vassal::combat::RESOLVE_BUTTON, 3);
    assert_eq!(
        after.chat.last().map(String::as_str),
        Some("combat not resolved: mark at least one attacker on the map.")
    );
    assert_eq!(after.world.pieces[i].props["CombatRole"], "D");
}

#[test]
fn the_greek_civil_war_resolves_combat_on_its_three_tables() {
    let dir = root().join("modules/greek-civil-war");
    if !dir.join("game.toml").is_file() {
        eprintln!("skipped: modules/greek-civil-war is absent");
        return;
    }
    let g = load(&dir);
    let xml = buildfile(&g);
    check_expressions(&xml);
    let m = Module::read(&xml);
    let MapKind::Area(a) = &g.maps[0].kind else {
        panic!("an area map")
    };
    let area = (0..a.areas.len())
        .find(|i| a.slots(*i).len() >= 2)
        .expect("an area with two slots");
    let slots: Vec<String> = a
        .slots(area)
        .iter()
        .map(|s| a.slot_name(area, *s))
        .collect();
    let other = a.slot_name(
        (0..a.areas.len())
            .find(|i| *i != area && !a.slots(*i).is_empty())
            .expect("another area"),
        a.slots(
            (0..a.areas.len())
                .find(|i| *i != area && !a.slots(*i).is_empty())
                .expect("x"),
        )[0],
    );
    let division = "gna-division-1".to_string();
    let band = first_counter_of_class(&g, "band-1");
    // A division raised to Level 2 (15) against two bands in one Region, on each table.
    for table in ["civic-action", "guerrilla", "kinetic"] {
        let line = agree(
            &g,
            &m,
            &fight(
                table,
                "",
                vec![unit(&division, &other).level(2)],
                vec![unit(&band, &slots[0]), unit(&band, &slots[1]).level(2)],
                4,
            ),
        );
        let title = &g.crt(table).expect("table").title;
        assert!(
            line.starts_with(&format!("{title}: Attack 15 vs 5 = 3-1")),
            "{line}"
        );
    }
    // Below the table: a band against the division, on <1-1.
    let line = agree(
        &g,
        &m,
        &fight(
            "kinetic",
            "",
            vec![unit(&band, &other)],
            vec![unit(&division, &slots[0])],
            1,
        ),
    );
    assert!(line.contains("= <1-1, roll 1: MD"), "{line}");
    // Declared: an airstrike (+1) and the attacker choosing a lower column (−1).
    let case = declare(
        fight(
            "kinetic",
            "",
            vec![unit(&division, &other)],
            vec![unit(&band, &slots[0])],
            5,
        ),
        "airstrike-attacking",
        1,
    );
    let line = agree(&g, &m, &case);
    assert!(line.contains("→ 6-1+"), "{line}");
    let case = declare(case, "attacker-lowers-odds", 1);
    agree(&g, &m, &case);
}

/// The combat part of the mini game's buildfile: its global properties with their step
/// buttons, the prototype, a counter's factor properties and the toolbar buttons.
#[test]
fn the_combat_components_of_the_mini_game() {
    let xml = buildfile(&load(&game("tests/fixtures/mini")));
    let mut out = Vec::new();
    let mut inside = false;
    for line in xml.lines() {
        let t = line.trim_start();
        let starts = t.starts_with("<VASSAL.build.module.properties.GlobalProperty ")
            && t.contains("name=\"Combat");
        if starts && !t.ends_with("/>") {
            inside = true;
        }
        let piece = t.starts_with("<VASSAL.build.widget.PieceSlot") && t.contains("calcProp;");
        let ours = [
            "CombatRole",
            "name=\"Combat unit\"",
            "CombatRoll",
            "CombatReport_",
            "CombatClear",
            "Combat modifiers",
        ]
        .iter()
        .any(|w| line.contains(w));
        // One counter's slot shows the factor properties; the others repeat it.
        let first_slot = piece
            && t.contains("entryName=\"1st Red Corps\"")
            && out.iter().all(|l: &String| !l.contains("PieceSlot"));
        if inside || starts || (ours && !piece) || first_slot {
            out.push(line.to_string());
        }
        if inside && t.starts_with("</VASSAL.build.module.properties.GlobalProperty>") {
            inside = false;
        }
    }
    insta::assert_snapshot!(out.join("\n"));
}

/// The mini game with a second map, a differential and a column table, a terrain that
/// doubles the defence, a feature that halves the attack and forbids retreats, a river
/// that also halves when any attacker crosses it, a declared factor modifier and a
/// supply modifier that shifts.
#[test]
fn every_table_kind_and_effect_on_two_maps() {
    let tmp = copy_game("tests/fixtures/mini");
    let dir = tmp.path();
    edit(
        dir,
        "game.toml",
        "combat = { shift = -1 }",
        "combat = { shift = -1, double-defence = true }",
    );
    edit(
        dir,
        "game.toml",
        "colour = \"#c0c0c0\"\ncombat = { shift = -1 }",
        "colour = \"#c0c0c0\"\ncombat = { halve-attack = true, no-retreat = true }",
    );
    edit(
        dir,
        "game.toml",
        "shift-if-all-across = -1",
        "shift-if-all-across = -1\nhalve-if-any-across = true",
    );
    let map = std::fs::read_to_string(dir.join("map.toml")).expect("map");
    std::fs::write(
        dir.join("map.toml"),
        map + r#"
[[map]]
id = "north"
title = "North Front"

[map.hex]
orientation = "columns"
columns = 3
rows = 3

[map.hex.numbering]
pattern = "column-row"
digits = 2

[map.terrain]
legend = { "." = "clear", f = "forest" }
rows = """
.f.
...
ff.
"""
"#,
    )
    .expect("write");
    let tables = std::fs::read_to_string(dir.join("tables.toml")).expect("tables");
    std::fs::write(
        dir.join("tables.toml"),
        tables
            + r#"
[[crt]]
id = "fire"
title = "Fire Table"
kind = "differential"
columns = ["-1", "0", "+1", "+3+"]
dice = "2d6"
halving = "down"
rows = [
  { roll = "2-5", results = ["-", "-", "D1", "D1"] },
  { roll = "6-9", results = ["-", "D1", "D1", "D2"] },
  { roll = "10-12", results = ["D1", "D1", "D2", "D3"] },
]

[[crt.result]]
code = "-"
meaning = "no effect"

[[crt.result]]
code = "D1"
meaning = "defender loses one step"

[[crt.result]]
code = "D2"
meaning = "defender loses two steps"

[[crt.result]]
code = "D3"
meaning = "defender loses three steps"

[[crt.modifier]]
id = "artillery"
name = "Artillery support"
shift-factor = "attack"

[[crt.modifier]]
id = "unsupplied"
name = "Attacker unsupplied"
attacker-out-of-supply = true
shift = -1

[[crt]]
id = "assault"
title = "Assault Table"
kind = "column"
columns = ["Raid", "Assault", "Storm"]
dice = "1d6"
rows = [
  { roll = "1-3", results = ["AR", "AR", "DR"] },
  { roll = "4-6", results = ["DR", "DE", "DE"] },
]

[[crt.result]]
code = "AR"
meaning = "attacker retreats"

[[crt.result]]
code = "DR"
meaning = "defender retreats"

[[crt.result]]
code = "DE"
meaning = "defender eliminated"
"#,
    )
    .expect("write");
    let g = load(dir);
    assert_eq!(g.maps.len(), 2);
    let xml = buildfile(&g);
    check_expressions(&xml);
    let m = Module::read(&xml);
    let case = |table: &str, a: Vec<Unit>, d: Vec<Unit>, roll| fight(table, "t1", a, d, roll);
    // Odds: the defender in a forest on the second map, doubled and shifted; 0201 of the
    // first map is clear.
    let line = agree(
        &g,
        &m,
        &case(
            "crt",
            vec![unit("red-1", "0101").on(1)],
            vec![unit("blue-1", "0201").on(1)],
            3,
        ),
    );
    assert!(line.contains("vs 4 doubled to 8 (Forest)"), "{line}");
    let line = agree(
        &g,
        &m,
        &case(
            "crt",
            vec![unit("red-1", "0101")],
            vec![unit("blue-1", "0201")],
            3,
        ),
    );
    assert!(!line.contains("Forest"), "{line}");
    // Into Bluetown: halved by the city, and no retreat.
    let line = agree(
        &g,
        &m,
        &case(
            "crt",
            vec![unit("red-1", "0101"), unit("red-2", "0102")],
            vec![unit("blue-1", "0503")],
            4,
        ),
    );
    assert!(line.contains("halved to 4 (City)"), "{line}");
    assert!(
        line.ends_with("; defender in City: a step loss instead of a retreat"),
        "{line}"
    );
    // Differential: across the river (halved as one crosses, shifted as all do), out of
    // supply, with artillery support of 2.
    let c = declare(
        case(
            "fire",
            vec![unit("red-1", "0403").unsupplied(), unit("red-2", "0403")],
            vec![unit("blue-1", "0303").reduced()],
            11,
        ),
        "artillery",
        2,
    );
    let line = agree(&g, &m, &c);
    assert!(
        line.starts_with(
            "Fire Table: Attack 8 halved to 4 (attack across River) vs 2, difference +2 = +1"
        ),
        "{line}"
    );
    // Below the first column.
    agree(
        &g,
        &m,
        &case(
            "fire",
            vec![unit("red-1", "0101").reduced()],
            vec![unit("blue-1", "0604")],
            2,
        ),
    );
    // A column table: the players' column, shifted by the forest.
    let mut c = case(
        "assault",
        vec![unit("red-1", "0101")],
        vec![unit("blue-1", "0301")],
        5,
    );
    c.column = Some("Assault".into());
    let line = agree(&g, &m, &c);
    assert_eq!(
        line,
        "Assault Table: Column Assault, Forest -1 → Raid, roll 5: DR (defender retreats)"
    );
    // Without a column chosen, nothing is resolved.
    let (line, _, rust) = run(
        &g,
        &m,
        &case(
            "assault",
            vec![unit("red-1", "0101")],
            vec![unit("blue-1", "0301")],
            5,
        ),
    );
    assert_eq!(
        line,
        "Assault Table: combat not resolved: choose the column first (Combat modifiers menu)."
    );
    assert!(rust.is_err_and(|e| e.contains("give one of: Raid, Assault, Storm")));
}

/// Counters of The Great European War for the hand-worked case: one of each class of the
/// unit types wanted, with the front factor `factor` (id) of each.
fn of_types(g: &Game, types: &[&str], factor: &str) -> Vec<(String, i64)> {
    let f = g.factor_index(factor).expect("factor");
    let mut out: Vec<(String, i64)> = Vec::new();
    for c in &g.counters {
        let class = &g.classes[c.class];
        if !types.contains(&g.unit_types[class.unit_type].id.as_str())
            || !sandtable::emit::vassal::combat::takes_part(g, g.counter_index(&c.id).expect("id"))
            || out.iter().any(|(id, _)| {
                g.classes[g.counters[g.counter_index(id).expect("id")].class].id == class.id
            })
        {
            continue;
        }
        if let Some(v) = class.faces.front(f).filter(|v| *v > 0) {
            out.push((c.id.clone(), v));
        }
    }
    out
}

/// Up to `n` counters of `pool` (repeats allowed) whose factors add up to `total`.
fn adding_up(pool: &[(String, i64)], total: i64, n: usize) -> Option<Vec<String>> {
    if total == 0 {
        return Some(Vec::new());
    }
    if n == 0 || total < 0 {
        return None;
    }
    pool.iter().find_map(|(id, v)| {
        adding_up(pool, total - v, n - 1).map(|mut rest| {
            rest.push(id.clone());
            rest
        })
    })
}

/// `sandtable crt` on the same combat: (column, total shift, final column) of its JSON.
fn crt_cli(
    dir: &Path,
    attack: &[i64],
    defence: &[i64],
    at: &str,
    args: &[&str],
) -> (String, i64, String) {
    let d = dir.to_str().expect("utf-8");
    let mut all: Vec<String> = vec!["crt".into(), d.into(), "--defender-at".into(), at.into()];
    for a in attack {
        all.extend(["--attack".into(), a.to_string()]);
    }
    for v in defence {
        all.extend(["--defense".into(), v.to_string()]);
    }
    all.extend(args.iter().map(|s| s.to_string()));
    all.extend(["--format".into(), "json".into()]);
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    let (code, stdout, stderr) = crate::support::run(&refs);
    assert_eq!(code, 0, "{all:?}\n{stdout}\n{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    (
        v["column"].as_str().expect("column").to_string(),
        v["total_shift"].as_i64().expect("shift"),
        v["final_column"].as_str().expect("final").to_string(),
    )
}

/// The Great European War's ground CRT with the shifts of its rules 20.0, in the module and
/// on the command line, on the hand-worked case: attack 12 against 7 (+5), the defender in
/// rough in the Soviet Union in winter, defensive air support BF 1, a concentric attack,
/// offensive air support BF 2 and one mechanized unit, which rough refuses. Attacker +2 +2,
/// defender -1 (rough) -1 (winter) -1 (air): net +1, column +6. With a mountain unit the
/// winter and rough shifts are cancelled: net +3, past the last column, ≥+7. The players
/// declare the mechanized and mountain units in the Combat modifiers menu here, as the
/// module's table does not say which unit types they are (see the next test).
#[test]
fn the_great_european_war_shifts_agree_with_the_command_line() {
    let dir = root().join("modules/great-european-war");
    if !dir.join("tables.toml").is_file() {
        eprintln!("skipped: modules/great-european-war is absent");
        return;
    }
    let tmp = gew_with_rough_in_the_ussr(&dir);
    let g = load(tmp.path());
    gew_hand_worked_case(&g, tmp.path(), false);
}

/// A copy of The Great European War with a rough hex in the Soviet Union (its map has
/// none): the first clear one without features, changed in the terrain layer's rows.
fn gew_with_rough_in_the_ussr(src: &Path) -> crate::support::CopiedGame {
    let g = load(src);
    let tmp = copy_game("modules/great-european-war");
    let ussr = g.countries.iter().position(|c| c.id == "ussr");
    let has_rough = !hexes(&g, |h, _| terrain_is(&g, h, "rough") && h.country == ussr).is_empty();
    if has_rough {
        return tmp;
    }
    let MapKind::Hex(h) = &g.maps[0].kind else {
        panic!("a hex map")
    };
    let hex = h
        .geometry
        .coords()
        .find(|c| terrain_is(&g, h.hex(*c), "clear") && h.hex(*c).country == ussr)
        .expect("a clear hex in the Soviet Union");
    let number = h.geometry.number(hex);
    let (col, row): (usize, usize) = (
        number[..2].parse().expect("column"),
        number[2..].parse().expect("row"),
    );
    let path = tmp.path().join("map.toml");
    let text = std::fs::read_to_string(&path).expect("map.toml");
    let start = text.find("[map.terrain]").expect("terrain layer");
    let rows_at = start + text[start..].find("rows = \"\"\"\n").expect("rows") + 11;
    let mut lines: Vec<String> = text[rows_at..].lines().map(str::to_string).collect();
    let line = &mut lines[row - 1];
    assert_eq!(&line[col - 1..col], ".", "{number} is clear");
    line.replace_range(col - 1..col, "r");
    let mut out = text[..rows_at].to_string();
    out.push_str(&lines.join("\n"));
    out.push('\n');
    std::fs::write(&path, out).expect("write");
    tmp
}

/// The same with the modifiers naming their unit types (`unit-types`, added to a copy when
/// the module's table lacks them): the module counts the marked mechanized attackers and
/// sees the mountain unit among them; a cap of two for three mechanized units in clear; a
/// fortification cancelling the mechanized and concentric bonuses.
#[test]
fn the_great_european_war_counts_mechanized_and_mountain_attackers() {
    let src = root().join("modules/great-european-war");
    if !src.join("tables.toml").is_file() {
        eprintln!("skipped: modules/great-european-war is absent");
        return;
    }
    let tmp = gew_with_rough_in_the_ussr(&src);
    let dir = tmp.path();
    let tables = std::fs::read_to_string(dir.join("tables.toml")).expect("tables");
    if !tables.contains("unit-types") {
        edit(
            dir,
            "tables.toml",
            "max-shift = 2\n",
            "max-shift = 2\nunit-types = [\"mech\"]\n",
        );
        edit(
            dir,
            "tables.toml",
            "id = \"mountain-unit\"\n",
            "id = \"mountain-unit\"\nunit-types = [\"mountain\"]\n",
        );
    }
    let g = load(dir);
    let (m, cases) = gew_hand_worked_case(&g, dir, true);
    let (attackers, defenders, clear, fair) = cases;
    // Three mechanized units in clear in fair weather: +3, at most +2.
    let pool = of_types(&g, &["armour", "motorized"], "attack");
    let mech = pool[0].0.clone();
    let c = fight(
        "crt",
        &fair,
        vec![
            unit(&mech, &attackers),
            unit(&mech, &attackers),
            unit(&mech, &attackers),
        ],
        defenders.iter().map(|d| unit(d, &clear)).collect(),
        4,
    );
    let line = agree(&g, &m, &c);
    assert!(
        line.contains("Mechanized attack (20.3) (3 × +1), at most 2 +2 (attacker)"),
        "{line}"
    );
    // A fortification cancels the mechanized and concentric bonuses.
    let c = declare(declare(c, "concentric", 1), "fortification", 1);
    let line = agree(&g, &m, &c);
    assert!(
        line.contains(
            "Mechanized attack (20.3) cancelled by Fortification in the defender's hex (20.2)"
        ),
        "{line}"
    );
    assert!(
        line.contains("Concentric attack (20.4) cancelled by Fortification"),
        "{line}"
    );
    assert!(
        line.contains("Fortification in the defender's hex (20.2) -2 (defender)"),
        "{line}"
    );
    // Winter shifts nowhere in North Africa; spring only in the Soviet Union and the Baltic
    // States (the defender's country read from its hex).
    let country = |id: &str| g.countries.iter().position(|c| c.id == id);
    let in_country = |id: &str| {
        hexes(&g, |h, _| {
            h.country == country(id)
                && h.features.is_empty()
                && ["clear", "desert"].contains(&g.terrain[h.terrain].id.as_str())
        })
    };
    let turn_of = |w: &str| {
        g.turns
            .iter()
            .find(|t| t.weather.is_some_and(|x| g.weather[x].id == w))
            .expect("a turn of that weather")
            .id
            .clone()
    };
    let (winter, spring) = (turn_of("winter"), turn_of("spring"));
    let foot = of_types(&g, &["infantry"], "attack");
    let at = |turn: &str, hex: &str| {
        fight(
            "crt",
            turn,
            vec![unit(&foot[0].0, &attackers)],
            defenders.iter().map(|d| unit(d, hex)).collect(),
            2,
        )
    };
    let egypt = in_country("egypt");
    let line = agree(&g, &m, &at(&winter, &egypt[0]));
    assert!(!line.contains("Winter"), "{line}");
    let germany = in_country("greater-germany");
    let line = agree(&g, &m, &at(&winter, &germany[0]));
    assert!(line.contains("Winter (20.6) -1 (defender)"), "{line}");
    let line = agree(&g, &m, &at(&spring, &germany[0]));
    assert!(!line.contains("Spring"), "{line}");
    let line = agree(&g, &m, &at(&spring, &clear));
    assert!(
        line.contains("Spring in the Soviet Union and the Baltic States (20.6) -1 (defender)"),
        "{line}"
    );
}

/// The hand-worked case in a Great European War (modifiers declared, or counted when
/// `counted`); returns the module and (attackers' hex, defenders, a clear hex in the
/// Soviet Union, a fair turn) for more cases.
fn gew_hand_worked_case(
    g: &Game,
    dir: &Path,
    counted: bool,
) -> (Module, (String, Vec<String>, String, String)) {
    let xml = buildfile(g);
    check_expressions(&xml);
    let m = Module::read(&xml);
    let ussr = g.countries.iter().position(|c| c.id == "ussr");
    let weather = |id: &str| g.weather.iter().position(|w| w.id == id);
    let turn_with = |w: &str| {
        g.turns
            .iter()
            .find(|t| t.weather.is_some() && t.weather == weather(w))
            .map(|t| t.id.clone())
            .expect("a turn with that weather")
    };
    let (winter, fair) = (turn_with("winter"), turn_with("fair"));
    let in_ussr = |id: &str| {
        hexes(g, |h, _| {
            terrain_is(g, h, id) && h.country == ussr && ussr.is_some()
        })
    };
    let rough = in_ussr("rough");
    let clear = in_ussr("clear");
    let MapKind::Hex(h) = &g.maps[0].kind else {
        panic!("a hex map")
    };
    let near = |a: &str, b: &str| {
        let (a, b) = (
            h.geometry.parse_number(a).expect("hex"),
            h.geometry.parse_number(b).expect("hex"),
        );
        a == b || h.geometry.adjacent(a, b)
    };
    // The attackers stand away from the defender: no hexside between them counts.
    let far = clear
        .iter()
        .find(|c| !near(c, &rough[0]) && !near(c, &clear[0]))
        .expect("a clear hex away")
        .clone();
    let mech = of_types(g, &["armour", "motorized", "recon"], "attack");
    let foot = of_types(g, &["infantry", "garrison"], "attack");
    let mountain = of_types(g, &["mountain"], "attack");
    let defence = of_types(g, &["infantry", "garrison", "mountain"], "defence");
    let defenders = adding_up(&defence, 7, 2).expect("defenders of 7");
    let value = |id: &str, f: &str| {
        let c = g.counter_index(id).expect("counter");
        g.classes[g.counters[c].class]
            .faces
            .front(g.factor_index(f).expect("factor"))
            .expect("factor")
    };
    let defence_values: Vec<i64> = defenders.iter().map(|d| value(d, "defence")).collect();

    for with_mountain in [false, true] {
        // One mechanized unit (and a mountain unit), the rest on foot, 12 in all.
        let (lead, rest) = mech
            .iter()
            .find_map(|(id, v)| {
                let left = 12 - v;
                if with_mountain {
                    mountain.iter().find_map(|(mid, mv)| {
                        adding_up(&foot, left - mv, 2)
                            .map(|r| (id.clone(), [vec![mid.clone()], r].concat()))
                    })
                } else {
                    adding_up(&foot, left, 2).map(|r| (id.clone(), r))
                }
            })
            .expect("attackers of 12");
        let ids: Vec<String> = std::iter::once(lead).chain(rest).collect();
        let attack: Vec<i64> = ids.iter().map(|a| value(a, "attack")).collect();
        assert_eq!(attack.iter().sum::<i64>(), 12);
        let mut c = fight(
            "crt",
            &winter,
            ids.iter().map(|a| unit(a, &far)).collect(),
            defenders.iter().map(|d| unit(d, &rough[0])).collect(),
            3,
        );
        c = declare(
            declare(declare(c, "defensive-air", 1), "concentric", 1),
            "offensive-air",
            2,
        );
        if !counted {
            c = declare(c, "mechanized", 1);
            if with_mountain {
                c = declare(c, "mountain-unit", 1);
            }
        }
        let (line, after) = agree_with(g, &m, &c);
        let mut args = vec![
            "--weather",
            "winter",
            "--support",
            "defensive-air=1",
            "--support",
            "concentric",
            "--support",
            "offensive-air=2",
            "--support",
            "mechanized=1",
            "--roll",
            "3",
        ];
        if with_mountain {
            args.extend(["--support", "mountain-unit"]);
        }
        let (column, shift, last) = crt_cli(dir, &attack, &defence_values, &rough[0], &args);
        let crt = g.crt("crt").expect("crt");
        // The module's column, shift and final column are the command line's.
        let label = |p: &str| {
            let i: usize = after.global(p).parse().expect("an index");
            crt.labels[i].clone()
        };
        assert_eq!(column, "+5");
        assert_eq!(label("CombatColumn"), column);
        assert_eq!(after.global("CombatShift"), shift.to_string());
        assert_eq!(label("CombatFinal"), last);
        if with_mountain {
            assert_eq!((shift, last.as_str()), (3, "≥+7"), "{line}");
            assert!(
                line.contains("Winter (20.6) cancelled by Mountain unit attacking"),
                "{line}"
            );
            assert!(
                line.contains("shift -1 of defender in Rough cancelled by Mountain unit attacking"),
                "{line}"
            );
            assert!(
                line.contains("net shift +3: 4 right (attacker) - 1 left (defender) → ≥+7"),
                "{line}"
            );
        } else {
            assert_eq!((shift, last.as_str()), (1, "+6"), "{line}");
            assert!(
                line.starts_with("Attack 12 vs 7, difference +5 = +5, Rough -1, "),
                "{line}"
            );
            assert!(line.contains("Winter (20.6) -1 (defender)"), "{line}");
            assert!(
                line.contains("Defending air support (20.5) (BF 1) -1 (defender)"),
                "{line}"
            );
            assert!(
                line.contains("Attacking air support (20.5) (BF 2) +2 (attacker)"),
                "{line}"
            );
            assert!(
                line.contains("Concentric attack (20.4) +2 (attacker)"),
                "{line}"
            );
            assert!(
                line.contains(
                    "not applied: Mechanized attack (20.3) does not apply: only against a \
                     defender in Clear or Desert"
                ),
                "{line}"
            );
            assert!(
                line.contains(
                    "net shift +1: 4 right (attacker) - 3 left (defender) → +6, roll 3: "
                ),
                "{line}"
            );
        }
    }
    (m, (far, defenders, clear[0].clone(), fair))
}

/// `unit-types` of a CRT modifier: resolved against the unit types (did-you-mean), and
/// refused beside a weather, supply or factor condition.
#[test]
fn unit_types_of_a_modifier_are_checked() {
    let tmp = copy_game("tests/fixtures/mini");
    let dir = tmp.path();
    let tables = std::fs::read_to_string(dir.join("tables.toml")).expect("tables");
    let extra = r#"
[[crt.modifier]]
id = "tanks"
name = "Tanks attacking"
side = "attacker"
shift = 1
per-count = true
unit-types = ["armor"]

[[crt.modifier]]
id = "muddy-tanks"
name = "Tanks in mud"
weather = "mud"
shift = -1
per-count = true
unit-types = ["armour"]

[[crt.modifier]]
id = "muddy-tank-attack"
name = "Tanks attacking in mud"
weather = "mud"
shift = -1
unit-types = ["armour"]
"#;
    // After the table's last modifier, before the rules.
    let at = tables.find("\n[rules]").expect("[rules]");
    std::fs::write(
        dir.join("tables.toml"),
        format!("{}{extra}{}", &tables[..at], &tables[at..]),
    )
    .expect("write");
    let checked = sandtable::check::check_dir(dir).expect("loads");
    let found: Vec<(String, String)> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code.to_string(), d.message.clone()))
        .collect();
    assert!(
        found
            .iter()
            .any(|(c, m)| c == "unknown-reference" && m.contains("armor")),
        "{found:?}"
    );
    assert!(
        found.iter().any(|(c, m)| c == "bad-modifier"
            && m.contains("`muddy-tanks` has `unit-types` and a condition with `per-count`")),
        "{found:?}"
    );
    assert_eq!(found.len(), 2, "{found:?}");
}
