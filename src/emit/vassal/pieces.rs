//! Piece definitions: the traits sandtable uses (format notes §3.4–§3.5), each built field by
//! field with the real [`SequenceEncoder`], nested into the TAB-separated TYPE/STATE chains of
//! an AddPiece command (§3.2), prototype definitions, and prototype expansion for saves
//! (§3.7).

use std::collections::BTreeMap;

use crate::vassal::encoder::{encode_or_empty, SequenceEncoder};

/// A Java key stroke (`keyCode,modifiers`) as VASSAL writes plain and named key strokes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    /// `KeyEvent.VK_*` code.
    pub code: u32,
    /// Modifiers with both old and new mask bits (Ctrl = 130).
    pub modifiers: u32,
}

/// Ctrl modifier (old | new mask bits).
const CTRL: u32 = 130;

impl Key {
    /// Ctrl + a letter or other key code.
    pub const fn ctrl(code: u32) -> Self {
        Self {
            code,
            modifiers: CTRL,
        }
    }

    /// A key without modifiers.
    pub const fn plain(code: u32) -> Self {
        Self { code, modifiers: 0 }
    }

    /// `code,modifiers`.
    pub fn text(self) -> String {
        format!("{},{}", self.code, self.modifiers)
    }
}

/// Delete the piece (Ctrl+D).
pub const KEY_DELETE: Key = Key::ctrl(68);
/// Clone the piece (Ctrl+C).
pub const KEY_CLONE: Key = Key::ctrl(67);
/// Flip between full strength and reduced (Ctrl+F).
pub const KEY_FLIP: Key = Key::ctrl(70);
/// Send to the owner's Removed box (Ctrl+E).
pub const KEY_ELIMINATE: Key = Key::ctrl(69);
/// Toggle the Out of Supply marker (Ctrl+U).
pub const KEY_SUPPLY: Key = Key::ctrl(85);
/// Next level of a levelled counter (Ctrl+R, "raise").
pub const KEY_LEVEL_UP: Key = Key::ctrl(82);
/// Previous level of a levelled counter (Ctrl+L, "lower").
pub const KEY_LEVEL_DOWN: Key = Key::ctrl(76);

/// `Ctrl+F` for a key stroke.
pub fn key_name(k: Key) -> String {
    let mut s = String::new();
    if k.modifiers & 2 != 0 {
        s.push_str("Ctrl+");
    }
    if k.modifiers & 8 != 0 {
        s.push_str("Alt+");
    }
    if k.modifiers & 1 != 0 {
        s.push_str("Shift+");
    }
    match (k.code, char::from_u32(k.code)) {
        (37, _) => s.push('\u{2190}'),
        (38, _) => s.push('\u{2191}'),
        (39, _) => s.push('\u{2192}'),
        (40, _) => s.push('\u{2193}'),
        (_, Some(c)) if c.is_ascii_alphanumeric() => s.push(c),
        _ => s.push_str(&format!("key {}", k.code)),
    }
    s
}

/// One trait: its type (with its `id;` prefix) and its state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trait {
    /// Type string, e.g. `mark;Side`.
    pub kind: String,
    /// State string, e.g. `Red`.
    pub state: String,
}

fn fields(prefix: &str, tokens: &[String]) -> String {
    format!("{prefix}{}", encode_or_empty(tokens, ';'))
}

impl Trait {
    /// A reference to a prototype (`prototype;Name`).
    pub fn prototype(name: &str) -> Self {
        Self {
            kind: fields("prototype;", &[name.to_string()]),
            state: String::new(),
        }
    }

    /// Marker properties (`mark;`): names in the type, values in the state.
    pub fn marker(pairs: &[(String, String)]) -> Self {
        let names: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
        let values: Vec<&str> = pairs.iter().map(|(_, v)| v.as_str()).collect();
        Self {
            kind: format!("mark;{}", encode_or_empty(&names, ',')),
            state: encode_or_empty(&values, ','),
        }
    }

