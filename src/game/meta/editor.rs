//! The level editor in the game ("Create" on the main menu). A draft is edited in
//! [`AppState::Editing`]:
//! * a dissection's pieces are laid on a canvas as in play (the same pieces, placement and
//!   snapping plugins; the canvas is the figure of a level no one solves, so a piece on it is
//!   part of the drawing and the others wait around it);
//! * a polyomino board's cells and an edge puzzle's sides are painted in the UI, which writes
//!   [`DraftChanged`].
//!
//! Every change starts the family's solver on the draft as a [`Job`] (async task, cancel flag,
//! results over a channel); a newer draft moves the job on, so a stale verdict is never shown.
//! Saving finishes the draft ([`crate::content::editor::finish`]) into the player's `mine` pack, written
//! to [`EditorPackFile`]; saved levels reopen, play and delete from the editor's home screen.

use crate::content::analysis::{Analysis, Found};
use crate::content::editor::{PolyDraft, TilesDraft, COUNT_LIMIT, PACK, PACK_NAME};
use crate::content::work::{Ask, Reply, Request};
use crate::game::board::levels::{entries_of, store_user_pack, ActiveLevel, Library, PlayLevel};
use crate::game::board::pieces::{Canvas, Piece, Placed, TargetFigure};
use crate::game::shared::{AppState, Frames};
use crate::game::shared::{PiecePlaced, PlacementSet};
use crate::game::solver::job::Job;
use crate::level::{pack_of, Entry, Level};
use crate::pieces::{PieceSet, Placement};
use crate::support::i18n::Text;
use bevy::prelude::*;
use std::path::PathBuf;

/// Where the player's own levels are saved (`<data dir>/levels/mine.ron`; tests set it).
#[derive(Resource, Clone, Debug)]
pub struct EditorPackFile(pub PathBuf);

/// What is being edited.
#[derive(Clone, Debug, PartialEq)]
pub enum Draft {
    /// Pieces of a set laid on the canvas (they are the board's piece entities).
    Pieces(PieceSet),
    Poly(PolyDraft),
    Edge(TilesDraft),
}

/// The live verdict on the draft.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Verdict {
    /// Nothing to judge yet, and why ("Place pieces on the canvas…").
    #[default]
    Waiting,
    Refused(Text),
    /// The solver is counting the current draft.
    Thinking,
    Done(Analysis),
}

/// The editor's words that say what to do next, not what went wrong (shown plainly, not in
/// the colour of an error).
const GUIDANCE: [&str; 4] = ["editor-no-pieces", "editor-use-all", "editor-no-parts", "editor-no-cells"];

impl Verdict {
    /// Whether the verdict is an instruction (the draft is not a level yet) rather than an error.
    pub fn is_guidance(&self) -> bool {
        matches!(self, Verdict::Refused(why) if GUIDANCE.contains(&why.id))
    }

    /// The verdict in words, as the editor shows it.
    pub fn text(&self, tr: &crate::support::i18n::Tr) -> String {
        match self {
            Verdict::Waiting => String::new(),
            Verdict::Refused(why) => tr.text(why),
            Verdict::Thinking => tr.s("editor-solving"),
            Verdict::Done(a) => {
                let (id, n) = match a.found() {
                    Found::Unsolvable => ("verdict-unsolvable", 0),
                    Found::NotFound { nodes } => ("verdict-not-found", nodes),
                    Found::Unique => ("verdict-unique", 1),
                    Found::MoreThan(n) => ("verdict-more", n),
                    Found::Exactly(n) => ("verdict-count", n),
                    Found::AtLeast(n) => ("verdict-at-least", n),
                    Found::Scored { score, max } => {
                        return tr.f("verdict-scored", &[("n", score.into()), ("max", max.into())]);
                    }
                };
                let verdict = tr.f(id, &[("n", n.into())]);
                match a.difficulty() {
                    Some(d) => tr.f("verdict-difficulty", &[("verdict", verdict.into()), ("difficulty", d.into())]),
                    None => verdict,
                }
            }
        }
    }
}

