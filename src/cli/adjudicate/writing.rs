//! What `--apply` and `--views` write: the next position or save as a reader may see it,
//! read back before it is kept, every reader's save and report, and the files written whole.

use super::*;

fn same_file(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// The pieces of a module's palette by counter: the module's file, or the module `sandtable
/// build` makes of the game (in memory); none when it cannot be read.
fn palette_of(g: &Game, module: Option<&Path>) -> BTreeMap<CounterId, SavedPiece> {
    let buildfile = match module {
        Some(path) => Archive::open(path)
            .ok()
            .and_then(|mut a| a.read_text("buildFile.xml").ok()),
        None => crate::emit::vassal::build(g).ok().and_then(|m| {
            let bytes = m.archive.to_bytes().ok()?;
            Archive::from_bytes(bytes, Path::new("module.vmod"))
                .ok()?
                .read_text("buildFile.xml")
                .ok()
        }),
    };
    buildfile
        .and_then(|text| parse_buildfile_str(&text).ok())
        .map(|root| save::palette_pieces(g, &root))
        .unwrap_or_default()
}

/// The next position as `audience` may know it: other powers' hidden parts left out.
fn next_for(next: &Position, audience: &Audience) -> Position {
    let mut seen = next.clone();
    seen.fractions.retain(|f| match audience {
        Audience::Referee => true,
        Audience::Public => false,
        Audience::Power(p) => f.power == *p,
    });
    seen
}

/// The name a reader's files take: `referee`, `public` or the power's id.
pub(in crate::cli) fn reader_name(audience: &Audience) -> String {
    match audience {
        Audience::Referee => "referee".into(),
        Audience::Public => "public".into(),
        Audience::Power(p) => p.clone(),
    }
}

/// The pieces an edit changed, those `audience`'s save holds: other powers' hidden parts
/// are not in it.
fn summary_for(g: &Game, edit: &save::DiplomacyEdit, audience: &Audience) -> save::DiplomacyEdit {
    let mut summary = edit.summary();
    let hidden_from = |counter: &str| {
        let Some(c) = g.counter_index(counter) else {
            return false;
        };
        position::is_part(g, c)
            && match audience {
                Audience::Referee => false,
                Audience::Public => true,
                Audience::Power(p) => g.side_of(c).map(|s| &g.sides[s].id) != Some(p),
            }
    };
    for list in [&mut summary.moved, &mut summary.removed, &mut summary.added] {
        list.retain(|c| !hidden_from(&c.counter));
    }
    summary
}

/// The referee's state of the next position: the save's commands with the phase's edit,
/// replayed (every piece where it now stands), and the edit.
fn next_state(
    board: &ProvinceBoard,
    adjudication: &Adjudication,
    save: &positions::LoadedSave,
    module: Option<&Path>,
    next: &Position,
) -> Result<(crate::vassal::save::GameState, save::DiplomacyEdit), String> {
    let g = board.game;
    // A new piece whose counter the save holds none of is copied from the module's palette:
    // the module given, or the one `sandtable build` makes of DIR (built only then).
    let mut palette: Option<BTreeMap<CounterId, SavedPiece>> = None;
    let mut from_palette = |counter: CounterId| {
        palette
            .get_or_insert_with(|| palette_of(g, module))
            .get(&counter)
            .cloned()
    };
    let edit = save::diplomacy_edit(
        board,
        &save.state,
        &save.adapted,
        &adjudication.changes,
        next,
        &mut from_palette,
    )?;
    let text = edit.commands(&save.file);
    let edited = SaveGame {
        plain_text: text.clone(),
        commands: crate::vassal::save::CommandTree::decode(&text),
        ..save.file.clone()
    };
    Ok((edited.state(), edit))
}

/// The bytes of `audience`'s save of the referee's `state`: a fresh save holding what the
/// reader may see (the referee's everything), read back before anything is written — the
/// units must stand where the next position says, the reader's hidden parts be there and no
/// other power's.
pub(in crate::cli) fn reader_save(
    board: &ProvinceBoard,
    save: &positions::LoadedSave,
    state: &crate::vassal::save::GameState,
    next: &Position,
    audience: &Audience,
    label: &Path,
) -> Result<(Vec<u8>, Withheld), String> {
    let g = board.game;
    let view = views::view(g, state, audience);
    let text = view
        .state
        .fresh_saved_game_text()
        .map_err(|e| format!("{}: {e}; nothing written", save.file.path.display()))?;
    let fresh = SaveGame {
        plain_text: text.clone(),
        commands: crate::vassal::save::CommandTree::decode(&text),
        ..save.file.clone()
    };
    let (bytes, _) = fresh
        .edited_bytes(&Default::default(), ZipTimestamp::default())
        .map_err(|e| e.to_string())?;
    read_back(board, &bytes, label, &next_for(next, audience), audience)?;
    Ok((bytes, view.withheld))
}

/// A written save read back: it must hold `next` (as its reader may know it), and no piece
/// of a hidden part its reader may not see.
fn read_back(
    board: &ProvinceBoard,
    bytes: &[u8],
    label: &Path,
    next: &Position,
    audience: &Audience,
) -> Result<(), String> {
    let g = board.game;
    let written = SaveGame::from_bytes(bytes.to_vec(), label)
        .map_err(|e| format!("the edited save does not read back: {e}; nothing written"))?;
    let state = written.state();
    for piece in state.pieces.values() {
        let Ok((c, _)) = savegame::counter_of(g, piece) else {
            continue;
        };
        let other = match audience {
            Audience::Referee => false,
            Audience::Public => true,
            Audience::Power(p) => g.side_of(c).map(|s| &g.sides[s].id) != Some(p),
        };
        if position::is_part(g, c) && other {
            return Err(format!(
                "the save for {} would hold `{}`, a hidden part it may not see; nothing written",
                reader_name(audience),
                g.counters[c].id
            ));
        }
    }
    let maps = savegame::build_maps(g);
    let adapted = savegame::positions_from_save(g, &state, &maps);
    let phase = save::phase_of(g, &state);
    let retreat = save::retreat_record(&state);
    let (read, _) = position::from_positions(board, &from_save(&adapted), phase, retreat);
    if read.units != next.units
        || read.turn != next.turn
        || read.phase != next.phase
        || read.dislodged != next.dislodged
        || read.standoffs != next.standoffs
        || read.owners != next.owners
        || read.industry != next.industry
        || read.captured != next.captured
        || read.fractions != next.fractions
    {
        let mut differ = Vec::new();
        if read.units != next.units {
            differ.push("units");
        }
        if read.turn != next.turn || read.phase != next.phase {
            differ.push("phase");
        }
        if read.dislodged != next.dislodged || read.standoffs != next.standoffs {
            differ.push("retreats");
        }
        let owners_differ: Vec<String> = read
            .owners
            .keys()
            .chain(next.owners.keys())
            .filter(|p| read.owners.get(*p) != next.owners.get(*p))
            .cloned()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let owners_text = format!("owners of {}", owners_differ.join(", "));
        if read.owners != next.owners {
            differ.push(&owners_text);
        }
        if read.industry != next.industry || read.captured != next.captured {
            differ.push("industry");
        }
        if read.fractions != next.fractions {
            differ.push("hidden parts");
        }
        return Err(format!(
            "the edited save reads back as another position ({} units, {}; {} differ); \
             nothing written",
            read.units.len(),
            g.turns.get(read.turn).map_or("?", |t| t.name.as_str()),
            differ.join(", ")
        ));
    }
    Ok(())
}

/// Write the next position as `audience` may see it: a position file, or a save.
#[allow(clippy::too_many_arguments)]
pub(super) fn apply(
    board: &ProvinceBoard,
    adjudication: &Adjudication,
    audience: &Audience,
    save: Option<&positions::LoadedSave>,
    module: Option<&Path>,
    inputs: &[&Path],
    output: &Path,
) -> Result<Applied, String> {
    let g = board.game;
    if inputs.iter().any(|i| same_file(i, output)) {
        return Err(format!(
            "refusing to overwrite a file being read ({}); choose another -o",
            output.display()
        ));
    }
    let Some(next) = &adjudication.next_position else {
        return Err(
            "the calendar ends after this phase: there is no next position to write".into(),
        );
    };
    let is_save = output
        .extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("vsav"));
    let withheld_for = |w: Withheld| (*audience != Audience::Referee).then_some(w);
    if !is_save {
        let comment = format!(
            "{}: {} {} after {} {}, written by `sandtable adjudicate --apply`{}.",
            g.title,
            adjudication
                .next
                .as_ref()
                .map_or("", |n| n.turn_name.as_str()),
            adjudication
                .next
                .as_ref()
                .map_or("", |n| n.phase_name.as_str()),
            adjudication.turn_name,
            adjudication.phase_name,
            match audience {
                Audience::Referee => String::new(),
                other => format!(" for {}", reader_name(other)),
            }
        );
        let seen = next_for(next, audience);
        let text = position::to_toml(g, &seen, &comment);
        write_atomic(output, text.as_bytes())?;
        return Ok(Applied {
            output: output.display().to_string(),
            reader: reader_name(audience),
            save: None,
            withheld: None,
        });
    }
    let Some(save) = save else {
        return Err(
            "a save (-o …vsav) is written from a save: give --save FILE.vsav, or write a \
             position file (-o NEXT.toml)"
                .into(),
        );
    };
    let (state, edit) = next_state(board, adjudication, save, module, next)?;
    let (bytes, withheld) = reader_save(board, save, &state, next, audience, output)?;
    write_atomic(output, &bytes)?;
    Ok(Applied {
        output: output.display().to_string(),
        reader: reader_name(audience),
        save: Some(summary_for(g, &edit, audience)),
        withheld: withheld_for(withheld),
    })
}