    /// A text label (`label;`) below the piece, bold, on a white ground, that players cannot
    /// edit: `text` is its state (a `{…}` text is a BeanShell expression VASSAL evaluates).
    pub fn label(text: &str, property: &str, description: &str) -> Self {
        Self {
            kind: fields(
                "label;",
                &[
                    String::new(),        // no key to change it
                    String::new(),        // no menu command
                    "11".into(),          // font size
                    "255,255,255".into(), // ground
                    "0,0,0".into(),       // text
                    "b".into(),           // below the piece …
                    "0".into(),
                    "c".into(), // … centred
                    "0".into(),
                    "t".into(), // the text's top at that point
                    "c".into(),
                    "$pieceName$".into(), // the piece keeps its name
                    "Dialog".into(),
                    "1".into(), // bold
                    "0".into(),
                    property.into(),
                    description.into(),
                    "false".into(),
                ],
            ),
            state: text.into(),
        }
    }

    /// Restricted access (`restrict;`): only players of `sides` may move the piece or use
    /// its commands (the traits inside it), once a game has started with sides taken.
    pub fn restricted(sides: &[String], description: &str) -> Self {
        Self {
            kind: fields(
                "restrict;",
                &[
                    encode_or_empty(sides, ','),
                    "false".into(),
                    "true".into(),
                    description.into(),
                ],
            ),
            state: String::new(),
        }
    }

    /// Invisible (`hide;`, VASSAL's Hideable) seen only by players of `seers`
    /// (`sides:A:B`, a SpecifiedSideAccess), hidden by `hidden_by` (the state: a side name,
    /// or `None` for `null`, visible to everyone). The fields are those Hideable's
    /// `myGetType` writes, in its order: no key (so no command hides or reveals it: VASSAL
    /// offers a menu item only with both a key and a text, and matches no key stroke
    /// against a null key), [`INVISIBLE_COMMAND`] (which VASSAL shows after the name,
    /// `Name(hidden)`, to those who see it), no background colour, the access, the
    /// [`INVISIBLE_OPACITY`] it is drawn with to them, the description, and `true`: its
    /// moves are not reported, not even as `? moves ? → ?` (a piece dragged from the
    /// palette still is, as `* created in ? *`: VASSAL reports hidden creations regardless,
    /// seen in 3.7.26).
    pub fn invisible(seers: &[String], hidden_by: Option<&str>, description: &str) -> Self {
        let mut access = SequenceEncoder::new(':');
        for side in seers {
            access.append(side);
        }
        let mut se = SequenceEncoder::new(';');
        se.append_null() // hideKey: none
            .append(INVISIBLE_COMMAND)
            .append_null() // bgColor: none
            .append(&format!(
                "{INVISIBLE_SIDES}{}",
                access.into_value().unwrap_or_default()
            ))
            // A Java float written through append(double), as VASSAL widens it.
            .append_double(f64::from(INVISIBLE_OPACITY))
            .append(description)
            .append_bool(true); // disableAutoReportMove
        Self {
            kind: format!("{INVISIBLE}{}", se.into_value().unwrap_or_default()),
            state: invisible_state(hidden_by),
        }
    }

    /// Delete command.
    pub fn delete(menu: &str, key: Key) -> Self {
        Self {
            kind: fields("delete;", &[menu.into(), key.text(), String::new()]),
            state: String::new(),
        }
    }

    /// Clone command.
    pub fn clone_piece(menu: &str, key: Key) -> Self {
        Self {
            kind: fields("clone;", &[menu.into(), key.text(), String::new()]),
            state: String::new(),
        }
    }

