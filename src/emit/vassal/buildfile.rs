//! `buildFile.xml`: the GameModule tree in the order players meet it — command encoder,
//! documentation (help page), player roster (the sides, and in a game of written orders the
//! referee), global options, chat, track and combat properties with their buttons,
//! prototypes, map windows, counter palette, dice, combat resolution, roll tables, turn tracker, the
//! Notes window where a game of written orders has its orders written and revealed,
//! charts, and the predefined setups (format notes §2.6). A game imported from a module gets
//! back what the import kept of it: its prototypes, global properties, map windows' decks
//! (and the windows no game map was made from), dice, turn trackers, chart windows and the
//! toolbar folders holding them ([`super::windows`]).

use crate::model::{Dice, Game};

use super::charts::ChartPage;
use super::counters::Counters;
use super::help::HELP_FILE;
use super::palette::Palette;
use super::plan::Plan;
use super::setups::Setup;
use super::xml::Node;
use super::VASSAL_VERSION;
use crate::layout::vassal::{track_properties, written_orders};

const B: &str = "VASSAL.build.module.";

/// The dice the game's tables use, each once, fewest dice first.
pub fn dice(game: &Game) -> Vec<Dice> {
    let mut out: Vec<Dice> = game
        .crts
        .iter()
        .map(|c| c.dice)
        .chain(game.charts.iter().filter_map(|c| c.dice))
        .collect();
    out.sort_by_key(|d| (d.count, d.sides));
    out.dedup();
    out
}

fn dice_button(d: &Dice) -> Node {
    let name = d.to_string();
    let hotkey = if d.count < 10 {
        format!("{},520", 48 + d.count)
    } else {
        String::new()
    };
    let report = if d.count > 1 {
        "** $name$ = $numericalTotal$ ($result$) *** &lt;$PlayerName$&gt;"
    } else {
        "** $name$ = $result$ *** &lt;$PlayerName$&gt;"
    };
    Node::new(format!("{B}DiceButton"))
        .attr("name", &name)
        .attr("text", &name)
        .attr("tooltip", format!("Roll {name}"))
        .attr("icon", "")
        .attr("hotkey", hotkey)
        .attr("canDisable", false)
        .attr("propertyGate", "")
        .attr("hideWhenDisabled", false)
        .attr("disabledIcon", "")
        .attr("nDice", d.count)
        .attr("nSides", d.sides)
        .attr("plus", 0)
        .attr("addToTotal", 0)
        .attr("reportTotal", false)
        .attr("reportFormat", report)
        .attr("prompt", false)
        .attr("lockDice", false)
        .attr("lockSides", false)
        .attr("lockPlus", false)
        .attr("lockAdd", false)
        .attr("sortDice", false)
        .attr("keepDice", false)
        .attr("keepOption", ">")
        .attr("keepCount", 1)
}

fn change_button(text: &str, tooltip: &str, changer: &str) -> Node {
    Node::new(format!("{B}properties.ChangePropertyButton"))
        .attr("text", text)
        .attr("tooltip", tooltip)
        .attr("icon", "")
        .attr("hotkey", "")
        .attr("canDisable", false)
        .attr("propertyGate", "")
        .attr("hideWhenDisabled", false)
        .attr("reportFormat", "$description$: $oldValue$ → $newValue$")
        .attr("propChanger", changer)
}

/// Module-level global properties (one per track, with +1 / −1 / set buttons) and the
/// texts of those buttons (for the Tracks toolbar menu). A track whose marker stands on a
/// track display has none: the marker is its value (see [`super::tracks`]).
fn track_nodes(game: &Game) -> (Node, Vec<String>) {
    let names = track_properties(game);
    let mut buttons = Vec::new();
    let mut props = Node::new(format!("{B}properties.GlobalProperties"));
    for (i, (t, name)) in game.tracks.iter().zip(&names).enumerate() {
        if super::tracks::on_display(game, i) {
            continue;
        }
        let (up, down, set) = (
            format!("{} +1", t.name),
            format!("{} −1", t.name),
            format!("{}: set…", t.name),
        );
        let prompt = crate::vassal::encoder::encode_or_empty(
            &[
                "R",
                &format!("New value of {} ({}–{})", t.name, t.min, t.max),
            ],
            ',',
        );
        let property = Node::new(format!("{B}properties.GlobalProperty"))
            .attr("name", name)
            .attr("description", &t.name)
            .attr("initialValue", t.min)
            .attr("isNumeric", true)
            .attr("min", t.min)
            .attr("max", t.max)
            .attr("wrap", false);
        if t.min == t.max {
            // A fixed track (a threshold other tracks are compared with) has nothing to press.
            props.push(property);
            continue;
        }
        props.push(
            property
                .child(change_button(&up, &format!("Add 1 to {}", t.name), "I,1"))
                .child(change_button(
                    &down,
                    &format!("Take 1 from {}", t.name),
                    "I,-1",
                ))
                .child(change_button(&set, &format!("Set {}", t.name), &prompt)),
        );
        buttons.extend([up, down, set]);
    }
    (props, buttons)
}