/// Every reader's save and report of the next position, made and read back, then written
/// into `dir`: the referee's, the public's and each power's.
pub(in crate::cli) fn views_into(
    board: &ProvinceBoard,
    adjudication: &Adjudication,
    save: &positions::LoadedSave,
    module: Option<&Path>,
    inputs: &[&Path],
    dir: &Path,
    notes: &[String],
) -> Result<Vec<Applied>, String> {
    let g = board.game;
    let Some(next) = &adjudication.next_position else {
        return Err(
            "the calendar ends after this phase: there is no next position to write".into(),
        );
    };
    if dir.exists() && !dir.is_dir() {
        return Err(format!(
            "--views {}: not a directory; give a directory (it is made if missing)",
            dir.display()
        ));
    }
    let (state, edit) = next_state(board, adjudication, save, module, next)?;
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut applied = Vec::new();
    for audience in &readers(g) {
        let who = reader_name(audience);
        let name = format!("{who}.vsav");
        let (bytes, withheld) = reader_save(board, save, &state, next, audience, &dir.join(&name))?;
        let written = Applied {
            output: dir.join(&name).display().to_string(),
            reader: who.clone(),
            save: Some(summary_for(g, &edit, audience)),
            withheld: (*audience != Audience::Referee).then_some(withheld),
        };
        let mut report: String = notes.iter().map(|n| format!("{n}\n")).collect();
        report.push_str(&adjudicate::render(g, &adjudication.seen_by(audience)));
        report.push('\n');
        report.push_str(&written.line());
        files.push((name, bytes));
        files.push((format!("{who}.txt"), report.into_bytes()));
        applied.push(written);
    }
    for (name, _) in &files {
        let target = dir.join(name);
        if inputs.iter().any(|i| same_file(i, &target)) {
            return Err(format!(
                "refusing to overwrite a file being read ({}); choose another --views \
                 directory",
                target.display()
            ));
        }
    }
    write_all(dir, &files)?;
    Ok(applied)
}