    /// Writes a message to the chat log when one of `keys` is applied (after it took effect).
    pub fn report(keys: &[Key], format: &str, description: &str) -> Self {
        let keys: Vec<String> = keys.iter().map(|k| k.text()).collect();
        Self {
            kind: fields(
                "report;",
                &[
                    encode_or_empty(&keys, ','),
                    format.into(),
                    String::new(),
                    String::new(),
                    description.into(),
                    "false".into(),
                ],
            ),
            state: "-1".into(),
        }
    }

    /// Sends the piece to the centre of a zone on a map.
    pub fn send_to_zone(menu: &str, key: Key, map: &str, board: &str, zone: &str) -> Self {
        Self::send_to(menu, key, map, board, ("Z", zone, ""))
    }

    /// Sends the piece to a grid location (`G`) of a board: `location` is a format VASSAL
    /// evaluates (a location name, or a BeanShell expression giving one).
    pub fn send_to_grid_location(
        menu: &str,
        key: Key,
        map: &str,
        board: &str,
        location: &str,
    ) -> Self {
        Self::send_to(menu, key, map, board, ("G", "", location))
    }

    /// SendToLocation (`sendto;`): `(destination kind, zone, grid location)`.
    fn send_to(menu: &str, key: Key, map: &str, board: &str, to: (&str, &str, &str)) -> Self {
        let (kind, zone, location) = to;
        let tokens: Vec<String> = [
            menu,
            &key.text(),
            map,
            board,
            "0",
            "0",
            "",
            "",
            "0",
            "0",
            "1",
            "1",
            menu,
            kind,
            zone,
            "",
            "",
            location,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        Self {
            kind: fields("sendto;", &tokens),
            state: encode_or_empty(&["", "", ""], ';'),
        }
    }

    /// A Layer (`emb2;`) of images, one per level.
    pub fn layer(layer: &Layer) -> Self {
        let images = encode_or_empty(&layer.images, ',');
        let names = encode_or_empty(&layer.names, ',');
        let key = |k: Option<Key>| k.map(Key::text).unwrap_or_default();
        let t: Vec<String> = vec![
            layer.activate_menu.clone(),     // 1 activateCommand
            "128".into(),                    // 2 legacy modifiers
            "A".into(),                      // 3 legacy key
            layer.up_menu.clone(),           // 4 upCommand
            "128".into(),                    // 5
            String::new(),                   // 6
            layer.down_menu.clone(),         // 7 downCommand
            "128".into(),                    // 8
            String::new(),                   // 9
            String::new(),                   // 10 resetCommand
            String::new(),                   // 11 resetKey
            "1".into(),                      // 12 resetLevel
            "false".into(),                  // 13 drawUnderneathWhenSelected
            layer.offset.0.to_string(),      // 14 xOff
            layer.offset.1.to_string(),      // 15 yOff
            images,                          // 16 images
            names,                           // 17 level names
            layer.loops.to_string(),         // 18 loopLevels
            layer.name.clone(),              // 19 name
            String::new(),                   // 20 rndKey
            String::new(),                   // 21 rndText
            "false".into(),                  // 22 followProperty
            String::new(),                   // 23 propertyName
            "1".into(),                      // 24 firstLevelValue
            "1".into(),                      // 25 version
            layer.always_active.to_string(), // 26 alwaysActive
            key(layer.activate_key),         // 27 activateKeyStroke
            key(layer.up_key),               // 28 increaseKeyStroke
            key(layer.down_key),             // 29 decreaseKeyStroke
            layer.name.clone(),              // 30 description
            crate::vassal::encoder::java_double_to_string(layer.scale), // 31 scale
            String::new(),                   // 32 onlyPropertyName
            "true".into(),                   // 33 onlyPropertyState
        ];
        Self {
            kind: fields("emb2;", &t),
            state: layer.state.to_string(),
        }
    }
}

/// Type prefix of the Invisible trait (VASSAL's `Hideable.ID`).
pub const INVISIBLE: &str = "hide;";
/// Prefix of an access granted to the players of a list of sides
/// (`PieceAccessConfigurer.SIDES`, decoded as a SpecifiedSideAccess).
const INVISIBLE_SIDES: &str = "sides:";
/// The Invisible trait's command text: never a menu item (it has no key), only what VASSAL
/// appends to the name of a hidden piece for those who see it, `Name(hidden)`.
pub const INVISIBLE_COMMAND: &str = "hidden";
/// Opacity of a hidden piece for those who see it: half, ghosted yet legible (a float whose
/// double VASSAL writes as `0.5`, unlike its default `0.3f`, `0.30000001192092896`).
pub const INVISIBLE_OPACITY: f32 = 0.5;

/// The state of an Invisible trait (`hiddenBy`): the side that hid the piece, which with
/// the module's side access ([`Trait::invisible`]) makes the piece seen only by that
/// side's players (and the others the access lists); `None` writes `null`, visible to
/// everyone.
pub fn invisible_state(hidden_by: Option<&str>) -> String {
    hidden_by.unwrap_or("null").to_string()
}

/// A piece's full state string with its Invisible trait's state set to
/// [`invisible_state`]`(hidden_by)`, every other trait's state kept: for a save writer
/// placing a piece of a class seen only by its own side (`crate::emit::vassal::counters::
/// hidden_by` gives the side), or revealing one with `None`. `None` when the piece (its full
/// nested type and state strings, as in an AddPiece command) has no Invisible trait.
pub fn with_invisible_state(
    type_string: &str,
    state_string: &str,
    hidden_by: Option<&str>,
) -> Option<String> {
    use crate::vassal::save::{join_trait_chain, split_trait_chain};
    let mut chain = split_trait_chain(type_string, state_string);
    let hide = chain.iter_mut().find(|t| t.id() == INVISIBLE)?;
    hide.state_string = invisible_state(hidden_by);
    Some(join_trait_chain(&chain).1)
}

/// The fields of a Layer that sandtable varies.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// Trait name (exposes `<name>_Level`).
    pub name: String,
    /// Image per level.
    pub images: Vec<String>,
    /// Name modifier per level (`+ (reduced)` appends).
    pub names: Vec<String>,
    /// Always shown (a flip), or switched on and off.
    pub always_active: bool,
    /// Menu text of the on/off command.
    pub activate_menu: String,
    /// Key of the on/off command.
    pub activate_key: Option<Key>,
    /// Menu text of "next level".
    pub up_menu: String,
    /// Key of "next level".
    pub up_key: Option<Key>,
    /// Menu text of "previous level".
    pub down_menu: String,
    /// Key of "previous level".
    pub down_key: Option<Key>,
    /// Next after the last level wraps to the first.
    pub loops: bool,
    /// Drawing offset of the images.
    pub offset: (i32, i32),
    /// Drawing scale of the images.
    pub scale: f64,
    /// State: level (1-based) when active, minus the level when inactive.
    pub state: i32,
}

