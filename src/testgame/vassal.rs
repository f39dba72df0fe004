//! Synthetic VASSAL files of any size, for the readers' benchmarks (`benches/readers.rs`,
//! `benches/pywargame.py`) and the command line (`cargo run --release --example
//! synthetic_vassal`): a save of any number of pieces, written by the format layer's own
//! [`SetupWriter`] (obfuscated, zipped), and a module buildFile with any number of piece
//! slots.
//!
//! The pieces look like those of real modules (Almoravid's, The Longest Day's): 64 kinds,
//! each a chain of 12 to 30 traits drawn from the common ones — layers (`emb2`), markers,
//! macros, reports, send-to-locations, calculated and set properties, hide and mask
//! commands, place-marker traits carrying a whole nested piece definition, prototypes — with
//! names holding `/` and `;`, so every level of escaping is exercised; pieces of a kind share
//! their type, as they do in a real save, and differ in their states. They stand in stacks of
//! one to eight on a 100 × 120 hex map, a few off the map. The output is the same for the
//! same arguments.

use crate::vassal::encoder::SequenceEncoder;
use crate::vassal::save::writer::{add_piece_command, SetupPiece, SetupWriter, VsavOptions};
use crate::vassal::save::{join_trait_chain, BoardSetup, TraitEntry};

/// The number of pieces the synthetic save holds.
pub const SAVE_PIECES: usize = 50_000;

/// The number of piece slots of the benchmarks' synthetic buildFile (about 30 MB).
pub const BUILDFILE_SLOTS: usize = 20_000;

/// A fixed pseudo-random sequence (xorshift).
struct Sequence(u64);

