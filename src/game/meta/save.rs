//! Saved progress and settings, loaded at start and written atomically after each change.

use crate::game::board::levels::{ActiveLevel, Library};
use crate::game::shared::AppState;
use crate::support::i18n::Text;
use crate::support::save::{load, store, Loaded, SaveData};
use bevy::prelude::*;
use std::path::PathBuf;

/// The save data, where it lives, and what to tell the player about it.
#[derive(Resource, Debug)]
pub struct SaveState {
    pub data: SaveData,
    pub path: PathBuf,
    /// A problem to show (corrupt save moved aside, a failed write).
    pub notice: Option<Text>,
}

impl SaveState {
    pub fn load(path: PathBuf) -> SaveState {
        let (data, notice) = match load(&path) {
            Loaded::Fresh => (SaveData::default(), None),
            Loaded::Ok(d) => (d, None),
            Loaded::Recovered { problem, moved_to } => (
                SaveData::default(),
                Some(match moved_to {
                    Some(p) => Text::new("save-unreadable-kept")
                        .with("why", problem.to_string())
                        .with("path", p.display().to_string()),
                    None => Text::new("save-unreadable").with("why", problem.to_string()),
                }),
            ),
        };
        SaveState { data, path, notice }
    }

    /// Writes the save file; a failure becomes a notice, never a crash.
    pub fn store(&mut self) {
        if let Err(e) = store(&self.path, &self.data) {
            self.notice =
                Some(Text::new("save-failed").with("path", self.path.display().to_string()).with("why", e.to_string()));
        }
    }
}

pub struct SavePlugin;

impl Plugin for SavePlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<SaveState>() {
            app.insert_resource(SaveState::load(crate::support::paths::save_file()));
        }
        app.init_resource::<ListFocus>()
            .add_systems(Update, record_solve.after(crate::game::shared::VerificationSet))
            .add_systems(OnEnter(AppState::Playing), remember_pack)
            .add_systems(OnExit(AppState::Playing), open_played_pack)
            .add_systems(OnExit(AppState::Solved), open_played_pack)
            .add_systems(OnEnter(AppState::MainMenu), close_pack)
            .add_systems(OnEnter(AppState::LevelSelect), focus_played_pack);
    }
}

/// What the level list shows: a pack's grid (`open`), or with `None` the packs, the one played
/// last (`last`: the one being played, or after a restart the one the save file names) marked
/// and scrolled to. The menu's Play opens the packs; leaving a level opens its pack's grid.
#[derive(Resource, Default)]
pub struct ListFocus {
    pub open: Option<usize>,
    pub last: Option<usize>,
}

/// A level started: its pack is saved as the one played last.
fn remember_pack(active: Option<Res<ActiveLevel>>, mut save: ResMut<SaveState>) {
    let Some(active) = active else { return };
    let pack = active.key.split('/').next().map(String::from);
    if save.data.last_pack != pack {
        save.data.last_pack = pack;
        save.store();
    }
}

/// Leaving a level: the list opens at its pack's grid.
fn open_played_pack(active: Option<Res<ActiveLevel>>, mut focus: ResMut<ListFocus>) {
    if let Some(active) = active {
        focus.open = Some(active.pack);
    }
}

/// The menu: the list opens at the packs.
fn close_pack(mut focus: ResMut<ListFocus>) {
    focus.open = None;
}

fn focus_played_pack(
    active: Option<Res<ActiveLevel>>,
    save: Res<SaveState>,
    library: Res<Library>,
    mut focus: ResMut<ListFocus>,
) {
    let last = save.data.last_pack.as_deref();
    let played = active.map(|a| a.pack).or_else(|| library.packs.iter().position(|p| Some(p.id.as_str()) == last));
    if played.is_some() {
        focus.last = played;
    }
}

/// A solved level is recorded (time, moves, whether it is a new best, the pieces as the player
/// left them) and saved at once; the solved screen reads the result.
fn record_solve(
    mut solved: MessageReader<crate::game::shared::LevelSolved>,
    active: Option<Res<ActiveLevel>>,
    mut save: ResMut<SaveState>,
    mut commands: Commands,
    pieces: Query<&crate::game::board::pieces::Placed>,
    progress: Res<crate::game::board::verification::Progress>,
) {
    let (Some(s), Some(active)) = (solved.read().last().copied(), active) else { return };
    let new_best = save.data.record(&active.key, s.timed.then_some(s.ms), s.moves);
    if !active.hinted {
        save.data.unhinted.insert(active.key.clone());
    }
    let score = progress.score.map(|(got, max)| {
        let (best, new) = save.data.record_score(&active.key, got);
        (got, max, best, new)
    });
    // The player's own solution, for the level list's picture.
    let mut mine: Vec<crate::pieces::Placement> = pieces.iter().map(|p| p.0).collect();
    mine.sort_by_key(|p| p.piece);
    save.data.solutions.insert(active.key.clone(), mine);
    save.store();
    commands.insert_resource(crate::game::shared::SolvedInfo { ms: s.ms, moves: s.moves, new_best, score });
}
