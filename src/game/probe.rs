//! Where things are on screen, for a test that plays the real window with real input.
//!
//! With `TESSERA_PROBE=FILE` in the environment, the game writes FILE (JSON, replaced whole,
//! only when something changed) after each frame: the screen, the level, the rectangles of the
//! widgets the interface names with [`mark`], and each piece's centre on screen with the
//! centre, turn and flip its reference solution gives it; and, from egui's accessibility tree,
//! every widget that takes a click (`widgets`: role, words, rectangle, enabled) and every
//! label's rows as laid out (`labels`), so tests can measure targets and find words cut or
//! broken; and the last touches read and actions made of them (`inputs`), for a test to say
//! what the game read when its input did not do what it asked. Nothing is read back: input still has to arrive through the window. Without the
//! variable nothing is collected or written. In the browser, `?probe=1` in the page's address
//! does the same into the page's global `tesseraProbe`.

use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{Piece, PieceGeom, Placed};
use crate::game::board::verification::{Marks as BoardMarks, Progress};
use crate::game::board::view::View;
use crate::game::meta::save::SaveState;
use crate::game::shared::AppState;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The file to write, when the environment asks for one. In the browser, a page opened with
/// `probe` in its address (`?probe=1`) is asked: the JSON goes to the page's global
/// `tesseraProbe` instead, where the browser test reads it (the path is then only a name).
fn target() -> Option<&'static std::path::PathBuf> {
    static FILE: OnceLock<Option<std::path::PathBuf>> = OnceLock::new();
    FILE.get_or_init(crate::platform::probe::target).as_ref()
}

/// Replaces the probe's output whole: the file (written aside, then moved), or in the
/// browser the page's global.
fn publish(file: &std::path::Path, json: &str) -> bool {
    crate::platform::probe::publish(file, json)
}

/// This frame's named widgets, kept in egui's memory until the probe writes them.
#[derive(Clone, Default)]
struct Marks(BTreeMap<String, [f32; 4]>);

/// Names a widget for the probe (`menu-play`, `level:classic/arrow`, ...); gives the response
/// back, so a button reads `if mark(ui.button(..), "id").clicked()`.
pub fn mark(response: egui::Response, id: impl Into<String>) -> egui::Response {
    if target().is_some() {
        let r = response.rect;
        response.ctx.data_mut(|d| {
            d.get_temp_mut_or_default::<Marks>(egui::Id::NULL)
                .0
                .insert(id.into(), [r.min.x, r.min.y, r.max.x, r.max.y]);
        });
    }
    response
}

/// Marks what a scroll area shows (`scroll:NAME`, its viewport): the widgets it clips are
/// scrolled out of view, not laid off the screen.
pub fn mark_scroll<R>(ctx: &egui::Context, shown: egui::scroll_area::ScrollAreaOutput<R>, name: &str) -> R {
    if target().is_some() {
        let r = shown.inner_rect;
        ctx.data_mut(|d| {
            d.get_temp_mut_or_default::<Marks>(egui::Id::NULL)
                .0
                .insert(format!("scroll:{name}"), [r.min.x, r.min.y, r.max.x, r.max.y]);
        });
    }
    shown.inner
}

pub struct ProbePlugin;

impl Plugin for ProbePlugin {
    fn build(&self, app: &mut App) {
        if target().is_some() {
            app.init_resource::<InputLog>().add_systems(Last, (record, write).chain());
        }
    }
}

/// The last touches the game read and the actions made of them, oldest first, each with its
/// frame's number and time: what a test prints when the page did not do what its input asked.
#[derive(Resource, Default)]
struct InputLog(std::collections::VecDeque<String>);

fn record(
    mut log: ResMut<InputLog>,
    frame: Res<bevy::diagnostic::FrameCount>,
    time: Res<Time<Real>>,
    mut touches: MessageReader<bevy::input::touch::TouchInput>,
    mut actions: MessageReader<crate::game::shared::Action>,
) {
    let at = format!("{} {:.2}", frame.0, time.elapsed_secs());
    let touches =
        touches.read().map(|t| format!("{at} touch {} {:?} {:.0},{:.0}", t.id, t.phase, t.position.x, t.position.y));
    let actions = actions.read().map(|a| format!("{at} {a:?}"));
    log.0.extend(touches.chain(actions));
    let extra = log.0.len().saturating_sub(40);
    log.0.drain(..extra);
}