/// A piece: traits outermost first, then the BasicPiece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// Traits, outermost first.
    pub traits: Vec<Trait>,
    /// BasicPiece image.
    pub image: String,
    /// BasicPiece name.
    pub name: String,
    /// BasicPiece state.
    pub basic_state: BasicState,
}

/// Where a BasicPiece is and which palette slot it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BasicState {
    /// Map name, `None` when not on a map.
    pub map: Option<String>,
    /// Map x.
    pub x: i32,
    /// Map y.
    pub y: i32,
    /// PieceSlot id.
    pub gpid: String,
}

impl BasicState {
    /// Off any map, from slot `gpid`.
    pub fn slot(gpid: &str) -> Self {
        Self {
            map: None,
            x: 0,
            y: 0,
            gpid: gpid.to_string(),
        }
    }

    /// The state string `map;x;y;gpid;0`.
    pub fn encode(&self) -> String {
        let mut se = SequenceEncoder::with_token(self.map.as_deref().unwrap_or("null"), ';');
        se.append_int(i64::from(self.x))
            .append_int(i64::from(self.y))
            .append(&self.gpid)
            .append_int(0);
        se.into_value().unwrap_or_default()
    }
}

impl Piece {
    /// The BasicPiece type `piece;;;image;name`.
    pub fn basic_type(&self) -> String {
        fields(
            "piece;",
            &[
                String::new(),
                String::new(),
                self.image.clone(),
                self.name.clone(),
            ],
        )
    }

