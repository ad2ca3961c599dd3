//! Level library and the level being played.

use crate::game::shared::AppState;
use crate::level::{Level, LoadError, Pack};
use bevy::prelude::*;

/// Every pack the game loaded, and the packs that failed (shown on the menu).
#[derive(Resource, Default)]
pub struct Library {
    pub packs: Vec<Pack>,
    pub errors: Vec<LoadError>,
}

impl Library {
    pub fn key(&self, pack: usize, level: usize) -> String {
        format!("{}/{}", self.packs[pack].id, self.packs[pack].levels[level].id)
    }
    /// Keys of a pack's levels in order.
    pub fn keys(&self, pack: usize) -> Vec<String> {
        (0..self.packs[pack].levels.len()).map(|l| self.key(pack, l)).collect()
    }
    /// Finds `PACK/ID`.
    pub fn find(&self, key: &str) -> Option<(usize, usize)> {
        let (p, l) = key.split_once('/')?;
        let pi = self.packs.iter().position(|x| x.id == p)?;
        let li = self.packs[pi].levels.iter().position(|x| x.id == l)?;
        Some((pi, li))
    }
}

/// Writes the player's pack `id` (named `name`) with `entries` to `file` and puts it in the
/// library in place of the old one (added last if new; removed when `entries` is empty, with
/// its file). A pack file that exists but did not load is the player's to fix: it is never
/// written over. Returns a warning when the file could not be written (the library still
/// changes, so the level plays this session).
pub fn store_user_pack(
    library: &mut Library,
    file: &std::path::Path,
    id: &str,
    name: &str,
    entries: Vec<crate::level::Entry>,
) -> Result<Option<String>, String> {
    let unread = crate::support::files::exists(file) && !library.packs.iter().any(|p| p.id == id);
    let at = library.packs.iter().position(|p| p.id == id);
    if entries.is_empty() && !unread {
        if let Some(i) = at {
            library.packs.remove(i);
        }
        return Ok(crate::support::files::remove(file)
            .err()
            .filter(|_| crate::support::files::exists(file))
            .map(|e| format!("{}: {e}", file.display())));
    }
    let text = crate::level::write_pack(name, &entries);
    let pack = crate::level::pack_of(name, entries, &file.display().to_string(), id).map_err(|e| e.to_string())?;
    let write = if unread {
        Err(std::io::Error::other("it exists but did not load (see the level list), so it is left as it is"))
    } else {
        crate::support::files::write(file, &text)
    };
    match at {
        Some(i) => library.packs[i] = pack,
        None => library.packs.push(pack),
    }
    Ok(write.err().map(|e| format!("{} could not be written: {e}", file.display())))
}

/// The entries of the library's pack `id` (none if it has no such pack).
pub fn entries_of(library: &Library, id: &str) -> Vec<crate::level::Entry> {
    library
        .packs
        .iter()
        .find(|p| p.id == id)
        .map(|p| p.levels.iter().map(|l| (*l.entry).clone()).collect())
        .unwrap_or_default()
}

/// Ask to play a level (from the level list, the solved screen, or a command).
#[derive(Message, Clone, Copy, Debug)]
pub struct PlayLevel {
    pub pack: usize,
    pub level: usize,
}

/// The level on the board.
#[derive(Resource, Clone)]
pub struct ActiveLevel {
    pub pack: usize,
    pub index: usize,
    pub key: String,
    /// The level; its figure, prepared for judging, is `level.prepared()`.
    pub level: Level,
    /// `Time::elapsed_secs` when play started.
    pub started: f32,
    pub moves: u32,
    /// A lesson holds the clock at 0:00 (the tutorial's card is up): a solve now has no time.
    pub clock_held: bool,
    /// A hint was asked for on this level since it was opened (a solve then is not counted
    /// as one without hints).
    pub hinted: bool,
}

pub struct LevelsPlugin;

impl Plugin for LevelsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Library>()
            .add_message::<PlayLevel>()
            .add_systems(Startup, load_library)
            .add_systems(Update, (start_level, finish_level.after(crate::game::shared::VerificationSet)));
    }
}

fn load_library(mut library: ResMut<Library>, mut next: ResMut<NextState<AppState>>) {
    // Tests may fill the library before startup; the game loads embedded and user packs.
    if library.packs.is_empty() {
        let (packs, errors) = crate::level::all_packs();
        *library = Library { packs, errors };
    }
    next.set(AppState::MainMenu);
}

fn start_level(
    mut requests: MessageReader<PlayLevel>,
    library: Res<Library>,
    time: Res<Time>,
    mut commands: Commands,
    mut next: ResMut<NextState<AppState>>,
) {
    let Some(&PlayLevel { pack, level }) = requests.read().last() else { return };
    let Some(l) = library.packs.get(pack).and_then(|p| p.levels.get(level)) else { return };
    commands.insert_resource(ActiveLevel {
        pack,
        index: level,
        key: library.key(pack, level),
        level: l.clone(),
        started: time.elapsed_secs(),
        clock_held: false,
        moves: 0,
        hinted: false,
    });
    next.set(AppState::Playing);
}

/// A solved level moves the game to the solved screen.
fn finish_level(mut solved: MessageReader<crate::game::shared::LevelSolved>, mut next: ResMut<NextState<AppState>>) {
    if solved.read().count() > 0 {
        next.set(AppState::Solved);
    }
}