/// What the probe reads besides the board: the 3D view's turn and rectangle, what a screen
/// reader was told, the pieces' numbers, and the last inputs.
type Extra<'w, 's> = (
    Option<Res<'w, crate::game::space::orbit::Orbit>>,
    Option<Res<'w, crate::game::shared::SolidArea>>,
    Option<Res<'w, crate::game::meta::speech::Said>>,
    Query<'w, 's, &'static Piece>,
    Res<'w, InputLog>,
);

#[allow(clippy::too_many_arguments)]
fn write(
    mut contexts: EguiContexts,
    state: Res<State<AppState>>,
    windows: Query<&Window>,
    view: Res<View>,
    active: Option<Res<ActiveLevel>>,
    progress: Res<Progress>,
    board_marks: Res<BoardMarks>,
    save: Res<SaveState>,
    pieces: Query<(&Piece, &PieceGeom, &Placed)>,
    zoom: Res<crate::game::board::view::Zoom>,
    outputs: Query<&bevy_egui::EguiOutput>,
    hints: Res<crate::game::solver::hints::HintState>,
    markers: Query<&crate::game::solver::hints::HintMarker>,
    selection: Option<Res<crate::game::board::placement::Selection>>,
    extra: Extra,
    mut last: Local<String>,
) {
    let Some(file) = target() else { return };
    let marks = contexts
        .ctx_mut()
        .map(|ctx| {
            // The next pass builds the accessibility tree the widgets are read from.
            ctx.enable_accesskit();
            ctx.data_mut(|d| std::mem::take(&mut d.get_temp_mut_or_default::<Marks>(egui::Id::NULL).0))
        })
        .unwrap_or_default();
    let (widgets, labels) = outputs.iter().next().map(accessible).unwrap_or_default();
    let size = windows.iter().next().map_or([0.0, 0.0], |w| [w.width(), w.height()]);
    let screen = |p: Vec2| {
        let s = view.to_screen(p);
        [s.x, s.y]
    };
    let (drawn, ghosts) = match &active {
        Some(active) => {
            (pieces_drawn(&active.level, &pieces, &screen), ghosts_drawn(&active.level, &pieces, &markers, &screen))
        }
        None => Default::default(),
    };
    let json = serde_json::json!({
        "state": format!("{:?}", state.get()),
        "size": size,
        "language": save.data.settings.language.map(|l| l.tag()),
        "completed": save.data.completed.keys().collect::<Vec<_>>(),
        "level": active.as_ref().map(|a| a.key.clone()),
        "turns": active.as_ref().map(|a| (std::f64::consts::TAU / a.level.set.step()).round() as i32),
        "progress": progress.value,
        "zoom": zoom.factor,
        "solved": progress.solved,
        // A board played for the score: [matched sides, inner sides].
        "score": progress.score,
        "mismatched": board_marks.0.len(),
        // An answer has come (not just "Thinking…"), and what the hint line says.
        "hinted": hints.last.is_some() || hints.message.as_ref().is_some_and(|t| t.id != "hint-thinking"),
        "hint": hints.message.as_ref().map(|t| t.id),
        "marks": marks,
        "widgets": widgets,
        "labels": labels,
        "pieces": drawn,
        // A piece is held by the pointer (pressed and not yet let go).
        "held": selection.as_ref().is_some_and(|s| s.held),

        "ghosts": ghosts,
    });
    let json = with_extra(json, &extra, selection.as_deref(), &screen).to_string();
    if json == *last {
        return;
    }
    if publish(file, &json) {
        *last = json;
    }
}

/// The report's fields on the keyboard, the 3D view and the screen reader: the selected piece's
/// number and whether the keyboard lifted it (Enter), how far a polycube level's view is turned
/// and its rectangle on screen, what a screen reader was told last and how many times.
fn with_extra(
    mut json: serde_json::Value,
    (orbit, solid, said, numbers, inputs): &Extra,
    selection: Option<&crate::game::board::placement::Selection>,
    screen: &impl Fn(Vec2) -> [f32; 2],
) -> serde_json::Value {
    json["selected"] = selection.and_then(|s| s.selected).and_then(|e| numbers.get(e).ok()).map(|p| p.0).into();
    json["lifted"] = selection.is_some_and(|s| s.lifted).into();
    json["yaw"] = orbit.as_ref().map(|o| o.yaw).into();
    json["solid"] = solid
        .as_ref()
        .and_then(|s| s.0)
        .map(|r| {
            let (a, b) = (screen(r.min), screen(r.max));
            vec![a[0].min(b[0]), a[1].min(b[1]), a[0].max(b[0]), a[1].max(b[1])]
        })
        .into();
    json["said"] = said.as_ref().and_then(|s| s.text.as_ref().map(|t| t.id)).into();
    json["said_count"] = said.as_ref().map(|s| s.serial).into();
    json["inputs"] = inputs.0.iter().cloned().collect::<Vec<_>>().into();
    json
}