    /// The nested TYPE and STATE strings.
    pub fn type_and_state(&self) -> (String, String) {
        let mut kind = self.basic_type();
        let mut state = self.basic_state.encode();
        for t in self.traits.iter().rev() {
            kind = encode_or_empty(&[t.kind.as_str(), kind.as_str()], '\t');
            state = encode_or_empty(&[t.state.as_str(), state.as_str()], '\t');
        }
        (kind, state)
    }

    /// The AddPiece command `+/id/TYPE/STATE` (`id` is `null` in palettes and prototypes).
    pub fn add_command(&self, id: &str) -> String {
        let (kind, state) = self.type_and_state();
        encode_or_empty(&["+", id, kind.as_str(), state.as_str()], '/')
    }

    /// The piece with every `prototype;` trait replaced by the prototype's traits
    /// (recursively, with their states), as VASSAL stores pieces in games.
    pub fn expanded(&self, prototypes: &BTreeMap<String, Vec<Trait>>) -> Piece {
        fn expand(
            traits: &[Trait],
            prototypes: &BTreeMap<String, Vec<Trait>>,
            depth: usize,
            out: &mut Vec<Trait>,
        ) {
            for t in traits {
                let name = t
                    .kind
                    .strip_prefix("prototype;")
                    .map(|rest| crate::vassal::encoder::decode(rest, ';').remove(0));
                match name.and_then(|n| prototypes.get(&n)) {
                    Some(inner) if depth < 32 => expand(inner, prototypes, depth + 1, out),
                    _ => out.push(t.clone()),
                }
            }
        }
        let mut traits = Vec::new();
        expand(&self.traits, prototypes, 0, &mut traits);
        Piece {
            traits,
            ..self.clone()
        }
    }
}

/// A named prototype definition.
#[derive(Debug, Clone)]
pub struct Prototype {
    /// Name referenced by `prototype;` traits.
    pub name: String,
    /// Description.
    pub description: String,
    /// Its traits with their initial states.
    pub traits: Vec<Trait>,
}