fn setups_nodes(setups: &[Setup]) -> Vec<Node> {
    let entry = |s: &Setup| {
        Node::new(format!("{B}PredefinedSetup"))
            .attr("name", &s.name)
            .attr("description", "")
            .attr("file", &s.file)
            .attr("isMenu", false)
            .attr("useFile", true)
    };
    let empty = Node::new(format!("{B}PredefinedSetup"))
        .attr("name", "Empty maps")
        .attr("description", "Start without any counter placed")
        .attr("isMenu", false)
        .attr("useFile", false);
    if setups.len() > 1 {
        vec![
            Node::new(format!("{B}PredefinedSetup"))
                .attr("name", "Scenarios")
                .attr("description", "")
                .attr("isMenu", true)
                .attr("useFile", false)
                .children(setups.iter().map(entry)),
            empty,
        ]
    } else {
        setups.iter().map(entry).chain([empty]).collect()
    }
}

/// The sides players take: the game's (but neutral ones, whose garrisons nobody orders), and
/// in a game of written orders the referee, who may move every unit.
pub fn roster(game: &Game) -> Vec<String> {
    let mut out: Vec<String> = game
        .sides
        .iter()
        .enumerate()
        .filter(|(i, _)| !game.is_neutral(*i))
        .map(|(_, s)| s.name.clone())
        .collect();
    if written_orders(game) && !out.iter().any(|s| s == super::counters::REFEREE) {
        out.push(super::counters::REFEREE.into());
    }
    out
}

/// Everything `buildFile.xml` needs besides the plan.
pub struct Parts<'a> {
    /// Prototypes and counter pieces.
    pub counters: &'a Counters,
    /// The counter palettes.
    pub palette: &'a Palette,
    /// The predefined setups.
    pub setups: &'a [Setup],
    /// Chart pages (the help page included).
    pub charts: &'a [ChartPage],
}

/// Takes out of a kept global property (or folder of them) the properties named as one of
/// `taken`: whether anything is left.
fn without_properties(node: &mut Node, taken: &[String]) -> bool {
    if node.name.ends_with(".GlobalProperty") {
        return !node.attrs.get("name").is_some_and(|n| taken.contains(n));
    }
    node.children.retain_mut(|c| without_properties(c, taken));
    true
}