/// Every piece as drawn: where (in screen pixels), turned and flipped how, where the level's
/// solution puts it, and its colour.
fn pieces_drawn(
    level: &crate::level::Level,
    pieces: &Query<(&Piece, &PieceGeom, &Placed)>,
    screen: &impl Fn(Vec2) -> [f32; 2],
) -> Vec<serde_json::Value> {
    let step = level.set.step();
    let mut list: Vec<_> = pieces.iter().collect();
    list.sort_by_key(|(p, ..)| p.0);
    list.into_iter()
        .map(|(piece, geom, placed)| {
            let goal = level.solution.iter().find(|s| s.piece == piece.0);
            let colour =
                crate::pieces::PALETTE[piece.0 % crate::pieces::PALETTE.len()].map(|c| (c * 255.0).round() as u8);
            serde_json::json!({
                "piece": piece.0,
                "at": screen(placed.world_centroid(geom, step)),
                "rot": placed.0.rot,
                "flip": placed.0.flip,
                "goal": goal.map(|g| screen(Placed(*g).world_centroid(geom, step))),
                "goal_rot": goal.map(|g| g.rot),
                "goal_flip": goal.map(|g| g.flip),
                "colour": colour,
            })
        })
        .collect()
}

/// The hint's ghosts on the board: the piece and where its centre is drawn.
fn ghosts_drawn(
    level: &crate::level::Level,
    pieces: &Query<(&Piece, &PieceGeom, &Placed)>,
    markers: &Query<&crate::game::solver::hints::HintMarker>,
    screen: &impl Fn(Vec2) -> [f32; 2],
) -> Vec<serde_json::Value> {
    let step = level.set.step();
    markers
        .iter()
        .filter_map(|m| match m.kind {
            crate::game::solver::hints::HintKind::Ghost(at) => {
                let (_, geom, _) = pieces.iter().find(|(p, ..)| p.0 == m.piece)?;
                Some(serde_json::json!({ "piece": m.piece, "at": screen(Placed(at).world_centroid(geom, step)) }))
            }
            _ => None,
        })
        .collect()
}

/// From the pass's accessibility tree: the widgets that take a click (role, words, rectangle in
/// logical pixels, enabled), and each label's rows of text as laid out (its words, one string
/// per row, with their rectangles).
pub fn accessible(output: &bevy_egui::EguiOutput) -> (Vec<serde_json::Value>, Vec<serde_json::Value>) {
    use bevy_egui::egui::accesskit::{Action, Role};
    let Some(tree) = &output.platform_output.accesskit_update else { return Default::default() };
    let nodes: std::collections::HashMap<_, _> = tree.nodes.iter().map(|(id, n)| (*id, n)).collect();
    let rect = |n: &bevy_egui::egui::accesskit::Node| n.bounds().map(|b| [b.x0, b.y0, b.x1, b.y1]);
    let mut widgets = Vec::new();
    let mut labels = Vec::new();
    for (_, n) in &tree.nodes {
        if n.supports_action(Action::Click) {
            widgets.push(serde_json::json!({
                "role": format!("{:?}", n.role()),
                "words": n.label().or(n.value()).unwrap_or_default(),
                "rect": rect(n),
                "enabled": !n.is_disabled(),
            }));
        }
        let rows: Vec<_> = n
            .children()
            .iter()
            .filter_map(|c| nodes.get(c))
            .filter(|c| c.role() == Role::TextRun)
            .map(|c| serde_json::json!({ "text": c.value().unwrap_or_default(), "rect": rect(c) }))
            .collect();
        if !rows.is_empty() {
            labels.push(serde_json::json!({ "role": format!("{:?}", n.role()), "rows": rows }));
        }
    }
    (widgets, labels)
}
