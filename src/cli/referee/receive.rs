//! `referee receive`: the phase open, the orders read from a player's file and kept, and who
//! has sent orders and who has not.

use super::*;

/// The phase under way: its board, the referee's save read and its position.
pub(super) struct Phase<'g> {
    pub(super) board: ProvinceBoard<'g>,
    pub(super) position: Position,
    pub(super) save: crate::cli::positions::LoadedSave,
    /// The module name the referee's save carries.
    pub(super) module: Option<String>,
}

pub(super) fn phase<'g>(folder: &Folder, g: &'g Game) -> Result<Phase<'g>, Failure> {
    let board = ProvinceBoard::first(g).ok_or_else(|| no_board(g))?;
    let path = folder.phase_dir().join("referee.vsav");
    let (position, _, save) = from_save_file(&board, &path, folder.state.module.as_deref())?;
    let module = save.file.module_metadata().and_then(|m| m.name);
    Ok(Phase {
        board,
        position,
        save,
        module,
    })
}

/// Each power's orders in a file (side id → orders text headed by the power's name), read
/// and checked as `adjudicate` reads them.
fn orders_in(
    phase: &Phase,
    file: &Path,
    sources: &mut SourceMap,
) -> Result<BTreeMap<String, String>, Failure> {
    let g = phase.board.game;
    let (written, heard) = orders(
        &phase.board,
        &[file.to_path_buf()],
        (phase.position.turn, phase.position.phase),
        phase.module.as_deref(),
        sources,
        "nothing received",
    )?;
    let mut by_power: BTreeMap<String, Vec<&Written>> =
        heard.iter().map(|p| (p.clone(), Vec::new())).collect();
    for w in &written {
        let power = w.power.clone().or_else(|| match &w.entry {
            Entry::Order(o) => o.power.clone(),
            _ => None,
        });
        if let Some(p) = power {
            by_power.entry(p).or_default().push(w);
        }
    }
    let mut out = BTreeMap::new();
    for (power, orders) in by_power {
        let Some(side) = g.sides.iter().find(|s| s.id == power) else {
            continue;
        };
        let mut text = format!("{}:\n", side.name);
        for w in orders {
            text.push_str(&w.text);
            text.push('\n');
        }
        out.insert(power, text);
    }
    Ok(out)
}

/// What `receive` reports.
#[derive(Serialize)]
pub(super) struct ReceivedReport {
    pub(super) phase: String,
    /// Each power's orders taken now.
    pub(super) received: Vec<Received>,
    /// Whose orders are in, whose are late and whose are missing now.
    pub(super) status: Standing,
}

/// Whose orders are in for the phase under way.
#[derive(Serialize)]
pub(super) struct Standing {
    pub(super) phase: String,
    /// The phase's folder in the game folder, with the saves to send.
    pub(super) folder: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) deadline: Option<String>,
    /// Powers whose orders are in on time.
    #[serde(rename = "in")]
    pub(super) on_time: Vec<String>,
    /// Powers whose only orders came after the deadline.
    pub(super) late: Vec<String>,
    /// Powers with units to order and no orders yet.
    pub(super) missing: Vec<String>,
}

pub(super) fn standing(folder: &Folder, phase: &Phase, g: &Game) -> Standing {
    let current = folder.current();
    let on_time: BTreeSet<String> = current
        .received
        .iter()
        .filter(|r| !r.late)
        .map(|r| r.power.clone())
        .collect();
    let late: BTreeSet<String> = current
        .received
        .iter()
        .filter(|r| r.late && !on_time.contains(&r.power))
        .map(|r| r.power.clone())
        .collect();
    let missing = missing_powers(g, &phase.position, &on_time)
        .into_iter()
        .map(|s| g.sides[s].id.clone())
        .filter(|p| !late.contains(p))
        .collect();
    Standing {
        phase: current.name.clone(),
        folder: current.folder.clone(),
        deadline: current.deadline.clone(),
        on_time: on_time.into_iter().collect(),
        late: late.into_iter().collect(),
        missing,
    }
}

