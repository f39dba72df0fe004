//! Hidden parts of units and ice (`tests/fixtures/hidden`: the standard board with
//! `[rules.fractions]` and `[[rules.frozen]]`), played through `adjudicate` on position files:
//! a dispersal that stands in public, a move into an over-full province, a unit formed with
//! support, boarding, riding and disembarking, each restriction of the ice in a frozen and a
//! thawed season, a dispersal out of a centre in autumn, victory by the most units, the
//! rules of parts in position files; and no public or other power's report ever naming a
//! part.

use std::path::Path;

use serde_json::Value;

use crate::support::{copy_game, game, p, run};

const GAME: &str = "tests/fixtures/hidden";

/// What one adjudication shows: the report for each audience, and the next position file.
struct Seen {
    referee: Value,
    public: Value,
    text_public: String,
    by: Vec<(String, String)>,
    next: String,
}

fn adjudicate_in(dir: &Path, position: &str, orders: &str) -> Seen {
    let tmp = tempfile::tempdir().expect("tmp");
    let (pf, of, next) = (
        tmp.path().join("p.toml"),
        tmp.path().join("o.txt"),
        tmp.path().join("next.toml"),
    );
    std::fs::write(&pf, position).expect("position");
    std::fs::write(&of, orders).expect("orders");
    let call = |who: &str, format: &str, apply: bool| -> (i32, String) {
        let mut args = vec![
            "adjudicate",
            p(dir),
            "--position",
            p(&pf),
            "--orders",
            p(&of),
            "--for",
            who,
            "--format",
            format,
        ];
        if apply {
            args.extend(["--apply", "-o", p(&next)]);
        }
        let (code, out, err) = run(&args);
        (code, format!("{out}{err}"))
    };
    let ok = |(code, out): (i32, String)| {
        assert_eq!(code, 0, "{out}");
        out
    };
    // At the calendar's end there is no next position to write.
    let referee = match call("referee", "json", true) {
        (1, out) if out.contains("calendar ends") => ok(call("referee", "json", false)),
        done => ok(done),
    };
    let referee = serde_json::from_str(&referee).expect("json");
    let public = serde_json::from_str(&ok(call("public", "json", false))).expect("json");
    let text_public = ok(call("public", "text", false));
    let by = ["austria", "england", "germany", "russia"]
        .iter()
        .map(|w| (w.to_string(), ok(call(w, "text", false))))
        .collect();
    Seen {
        referee,
        public,
        text_public,
        by,
        next: std::fs::read_to_string(&next).unwrap_or_default(),
    }
}

fn adjudicate(position: &str, orders: &str) -> Seen {
    adjudicate_in(&game(GAME), position, orders)
}

