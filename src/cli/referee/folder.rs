//! The referee's folder: its state file `referee.toml` (what each phase kept: deadline,
//! orders received, what was adjudicated), the phase sub-folders and their names, and how a
//! new folder is written whole.

use super::*;

/// The folder's state file.
pub(super) const STATE: &str = "referee.toml";

/// What `referee.toml` keeps.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct State {
    /// The game directory (absolute).
    pub(super) game: PathBuf,
    /// The module the players play with (absolute), when one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) module: Option<PathBuf>,
    /// Every phase opened, the current one last.
    #[serde(rename = "phase")]
    pub(super) phases: Vec<PhaseRecord>,
}

/// One phase of the game as the referee keeps it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PhaseRecord {
    /// Its folder in the game folder.
    pub(super) folder: String,
    /// Its name on the turn tracker (`July 1914 — Movement`).
    pub(super) name: String,
    /// When its orders are due.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) deadline: Option<String>,
    /// The orders received, in the order they came.
    #[serde(default, rename = "received")]
    pub(super) received: Vec<Received>,
    /// Set once the phase is adjudicated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) adjudicated: Option<Adjudicated>,
}

/// One power's orders as received.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Received {
    /// The power (side id).
    pub(super) power: String,
    /// Its orders as read, in the phase's folder (`orders/austria.txt`).
    pub(super) orders: String,
    /// The file the player sent, kept in the phase's folder (`orders/received/…`).
    pub(super) file: String,
    /// The name it came under.
    pub(super) from: String,
    /// When it arrived.
    pub(super) at: String,
    /// Whether it came after the deadline.
    #[serde(default)]
    pub(super) late: bool,
}

/// What the run of a phase did.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Adjudicated {
    /// When.
    pub(super) at: String,
    /// The powers whose orders were adjudicated.
    pub(super) orders: Vec<String>,
    /// The powers with units to order and no orders: their units held.
    #[serde(default)]
    pub(super) missing: Vec<String>,
    /// The powers whose late orders were left out.
    #[serde(default)]
    pub(super) late_left_out: Vec<String>,
    /// The folder of the next phase, with every reader's save and report.
    pub(super) next: String,
}

/// A game folder read: its place, its state, the game and its province board's phase.
pub(super) struct Folder {
    pub(super) dir: PathBuf,
    pub(super) state: State,
}

impl Folder {
    pub(super) fn read(dir: &Path) -> Result<Self, Failure> {
        let path = dir.join(STATE);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            format!(
                "{}: {e}; give the folder `sandtable referee start` made",
                path.display()
            )
        })?;
        let state: State = toml::from_str(&text)
            .map_err(|e| format!("{}: not a referee's state: {e}", path.display()))?;
        if state.phases.is_empty() {
            return Err(format!("{}: no phase", path.display()).into());
        }
        Ok(Self {
            dir: dir.to_path_buf(),
            state,
        })
    }

    /// The phase under way.
    pub(super) fn current(&self) -> &PhaseRecord {
        self.state.phases.last().expect("a folder has a phase")
    }

    pub(super) fn current_mut(&mut self) -> &mut PhaseRecord {
        self.state.phases.last_mut().expect("a folder has a phase")
    }

    /// The current phase's folder.
    pub(super) fn phase_dir(&self) -> PathBuf {
        self.dir.join(&self.current().folder)
    }

    /// The game, checked.
    pub(super) fn game(&self, format: Format) -> Result<Game, Failure> {
        game_for(
            &self.state.game,
            &OptionArgs::default(),
            crate::cli::Needs::NoScenario,
            format,
        )
    }

    pub(super) fn write(&self) -> Result<(), String> {
        write_atomic(&self.dir.join(STATE), state_text(&self.state)?.as_bytes())
    }
}

/// `referee.toml`'s text: a comment saying what it is, then the state.
pub(super) fn state_text(state: &State) -> Result<String, String> {
    let body = toml::to_string_pretty(state)
        .map_err(|e| format!("the referee's state cannot be written: {e}"))?;
    Ok(format!(
        "# The referee's state of a game, kept by `sandtable referee` (receive, run); \
         read it, do not edit it.\n\n{body}"
    ))
}

/// A phase's folder name: its number and its name in lower case, words joined by `-`.
pub(super) fn phase_folder(number: usize, name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    format!("{number:02}-{}", slug.trim_end_matches('-'))
}

/// The name of a phase, as the turn tracker writes it.
pub(super) fn phase_name(g: &Game, turn: TurnId, phase: PhaseId) -> String {
    phase_label(g, turn, phase).unwrap_or_else(|| {
        format!(
            "{} — {}",
            g.turns.get(turn).map_or("?", |t| t.name.as_str()),
            g.phases.get(phase).map_or("?", |p| p.name.as_str())
        )
    })
}

/// The path as the folder keeps it: absolute.
pub(super) fn absolute(path: &Path) -> Result<PathBuf, String> {
    path.canonicalize()
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Files written as a new folder: made under a temporary name beside it and renamed into
/// place, so a failure leaves nothing.
pub(super) fn new_folder(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), String> {
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    let tmp = tempfile::Builder::new()
        .prefix(".referee-")
        .tempdir_in(parent)
        .map_err(|e| format!("{}: {e}", parent.display()))?;
    for (name, bytes) in files {
        let path = tmp.path().join(name);
        if let Some(p) = path.parent() {
            std::fs::create_dir_all(p).map_err(|e| format!("{}: {e}", p.display()))?;
        }
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if dir.is_dir() {
        // Empty (checked before): replaced.
        std::fs::remove_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let tmp = tmp.keep();
    std::fs::rename(&tmp, dir).map_err(|e| {
        let _ = std::fs::remove_dir_all(&tmp);
        format!("{}: {e}", dir.display())
    })
}
