//! Share codes in the game: a pasted code ([`OpenCode`]), or a piece list a family reads
//! (`family::registry::pasted`), becomes a level of the player's
//! `shared` pack, saved in the data folder, and opens; a bad code is reported in
//! [`CodeStatus`] and nothing else changes. The level on the board gives its own code
//! (`crate::content::share::encode(&level.entry)`; the UI copies it, as a link in the browser,
//! and a page opened from such a link opens its level).

use crate::game::board::levels::{Library, PlayLevel};
use crate::support::i18n::Text;
use bevy::prelude::*;
use std::path::PathBuf;

/// Open the level a share code holds.
#[derive(Message, Clone, Debug)]
pub struct OpenCode(pub String);

/// What became of the last code.
#[derive(Resource, Default, Debug)]
pub struct CodeStatus {
    /// Why the code did not open, or what went wrong after it did.
    pub error: Option<crate::support::i18n::Text>,
}

/// Where the player's shared levels are saved (`<data dir>/levels/shared.ron`; tests set it).
#[derive(Resource, Clone, Debug)]
pub struct SharedPackFile(pub PathBuf);

/// The pack id of levels opened from codes.
pub const PACK: &str = "shared";

pub struct CodesPlugin;

impl Plugin for CodesPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<SharedPackFile>() {
            app.insert_resource(SharedPackFile(crate::support::paths::user_levels_dir().join("shared.ron")));
        }
        app.init_resource::<CodeStatus>()
            .add_message::<OpenCode>()
            .add_systems(Update, open_code)
            // A refusal belongs to the code just pasted: leaving the list forgets it.
            .add_systems(OnExit(crate::game::shared::AppState::LevelSelect), |mut s: ResMut<CodeStatus>| s.error = None)
            .add_systems(OnEnter(crate::game::shared::AppState::MainMenu), open_linked);
    }
}

/// A page opened from a share link (`?code=...`, the web build) opens its level, once; from
/// the level list, where a code that does not open says why. An update's restart also brings
/// the board as it lay (`&board=...`, [`super::resume`]).
fn open_linked(
    mut done: Local<bool>,
    mut open: MessageWriter<OpenCode>,
    mut next: ResMut<NextState<crate::game::shared::AppState>>,
    mut resume: ResMut<super::resume::ResumeBoard>,
) {
    if !std::mem::replace(&mut *done, true) {
        if let Some(code) = crate::platform::page::taken_from_address("code") {
            next.set(crate::game::shared::AppState::LevelSelect);
            open.write(OpenCode(code));
            resume.0 = crate::platform::page::taken_from_address("board").and_then(|b| super::resume::read_board(&b));
        }
    }
}

fn open_code(
    mut requests: MessageReader<OpenCode>,
    mut library: ResMut<Library>,
    file: Res<SharedPackFile>,
    mut status: ResMut<CodeStatus>,
    mut play: MessageWriter<PlayLevel>,
    mut resume: ResMut<super::resume::ResumeBoard>,
) {
    for OpenCode(code) in requests.read() {
        match add_level(&mut library, &file.0, code) {
            Ok(((pack, level), warning)) => {
                status.error = warning;
                play.write(PlayLevel { pack, level });
            }
            Err(e) => {
                // A board brought with a code that does not open belongs to no level.
                resume.0 = None;
                status.error = Some(match crate::content::share::refusal(&e) {
                    Some(id) => Text::new(id).with("why", e),
                    None => Text::new("code-bad").with("why", e),
                })
            }
        }
    }
}

/// Adds the code's level to the shared pack (unless it is there already) and returns where it
/// is in the library. The pack file is rewritten; a failed write still leaves the level
/// playable, with a warning.
fn add_level(
    library: &mut Library,
    file: &std::path::Path,
    code: &str,
) -> Result<((usize, usize), Option<Text>), String> {
    // A family's own pasted text (an edge-matching piece list), else a share code.
    let mut entry = match crate::family::registry::pasted(code) {
        Some(read) => read?,
        None => crate::content::share::decode(code)?,
    };
    let mut entries = crate::game::board::levels::entries_of(library, PACK);
    let same = |e: &crate::level::Entry| crate::content::share::encode(e) == crate::content::share::encode(&entry);
    let id = match entries.iter().find(|e| same(e)) {
        Some(e) => e.id.clone(),
        None => {
            entry.id = crate::format::entry::free_id(&entry.id, |id| entries.iter().any(|e| e.id == id));
            entries.push(entry.clone());
            entry.id
        }
    };
    let warning = crate::game::board::levels::store_user_pack(library, file, PACK, "Shared levels", entries)?;
    let found = library.find(&format!("{PACK}/{id}")).ok_or("the shared level did not load")?;
    Ok((found, warning.map(|w| Text::new("code-opened-but").with("why", w))))
}
