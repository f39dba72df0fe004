//! The counter manifest: the counter mix grouped by nation or side (markers last), each
//! counter as a card of its faces, its name, what it is and how many the mix holds; and one
//! counter alone (`{{counter …}}`).

use crate::emit::art::counter::has_back_face;
use crate::model::{CounterId, Game};

use super::{attr, t, Face, Picture, Pictures, SHARP};

/// Counters of a nation (or side) in manifest order: units before markers, in mix order.
pub(super) fn manifest_groups(game: &Game, side: Option<usize>) -> Vec<(String, Vec<CounterId>)> {
    let mut groups: Vec<(String, Vec<CounterId>)> = Vec::new();
    for c in 0..game.counters.len() {
        let class = game.class_of(c);
        let counter_side = game.side_of(c);
        if side.is_some() && counter_side != side {
            continue;
        }
        let name = if game.is_marker(c) {
            "Markers".to_string()
        } else if let Some(n) = class.nation {
            game.nations[n].name.clone()
        } else if let Some(s) = counter_side {
            game.sides[s].name.clone()
        } else {
            "Other counters".to_string()
        };
        match groups.iter_mut().find(|(g, _)| *g == name) {
            Some((_, v)) => v.push(c),
            None => groups.push((name, vec![c])),
        }
    }
    // Markers last.
    groups.sort_by_key(|(g, _)| g == "Markers");
    groups
}

fn face_img(game: &Game, c: CounterId, face: Face, pictures: &mut Pictures) -> String {
    let src = attr(&pictures.file(game, Picture::Counter(c, face)));
    let sharp = attr(&pictures.file(game, Picture::SharpCounter(c, face)));
    format!(
        "<img class=\"face\" src=\"{src}\" srcset=\"{src} 1x, {sharp} {SHARP}x\" alt=\"{}\">",
        attr(&face_alt(game, c, face))
    )
}

/// What a counter face shows, for a reader who cannot see it: its name, the face, and the
/// factors printed on it (`1st Guards (front): attack 4, defence 4, movement 6`).
fn face_alt(game: &Game, c: CounterId, face: Face) -> String {
    let class = game.class_of(c);
    let values = match face {
        Face::Front => &class.faces.front,
        Face::Back => class.faces.back.as_ref().unwrap_or(&class.faces.front),
    };
    let which = match face {
        Face::Front => "front",
        Face::Back => "back",
    };
    let factors: Vec<String> = values
        .iter()
        .map(|(f, v)| format!("{} {v}", game.factors[*f].name.to_lowercase()))
        .collect();
    let name = &game.counters[c].name;
    if factors.is_empty() {
        format!("{name} ({which})")
    } else {
        format!("{name} ({which}): {}", factors.join(", "))
    }
}

/// A counter as a card: both faces side by side, its name, what it is and its mix count.
fn counter_card(game: &Game, c: CounterId, pictures: &mut Pictures) -> String {
    let counter = &game.counters[c];
    let class = game.class_of(c);
    let back = if has_back_face(game, c) {
        face_img(game, c, Face::Back, pictures)
    } else {
        String::new()
    };
    let mut about = vec![game.unit_types[class.unit_type].name.clone()];
    if let Some(s) = class.size {
        about.push(s.as_str().to_string());
    }
    format!(
        "<figure class=\"card\"><div class=\"faces\">{}{back}</div><figcaption>{} \
         <span class=\"mix\" title=\"in the counter mix\">×{}</span><br><small>{}</small></figcaption></figure>\n",
        face_img(game, c, Face::Front, pictures),
        t(&counter.name),
        counter.count,
        t(&about.join(" · "))
    )
}

/// `1 counter`, `36 counters`.
fn counted(n: u32) -> String {
    format!("{n} counter{}", if n == 1 { "" } else { "s" })
}

pub(super) fn counters(game: &Game, side: Option<usize>, pictures: &mut Pictures) -> String {
    let mut out = String::new();
    let mut total = 0u32;
    let (mut two_faced, mut one_faced) = (0, 0);
    for (group, list) in manifest_groups(game, side) {
        let n: u32 = list.iter().map(|c| game.counters[*c].count).sum();
        total += n;
        out += &format!(
            "<h4>{} <small>({})</small></h4>\n<div class=\"manifest\">\n",
            t(&group),
            counted(n)
        );
        for c in list {
            if has_back_face(game, c) {
                two_faced += 1;
            } else {
                one_faced += 1;
            }
            out += &counter_card(game, c, pictures);
        }
        out += "</div>\n";
    }
    // Say how the faces are shown only as the counters have them.
    let faces = match (two_faced, one_faced) {
        (0, _) => "Each is printed on one side",
        (_, 0) => "Each is shown front and back",
        _ => "Each is shown front and back where it has a back",
    };
    format!(
        "<p>The counter mix: {}{}. {faces}; ×N is how many of it the mix holds.</p>\n{out}",
        counted(total),
        side.map_or(String::new(), |s| format!(
            " of the {}",
            t(&game.sides[s].name)
        ))
    )
}

pub(super) fn counter(game: &Game, c: CounterId, pictures: &mut Pictures) -> String {
    format!(
        "<div class=\"manifest single\">\n{}</div>\n",
        counter_card(game, c, pictures)
    )
}