/// The GameModule element.
pub fn game_module(plan: &Plan<'_>, parts: &Parts<'_>) -> Node {
    let g = plan.game;
    // The game's map windows, and the windows, decks and folders of the module it was
    // imported from.
    let mut next_gpid = parts.palette.next_gpid;
    let mut maps = super::maps::map_nodes(plan);
    let put_back = super::windows::put_back(plan, &mut maps, &mut next_gpid);
    let mut root = Node::new("VASSAL.build.GameModule")
        .attr("name", &plan.module_name)
        .attr("version", &g.version)
        .attr("description", super::options::description(g))
        .attr("ModuleOther1", g.designers.join(", "))
        .attr("ModuleOther2", "")
        .attr("VassalVersion", VASSAL_VERSION)
        .attr("nextPieceSlotId", next_gpid);
    root.push(Node::new(format!("{B}BasicCommandEncoder")));
    let mut documentation = Node::new(format!("{B}Documentation")).child(
        Node::new(format!("{B}documentation.HelpFile"))
            .attr("title", format!("{} — help", plan.module_name))
            .attr("fileName", HELP_FILE)
            .attr("fileType", "archive")
            .attr("image", ""),
    );
    if !plan.game.rulebook.is_empty() {
        documentation.push(
            Node::new(format!("{B}documentation.HelpFile"))
                .attr("title", format!("{} — rules of play", plan.module_name))
                .attr("fileName", super::rules::RULES_INDEX)
                .attr("fileType", "archive")
                .attr("image", ""),
        );
    }
    root.push(
        documentation.child(
            Node::new(format!("{B}documentation.HelpFile"))
                .attr("title", "VASSAL Quick Start")
                .attr("fileName", "/help/Intro.html")
                .attr("fileType", "resource")
                .attr("vassalDoc", "vassal"),
        ),
    );
    root.push(
        Node::new(format!("{B}PlayerRoster"))
            .attr("buttonText", "Retire")
            .attr(
                "buttonToolTip",
                "Switch sides, become an observer, or let another player take your side",
            )
            .attr("buttonIcon", "")
            .attr("buttonKeyStroke", "")
            .children(roster(g).iter().map(|s| Node::new("entry").text(s))),
    );
    root.push(
        Node::new(format!("{B}GlobalOptions"))
            .attr("autoReport", "Always")
            .attr("chatterHTMLSupport", "Never")
            .attr("nonOwnerUnmaskable", "Never")
            .attr("hotKeysOnClosedWindows", "Never")
            .attr("inventoryForAll", "Always")
            .attr("sendToLocationMoveTrails", "Never")
            .attr("playerIdFormat", "$PlayerName$")
            .attr("promptString", "Opponents can unmask my pieces")
            .attr("storeLeadingZeroIntegersAsStrings", true)
            .attr("purgeBlankPropertyPrompts", true)
            .attr("disablePieceIndexing", false),
    );
    root.push(Node::new(format!("{B}Chatter")));
    root.push(Node::new(format!("{B}KeyNamer")));
    let (mut props, track_buttons) = track_nodes(g);
    if written_orders(g) {
        // No button sets it: `sandtable adjudicate --apply` writes it into the save.
        props.push(
            Node::new(format!("{B}properties.GlobalProperty"))
                .attr("name", crate::layout::vassal::RETREATS_PROPERTY)
                .attr(
                    "description",
                    "The retreat situation (sandtable adjudicate)",
                )
                .attr("initialValue", "")
                .attr("isNumeric", false)
                .attr("min", "")
                .attr("max", "")
                .attr("wrap", false),
        );
    }
    let combat = super::combat::Combat::new(plan);
    if let Some(c) = &combat {
        props = props.children(c.global_properties());
    }
    // The global properties of the module the game was imported from, but a name of
    // sandtable's own.
    let taken: Vec<String> = props
        .children
        .iter()
        .filter_map(|p| p.attrs.get("name").cloned())
        .collect();
    props = props.children(plan.kept.global_properties.iter().filter_map(|kept| {
        let mut kept = kept.clone();
        without_properties(&mut kept, &taken).then_some(kept)
    }));
    root.push(props);
    root.push(Node::new(format!(
        "{B}properties.GlobalTranslatableMessages"
    )));
    let kept = &plan.kept.prototypes;
    root.push(
        Node::new(format!("{B}PrototypesContainer"))
            .children(
                parts
                    .counters
                    .used_prototypes(plan)
                    .into_iter()
                    .filter(|p| !kept.iter().any(|k| k.name == p.name))
                    .map(|p| {
                        Node::new(format!("{B}PrototypeDefinition"))
                            .attr("name", &p.name)
                            .attr("description", &p.description)
                            .text(p.definition())
                    }),
            )
            // The module's own, kept by an import, which its pieces name.
            .children(kept.iter().map(|p| {
                Node::new(format!("{B}PrototypeDefinition"))
                    .attr("name", &p.name)
                    .attr("description", &p.description)
                    .text(p.definition.clone())
            })),
    );
    root = root.children(maps);
    root = root.children(put_back.windows);
    for node in &parts.palette.nodes {
        root.push(node.clone());
    }
    root = root.children(dice(g).iter().map(dice_button));
    // The dice of the module the game was imported from.
    root = root.children(plan.kept.dice.iter().cloned());
    if let Some(c) = &combat {
        root = root.children(c.toolbar(g));
    }
    root = root.children(super::rolls::toolbar(g));
    if let Some(t) = super::turns::tracker(g) {
        root.push(t);
    }
    // The turn trackers and chart windows of the module the game was imported from, and
    // its folders.
    root = root.children(plan.kept.toolbar_windows.iter().cloned());
    root = root.children(put_back.folders);
    if written_orders(g) {
        root.push(super::orders::notes_window());
    }
    root.push(super::charts::chart_window(
        parts.charts,
        &plan.chart_images,
    ));
    if !track_buttons.is_empty() {
        root.push(
            Node::new(format!("{B}ToolbarMenu"))
                .attr("description", "Tracks")
                .attr("text", "Tracks")
                .attr("tooltip", "Raise, lower or set the game's tracks")
                .attr("icon", "")
                .attr("hotkey", "")
                .attr(
                    "menuItems",
                    crate::vassal::encoder::encode_or_empty(&track_buttons, ','),
                ),
        );
    }
    root = root.children(setups_nodes(parts.setups));
    root.push(Node::new("VASSAL.i18n.Language"));
    root
}
