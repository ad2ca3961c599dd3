//! Export and import of progress ([`crate::content::transfer`]) in the game. Export writes the
//! progress file (to the Downloads folder on the desktop, as a download in the browser) and
//! keeps its code for the player to copy; import takes a file (chosen in the browser, dropped
//! on the window or named by its path on the desktop) or a pasted code, merges it into the
//! save and adds the player's packs it brings. A refused file changes nothing and says why.

use crate::content::transfer;
use crate::game::board::levels::Library;
use crate::game::meta::codes::SharedPackFile;
use crate::game::meta::save::SaveState;
use crate::game::shared::{AppState, Frames};
use crate::support::files;
use crate::support::i18n::Text;
use bevy::prelude::*;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Export the progress.
#[derive(Message, Clone, Copy, Debug)]
pub struct ExportProgress;

/// Import this text (a progress file's, or a code), or on the desktop the file at this path;
/// `name` names it in messages.
#[derive(Message, Clone, Debug)]
pub enum ImportProgress {
    Text { text: String, name: String },
    File(PathBuf),
}

/// Where an export goes on the desktop (tests set it): the Downloads folder when there is
/// one, else the data folder.
#[derive(Resource, Clone, Debug)]
pub struct ExportDir(pub PathBuf);

/// What the dialogs show.
#[derive(Resource, Default, Debug)]
pub struct Transfer {
    /// The last export's code, to copy.
    pub code: Option<String>,
    /// What the last export or import did, or why it failed.
    pub said: Option<Text>,
    /// Whether `said` is a refusal.
    pub refused: bool,
    /// A file asked of the browser's file chooser and not yet read.
    pub picking: bool,
}

pub struct TransferPlugin;

impl Plugin for TransferPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<ExportDir>() {
            app.insert_resource(ExportDir(export_dir()));
        }
        app.init_resource::<Transfer>()
            .init_resource::<Frames>()
            .add_message::<ExportProgress>()
            .add_message::<ImportProgress>()
            .add_message::<bevy::window::FileDragAndDrop>()
            .add_systems(Update, (picked, dropped, export, import).chain())
            .add_systems(OnExit(AppState::Settings), |mut t: ResMut<Transfer>| *t = Transfer::default());
    }
}

fn export_dir() -> PathBuf {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let downloads = std::env::var_os("XDG_DOWNLOAD_DIR").map(PathBuf::from).or(home.map(|h| h.join("Downloads")));
    downloads.filter(|d| d.is_dir()).unwrap_or_else(crate::support::paths::data_dir)
}

/// The player's own pack files (the folder the shared pack is saved in).
fn packs_dir(shared: &SharedPackFile) -> PathBuf {
    shared.0.parent().map(PathBuf::from).unwrap_or_default()
}

fn export(
    mut asks: MessageReader<ExportProgress>,
    save: Res<SaveState>,
    shared: Res<SharedPackFile>,
    dir: Res<ExportDir>,
    mut t: ResMut<Transfer>,
    mut frames: ResMut<Frames>,
) {
    if asks.read().count() == 0 {
        return;
    }
    frames.ask();
    let packs = packs_dir(&shared);
    let levels: BTreeMap<String, String> = files::list(&packs, "ron")
        .into_iter()
        .filter_map(|p| Some((p.file_name()?.to_string_lossy().into_owned(), files::read_text(&p).ok()?)))
        .collect();
    let text = transfer::write(&save.data, levels);
    let name = format!("{}-{}.ron", transfer::FILE_STEM, crate::support::dates::Date::today());
    t.code = Some(transfer::code(&text));
    let sent = match crate::platform::page::download(&name, &text) {
        Some(sent) => sent.map(|()| name),
        None => {
            let path = dir.0.join(&name);
            files::write(&path, &text).map(|()| path.display().to_string()).map_err(|e| e.to_string())
        }
    };
    (t.said, t.refused) = match sent {
        Ok(to) => (Some(Text::new("progress-exported").with("where", to)), false),
        Err(why) => (Some(Text::new("progress-export-failed").with("why", why)), true),
    };
}

/// The browser's file chooser answered.
fn picked(mut t: ResMut<Transfer>, mut frames: ResMut<Frames>, mut out: MessageWriter<ImportProgress>) {
    if !t.picking {
        return;
    }
    // The page reads the file on its own time: look again next frame.
    frames.ask();
    match crate::platform::page::picked() {
        None => {}
        Some(Ok(Some((name, text)))) => {
            t.picking = false;
            out.write(ImportProgress::Text { text, name });
        }
        Some(Ok(None)) => t.picking = false,
        Some(Err(why)) => {
            t.picking = false;
            (t.said, t.refused) = (Some(Text::new("progress-import-refused").with("why", why)), true);
        }
    }
}

/// A file dropped on the settings screen is imported (the desktop).
fn dropped(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    state: Res<State<AppState>>,
    mut out: MessageWriter<ImportProgress>,
) {
    for d in drops.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = d {
            if *state.get() == AppState::Settings {
                out.write(ImportProgress::File(path_buf.clone()));
            }
        }
    }
}

fn import(
    mut asks: MessageReader<ImportProgress>,
    mut save: ResMut<SaveState>,
    shared: Res<SharedPackFile>,
    mut library: ResMut<Library>,
    mut t: ResMut<Transfer>,
    mut frames: ResMut<Frames>,
) {
    for ask in asks.read() {
        frames.ask();
        let read = match ask {
            ImportProgress::Text { text, name } => transfer::read(text, name),
            ImportProgress::File(path) => {
                let name = path.display().to_string();
                crate::format::read_text(path)
                    .map_err(|e| format!("{name}: {e}"))
                    .and_then(|text| transfer::read(&text, &name))
            }
        };
        (t.said, t.refused) = match read {
            Ok(progress) => (Some(take(&progress, &mut save, &packs_dir(&shared), &mut library)), false),
            Err(why) => (Some(Text::new("progress-import-refused").with("why", why)), true),
        };
    }
}

/// Merges a progress file into the save and adds its packs; what it did, to say.
fn take(progress: &transfer::Progress, save: &mut SaveState, dir: &std::path::Path, library: &mut Library) -> Text {
    // A file there that cannot be read is taken all the same: never written over.
    let have =
        |name: &str| files::exists(&dir.join(name)).then(|| files::read_text(&dir.join(name)).unwrap_or_default());
    let merged = transfer::merge(&mut save.data, progress, have);
    save.store();
    let mut added = 0usize;
    for (name, text) in &merged.packs {
        let path = dir.join(name);
        let id = name.trim_end_matches(".ron");
        let loaded = crate::level::parse_pack(text, &path.display().to_string(), id).map_err(|e| e.to_string());
        let free = !library.packs.iter().any(|p| p.id == id);
        match loaded.and_then(|pack| files::write(&path, text).map(|()| pack).map_err(|e| e.to_string())) {
            Ok(pack) if free => {
                library.packs.push(pack);
                added += 1;
            }
            Ok(_) => added += 1,
            Err(why) => library.errors.push(crate::level::LoadError {
                file: path.display().to_string(),
                line: None,
                message: why,
            }),
        }
    }
    Text::new("progress-imported").with("solved", merged.solved).with("better", merged.better).with("packs", added)
}
