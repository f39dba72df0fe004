//! DPjudge's spelling: a power's name as `normPower` makes it, the order words it abbreviates,
//! letter case as Python 2 changes it (Map.py's `upper()`, `lower()`, `title()`), and the phase
//! words.

/// DPjudge's `normPower`: capitals; `.` and `:` removed; `-`, `+`, `,` separate words;
/// the words DPjudge's orders know replaced by their abbreviation (`OF` → `\`, `THE` →
/// nothing: `Gulf+Of+Bothnia` is `GULF\BOTHNIA`); then the spaces removed.
pub(super) fn power_key(word: &str) -> String {
    let mut phrase = word.py_upper().replace('/', " /").replace(" / ", "");
    phrase.retain(|c| !matches!(c, '.' | ':'));
    let phrase: String = phrase
        .chars()
        .flat_map(|c| match c {
            '-' | '+' | ',' => vec![' '],
            '|' | '*' | '?' | '!' | '~' | '(' | ')' | '[' | ']' | '=' | '_' | '^' => {
                vec![' ', c, ' ']
            }
            c => vec![c],
        })
        .collect();
    phrase.split_whitespace().map(keyword).collect()
}

/// DPjudge's keywords (`Map.keywords`): order words and their abbreviations.
pub(super) fn keyword(word: &str) -> &str {
    match word {
        ">" | "THE" | "MOVE" | "MOVES" | "MOVING" | "ATTACK" | "ATTACKS" | "ATTACKING" | "IS"
        | "WILL" | "IN" | "AT" | "ON" | "TO" | "AND" => "",
        "ARMY" => "A",
        "FLEET" => "F",
        "WING" => "W",
        "NC" => "/NC",
        "SC" => "/SC",
        "EC" => "/EC",
        "WC" => "/WC",
        "RETREAT" | "RETREATS" | "RETREATING" => "R",
        "SUPPORT" | "SUPPORTS" | "SUPPORTING" => "S",
        "CONVOY" | "CONVOYS" | "CONVOYING" => "C",
        "HOLD" | "HOLDS" | "HOLDING" => "H",
        "BUILD" | "BUILDS" | "BUILDING" => "B",
        "DISBAND" | "DISBANDS" | "DISBANDING" | "REMOVE" | "REMOVES" | "REMOVING" => "D",
        "WAIVE" | "WAIVES" | "WAIVING" | "WAIVED" => "V",
        "KEEP" | "KEEPS" | "KEEPING" => "K",
        "PROXY" | "PROXIES" | "PROXYING" => "P",
        "OF" | "FROM" => "\\",
        "WITH" | "VOID" => "?",
        "TSR" => "=",
        "VIA" | "THROUGH" | "OVER" | "BY" | "DISLODGED" => "~",
        "OR" | "BOUNCE" | "CUT" => "|",
        "DESTROYED" => "*",
        w => w,
    }
}

/// Map.py reads its files as latin-1 text (`codecs.open`), so its `upper()`, `lower()`,
/// `swapcase()` and `title()` are Python 2's on unicode: every letter changes case, one
/// letter for one (`É` ↔ `é`; `ß` stays `ß`, where Rust's own upper case gives `SS`).
pub(super) trait PyCase {
    /// Python 2's `unicode.upper()`.
    fn py_upper(&self) -> String;
    /// Python 2's `unicode.lower()`.
    fn py_lower(&self) -> String;
}

impl PyCase for str {
    fn py_upper(&self) -> String {
        self.chars().map(upper_char).collect()
    }
    fn py_lower(&self) -> String {
        self.chars().map(lower_char).collect()
    }
}

/// A letter in capitals, when that is one letter.
pub(super) fn upper_char(c: char) -> char {
    let mut u = c.to_uppercase();
    match (u.next(), u.next()) {
        (Some(one), None) => one,
        _ => c,
    }
}

/// A letter in lower case, when that is one letter.
pub(super) fn lower_char(c: char) -> char {
    let mut l = c.to_lowercase();
    match (l.next(), l.next()) {
        (Some(one), None) => one,
        _ => c,
    }
}

/// Python's `unicode.title()`: each letter after a non-letter in capitals, the others
/// in lower case.
pub(super) fn python_title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    for c in s.chars() {
        if c.is_alphabetic() {
            out.push(if prev_cased {
                lower_char(c)
            } else {
                upper_char(c)
            });
            prev_cased = true;
        } else {
            out.push(c);
            prev_cased = false;
        }
    }
    out
}

/// The phase a DPjudge phase word names.
pub(super) fn phase_of(word: &str) -> Option<&'static str> {
    match word.py_upper().as_str() {
        "MOVEMENT" => Some("movement"),
        "RETREATS" => Some("retreat"),
        "ADJUSTMENTS" => Some("adjustment"),
        _ => None,
    }
}