/// The text lines of a standing.
pub(super) fn standing_text(g: &Game, s: &Standing) -> String {
    let names = |ids: &[String]| -> String {
        if ids.is_empty() {
            return "none".into();
        }
        ids.iter()
            .map(|id| {
                g.sides
                    .iter()
                    .find(|s| &s.id == id)
                    .map_or(id.clone(), |s| s.name.clone())
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut text = format!(
        "{}{}\n  orders in: {}\n",
        s.phase,
        s.deadline
            .as_ref()
            .map_or(String::new(), |d| format!(" (orders due {d})")),
        names(&s.on_time)
    );
    if !s.late.is_empty() {
        text.push_str(&format!("  late: {}\n", names(&s.late)));
    }
    text.push_str(&format!("  missing: {}\n", names(&s.missing)));
    text
}

pub(super) fn receive(a: ReceiveArgs, format: Format) -> Result<ExitCode, Failure> {
    let mut folder = Folder::read(&a.folder)?;
    let g = folder.game(format)?;
    let phase = phase(&folder, &g)?;
    let from = match &a.from {
        Some(who) => Some(power_of(&g, who).ok_or_else(|| {
            let powers: Vec<&str> = g.sides.iter().map(|s| s.id.as_str()).collect();
            format!(
                "--from {who}: not a power of `{}`; write one of {}",
                g.id,
                powers.join(", ")
            )
        })?),
        None => None,
    };
    let at = now_or(a.at);
    let late = folder
        .current()
        .deadline
        .as_deref()
        .and_then(|d| OffsetDateTime::parse(d, &Rfc3339).ok())
        .is_some_and(|d| at > d);
    // Every file read and checked before anything is kept.
    let mut sources = SourceMap::default();
    let mut taken: Vec<(PathBuf, BTreeMap<String, String>)> = Vec::new();
    let mut refused = Vec::new();
    for file in &a.files {
        let found = match orders_in(&phase, file, &mut sources) {
            Ok(found) => found,
            Err(failure) => {
                failure.report(format);
                refused.push(file.display().to_string());
                continue;
            }
        };
        if found.is_empty() {
            refused.push(file.display().to_string());
            eprintln!(
                "error: {} holds no orders for {}: a save must hold the phase's Delayed \
                 notes (`{} — Austria`), an orders file a power's heading (`Austria:`)",
                file.display(),
                folder.current().name,
                folder.current().name
            );
            continue;
        }
        if let Some(sender) = &from {
            let others: Vec<&str> = found
                .keys()
                .filter(|p| *p != sender)
                .map(String::as_str)
                .collect();
            if !others.is_empty() {
                refused.push(file.display().to_string());
                eprintln!(
                    "error: {} gives the orders of {} but was sent by {sender}: a power sends \
                     its own orders only",
                    file.display(),
                    others.join(", ")
                );
                continue;
            }
        }
        taken.push((file.clone(), found));
    }
    if !refused.is_empty() {
        return Err(format!(
            "{} of {} file{} refused ({}); nothing received",
            refused.len(),
            a.files.len(),
            if a.files.len() == 1 { "" } else { "s" },
            refused.join(", ")
        )
        .into());
    }
    // Kept: each file as sent, each power's orders as read; the state last.
    let dir = folder.phase_dir();
    let mut received = Vec::new();
    for (file, found) in &taken {
        let name = file
            .file_name()
            .map_or("orders".into(), |n| n.to_string_lossy().to_string());
        let serial = folder.current().received.len() + received.len() + 1;
        let kept = format!("orders/received/{serial:02}-{name}");
        let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        write_atomic(&dir.join(&kept), &bytes)?;
        for (power, text) in found {
            let orders = if late {
                format!("orders/{power}.late.txt")
            } else {
                format!("orders/{power}.txt")
            };
            write_atomic(&dir.join(&orders), text.as_bytes())?;
            received.push(Received {
                power: power.clone(),
                orders,
                file: kept.clone(),
                from: file.display().to_string(),
                at: written(at),
                late,
            });
        }
    }
    folder.current_mut().received.extend(received.clone());
    folder.write()?;
    let report = ReceivedReport {
        phase: folder.current().name.clone(),
        received,
        status: standing(&folder, &phase, &g),
    };
    match format {
        Format::Json => crate::cli::emit(&json(&report)?),
        Format::Text => {
            let mut text = String::new();
            for r in &report.received {
                text.push_str(&format!(
                    "Received {}'s orders from {} at {}{}\n",
                    side_name(&g, &r.power),
                    r.from,
                    r.at,
                    if r.late {
                        " — late, after the deadline"
                    } else {
                        ""
                    }
                ));
            }
            text.push_str(&standing_text(&g, &report.status));
            crate::cli::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn side_name(g: &Game, id: &str) -> String {
    g.sides
        .iter()
        .find(|s| s.id == id)
        .map_or(id.to_string(), |s| s.name.clone())
}