/// Every reader of a phase's files: the referee, the public and each power (not the
/// neutrals).
pub(in crate::cli) fn readers(g: &Game) -> Vec<Audience> {
    [Audience::Referee, Audience::Public]
        .into_iter()
        .chain(
            g.sides
                .iter()
                .enumerate()
                .filter(|(i, _)| !g.is_neutral(*i))
                .map(|(_, s)| Audience::Power(s.id.clone())),
        )
        .collect()
}

/// Files written into `dir` as one: a missing directory is filled under a temporary name
/// beside it and renamed into place; in an existing one each file is written to a temporary
/// file and renamed (all were made and checked before the first is written).
fn write_all(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), String> {
    if dir.is_dir() {
        for (name, bytes) in files {
            write_atomic(&dir.join(name), bytes)?;
        }
        return Ok(());
    }
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let tmp = tempfile::Builder::new()
        .prefix(".views-")
        .tempdir_in(parent)
        .map_err(|e| format!("{}: {e}", parent.display()))?;
    for (name, bytes) in files {
        std::fs::write(tmp.path().join(name), bytes)
            .map_err(|e| format!("{}: {e}", tmp.path().join(name).display()))?;
    }
    let tmp = tmp.keep();
    std::fs::rename(&tmp, dir).map_err(|e| {
        let _ = std::fs::remove_dir_all(&tmp);
        format!("{}: {e}", dir.display())
    })
}

/// Who `--for` names: `referee` (or `all`), `public`, or a power; anything else is a usage
/// error with a did-you-mean.
pub(super) fn audience(g: &Game, who: &str) -> Result<Audience, Failure> {
    match who.to_ascii_lowercase().as_str() {
        "referee" | "all" => return Ok(Audience::Referee),
        "public" => return Ok(Audience::Public),
        _ => {}
    }
    if let Some(power) = power_of(g, who) {
        return Ok(Audience::Power(power));
    }
    let powers: Vec<&str> = g.sides.iter().map(|s| s.id.as_str()).collect();
    let known = ["public", "referee"]
        .into_iter()
        .chain(powers.iter().copied());
    let hint = did_you_mean(who, known).map_or_else(String::new, |h| format!(" ({h})"));
    Err(Failure::usage(
        "adjudicate",
        clap::error::ErrorKind::InvalidValue,
        format!(
            "invalid value '{who}' for '--for <WHO>': not a power of `{}`{hint}; write \
             `public`, `referee` or one of {}",
            g.id,
            powers.join(", ")
        ),
    ))
}
