//! Schema of control (`[rules.control]`): the rule, and who controls what at the start.

use super::*;

/// `[rules.control]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Control {
    /// `last-occupied` (a hex or area stays with the last side to occupy it), `all-boxes`
    /// or `supply-centres`.
    #[serde(default)]
    #[schemars(schema_with = "crate::load::schema::words::control_rule")]
    #[schemars(extend("default" = "last-occupied"))]
    pub rule: Option<Spanned<String>>,
    /// Units that take control.
    #[serde(default)]
    pub units: Selector,
    /// For `supply-centres`: turns after which ownership changes (autumn turns), or a
    /// season of the `[calendar]` (`autumn`) for each of its turns.
    #[serde(default)]
    pub turns: Vec<Spanned<String>>,
    /// For `last-occupied`: an enemy zone of control contests a hex its owner does not
    /// occupy — nobody controls it, and the zone gives it to nobody.
    #[serde(default)]
    pub zoc_contests: bool,
    /// Who controls what when the game begins, beyond each country's `controlled-by`:
    /// every entry gives its side the hexes or areas it names, later entries over earlier
    /// ones (a whole map to one side, then a region of it to the other).
    #[serde(default)]
    pub start: Vec<StartControl>,
}

/// `[[rules.control.start]]`: hexes or areas a side controls when the game begins.
///
/// ```toml
/// [[rules.control.start]]
/// side = "soviet"
/// maps = ["main"]                 # every hex of the map…
///
/// [[rules.control.start]]
/// side = "axis"
/// regions = ["poland", "west"]    # …but these hex sets, regions or countries
/// hexes = ["0512"]                # and these hexes (or areas, or places by name)
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct StartControl {
    /// The side that controls them.
    pub side: Spanned<String>,
    /// Whole maps (ids): every hex or area of them.
    #[serde(default)]
    pub maps: Vec<Spanned<String>>,
    /// Hex sets, set-up regions or countries of the maps (ids), e.g. a `[[map.hex-set]]`
    /// listing a front line's hexes.
    #[serde(default)]
    pub regions: Vec<Spanned<String>>,
    /// Single locations: hex numbers (`0512`, `east:0512`), area ids or place names.
    #[serde(default)]
    pub hexes: Vec<Spanned<String>>,
}
