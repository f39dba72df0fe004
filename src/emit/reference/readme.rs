//! `README.md` of the reference: what the language is, the `use` key, how to read the
//! pages, the pages in reading order, and (last) how the pages are made, for maintainers.

use std::fmt::Write as _;

use serde_json::Value;

use super::sections::{self, PagePlan};
use super::types::Schema;

/// The pages in reading order, as `(file, title)`.
pub fn order(plan: &[PagePlan], common: bool) -> Vec<(String, String)> {
    let mut v = vec![("README.md".to_string(), "The game language".to_string())];
    v.extend(plan.iter().map(|p| (p.file.clone(), p.title.clone())));
    if common {
        v.push(("common.md".into(), "Tables used in many sections".into()));
    }
    v.push(("hex-layout.md".into(), "Hex grids".into()));
    v.push(("diagnostics.md".into(), "Diagnostics".into()));
    v
}

/// The README.
pub fn page(schema: &Schema, plan: &[PagePlan], common: bool) -> String {
    let mut s = String::from(INTRO);
    // `use`, the one top-level key that is not a section.
    if let Some(u) = schema.root.get("properties").and_then(|p| p.get("use")) {
        let shape = schema.shape(u);
        let _ = writeln!(
            s,
            "<a id=\"use\"></a>\n\n## `use`: files of another game\n\n\
             - **`use`** ({}; {}): {}\n",
            shape.words,
            match u.get("default") {
                Some(Value::Array(a)) if a.is_empty() => "optional, none by default",
                _ => "optional",
            },
            sections::paragraphs(u.get("description").and_then(Value::as_str).unwrap_or(""))
        );
        s.push_str(USE);
    }
    s.push_str(READING);
    s.push_str("## The pages\n\n");
    for (file, title) in order(plan, common).into_iter().skip(1) {
        let keys: Vec<String> = plan
            .iter()
            .find(|p| p.file == file)
            .map(|p| {
                p.keys
                    .iter()
                    .map(|k| format!("`{}`", sections::header(schema, k)))
                    .collect()
            })
            .unwrap_or_default();
        if keys.is_empty() {
            let _ = writeln!(s, "- [{title}]({file})");
        } else {
            let _ = writeln!(s, "- [{title}]({file}): {}", sections::join_and(&keys));
        }
    }
    s.push('\n');
    s.push_str(MAINTAINERS);
    s
}

const INTRO: &str = "# The game language

A game for sandtable is a **folder of TOML files**. Together they say everything the tool
needs to check the game, draw its map and counters, build its VASSAL module and answer rule
questions: the sides, the calendar, the counter mix, the terrain effects, the maps, the
scenarios, the combat results tables and the rules' parameters. Beside them, the rules of
play may be written as Markdown chapters in `rules/*.md`, which `sandtable publish` turns
into a website and a booklet.

- Every `*.toml` file in the folder and below it is read, in the order of the files' paths
  (hidden folders and a `tools/` folder are skipped).
- **Any file may hold any section**, so split a game as it reads best: `game.toml`,
  `map.toml`, `counters/soviet.toml`, `scenarios/1941.toml`, …
- A section written with double brackets, such as `[[counter]]`, is a list: each header
  starts one more entry, and the entries of every file are joined in file order. A section
  with single brackets, such as `[game]`, is one table.
- Things refer to each other by `id`: a counter names its `class`, a class its `nation`
  and unit `type`. A name that is not defined anywhere is reported with a did-you-mean.
- `sandtable new DIR` writes a small starter game to make one's own, and
  `sandtable check DIR` reports every problem at once, each at its file, line and column.

";

const USE: &str = "A variant builds on a base game instead of copying it: the files `use`
names are read first, as part of this game, and a `[[map]]` with `amend = true` then changes
the board (see [Maps](map.md#map)).

```toml
use = [\"../../modules/diplomacy/board.toml\", \"../../modules/diplomacy/powers.toml\"]
```

";

const READING: &str = "## How to read these pages

Each page describes one or a few sections. For each section it gives what the section is
for, then every key it may hold:

- **`key`** (*type*; *required*, *optional* or its *default*): what it does.

The types, in TOML:

| type | written as |
|---|---|
| text | `name = \"Kiev\"` |
| whole number | `count = 3` (a lower bound is given when there is one) |
| number | `position = [120.5, 80]` (a decimal point is allowed) |
| `true` or `false` | `combat = false` |
| list of texts (numbers, …) | `nations = [\"ger\", \"ita\"]` (`[]` is an empty list) |
| pair of numbers `[a, b]` | exactly two: `size = [800, 600]` |
| table of name → whole number | `points = { axis = 3, soviet = 2 }` |
| a word from the list below | one of the words listed under the key, with what each means |
| colour | `\"#rrggbb\"`, such as `\"#7d8b6a\"` |
| table, see `[a.b]` | a table of its own keys, described in its own subsection |
| list of tables, see `[[a.b]]` | entries written `[[a.b]]` after the `[[a]]` they belong to |

A *required* key must be given; an *optional* one may be left out (its description says
what that means), and a key with a *default* takes that value when left out. Most texts name
something defined elsewhere by its `id`, as the descriptions say (\"a `[[terrain]]` id\").
A sub-table may be written under its own header (`[map.hex]` after its `[[map]]`) or inline
(`hex = { orientation = \"columns\", … }`); keys are written in `kebab-case`. A key that is
not in the list is an error (`unknown-key`), so a misspelt key is never silently ignored.

A list of tables may be written inline too, as a list of inline tables: these two are the
same (each inline table on one line, as TOML wants).

```toml
[[rules.control.start]]
side = \"soviet\"
maps = [\"main\"]

[[rules.control.start]]
side = \"axis\"
regions = [\"west\"]
```

```toml
[rules.control]
start = [
  { side = \"soviet\", maps = [\"main\"] },
  { side = \"axis\", regions = [\"west\"] },
]
```

Each section ends with an **example** taken from the example games (`modules/`, or the test
games of `tests/fixtures/` for what no example game uses): the first place the section is
written, cut down where it is long, with `# …` where something was left out. Then come the
**diagnostics** that concern it: the codes `sandtable check` reports, with what each means.

";

const MAINTAINERS: &str = "## For maintainers

These pages are generated; do not edit them by hand. The keys, types, defaults, word lists
and descriptions come from the JSON Schema of a game file (`sandtable schema`), derived from
the types and doc comments of `src/load/schema/`; the diagnostics from
`src/diag/catalogue.rs`; the examples from the example games; the hex pictures from the
map art's own grid. The generator is `src/emit/reference/`, and the test
`tests/suite/reference.rs` fails when a committed page differs from what it makes. After
changing any of these, run `SANDTABLE_BLESS=1 cargo nextest run -E 'test(/reference/)'` to
write the pages again, read the changes, and commit `docs/src/reference/`.
";