/// What the last save, delete or import did, and whether it went well.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    pub good: bool,
    pub text: Text,
}

impl Status {
    pub fn good(text: Text) -> Option<Status> {
        Some(Status { good: true, text })
    }
    pub fn bad(text: Text) -> Option<Status> {
        Some(Status { good: false, text })
    }
    /// A failure the core explained.
    pub fn error(why: impl Into<String>) -> Option<Status> {
        Status::bad(words(why.into()))
    }
}

/// The core's editor messages as the catalogue's; any other (a file's error, in English) as it is.
pub fn words(why: String) -> Text {
    use crate::content::editor::{NO_CELLS, NO_PARTS, NO_PIECES, OVERLAP, UNSOLVED, USE_ALL};
    let known = [
        (NO_PIECES, "editor-no-pieces"),
        (USE_ALL, "editor-use-all"),
        (OVERLAP, "editor-overlap"),
        (NO_PARTS, "editor-no-parts"),
        (NO_CELLS, "editor-no-cells"),
        (UNSOLVED, "editor-unsolved"),
    ];
    match known.iter().find(|(said, _)| *said == why) {
        Some((_, id)) => Text::new(id),
        None => Text::new("error").with("why", why),
    }
}

/// The editor's state: the draft, its name, the saved level it replaces, and its verdict.
#[derive(Resource, Default)]
pub struct Editor {
    pub draft: Option<Draft>,
    pub name: String,
    /// The id of the saved level being edited (saving replaces it).
    pub editing: Option<String>,
    /// Dissections: the level uses every piece of the set (else only those on the canvas).
    pub whole_set: bool,
    /// Dissections: where the pieces go when the canvas is laid out (a reopened level's
    /// arrangement, or the pieces as they were before a playtest).
    pub start: Vec<Placement>,
    pub verdict: Verdict,
    /// The draft's entry that the verdict is for.
    pub entry: Option<Entry>,
    /// What the last save, delete or import did.
    pub status: Option<Status>,
    job: Job<Result<Analysis, String>>,
}

/// The draft changed in the UI (a painted cell or side, a picked part, a size): judge it again.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct DraftChanged;

/// Open the editor on a new draft, on a saved level of the player's pack, or on an SVG file.
#[derive(Message, Clone, Debug)]
pub enum EditRequest {
    /// A dissection of a built-in set (`tangram`, `tpuzzle`, `egg`, …).
    Pieces(String),
    /// A board for a built-in part set (`pentominoes`, `soma`, …).
    Poly(String),
    /// Edge-matching tiles.
    Edge,
    /// The level `PACK/ID`: a level of the player's pack is edited in place, any other as a
    /// new level that starts as a copy.
    Level(String),
    /// A drawing of a set's pieces: (file, set).
    Svg(PathBuf, String),
}

/// Save the draft; then play it when `playtest`.
#[derive(Message, Clone, Copy, Debug)]
pub struct SaveDraft {
    pub playtest: bool,
}

/// Delete a saved level of the player's pack.
#[derive(Message, Clone, Debug)]
pub struct DeleteLevel(pub String);

pub struct EditorPlugin;

impl Plugin for EditorPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<EditorPackFile>() {
            app.insert_resource(EditorPackFile(crate::support::paths::user_levels_dir().join("mine.ron")));
        }
        app.init_resource::<Editor>()
            .init_resource::<Frames>()
            .add_message::<DraftChanged>()
            .add_message::<EditRequest>()
            .add_message::<SaveDraft>()
            .add_message::<DeleteLevel>()
            .add_systems(
                OnEnter(AppState::Editing),
                (lay_canvas, crate::game::board::pieces::spawn_board, mark_canvas, place_start, judge_on_entry).chain(),
            )
            .add_systems(OnExit(AppState::Editing), leave)
            .add_systems(
                Update,
                (
                    open,
                    delete,
                    (judge_draft, receive).chain().after(PlacementSet).run_if(in_state(AppState::Editing)),
                    save.after(receive),
                ),
            );
    }
}