impl Sequence {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

const NATIONS: [&str; 8] = [
    "Castile",
    "Aragon",
    "Leon",
    "Navarre",
    "Taifas",
    "Almoravids",
    "Zaragoza",
    "Sevilla",
];

const KINDS: usize = 64;

/// One trait of a kind: its type and a function of the piece number giving its state.
fn trait_types(kind: usize, rng: &mut Sequence) -> Vec<String> {
    let nation = NATIONS[kind % NATIONS.len()];
    let mut traits = Vec::new();
    let count = 10 + rng.below(18);
    for index in 0..count {
        let trait_type = match rng.below(14) {
            0 => format!(
                "emb2;Step;128;A;Flip;128;;;128;;;;1;false;0;0;{nation}_{kind}.png,{nation}_{kind}_r.png;,+ reduced;true;Step;;;false;;1;1;true;65,130;;;;1.0"
            ),
            1 => "mark;Nation".to_string(),
            2 => format!(
                "macro;Place Marker {index};Place Marker;57408,0,Place{index};;;57365\\,0\\,ReadyPlop,57407\\,0\\,Do{index};false;;;counted;;;;false;;1;1"
            ),
            3 => format!(
                "report;57408,0,Place{index}\\,57365,0,ReadyPlop;;;$location$: $newPieceName$ {nation} / reported;;;;false"
            ),
            4 => format!(
                "sendto;Send to Box {index};83,130;Main Map;Box {index} / {nation};;0;0;;L;;;;;;false;;;;1;false"
            ),
            5 => format!(
                "calcProp;Strength{index};{{Level * 2 + {index}}};false"
            ),
            6 => format!(
                "setprop;Plop{index};true,0,10000,false;:57365\\,0\\,ReadyPlop:P\\,{{ClickedX}};stores where the player clicked, so the piece placed can move itself there;Current Zone/Current Map/Module;"
            ),
            7 => "hideCmd;Hide;72,130;;false".to_string(),
            8 => format!(
                "placemark;Place {nation} Marker;57407,0,Do{index};+/null/prototype;Marker {nation}\tpiece;;;marker.png;Marker / {nation}/\tnull;56;56;{index};0;null;0;0;false;57355,0,PLOP;Do{index};{kind};0;false"
            ),
            9 => format!("prototype;{nation} Unit"),
            10 => "immob;gB;V;R;".to_string(),
            11 => format!(
                "locmsg;57366,0,Report;Report location;$PieceName$ is at $LocationName$ ({nation})"
            ),
            12 => "menuSeparator;".to_string(),
            _ => format!(
                "globalkey;Activate {index};65,130;57400,0,Act{index};{{Nation == \"{nation}\"}};;1;false;;false;;Activate all {nation} units"
            ),
        };
        traits.push(trait_type);
    }
    traits
}

/// The state of a trait of the given type, for piece `number`.
fn trait_state(trait_type: &str, number: usize) -> String {
    let id = trait_type.split(';').next().unwrap_or_default();
    match id {
        "emb2" => (1 + number % 2).to_string(),
        "mark" => NATIONS[number % NATIONS.len()].to_string(),
        "calcProp" | "menuSeparator" | "prototype" | "immob" | "locmsg" | "report" => String::new(),
        "setprop" => (number % 1000).to_string(),
        "hideCmd" => "null".to_string(),
        "sendto" => "Main Map;0;0".to_string(),
        _ => "-1".to_string(),
    }
}

/// One kind of piece: its full type string and its traits' types.
struct Kind {
    type_string: String,
    traits: Vec<String>,
    name: String,
}

fn kinds() -> Vec<Kind> {
    let mut rng = Sequence(0x2545_f491_4f6c_dd1d);
    (0..KINDS)
        .map(|kind| {
            let traits = trait_types(kind, &mut rng);
            let nation = NATIONS[kind % NATIONS.len()];
            let name = format!("{nation} {}th / Corps", kind + 1);
            let image = format!("{nation}_{kind}.png");
            let mut chain: Vec<TraitEntry> = traits
                .iter()
                .map(|t| TraitEntry {
                    type_string: t.clone(),
                    state_string: String::new(),
                })
                .collect();
            chain.push(TraitEntry {
                type_string: format!("piece;;;{image};{name}"),
                state_string: String::new(),
            });
            let (type_string, _) = join_trait_chain(&chain);
            Kind {
                type_string,
                traits,
                name,
            }
        })
        .collect()
}

/// The full state string of a piece of `kind` at (`map`, `x`, `y`).
fn piece_state(kind: &Kind, number: usize, map: &str, x: i32, y: i32) -> String {
    let mut state = format!(
        "{map};{x};{y};{};0;ClickedX;{x};ClickedY;{y}",
        100 + number % 997
    );
    for trait_type in kind.traits.iter().rev() {
        let mut encoder = SequenceEncoder::with_token(&trait_state(trait_type, number), '\t');
        encoder.append(&state);
        state = encoder.into_value().unwrap_or_default();
    }
    state
}

/// A save of `pieces` pieces in stacks on a hex map, with its board selection, global
/// properties and a turn tracker's state.
pub fn save_writer(pieces: usize) -> SetupWriter {
    let kinds = kinds();
    let mut rng = Sequence(0x9e37_79b9_7f4a_7c15);
    let mut writer = SetupWriter::new();
    // Locations enough for stacks of four on average.
    let locations = (pieces / 4).max(1);
    writer.pieces = (0..pieces)
        .map(|number| {
            let kind = &kinds[rng.below(KINDS)];
            let (map, x, y) = if rng.below(50) == 0 {
                ("null", 0, 0)
            } else {
                let location = rng.below(locations);
                let column = (location % 100) as i32;
                let row = (location / 100 % 120) as i32;
                let x = 60 + column * 104;
                let y = 60 + row * 120 + if column % 2 == 1 { 60 } else { 0 };
                ("Main Map", x, y)
            };
            SetupPiece {
                id: (1_600_000_000_000_u64 + number as u64).to_string(),
                type_string: kind.type_string.clone(),
                state_string: piece_state(kind, number, map, x, y),
            }
        })
        .collect();
    writer.boards = vec![BoardSetup::single("Main Map", "Main Board")];
    writer.setup_stack_flag = true;
    writer.extra_commands = NATIONS
        .iter()
        .enumerate()
        .map(|(index, nation)| format!("GlobalProperty\t;{nation}VP;{index};Module"))
        .chain(["TURNTurn Track\t3|0;0;0;true,true;".to_string()])
        .collect();
    writer
}

/// The plain command stream of [`save_writer`]'s save (what `savedGame` holds once
/// de-obfuscated).
pub fn save_text(pieces: usize) -> String {
    save_writer(pieces).saved_game_text()
}

/// The `.vsav` bytes of [`save_writer`]'s save: obfuscated with VASSAL's key, zipped.
pub fn save_bytes(pieces: usize) -> Vec<u8> {
    save_writer(pieces)
        .to_vsav(&VsavOptions::default())
        .expect("a synthetic save zips")
}

fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    quick_xml::escape::escape(text)
}