/// The order results of the report, by unit (`A vie`): (verdict, order, reason).
fn result<'a>(report: &'a Value, unit: &str) -> (&'a str, &'a str, &'a str) {
    let o = report["adjudication"]["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .find(|o| o["unit"] == unit)
        .unwrap_or_else(|| panic!("no order result for {unit}: {report}"));
    (
        o["verdict"].as_str().unwrap_or(""),
        o["order"].as_str().unwrap_or(""),
        o["reason"].as_str().unwrap_or(""),
    )
}

/// The hidden results of the report: (power, verdict, order, reason).
fn hidden(report: &Value) -> Vec<(String, String, String, String)> {
    report["adjudication"]["hidden"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|h| {
                    (
                        h["power"].as_str().unwrap_or("").to_string(),
                        h["verdict"].as_str().unwrap_or("").to_string(),
                        h["order"].as_str().unwrap_or("").to_string(),
                        h["reason"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A power's units and parts in the next position the referee's report shows.
fn next_of(report: &Value, power: &str) -> (Vec<String>, Vec<String>) {
    let powers = report["adjudication"]["next"]["powers"]
        .as_array()
        .expect("next");
    let p = powers.iter().find(|x| x["power"] == power).expect("power");
    let list = |k: &str| -> Vec<String> {
        p[k].as_array()
            .map(|a| {
                a.iter()
                    .map(|v| v.as_str().unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    (list("units"), list("fractions"))
}

/// No public report, and no report for another power, names a part of `power`'s: neither
/// its parts (`1/3`), nor the orders to them.
fn kept_from_others(seen: &Seen, power: &str) {
    let public_json = seen.public.to_string();
    for needle in [
        "1/3",
        "1/6",
        "\"hidden\"",
        "fractions",
        "disperses -",
        "forms from",
    ] {
        assert!(
            !public_json.contains(needle),
            "the public JSON report names {needle}: {public_json}"
        );
        assert!(
            !seen.text_public.contains(needle),
            "the public report names {needle}:\n{}",
            seen.text_public
        );
    }
    for (who, text) in &seen.by {
        if who == power {
            continue;
        }
        let name = format!("Hidden parts of {}", capitalised(power));
        assert!(!text.contains(&name), "{who} sees {power}'s parts:\n{text}");
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

const SPRING: &str = "game = \"hidden\"\nturn = \"spring-1901\"\n";

#[test]
fn a_dispersal_stands_in_public_and_leaves_thirds_its_power_alone_sees() {
    let seen = adjudicate(
        &format!(
            "{SPRING}[power.austria]\nunits = [\"A vie\", \"F tri\"]\ncentres = [\"vie\", \"tri\", \"bud\"]\n\n[power.germany]\nunits = [\"A mun\"]\ncentres = [\"mun\"]\n"
        ),
        "Austria:\nA Vie disperses - 1/3 A Bud, 1/3 A Gal, 1/3 A Boh\nF Tri H\nGermany:\nA Mun - Boh\n",
    );
    let (verdict, order, _) = result(&seen.public, "A vie");
    assert_eq!((verdict, order), ("succeeds", "A Vie stands"));
    // The German army still walks into Bohemia: parts are never in the way.
    assert_eq!(result(&seen.public, "A mun").0, "succeeds");
    let (units, parts) = next_of(&seen.referee, "austria");
    assert_eq!(units, ["F tri"]);
    assert_eq!(parts, ["1/3 A boh", "1/3 A bud", "1/3 A gal"]);
    assert!(seen
        .next
        .contains("fractions = [\"1/3 A boh\", \"1/3 A bud\", \"1/3 A gal\"]"));
    let (units, parts) = next_of(&seen.public, "austria");
    assert_eq!(units, ["F tri"]);
    assert!(parts.is_empty(), "{parts:?}");
    let austria = &seen
        .by
        .iter()
        .find(|(w, _)| w == "austria")
        .expect("austria")
        .1;
    assert!(
        austria.contains("hidden parts (seen by Austria alone): 1/3 A Boh, 1/3 A Bud, 1/3 A Gal"),
        "{austria}"
    );
    kept_from_others(&seen, "austria");
}

#[test]
fn a_dispersal_must_be_whole_in_thirds_each_to_another_province() {
    for (order, why) in [
        ("A Vie disperses - 1/3 A Bud, 1/3 A Gal", "at least 3 parts"),
        (
            "A Vie disperses - 1/2 A Bud, 1/4 A Gal, 1/4 A Boh",
            "more than 1/3",
        ),
        (
            "A Vie disperses - 1/3 A Bud, 1/3 A Bud, 1/3 A Gal",
            "different province",
        ),
        (
            "A Vie disperses - 1/3 A Bud, 1/3 A Gal, 1/3 A Mun",
            "cannot move from Vie to Mun",
        ),
        (
            "A Vie disperses - 1/3 A Bud, 1/3 A Gal, 1/6 A Boh",
            "add up",
        ),
    ] {
        let seen = adjudicate(
            &format!("{SPRING}[power.austria]\nunits = [\"A vie\"]\ncentres = [\"vie\"]\n"),
            &format!("Austria:\n{order}\n"),
        );
        let h = hidden(&seen.referee);
        assert!(
            h.iter().any(|x| x.1 == "void" && x.3.contains(why)),
            "{order}: {h:?}"
        );
        // It stands, and stays a unit.
        assert_eq!(next_of(&seen.referee, "austria").0, ["A vie"], "{order}");
        kept_from_others(&seen, "austria");
    }
}

#[test]
fn moves_into_a_province_holding_more_than_a_unit_of_parts_all_fail() {
    let position = format!(
        "{SPRING}[power.austria]\nunits = [\"A vie\"]\ncentres = [\"vie\"]\nfractions = [\"1/3 A boh\", \"1/3 A sil\", \"1/3 A tyr\"]\n\n[power.germany]\nunits = [\"A ber\"]\ncentres = [\"ber\"]\nfractions = [\"1/3 A boh\"]\n"
    );
    // One more third makes a whole unit in Bohemia: it goes in.
    let seen = adjudicate(&position, "Austria:\n1/3 A Sil - Boh\n");
    assert_eq!(
        next_of(&seen.referee, "austria").1,
        ["1/3 A boh", "1/3 A boh", "1/3 A tyr"]
    );
    // Two more would make 4/3, another power's third counted: both moves fail.
    let seen = adjudicate(&position, "Austria:\n1/3 A Sil - Boh\n1/3 A Tyr - Boh\n");
    assert_eq!(
        next_of(&seen.referee, "austria").1,
        ["1/3 A boh", "1/3 A sil", "1/3 A tyr"]
    );
    let h = hidden(&seen.referee);
    assert_eq!(
        h.iter()
            .filter(|x| x.1 == "fails" && x.3.contains("more than a whole unit"))
            .count(),
        2,
        "{h:?}"
    );
    kept_from_others(&seen, "austria");
    kept_from_others(&seen, "germany");
}

#[test]
fn a_unit_forms_from_thirds_with_a_units_support_and_dislodges() {
    let position = format!(
        "{SPRING}[power.austria]\nunits = [\"A vie\"]\ncentres = [\"vie\"]\nfractions = [\"1/3 A gal\", \"1/3 A sil\", \"1/3 A tyr\"]\n\n[power.germany]\nunits = [\"A boh\"]\ncentres = [\"ber\"]\n"
    );
    let orders = "Austria:\nA Boh forms from 1/3 A Gal, 1/3 A Sil, 1/3 A Tyr\n";
    // Alone it is 1 against 1: it does not form, and nobody hears of it.
    let seen = adjudicate(&position, orders);
    assert!(seen.public["adjudication"]["formed"].is_null());
    assert_eq!(next_of(&seen.referee, "austria").1.len(), 3);
    assert_eq!(result(&seen.public, "A boh").0, "succeeds");
    kept_from_others(&seen, "austria");
    // Supported by Vienna it forms, dislodges the German army, and the parts are gone.
    let seen = adjudicate(&position, &format!("{orders}A Vie S A Boh forms\n"));
    assert_eq!(
        seen.public["adjudication"]["formed"][0]["unit"], "A boh",
        "{}",
        seen.public
    );
    let (units, parts) = next_of(&seen.referee, "austria");
    assert_eq!(units, ["A boh", "A vie"]);
    assert!(parts.is_empty());
    let d = &seen.public["adjudication"]["dislodged"][0];
    assert_eq!(d["unit"], "A boh");
    assert_eq!(d["by"], "A Boh (formed)");
    assert_eq!(result(&seen.public, "A vie").1, "A Vie S A Boh forms");
    kept_from_others(&seen, "austria");
    // The retreat phase written names the province the attack came from (the one the unit
    // formed in), and is read back: it once held the resolver's `+austria+boh`, which no
    // position file can name (found by tests/suite/mutation_inputs.rs).
    assert!(
        seen.next.contains("{ unit = \"A boh\", from = \"boh\" }"),
        "{}",
        seen.next
    );
    let retreats = adjudicate(&seen.next, "");
    assert!(
        next_of(&retreats.referee, "germany").0.is_empty(),
        "{}",
        retreats.referee
    );
}

#[test]
fn army_thirds_board_a_fleet_ride_it_unseen_and_disembark() {
    // Boarding: the third in London boards the fleet in the Channel, which sails on.
    let seen = adjudicate(
        &format!(
            "{SPRING}[power.england]\nunits = [\"F eng\", \"F nth\"]\ncentres = [\"lon\"]\nfractions = [\"1/3 A lon\"]\n"
        ),
        "England:\n1/3 A Lon - Eng\nF Eng - Mao\n",
    );
    assert_eq!(next_of(&seen.referee, "england").1, ["1/3 A mao"]);
    kept_from_others(&seen, "england");
    // Disembarking where the fleet ends: from the North Sea, which moves to Helgoland
    // Bight, into Holland.
    let riding = format!(
        "{SPRING}[power.england]\nunits = [\"F nth\"]\ncentres = [\"lon\"]\nfractions = [\"1/3 A nth\"]\n"
    );
    let seen = adjudicate(&riding, "England:\nF Nth - Hel\n1/3 A Nth - Hol\n");
    assert_eq!(next_of(&seen.referee, "england").1, ["1/3 A hol"]);
    // A fleet sailing into a coast sets its riders down there.
    let seen = adjudicate(&riding, "England:\nF Nth - Den\n");
    assert_eq!(next_of(&seen.referee, "england").1, ["1/3 A den"]);
    // Riders of a dislodged fleet are lost with it.
    let seen = adjudicate(
        &format!(
            "{riding}\n[power.germany]\nunits = [\"F hel\", \"F ska\"]\ncentres = [\"kie\"]\n"
        ),
        "England:\nF Nth H\nGermany:\nF Hel - Nth\nF Ska S F Hel - Nth\n",
    );
    assert!(next_of(&seen.referee, "england").1.is_empty());
    assert!(hidden(&seen.referee)
        .iter()
        .any(|h| h.3.contains("the fleet it rode was dislodged")));
    kept_from_others(&seen, "england");
    // No fleet in the sea: nothing to board.
    let seen = adjudicate(
        &format!("{SPRING}[power.england]\nunits = [\"F nth\"]\ncentres = [\"lon\"]\nfractions = [\"1/3 A lon\"]\n"),
        "England:\n1/3 A Lon - Eng\n",
    );
    assert!(hidden(&seen.referee)
        .iter()
        .any(|h| h.1 == "void" && h.3.contains("no fleet stands in Eng")));
}

#[test]
fn the_ice_holds_fleets_and_bars_attacks_in_its_seasons_only() {
    let position = |turn: &str| {
        format!(
            "game = \"hidden\"\nturn = \"{turn}\"\n\n[power.russia]\nunits = [\"F bar\", \"A fin\", \"A mos\"]\ncentres = [\"mos\"]\n\n[power.england]\nunits = [\"F nwg\", \"A stp\", \"F nth\", \"A edi\"]\ncentres = [\"lon\"]\n"
        )
    };
    let orders = "Russia:\nF Bar - Nwg\nA Fin - Stp\nA Mos S A Stp\nEngland:\nF Nwg - Bar\nF Nth C A Edi - Nwy\nA Edi - Nwy\nA Stp - Lvn\n";
    let spring = adjudicate(&position("spring-1901"), orders);
    let void = |seen: &Seen, unit: &str| result(&seen.public, unit).0 == "void";
    // A fleet in the ice neither moves nor is attacked by a fleet.
    assert!(void(&spring, "F bar"), "{}", spring.text_public);
    assert!(void(&spring, "F nwg"));
    // An army enters a frozen province only when no unit stands there…
    assert!(void(&spring, "A fin"));
    // …and is never convoyed to one closed to convoys; it may always leave.
    assert!(void(&spring, "A edi"));
    assert!(void(&spring, "F nth"));
    assert_eq!(result(&spring.public, "A stp").0, "succeeds");
    // In autumn the ice is gone: the fleets bounce, the convoy lands.
    let autumn = adjudicate(&position("autumn-1901"), orders);
    for unit in ["F bar", "F nwg", "A fin", "A edi", "F nth"] {
        assert!(!void(&autumn, unit), "{unit}: {}", autumn.text_public);
    }
    assert_eq!(result(&autumn.public, "A edi").0, "succeeds");
}

#[test]
fn fleets_do_not_support_into_or_in_the_ice_and_nothing_is_built_there() {
    let seen = adjudicate(
        "game = \"hidden\"\nturn = \"spring-1901\"\n\n[power.russia]\nunits = [\"F bar\"]\ncentres = [\"mos\"]\n\n[power.england]\nunits = [\"F nwg\", \"F nwy\", \"A swe\"]\ncentres = [\"lon\"]\n",
        "England:\nF Nwg S F Nwy\nF Nwy - Ska\nA Swe - Nwy\nRussia:\nF Bar H\n",
    );
    // A fleet may not support a unit in the ice (nor, being held, may F Nwy move).
    assert_eq!(result(&seen.public, "F nwg").0, "void");
    assert_eq!(result(&seen.public, "F nwy").0, "void");
    // Winter freezes St Petersburg: Russia's build there fails.
    let seen = adjudicate(
        "game = \"hidden\"\nturn = \"winter-1901\"\n\n[power.russia]\nunits = [\"A mos\"]\ncentres = [\"mos\", \"stp\", \"war\"]\n",
        "Russia:\nBuild A Stp\nBuild A War\n",
    );
    let orders = seen.public["adjudication"]["orders"]
        .as_array()
        .expect("orders");
    let stp = orders.iter().find(|o| o["unit"] == "A stp").expect("stp");
    assert_eq!(stp["verdict"], "fails");
    assert!(
        stp["reason"].as_str().unwrap_or("").contains("frozen")
            || stp["reason"].as_str().unwrap_or("").contains("ice")
    );
    assert_eq!(next_of(&seen.referee, "russia").0, ["A mos", "A war"]);
}

#[test]
fn a_rule_allowing_builds_in_the_ice_lets_them_be_built() {
    let copy = copy_game(GAME);
    crate::support::edit(
        copy.path(),
        "game.toml",
        "no-convoy-to = [\"nwy\"]",
        "no-convoy-to = [\"nwy\"]\nbuilds = [\"stp\"]",
    );
    let seen = adjudicate_in(
        copy.path(),
        "game = \"hidden\"\nturn = \"winter-1901\"\n\n[power.russia]\nunits = [\"A mos\"]\ncentres = [\"mos\", \"stp\"]\n",
        "Russia:\nBuild A Stp\n",
    );
    assert_eq!(next_of(&seen.referee, "russia").0, ["A mos", "A stp"]);
}

#[test]
fn a_unit_dispersing_out_of_a_centre_in_autumn_does_not_take_it() {
    let position = "game = \"hidden\"\nturn = \"autumn-1901\"\n\n[power.austria]\nunits = [\"A ser\", \"A vie\"]\ncentres = [\"vie\", \"bud\"]\n";
    let held = adjudicate(position, "Austria:\nA Ser H\n");
    assert!(
        held.next.contains("centres = [\"bud\", \"ser\", \"vie\"]"),
        "{}",
        held.next
    );
    let dispersed = adjudicate(
        position,
        "Austria:\nA Ser disperses - 1/3 A Alb, 1/3 A Gre, 1/3 A Bul\n",
    );
    assert!(
        dispersed.next.contains("centres = [\"bud\", \"vie\"]"),
        "{}",
        dispersed.next
    );
    assert!(dispersed
        .next
        .contains("fractions = [\"1/3 A alb\", \"1/3 A bul\", \"1/3 A gre\"]"));
    kept_from_others(&dispersed, "austria");
}

#[test]
fn the_power_with_most_units_wins_when_the_calendar_ends_parts_not_counted() {
    let seen = adjudicate(
        "game = \"hidden\"\nturn = \"winter-1903\"\n\n[power.austria]\nunits = [\"A vie\", \"A bud\", \"F tri\"]\ncentres = [\"vie\", \"bud\", \"tri\"]\n\n[power.germany]\nunits = [\"A ber\", \"A mun\"]\ncentres = [\"ber\", \"mun\", \"kie\", \"hol\", \"den\"]\nfractions = [\"1/3 A sil\", \"1/3 A pru\", \"1/3 A ruh\", \"1/3 A bur\", \"1/3 A pic\", \"1/3 A bel\"]\n",
        "Germany: waive\n",
    );
    let v = &seen.public["adjudication"]["victory"];
    assert_eq!(v["winners"], serde_json::json!(["austria"]), "{v}");
    assert!(seen.public["adjudication"]["next"].is_null());
    // Before the last turn it is not checked.
    let seen = adjudicate(
        "game = \"hidden\"\nturn = \"autumn-1902\"\n\n[power.austria]\nunits = [\"A vie\", \"A bud\", \"F tri\"]\ncentres = [\"vie\", \"bud\", \"tri\"]\n",
        "Austria:\nA Vie H\n",
    );
    let v = &seen.public["adjudication"]["victory"];
    assert_eq!(v["winners"], serde_json::json!([]), "{v}");
}

#[test]
fn position_files_breaking_the_rules_of_parts_are_located_mistakes() {
    for (parts, why) in [
        ("\"1/3 A boh\", \"1/3 A boh\", \"1/3 A boh\", \"1/3 A boh\"", "at most a whole unit"),
        ("\"1/2 A boh\"", "more than 1/3"),
        ("\"1/3 A boh\", \"1/3 A sil\", \"1/3 A gal\", \"1/3 A tyr\", \"1/3 A vie\", \"1/3 A bud\", \"1/3 A tri\"", "at most 2 this early"),
        ("\"1/3 A nth\"", "no fleet to ride"),
        ("\"third A boh\"", "not a part"),
    ] {
        let tmp = tempfile::tempdir().expect("tmp");
        let (pf, of) = (tmp.path().join("p.toml"), tmp.path().join("o.txt"));
        std::fs::write(
            &pf,
            format!("{SPRING}[power.austria]\nunits = [\"A vie\"]\ncentres = [\"vie\"]\nfractions = [{parts}]\n"),
        )
        .expect("write");
        std::fs::write(&of, "Austria:\nA Vie H\n").expect("write");
        let (code, out, err) = run(&["adjudicate", p(&game(GAME)), "--position", p(&pf), "--orders", p(&of)]);
        assert_eq!(code, 1, "{parts}: {out}{err}");
        assert!(err.contains("bad-fraction") && err.contains(why), "{parts}: {err}");
        assert!(err.contains("p.toml:6:"), "located: {err}");
    }
}

#[test]
fn a_unit_dislodged_while_dispersing_has_dispersed_and_is_reported_among_the_retreats() {
    let seen = adjudicate(
        &format!(
            "{SPRING}[power.austria]\nunits = [\"A boh\"]\ncentres = [\"vie\"]\n\n[power.germany]\nunits = [\"A mun\", \"A sil\"]\ncentres = [\"mun\"]\n"
        ),
        "Austria:\nA Boh disperses - 1/3 A Gal, 1/3 A Vie, 1/3 A Tyr\nGermany:\nA Mun - Boh\nA Sil S A Mun - Boh\n",
    );
    assert_eq!(result(&seen.public, "A mun").0, "succeeds");
    // Nothing retreats: the unit is gone, its parts placed.
    assert!(
        seen.public["adjudication"]["dislodged"].is_null()
            || seen.public["adjudication"]["dislodged"] == serde_json::json!([])
    );
    let d = &seen.public["adjudication"]["dispersed"][0];
    assert_eq!(d["unit"], "A boh", "{}", seen.public);
    assert_eq!(d["by"], "A Mun");
    assert!(
        seen.text_public.contains("Dislodged while dispersing"),
        "{}",
        seen.text_public
    );
    let (units, parts) = next_of(&seen.referee, "austria");
    assert!(units.is_empty(), "{units:?}");
    assert_eq!(parts, ["1/3 A gal", "1/3 A tyr", "1/3 A vie"]);
    // No retreat phase follows.
    assert_eq!(seen.referee["adjudication"]["next"]["phase"], "movement");
    kept_from_others(&seen, "austria");
}

/// Issue 34: a support to a unit nobody formed read "there is no unit in `forming in Bud`" in
/// the public report: the resolver's stand-in for the arrival, garbled. It says now what
/// anyone may know, that no unit formed there, in every report.
#[test]
fn a_support_to_a_unit_nobody_formed_says_no_unit_forms_there() {
    let position = format!(
        "{SPRING}[power.austria]\nunits = [\"A vie\", \"A bud\"]\ncentres = [\"vie\"]\nfractions = [\"1/3 A gal\", \"1/3 A sil\", \"1/3 A tyr\"]\n\n[power.germany]\nunits = [\"A boh\"]\ncentres = [\"ber\"]\n"
    );
    for (orders, place) in [
        ("Austria:\nA Vie S A Bud forms\n", "Bud"),
        (
            "Austria:\nA Boh forms from 1/3 A Gal, 1/3 A Sil, 1/3 A Tyr\nA Vie S A Gal forms\n",
            "Gal",
        ),
    ] {
        let seen = adjudicate(&position, orders);
        let want = format!("void: no unit forms in {place}; the unit holds");
        for report in [&seen.public, &seen.referee] {
            assert_eq!(result(report, "A vie").2, want, "{orders}");
        }
        for text in std::iter::once(&seen.text_public).chain(seen.by.iter().map(|(_, t)| t)) {
            let line = text
                .lines()
                .find(|l| l.contains("A Vie S"))
                .unwrap_or_else(|| panic!("{orders}:\n{text}"));
            assert!(line.contains(&want), "{orders}:\n{text}");
        }
        kept_from_others(&seen, "austria");
    }
}