/// A pack-of-one level from a draft's entry (the verdict's and the canvas's).
fn draft_level(entry: &Entry) -> Result<Level, String> {
    let mut e = entry.clone();
    if e.id.is_empty() {
        e.id = "draft".into();
        e.name = "Draft".into();
    }
    pack_of("Draft", vec![e], "the draft", "draft").map(|mut p| p.levels.remove(0)).map_err(|e| e.message)
}

/// Opens the editor on what was asked for.
fn open(
    mut requests: MessageReader<EditRequest>,
    mut editor: ResMut<Editor>,
    library: Res<Library>,
    mut next: ResMut<NextState<AppState>>,
) {
    for r in requests.read() {
        let opened = match r {
            EditRequest::Pieces(set) => {
                PieceSet::builtin(set).map(|s| (Draft::Pieces(s), Vec::new())).ok_or(format!("unknown set `{set}`"))
            }
            EditRequest::Poly(set) => PolyDraft::new(set, [6, 5, 3]).map(|d| (Draft::Poly(d), Vec::new())),
            EditRequest::Edge => TilesDraft::generate(4, 4, 4, false, 1).map(|d| (Draft::Edge(d), Vec::new())),
            EditRequest::Level(key) => library
                .find(key)
                .map(|(p, l)| &library.packs[p].levels[l])
                .ok_or(format!("no level `{key}`"))
                .and_then(reopen),
            EditRequest::Svg(file, set) => import(file, set),
        };
        match opened {
            Ok((draft, start)) => {
                let (name, editing) = match r {
                    EditRequest::Level(key) => {
                        let name = library.find(key).map(|(p, l)| library.packs[p].levels[l].name.clone());
                        let own = key.strip_prefix(PACK).and_then(|k| k.strip_prefix('/')).map(String::from);
                        (name.unwrap_or_default(), own)
                    }
                    EditRequest::Svg(file, _) => {
                        (file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(), None)
                    }
                    _ => (String::new(), None),
                };
                editor.job.stop();
                *editor = Editor { draft: Some(draft), name, editing, whole_set: true, start, ..Editor::default() };
                next.set(AppState::Editing);
            }
            Err(e) => editor.status = Status::error(e),
        }
    }
}

/// A saved level as a draft again.
fn reopen(level: &Level) -> Result<(Draft, Vec<Placement>), String> {
    // A grid level is a painted board or painted tiles; any other is pieces on a canvas, which
    // start where the reference solution has them.
    let grid = level.cells().drawn_as_cells();
    // The editor paints no colours: a level of painted cells would lose them.
    if level.offers().painted.is_some() {
        return Err(format!("`{}` has painted cells, which the editor cannot paint", level.name));
    }
    let draft = match grid {
        true => PolyDraft::of(level).map(Draft::Poly).or_else(|| TilesDraft::of(level).map(Draft::Edge)),
        false => Some(Draft::Pieces(level.set.clone())),
    };
    let start = if grid { Vec::new() } else { level.solution.clone() };
    draft.map(|d| (d, start)).ok_or_else(|| format!("`{}` cannot be read back into the editor", level.name))
}

/// An SVG drawing of a set's pieces, laid on the canvas as drawn.
fn import(file: &std::path::Path, set: &str) -> Result<(Draft, Vec<Placement>), String> {
    let set = PieceSet::builtin(set).ok_or(format!("unknown set `{set}`"))?;
    let data = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let entry =
        crate::content::import::import_svg(&data, &set, "drawing").map_err(|e| format!("{}: {e}", file.display()))?;
    Ok((Draft::Pieces(set), entry.solution))
}