/// A module buildFile with `slots` piece slots in one palette (the kinds of
/// [`save_writer`] in turn), their 64 prototypes, a hex map with a zoned grid of
/// `slots / 100` zones, and the usual dice, turn tracker, charts and global properties.
pub fn buildfile(slots: usize) -> String {
    let kinds = kinds();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <VASSAL.build.GameModule VassalVersion=\"3.7.0\" description=\"A synthetic module\" name=\"Synthetic\" nextPieceSlotId=\"1\" version=\"1.0\">\n\
         \x20   <VASSAL.build.module.BasicCommandEncoder/>\n",
    );
    xml.push_str("    <VASSAL.build.module.properties.GlobalProperties>\n");
    for nation in NATIONS {
        xml.push_str(&format!(
            "        <VASSAL.build.module.properties.GlobalProperty description=\"{} victory points &amp; more\" initialValue=\"0\" isNumeric=\"true\" max=\"100\" min=\"0\" name=\"{nation}VP\" wrap=\"false\"/>\n",
            escape(nation)
        ));
    }
    xml.push_str("    </VASSAL.build.module.properties.GlobalProperties>\n");
    xml.push_str(
        "    <VASSAL.build.module.Map allowMultiple=\"false\" backgroundcolor=\"255,255,255\" edgeHeight=\"20\" edgeWidth=\"20\" mapName=\"Main Map\">\n\
         \x20       <VASSAL.build.module.map.BoardPicker addColumnText=\"Add column\" boardPrompt=\"Select board\">\n\
         \x20           <setup>Main MapBoardPicker\tMain Board\t0\t0</setup>\n\
         \x20           <VASSAL.build.module.map.boardPicker.Board height=\"14400\" image=\"\" name=\"Main Board\" reversible=\"false\" width=\"10400\">\n\
         \x20               <VASSAL.build.module.map.boardPicker.board.ZonedGrid>\n",
    );
    for zone in 0..(slots / 100).max(1) {
        let (x, y) = ((zone % 50) * 200, (zone / 50) * 200);
        xml.push_str(&format!(
            "                    <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty=\"\" locationFormat=\"$name$\" name=\"Zone {zone}\" path=\"{x},{y};{},{y};{},{};{x},{}\" useHighlight=\"false\" useParentGrid=\"false\"/>\n",
            x + 200,
            x + 200,
            y + 200,
            y + 200
        ));
    }
    xml.push_str(
        "                    <VASSAL.build.module.map.boardPicker.board.HexGrid color=\"0,0,0\" cornersLegal=\"false\" dotsVisible=\"false\" dx=\"120.0\" dy=\"104.0\" edgesLegal=\"false\" sideways=\"true\" snapTo=\"true\" visible=\"false\" x0=\"60\" y0=\"60\">\n\
         \x20                       <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering color=\"0,0,0\" first=\"H\" fontSize=\"9\" hOff=\"0\" hType=\"N\" hLeading=\"1\" sep=\"\" stagger=\"true\" vOff=\"0\" vType=\"N\" vLeading=\"1\" visible=\"false\"/>\n\
         \x20                   </VASSAL.build.module.map.boardPicker.board.HexGrid>\n\
         \x20               </VASSAL.build.module.map.boardPicker.board.ZonedGrid>\n\
         \x20           </VASSAL.build.module.map.boardPicker.Board>\n\
         \x20       </VASSAL.build.module.map.BoardPicker>\n\
         \x20   </VASSAL.build.module.Map>\n",
    );
    xml.push_str("    <VASSAL.build.module.PrototypesContainer>\n");
    for kind in &kinds {
        let nation = kind.name.split(' ').next().unwrap_or_default();
        xml.push_str(&format!(
            "        <VASSAL.build.module.PrototypeDefinition description=\"\" name=\"{} Unit\">{}</VASSAL.build.module.PrototypeDefinition>\n",
            escape(nation),
            escape(&add_piece_command(
                "null",
                &kind.type_string,
                &piece_state(kind, 0, "null", 0, 0)
            ))
        ));
    }
    xml.push_str("    </VASSAL.build.module.PrototypesContainer>\n");
    xml.push_str(
        "    <VASSAL.build.module.PieceWindow allowMultiple=\"false\" hidden=\"false\" name=\"Forces\" scale=\"1.0\" text=\"Forces\">\n\
         \x20       <VASSAL.build.widget.TabWidget entryName=\"Forces\">\n",
    );
    let mut rng = Sequence(0x51_7cc1_b727_220a);
    for slot in 0..slots {
        if slot % 500 == 0 {
            if slot > 0 {
                xml.push_str("            </VASSAL.build.widget.ListWidget>\n");
            }
            xml.push_str(&format!(
                "            <VASSAL.build.widget.ListWidget entryName=\"List {}\" height=\"0\" scale=\"1.0\" width=\"0\">\n",
                slot / 500
            ));
        }
        let kind = &kinds[rng.below(KINDS)];
        xml.push_str(&format!(
            "                <VASSAL.build.widget.PieceSlot entryName=\"{} {slot}\" gpid=\"{slot}\" height=\"75\" width=\"75\">{}</VASSAL.build.widget.PieceSlot>\n",
            escape(&kind.name),
            escape(&add_piece_command(
                "null",
                &kind.type_string,
                &piece_state(kind, slot, "null", 0, 0)
            ))
        ));
    }
    if slots > 0 {
        xml.push_str("            </VASSAL.build.widget.ListWidget>\n");
    }
    xml.push_str(
        "        </VASSAL.build.widget.TabWidget>\n\
         \x20   </VASSAL.build.module.PieceWindow>\n\
         \x20   <VASSAL.build.module.DiceButton addToTotal=\"0\" canDisableReport=\"false\" hotkey=\"\" icon=\"\" nDice=\"2\" nSides=\"6\" name=\"2d6\" plus=\"0\" prompt=\"false\" reportFormat=\"** $name$ = $result$ *** &lt;$PlayerName$&gt;\" reportTotal=\"false\" sortDice=\"false\" text=\"2d6\" tooltip=\"Roll two dice\"/>\n\
         \x20   <VASSAL.build.module.turn.TurnTracker name=\"Turn\">\n\
         \x20       <VASSAL.build.module.turn.CounterTurnLevel incr=\"1\" name=\"Turn\" property=\"TurnNumber\" start=\"1\">\n\
         \x20           <VASSAL.build.module.turn.ListTurnLevel list=\"Christian,Muslim\" name=\"Phase\" property=\"Phase\"/>\n\
         \x20       </VASSAL.build.module.turn.CounterTurnLevel>\n\
         \x20   </VASSAL.build.module.turn.TurnTracker>\n\
         \x20   <VASSAL.build.module.ChartWindow name=\"Charts\">\n\
         \x20       <VASSAL.build.widget.Chart chartName=\"CRT\" fileName=\"crt.png\"/>\n\
         \x20   </VASSAL.build.module.ChartWindow>\n\
         </VASSAL.build.GameModule>\n",
    );
    xml
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::vassal::buildfile::parse_buildfile;
    use crate::vassal::inspect::inspect_bytes;
    use crate::vassal::save::{split_trait_chain, SaveGame};

    #[test]
    fn the_synthetic_save_reads_back_through_the_reader() {
        let writer = save_writer(400);
        let bytes = save_bytes(400);
        let save = SaveGame::from_bytes(bytes.clone(), Path::new("synthetic.vsav")).expect("reads");
        assert!(save.canonical, "the writer writes canonical text");
        assert_eq!(save.plain_text, writer.saved_game_text());
        let state = save.state();
        assert_eq!(state.pieces.len(), 400);
        assert!(state.containers.len() > 40, "{}", state.containers.len());
        for piece in &writer.pieces {
            let read = &state.pieces[&piece.id];
            assert_eq!(read.type_string, piece.type_string);
            assert_eq!(read.state_string, piece.state_string);
            assert_eq!(
                read.traits,
                split_trait_chain(&piece.type_string, &piece.state_string)
            );
            assert!(read.traits.len() >= 11);
            assert!(read.name.contains(" / "));
        }
        let report = inspect_bytes(bytes, Path::new("synthetic.vsav")).expect("inspects");
        let pieces = &report.save.as_ref().expect("a save").pieces;
        assert_eq!(pieces.len(), 400);
        assert_eq!(
            report
                .save
                .as_ref()
                .expect("a save")
                .global_properties
                .len(),
            8
        );
    }

    #[test]
    fn the_synthetic_buildfile_parses() {
        let xml = buildfile(1200);
        let root = parse_buildfile(xml.as_bytes()).expect("parses");
        assert_eq!(root.attr("name"), Some("Synthetic"));
        let report = inspect_bytes(xml.into_bytes(), Path::new("buildFile.xml")).expect("inspects");
        let module = report.module.expect("a module");
        assert_eq!(module.piece_slots, 1200);
        assert_eq!(module.prototypes.len(), 64);
        assert_eq!(module.zones, 12);
        assert!(module.prototypes.iter().all(|p| p.traits.len() >= 11));
    }
}
