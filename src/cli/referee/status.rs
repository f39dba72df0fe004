//! `referee status` (the game's history and the phase open) and `referee run` (adjudicating
//! the open phase and opening the next).

use super::*;

/// What `status` reports.
#[derive(Serialize)]
pub(super) struct StatusReport {
    pub(super) game: String,
    pub(super) folder: String,
    pub(super) status: Standing,
    /// Every phase adjudicated, oldest first: its name and what the run did.
    pub(super) history: Vec<History>,
}

#[derive(Serialize)]
pub(super) struct History {
    pub(super) phase: String,
    #[serde(flatten)]
    pub(super) adjudicated: Adjudicated,
}

pub(super) fn status(a: FolderArgs, format: Format) -> Result<ExitCode, Failure> {
    let folder = Folder::read(&a.folder)?;
    let g = folder.game(format)?;
    let phase = phase(&folder, &g)?;
    let report = StatusReport {
        game: g.id.clone(),
        folder: folder.dir.display().to_string(),
        status: standing(&folder, &phase, &g),
        history: folder
            .state
            .phases
            .iter()
            .filter_map(|p| {
                p.adjudicated.clone().map(|adjudicated| History {
                    phase: p.name.clone(),
                    adjudicated,
                })
            })
            .collect(),
    };
    match format {
        Format::Json => crate::cli::emit(&json(&report)?),
        Format::Text => {
            let mut text = format!("{} ({}): ", g.title, report.folder);
            text.push_str(&standing_text(&g, &report.status));
            if !report.history.is_empty() {
                text.push_str("Adjudicated:\n");
            }
            for h in &report.history {
                text.push_str(&format!(
                    "  {} at {}: reports and saves in {}{}\n",
                    h.phase,
                    h.adjudicated.at,
                    h.adjudicated.next,
                    if h.adjudicated.missing.is_empty() {
                        String::new()
                    } else {
                        format!(
                            "; no orders from {}",
                            h.adjudicated
                                .missing
                                .iter()
                                .map(|p| side_name(&g, p))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                ));
            }
            crate::cli::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What `run` reports.
#[derive(Serialize)]
pub(super) struct RunReport<'a> {
    pub(super) phase: String,
    pub(super) adjudicated: &'a Adjudicated,
    pub(super) adjudication: &'a adjudicate::Adjudication,
}

pub(super) fn run_phase(a: RunArgs, format: Format) -> Result<ExitCode, Failure> {
    let mut folder = Folder::read(&a.folder)?;
    let g = folder.game(format)?;
    let phase = phase(&folder, &g)?;
    let at = now_or(a.at);
    let current = folder.current().clone();
    let deadline = current
        .deadline
        .as_deref()
        .and_then(|d| OffsetDateTime::parse(d, &Rfc3339).ok());
    let passed = deadline.is_some_and(|d| at >= d);
    // Each power's orders: its last on time, or (with --accept-late) its last.
    let mut chosen: BTreeMap<&str, &Received> = BTreeMap::new();
    for r in &current.received {
        if !r.late || a.accept_late {
            chosen.insert(&r.power, r);
        }
    }
    let late_left_out: Vec<String> = current
        .received
        .iter()
        .filter(|r| r.late && !a.accept_late)
        .map(|r| r.power.clone())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let dir = folder.phase_dir();
    let files: Vec<PathBuf> = chosen.values().map(|r| dir.join(&r.orders)).collect();
    let mut sources = SourceMap::default();
    let (written_orders, heard) = orders(
        &phase.board,
        &files,
        (phase.position.turn, phase.position.phase),
        phase.module.as_deref(),
        &mut sources,
        "nothing adjudicated",
    )?;
    let missing: Vec<String> = missing_powers(&g, &phase.position, &heard)
        .into_iter()
        .map(|s| g.sides[s].id.clone())
        .collect();
    if !missing.is_empty() && !passed && !a.now {
        let names: Vec<String> = missing.iter().map(|p| side_name(&g, p)).collect();
        return Err(format!(
            "waiting for orders from {}{}; nothing adjudicated (`referee run --now` \
             adjudicates now, their units holding{})",
            names.join(", "),
            current
                .deadline
                .as_ref()
                .map_or(String::new(), |d| format!(" (due {d})")),
            if late_left_out.is_empty() {
                String::new()
            } else {
                "; `--accept-late` takes the late orders".into()
            }
        )
        .into());
    }
    let full = adjudicate::adjudicate(&phase.board, &phase.position, &written_orders)
        .map_err(|e| e.to_string())?;
    let Some(next) = &full.next_position else {
        return Err(
            "the calendar ends after this phase: there is no next phase to open"
                .to_string()
                .into(),
        );
    };
    let name = phase_name(&g, next.turn, next.phase);
    let next_folder = phase_folder(folder.state.phases.len() + 1, &name);
    let mut notes = Vec::new();
    if !missing.is_empty() {
        notes.push(format!(
            "No orders from {}: {} units held.",
            missing
                .iter()
                .map(|p| side_name(&g, p))
                .collect::<Vec<_>>()
                .join(", "),
            if missing.len() == 1 { "its" } else { "their" }
        ));
    }
    if !late_left_out.is_empty() {
        notes.push(format!(
            "Orders from {} came after the deadline and were not taken.",
            late_left_out
                .iter()
                .map(|p| side_name(&g, p))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let applied = views_into(
        &phase.board,
        &full,
        &phase.save,
        folder.state.module.as_deref(),
        &inputs,
        &folder.dir.join(&next_folder),
        &notes,
    )?;
    let record = Adjudicated {
        at: written(at),
        orders: chosen.keys().map(|p| p.to_string()).collect(),
        missing,
        late_left_out,
        next: next_folder.clone(),
    };
    folder.current_mut().adjudicated = Some(record.clone());
    folder.state.phases.push(PhaseRecord {
        folder: next_folder,
        name,
        deadline: a.deadline.map(written),
        received: Vec::new(),
        adjudicated: None,
    });
    folder.write()?;
    let referee = full.seen_by(&Audience::Referee);
    match format {
        Format::Json => crate::cli::emit(&json(&RunReport {
            phase: current.name.clone(),
            adjudicated: &record,
            adjudication: &referee,
        })?),
        Format::Text => {
            let mut text = String::new();
            for n in &notes {
                text.push_str(n);
                text.push('\n');
            }
            text.push_str(&adjudicate::render(&g, &referee));
            text.push('\n');
            for ap in &applied {
                text.push_str(&ap.line());
            }
            text.push_str(&format!(
                "Next: {}{}; send each player their save from {}\n",
                folder.current().name,
                folder
                    .current()
                    .deadline
                    .as_ref()
                    .map_or(String::new(), |d| format!(", orders due {d}")),
                folder.phase_dir().display()
            ));
            crate::cli::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}