/// A dissection draft gets its canvas as the active level (the pieces plugin lays it out);
/// the painted families have none.
fn lay_canvas(editor: Res<Editor>, mut commands: Commands, time: Res<Time>) {
    let Some(Draft::Pieces(set)) = &editor.draft else {
        commands.remove_resource::<ActiveLevel>();
        return;
    };
    match draft_level(&crate::content::editor::canvas(set)) {
        Ok(level) => commands.insert_resource(ActiveLevel {
            pack: usize::MAX,
            index: 0,
            key: "editor/canvas".into(),
            level,
            started: time.elapsed_secs(),
            clock_held: false,
            moves: 0,
            hinted: false,
        }),
        Err(_) => commands.remove_resource::<ActiveLevel>(),
    }
}

fn mark_canvas(editor: Res<Editor>, targets: Query<Entity, With<TargetFigure>>, mut commands: Commands) {
    if let Some(Draft::Pieces(_)) = editor.draft {
        for e in &targets {
            commands.entity(e).insert(Canvas);
        }
    }
}

/// A reopened or imported level's pieces go where the level has them, centred on the canvas.
fn place_start(editor: Res<Editor>, active: Option<Res<ActiveLevel>>, mut pieces: Query<(&Piece, &mut Placed)>) {
    let Some(active) = active.filter(|_| !editor.start.is_empty()) else { return };
    // Centre the arrangement's bounding box on the canvas (by whole units, which keeps it on
    // its lattice).
    let b = active
        .level
        .place(&editor.start)
        .iter()
        .flatten()
        .flat_map(|r| crate::geom::ring::ring_edges(r))
        .fold(crate::geom::BBox::EMPTY, |b, e| b.union(e.bbox(1e-9)));
    let (cx, cy) = (b.center().x, b.center().y);
    for (piece, mut placed) in &mut pieces {
        if let Some(p) = editor.start.iter().find(|p| p.piece == piece.0) {
            placed.0 = Placement { at: (p.at.0 - cx.round(), p.at.1 - cy.round()), ..*p };
        }
    }
}

fn judge_on_entry(mut changed: MessageWriter<DraftChanged>) {
    changed.write(DraftChanged);
}

/// Leaving the canvas keeps the pieces where they are for when it comes back (after a
/// playtest), and stops the solver.
fn leave(mut editor: ResMut<Editor>, pieces: Query<&Placed, With<Piece>>, active: Option<Res<ActiveLevel>>) {
    editor.job.stop();
    if let (Some(Draft::Pieces(_)), Some(active)) = (&editor.draft, active) {
        editor.start = pieces.iter().map(|p| p.0).filter(|p| active.level.on_board(p)).collect();
    }
}

/// The draft's level entry: for a dissection, the pieces on the canvas.
fn draft_entry(
    editor: &Editor,
    pieces: &Query<&Placed, With<Piece>>,
    active: Option<&ActiveLevel>,
) -> Result<Entry, String> {
    match editor.draft.as_ref().ok_or("Nothing is being edited.")? {
        Draft::Pieces(set) => {
            let canvas = active.ok_or("The canvas is not laid out.")?;
            let placed: Vec<Placement> = pieces.iter().map(|p| p.0).filter(|p| canvas.level.on_board(p)).collect();
            if editor.whole_set && !placed.is_empty() && !crate::content::editor::every_piece_laid(set, &placed) {
                return Err(crate::content::editor::USE_ALL.into());
            }
            crate::content::editor::dissection(set, &placed, editor.whole_set)
        }
        Draft::Poly(d) => d.entry(),
        Draft::Edge(d) => d.entry(),
    }
}