impl Prototype {
    /// The PrototypeDefinition text: the traits over an empty BasicPiece.
    pub fn definition(&self) -> String {
        Piece {
            traits: self.traits.clone(),
            image: String::new(),
            name: String::new(),
            basic_state: BasicState::slot(""),
        }
        .add_command("null")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit() -> Piece {
        Piece {
            traits: vec![
                Trait::prototype("Unit"),
                Trait::marker(&[("Side".into(), "Blue".into())]),
                Trait::layer(&Layer {
                    name: "Step".into(),
                    images: vec!["a.png".into(), "a_r.png".into()],
                    names: vec![String::new(), "+ (reduced)".into()],
                    always_active: true,
                    activate_menu: String::new(),
                    activate_key: None,
                    up_menu: "Flip".into(),
                    up_key: Some(KEY_FLIP),
                    down_menu: String::new(),
                    down_key: None,
                    loops: true,
                    offset: (0, 0),
                    scale: 1.0,
                    state: 1,
                }),
            ],
            image: "a.png".into(),
            name: "Blue 1st / Inf".into(),
            basic_state: BasicState::slot("1"),
        }
    }

    #[test]
    fn key_names() {
        assert_eq!(key_name(Key::ctrl(70)), "Ctrl+F");
        assert_eq!(key_name(Key::plain(33)), "key 33");
        assert_eq!(
            key_name(Key {
                code: 39,
                modifiers: 195
            }),
            "Ctrl+Shift+\u{2192}"
        );
    }

    #[test]
    fn nests_traits_with_one_more_backslash_per_level() {
        let text = unit().add_command("null");
        assert!(text.starts_with("+/null/prototype;Unit\tmark;Side\\\temb2;;128;A;Flip;"));
        assert!(text.contains(";a.png,a_r.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Step;1.0;;true\\\\\tpiece;;;a.png;Blue 1st \\/ Inf/"));
        assert!(text.ends_with("/\tBlue\\\t1\\\\\tnull;0;0;1;0"));
    }

    #[test]
    fn restricted_lists_its_sides_and_restricts_movement() {
        let t = Trait::restricted(&["Austria".into(), "Referee".into()], "Moved by Austria");
        assert_eq!(
            t.kind,
            "restrict;Austria,Referee;false;true;Moved by Austria"
        );
        assert_eq!(t.state, "");
    }

    #[test]
    fn invisible_is_written_as_hideable_writes_it() {
        let t = Trait::invisible(
            &["Austria".into(), "Referee".into()],
            Some("Austria"),
            "Seen only by Austria and the Referee",
        );
        assert_eq!(
            t.kind,
            "hide;;hidden;;sides:Austria:Referee;0.5;Seen only by Austria and the Referee;true"
        );
        assert_eq!(t.state, "Austria");
        // A side name holding a delimiter is escaped at each level by the encoder.
        let odd = Trait::invisible(&["A:B;C".into()], None, "");
        assert_eq!(odd.kind, "hide;;hidden;;sides:A\\:B\\;C;0.5;;true");
        assert_eq!(odd.state, "null");
    }

    #[test]
    fn a_pieces_invisible_state_is_set_in_its_chain() {
        let mut p = unit();
        p.traits.insert(
            0,
            Trait::invisible(&["Blue".into()], None, "Seen only by Blue"),
        );
        let (kind, state) = p.type_and_state();
        let hidden = with_invisible_state(&kind, &state, Some("Blue")).expect("a hide trait");
        let mut want = p.clone();
        want.traits[0].state = "Blue".into();
        assert_eq!(hidden, want.type_and_state().1);
        let shown = with_invisible_state(&kind, &hidden, None).expect("a hide trait");
        assert_eq!(shown, state);
        let (plain_kind, plain_state) = unit().type_and_state();
        assert_eq!(with_invisible_state(&plain_kind, &plain_state, None), None);
    }

    #[test]
    fn layer_has_33_fields() {
        let t = Trait::layer(&Layer {
            name: "S".into(),
            images: vec!["x.png".into()],
            names: vec![String::new()],
            always_active: false,
            activate_menu: "On".into(),
            activate_key: Some(KEY_SUPPLY),
            up_menu: String::new(),
            up_key: None,
            down_menu: String::new(),
            down_key: None,
            loops: false,
            offset: (5, -5),
            scale: 0.5,
            state: -1,
        });
        let body = t.kind.strip_prefix("emb2;").expect("prefix");
        assert_eq!(crate::vassal::encoder::decode(body, ';').len(), 33);
        assert_eq!(t.state, "-1");
    }

    #[test]
    fn expansion_splices_prototype_traits_with_their_states() {
        let mut protos = BTreeMap::new();
        protos.insert(
            "Unit".to_string(),
            vec![
                Trait::delete("Delete", KEY_DELETE),
                Trait::marker(&[("Kind".into(), "unit".into())]),
            ],
        );
        let p = unit().expanded(&protos);
        let kinds: Vec<&str> = p.traits.iter().map(|t| t.kind.as_str()).collect();
        assert_eq!(kinds[0], "delete;Delete;68,130;");
        assert_eq!(kinds[1], "mark;Kind");
        assert_eq!(p.traits[1].state, "unit");
        assert!(kinds[3].starts_with("emb2;"));
    }
}