/// Any change to the draft starts the solver on it; the previous search is stopped and its
/// answer will be dropped.
fn judge_draft(
    mut placed: MessageReader<PiecePlaced>,
    mut changed: MessageReader<DraftChanged>,
    mut editor: ResMut<Editor>,
    pieces: Query<&Placed, With<Piece>>,
    active: Option<Res<ActiveLevel>>,
) {
    if placed.read().count() + changed.read().count() == 0 {
        return;
    }
    let entry = draft_entry(&editor, &pieces, active.as_deref());
    editor.job.stop();
    match entry.and_then(|e| draft_level(&e).map(|l| (e, l))) {
        Ok((entry, level)) => {
            editor.entry = Some(entry);
            editor.verdict = Verdict::Thinking;
            editor.job.run(Request::new(level, Ask::Analyse(COUNT_LIMIT)), |reply| match reply {
                Reply::Analysis(a) => Some(Ok(a)),
                Reply::Failed(why) => Some(Err(why)),
                _ => None,
            });
        }
        Err(why) => {
            editor.entry = None;
            editor.verdict = Verdict::Refused(words(why));
        }
    }
}

fn receive(mut editor: ResMut<Editor>, mut frames: ResMut<Frames>) {
    if editor.job.running() {
        // The verdict is awaited: the frame it arrives in is wanted.
        frames.ask();
    }
    if let Some(a) = editor.job.drain().pop() {
        editor.job.finished();
        editor.verdict = match a {
            Ok(a) => Verdict::Done(a),
            Err(why) => Verdict::Refused(words(why)),
        };
    }
}

/// Saves the judged draft into the player's pack (in place of the level it edits), and plays
/// it when asked.
fn save(
    mut requests: MessageReader<SaveDraft>,
    mut editor: ResMut<Editor>,
    mut library: ResMut<Library>,
    file: Res<EditorPackFile>,
    mut play: MessageWriter<PlayLevel>,
) {
    let Some(&SaveDraft { playtest }) = requests.read().last() else { return };
    let (Some(entry), Verdict::Done(analysis)) = (editor.entry.clone(), editor.verdict.clone()) else {
        editor.status = Status::bad(Text::new("editor-wait"));
        return;
    };
    let mut entries = entries_of(&library, PACK);
    let editing = editor.editing.clone();
    let taken: Vec<&str> = entries.iter().map(|e| e.id.as_str()).filter(|id| Some(*id) != editing.as_deref()).collect();
    let done = match crate::content::editor::finish(entry, &editor.name, &analysis, &taken) {
        Ok(e) => e,
        Err(e) => {
            editor.status = Status::error(e);
            return;
        }
    };
    let id = done.id.clone();
    crate::content::editor::put(&mut entries, done, editing.as_deref());
    match store_user_pack(&mut library, &file.0, PACK, PACK_NAME, entries) {
        Ok(warning) => {
            editor.editing = Some(id.clone());
            editor.status = match warning {
                Some(w) => Status::error(w),
                None => Status::good(Text::new("editor-saved").with("id", format!("{PACK}/{id}"))),
            };
            if let (true, Some((pack, level))) = (playtest, library.find(&format!("{PACK}/{id}"))) {
                play.write(PlayLevel { pack, level });
            }
        }
        Err(e) => editor.status = Status::error(e),
    }
}

fn delete(
    mut requests: MessageReader<DeleteLevel>,
    mut editor: ResMut<Editor>,
    mut library: ResMut<Library>,
    file: Res<EditorPackFile>,
) {
    for DeleteLevel(id) in requests.read() {
        let mut entries = entries_of(&library, PACK);
        let before = entries.len();
        entries.retain(|e| &e.id != id);
        if entries.len() == before {
            continue;
        }
        editor.status = match store_user_pack(&mut library, &file.0, PACK, PACK_NAME, entries) {
            Ok(None) => Status::good(Text::new("editor-deleted").with("id", format!("{PACK}/{id}"))),
            Ok(Some(w)) | Err(w) => Status::error(w),
        };
        if editor.editing.as_deref() == Some(id) {
            editor.editing = None;
        }
    }
}
