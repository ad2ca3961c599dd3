//! Moving pieces: picking up, dragging, dropping with snapping, turning, mirroring, undo and
//! redo. Every completed change writes a [`PiecePlaced`] message for the verification system.

use crate::game::board::input::GamepadFocus;
use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{Piece, PieceGeom, Placed, StartLayout, TargetFigure};
use crate::game::board::view::BoardBounds;
use crate::game::shared::AppState;
use crate::game::shared::{Action, InputSet};
use crate::game::shared::{PiecePicked, PiecePlaced, PlacementSet};
use crate::geom::{BBox, Pt, Vertex};
use crate::pieces::Placement;
use bevy::prelude::*;

/// Every piece's placement, for undo.
pub type Snapshot = Vec<(Entity, Placement)>;

/// The piece under the player's hand, and the last one touched.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    pub selected: Option<Entity>,
    pub held: bool,
    /// The pointer's last press, selection or wheel was over a piece (else over the empty
    /// board, which the wheel zooms and a drag pans: [`crate::game::board::zoom`]).
    pub pointer_on_piece: bool,
    grab: Vec2,
    press: Vec2,
    moved: bool,
    was_selected: bool,
    before: Option<Snapshot>,
    /// The last change was a keyboard step of the selected piece: further steps of it extend
    /// that move (one undo step, one move counted) instead of starting new ones.
    stepping: bool,
}

/// Undo and redo stacks of whole-board snapshots.
#[derive(Resource, Default)]
pub struct History {
    pub undo: Vec<Snapshot>,
    pub redo: Vec<Snapshot>,
}

/// Draw order: last is on top.
#[derive(Resource, Default)]
pub struct Stack(pub Vec<Entity>);

/// How close (board units) a vertex must come to another to snap onto it.
pub const SNAP: f64 = 0.3;
/// Pointer travel (board units) below which a press and release is a tap.
pub const TAP_TRAVEL: f32 = 0.1;
/// Seconds between two taps that make a double tap.
pub const DOUBLE_TAP: f32 = 0.35;
/// Board units an arrow key moves a piece on a figure without a grid (on a grid: a cell).
/// Below [`SNAP`], so that snapping can reach every vertex it would reach under the mouse.
pub const KEY_STEP: f64 = 0.25;

pub struct PlacementPlugin;

impl Plugin for PlacementPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<PiecePlaced>()
            .add_message::<PiecePicked>()
            .init_resource::<Selection>()
            .init_resource::<History>()
            .init_resource::<Stack>()
            .configure_sets(Update, (InputSet, PlacementSet).chain())
            .add_systems(OnEnter(AppState::Playing), reset)
            .add_systems(OnEnter(AppState::Editing), reset)
            .add_systems(Update, handle_actions.in_set(PlacementSet).run_if(crate::game::shared::on_board));
    }
}

/// A new board: no selection, no history; the draw order is rebuilt from the pieces on first use.
fn reset(mut sel: ResMut<Selection>, mut hist: ResMut<History>, mut stack: ResMut<Stack>) {
    *sel = Selection::default();
    *hist = History::default();
    stack.0.clear();
}

/// The figure pieces snap to (not the editor's canvas).
type SnapTargets<'w, 's> = Query<
    'w,
    's,
    &'static PieceGeom,
    (With<TargetFigure>, Without<Piece>, Without<crate::game::board::pieces::Canvas>),
>;

/// Every piece, to move.
pub type PieceQuery<'w, 's> = Query<'w, 's, (Entity, &'static Piece, &'static PieceGeom, &'static mut Placed)>;

/// Every piece's placement now.
pub fn snapshot(pieces: &PieceQuery) -> Snapshot {
    pieces.iter().map(|(e, _, _, p)| (e, p.0)).collect()
}

#[allow(clippy::too_many_arguments)]
fn handle_actions(
    mut actions: MessageReader<Action>,
    mut pieces: PieceQuery,
    target: SnapTargets,
    mut active: Option<ResMut<ActiveLevel>>,
    mut sel: ResMut<Selection>,
    mut hist: ResMut<History>,
    mut stack: ResMut<Stack>,
    layout: Res<StartLayout>,
    mut bounds: ResMut<BoardBounds>,
    mut focus: ResMut<GamepadFocus>,
    time: Res<Time>,
    mut last_tap: Local<Option<(Entity, f32, bool)>>,
    mut placed: MessageWriter<PiecePlaced>,
    mut picked: MessageWriter<PiecePicked>,
) {
    let Some(active) = active.as_mut() else {
        actions.clear();
        return;
    };
    let step = active.level.set.step();
    // The family says whether pieces turn and mirror (a polycube piece tips over instead).
    let caps = active.level.caps();
    let (turns, mirrors) = (caps.turn, caps.mirror || caps.tip);
    // Polycube pieces turn in space by the grip's rules (in the box, about their middle).
    let solid = active.level.solid().is_some();
    if stack.0.is_empty() {
        let mut all: Vec<(usize, Entity)> = pieces.iter().map(|(e, p, ..)| (p.0, e)).collect();
        all.sort();
        stack.0 = all.into_iter().map(|(_, e)| e).collect();
    }
    // The wheel over a piece selects and turns it (over the empty board it zooms).
    let mut all = Vec::new();
    for a in actions.read().copied() {
        match a {
            Action::Wheel(p, d) => {
                sel.pointer_on_piece = piece_at(p, &stack, &pieces, &active.level).is_some();
                if sel.pointer_on_piece {
                    all.extend([Action::Select(p), Action::Rotate(if d > 0.0 { 1 } else { -1 })]);
                }
            }
            a => all.push(a),
        }
    }
    for action in all {
        let stepping = std::mem::take(&mut sel.stepping);
        match action {
            Action::Select(p) => {
                let hit = piece_at(p, &stack, &pieces, &active.level);
                sel.pointer_on_piece = hit.is_some();
                if let Some(e) = hit.filter(|_| !sel.held) {
                    sel.selected = Some(e);
                    stack.0.retain(|&x| x != e);
                    stack.0.push(e);
                }
            }
            Action::Press(p) => {
                let hit = piece_at(p, &stack, &pieces, &active.level);
                sel.pointer_on_piece = hit.is_some();
                match hit {
                    Some(e) => {
                        let (_, _, _, pl) = pieces.get(e).unwrap();
                        sel.was_selected = sel.selected == Some(e);
                        sel.before = Some(snapshot(&pieces));
                        sel.selected = Some(e);
                        sel.held = true;
                        sel.grab = pl.at() - p;
                        sel.press = p;
                        sel.moved = false;
                        stack.0.retain(|&x| x != e);
                        stack.0.push(e);
                        picked.write(PiecePicked(e));
                    }
                    None => {
                        // Pressing empty board keeps the selection (a finger may land beside
                        // the piece to twist it); it only stops holding.
                        sel.held = false;
                        focus.holding = false;
                    }
                }
            }
            Action::Drag(p) => {
                let Some(e) = sel.selected.filter(|_| sel.held) else { continue };
                if (p - sel.press).length() > TAP_TRAVEL {
                    sel.moved = true;
                }
                if sel.moved {
                    let (_, _, g, mut pl) = pieces.get_mut(e).unwrap();
                    let want = p + sel.grab;
                    let c = pl.world_centroid(g, step) - pl.at();
                    let at = (want + c).clamp(bounds.0.min, bounds.0.max) - c;
                    pl.0.at = (at.x as f64, at.y as f64);
                }
            }
            Action::Release(_) | Action::Cancel => {
                let Some(e) = sel.selected.filter(|_| sel.held) else { continue };
                sel.held = false;
                focus.holding = false;
                let before = sel.before.take().unwrap_or_else(|| snapshot(&pieces));
                if action == Action::Cancel && !sel.moved {
                    continue;
                }
                if sel.moved {
                    let snapped = snap_within(e, &mut pieces, &target, step, bounds.0);
                    settle(e, before, &mut pieces, &mut hist, active, &mut placed, snapped);
                } else {
                    // A tap on the selected piece turns it; a second tap soon after mirrors it
                    // instead, taking back the first tap's turn (one move, one undo step).
                    let now = time.elapsed_secs();
                    let first = last_tap.take().filter(|&(t, at, _)| t == e && now - at <= DOUBLE_TAP);
                    let (turn, flip, before) = match first {
                        Some((_, _, true)) => {
                            active.moves = active.moves.saturating_sub(1);
                            (-1, true, hist.undo.pop().unwrap_or(before))
                        }
                        Some((_, _, false)) => (0, true, before),
                        None if sel.was_selected => (1, false, before),
                        None => {
                            // The tap only selected the piece.
                            *last_tap = Some((e, now, false));
                            continue;
                        }
                    };
                    if first.is_none() {
                        *last_tap = Some((e, now, true));
                    }
                    let was = box_of(e, &pieces, step);
                    let (_, _, g, mut pl) = pieces.get_mut(e).unwrap();
                    *pl = pl.turned(g, step, if turns { turn } else { 0 }, flip && mirrors);
                    let snapped = snap_within(e, &mut pieces, &target, step, bounds.0);
                    make_room(e, was, &mut pieces, &target, step, &mut bounds.0);
                    settle(e, before, &mut pieces, &mut hist, active, &mut placed, snapped);
                }
            }
            Action::Flip if !mirrors || solid => {}
            Action::Rotate(_) if !turns || solid => {}
            Action::Rotate(_) | Action::Flip => {
                let Some(e) = sel.selected else { continue };
                let (turn, flip) = if let Action::Rotate(d) = action { (d, false) } else { (0, true) };
                let before = snapshot(&pieces);
                let was = box_of(e, &pieces, step);
                let (_, _, g, mut pl) = pieces.get_mut(e).unwrap();
                *pl = pl.turned(g, step, turn, flip);
                // While held, the drop commits the whole change.
                if !sel.held {
                    let snapped = snap_within(e, &mut pieces, &target, step, bounds.0);
                    make_room(e, was, &mut pieces, &target, step, &mut bounds.0);
                    settle(e, before, &mut pieces, &mut hist, active, &mut placed, snapped);
                }
            }
            Action::Undo | Action::Redo => {
                let undo = action == Action::Undo;
                let Some(snap) = (if undo { hist.undo.pop() } else { hist.redo.pop() }) else { continue };
                let now = snapshot(&pieces);
                if undo {
                    hist.redo.push(now);
                } else {
                    hist.undo.push(now);
                }
                restore(&mut pieces, &snap);
                sel.held = false;
                placed.write(PiecePlaced { piece: None, snapped: false });
            }
            Action::Restart => {
                hist.undo.push(snapshot(&pieces));
                hist.redo.clear();
                for (_, p, _, mut pl) in pieces.iter_mut() {
                    if let Some(start) = layout.0.get(p.0) {
                        pl.0 = *start;
                    }
                }
                *sel = Selection::default();
                placed.write(PiecePlaced { piece: None, snapped: false });
            }
            // The grip selects and moves polycube pieces.
            Action::FocusNext(_) | Action::Step(_) if solid => {}
            Action::FocusNext(d) => {
                // Tab (or a stick click) selects the next piece by number and puts the focus
                // on it; the turn keys and the arrows then work on it.
                if sel.held {
                    continue;
                }
                let mut order: Vec<(usize, Entity, Vec2)> =
                    pieces.iter().map(|(e, p, g, pl)| (p.0, e, pl.world_centroid(g, step))).collect();
                order.sort_by_key(|o| o.0);
                if order.is_empty() {
                    continue;
                }
                let now = sel.selected.and_then(|s| order.iter().position(|o| o.1 == s));
                let next = match now {
                    Some(i) => (i as i32 + d).rem_euclid(order.len() as i32) as usize,
                    None if d > 0 => 0,
                    None => order.len() - 1,
                };
                let (_, e, at) = order[next];
                sel.selected = Some(e);
                stack.0.retain(|&x| x != e);
                stack.0.push(e);
                focus.pos = at;
                focus.active = true;
            }
            Action::Step(v) => {
                // An arrow key: the selected piece moves a cell on a grid, else KEY_STEP and
                // snaps, never back to where it came from. Steps in a row are one move.
                let Some(e) = sel.selected.filter(|_| !sel.held) else { continue };
                let before = snapshot(&pieces);
                let dir = v.as_vec2().normalize_or_zero();
                let len = if caps.grid { 1.0 } else { KEY_STEP as f32 };
                let (_, _, g, mut pl) = pieces.get_mut(e).unwrap();
                let c = pl.world_centroid(g, step) - pl.at();
                let at = (pl.at() + c + dir * len).clamp(bounds.0.min, bounds.0.max) - c;
                pl.0.at = (at.x as f64, at.y as f64);
                let snapped = if caps.grid {
                    // Whole cells: the piece's first vertex on the integer grid.
                    let v0 = pl.world(g, step)[0][0].at;
                    pl.0.at = (pl.0.at.0 + v0.x.round() - v0.x, pl.0.at.1 + v0.y.round() - v0.y);
                    true
                } else {
                    // A snap may not take back more than half the step.
                    let ahead = crate::geom::pt(dir.x as f64, dir.y as f64);
                    snap_piece_where(e, &mut pieces, &target, step, |d| d.dot(ahead) > -KEY_STEP / 2.0)
                };
                let (_, _, g, pl) = pieces.get(e).unwrap();
                focus.pos = pl.world_centroid(g, step);
                if stepping {
                    if legal(e, &before, &pieces, active) {
                        placed.write(PiecePlaced { piece: Some(e), snapped });
                    } else {
                        restore(&mut pieces, &before);
                    }
                } else {
                    settle(e, before, &mut pieces, &mut hist, active, &mut placed, snapped);
                }
                sel.stepping = true;
            }
            // The hints and thinking plugins, the grip (polycube moves) and the orbit (zoom).
            Action::Hint | Action::Watch => {}
            Action::Lift(_) | Action::Roll(_) | Action::Place | Action::Zoom(_) => {}
            Action::Wheel(..) | Action::Pinch { .. } | Action::ZoomBoard(_) | Action::FitBoard => {}
        }
    }
}

/// Records a finished move: the position before it goes on the undo stack, and the judge is
/// told.
pub fn commit(
    hist: &mut History,
    before: Snapshot,
    active: &mut ActiveLevel,
    placed: &mut MessageWriter<PiecePlaced>,
    piece: Option<Entity>,
    snapped: bool,
) {
    hist.undo.push(before);
    hist.redo.clear();
    active.moves += 1;
    placed.write(PiecePlaced { piece, snapped });
}

/// The topmost piece at board point `p`, if any (a polycube piece resting in the tray
/// anywhere within its box, where its picture is drawn).
fn piece_at(p: Vec2, stack: &Stack, pieces: &PieceQuery, level: &crate::level::Level) -> Option<Entity> {
    let (step, tol) = (level.set.step(), level.prepared().target.tol);
    stack.0.iter().rev().copied().find(|&e| {
        pieces.get(e).is_ok_and(|(_, _, g, pl)| {
            if crate::game::board::pieces::resting_in_tray(level, &pl.0) {
                let b = crate::game::board::pieces::bbox_of(&pl.world(g, step));
                return b.contains(crate::geom::pt(p.x as f64, p.y as f64), 0.0);
            }
            // Cheap test first: within reach of the piece's centroid (which lies within the
            // farthest vertex's distance of the local origin).
            let reach = 2.0 * pl.local(g).iter().flatten().map(|v| v.at.len()).fold(0.0, f64::max) as f32;
            pl.world_centroid(g, step).distance(p) <= reach && pl.contains(g, step, tol, p)
        })
    })
}

/// Whether the level's family allows piece `e`'s move from where `before` had it to where it
/// is now ([`crate::family::Family::legal`]).
fn legal(e: Entity, before: &Snapshot, pieces: &PieceQuery, active: &ActiveLevel) -> bool {
    let from = before.iter().find(|(x, _)| *x == e).map(|(_, p)| *p);
    let to = pieces.get(e).ok().map(|(_, _, _, pl)| pl.0);
    match (from, to) {
        (Some(from), Some(to)) => active.level.legal(&from, &to),
        _ => true,
    }
}

/// Ends a move of piece `e`: committed (undo step, a move counted, `PiecePlaced`) when the
/// level's family allows it, else the piece goes back where `before` had it.
fn settle(
    e: Entity,
    before: Snapshot,
    pieces: &mut PieceQuery,
    hist: &mut History,
    active: &mut ActiveLevel,
    placed: &mut MessageWriter<PiecePlaced>,
    snapped: bool,
) {
    if legal(e, &before, pieces, active) {
        commit(hist, before, active, placed, Some(e), snapped);
    } else {
        restore(pieces, &before);
    }
}

fn restore(pieces: &mut PieceQuery, snap: &Snapshot) {
    for &(e, p) in snap {
        if let Ok((_, _, _, mut pl)) = pieces.get_mut(e) {
            pl.0 = p;
        }
    }
}

/// A piece let go of: kept inside the bounds, snapped, and kept inside again (a snap onto a
/// piece at the edge may pull it out). Returns whether it snapped.
fn snap_within(e: Entity, pieces: &mut PieceQuery, target: &SnapTargets<'_, '_>, step: f64, bounds: Rect) -> bool {
    keep_within(e, pieces, bounds, step);
    let snapped = snap_piece(e, pieces, target, step);
    keep_within(e, pieces, bounds, step);
    snapped
}

/// Moves piece `e` by the least shift that brings all of it inside the board's bounds, which
/// the view keeps clear of the bars (a piece dropped or turned half under a bar could not be
/// grabbed again). The board lies inside the bounds, so a piece moved here was off it, and
/// needs no grid. A piece wider or taller than the bounds is centred across them.
fn keep_within(e: Entity, pieces: &mut PieceQuery, bounds: Rect, step: f64) {
    let (_, _, g, pl) = pieces.get(e).unwrap();
    let b = crate::game::board::pieces::bbox_of(&pl.world(g, step));
    let (lo, hi) = (Vec2::new(b.min.x as f32, b.min.y as f32), Vec2::new(b.max.x as f32, b.max.y as f32));
    let axis = |lo: f32, hi: f32, min: f32, max: f32| {
        if hi - lo > max - min {
            (min + max - lo - hi) / 2.0
        } else if lo < min {
            min - lo
        } else if hi > max {
            max - hi
        } else {
            0.0
        }
    };
    let d = Vec2::new(axis(lo.x, hi.x, bounds.min.x, bounds.max.x), axis(lo.y, hi.y, bounds.min.y, bounds.max.y));
    if d != Vec2::ZERO {
        let (_, _, _, mut pl) = pieces.get_mut(e).unwrap();
        pl.0.at = (pl.0.at.0 + f64::from(d.x), pl.0.at.1 + f64::from(d.y));
    }
}

/// Piece `e`'s bounding box on the board.
fn box_of(e: Entity, pieces: &PieceQuery, step: f64) -> BBox {
    let (_, _, g, pl) = pieces.get(e).unwrap();
    crate::game::board::pieces::bbox_of(&pl.world(g, step))
}

/// A piece turned while it waited beside the figure, whose new outline now covers neighbours
/// in the tray, makes room: each of them moves the least way clear of the others
/// ([`crate::content::tray::clear_spot`]), so a turn in the tray never stacks pieces, and the
/// turned piece stays under the pointer for the next turn (unless it reached over the figure,
/// which it steps back from). `was` is its box before the turn.
/// A piece that was over the figure is being placed, and pieces on the figure stay put; boxes
/// that overlapped before the turn are the player's doing, and do not count. Pieces stay
/// within the board's bounds where they can; in a tray with no room left, the bounds grow to
/// take them (and the view draws the board a little smaller).
fn make_room(e: Entity, was: BBox, pieces: &mut PieceQuery, target: &SnapTargets, step: f64, bounds: &mut Rect) {
    use crate::content::tray::{clear_spot, overlap};
    use crate::game::board::pieces::bbox_of;
    // (The editor's canvas is no figure: pieces laid on it stay where they are.)
    let figure = target.iter().map(|t| bbox_of(&t.rings)).fold(BBox::EMPTY, BBox::union);
    if figure.min.x > figure.max.x || overlap(&was, &figure) {
        return;
    }
    // Turned to reach over the figure, the piece itself steps back off it (a small move: it
    // was beside it).
    let pt = |v: Vec2| crate::geom::pt(v.x as f64, v.y as f64);
    let mut now = box_of(e, pieces, step);
    if overlap(&now, &figure) {
        let around = BBox { min: pt(bounds.min) - room_for(&now), max: pt(bounds.max) + room_for(&now) };
        if let Some(d) = clear_spot(now, &[figure], around) {
            let (_, _, _, mut pl) = pieces.get_mut(e).unwrap();
            pl.0.at = (pl.0.at.0 + d.x, pl.0.at.1 + d.y);
            now = BBox { min: now.min + d, max: now.max + d };
            grow(bounds, &now);
        }
    }
    let mut boxes: Vec<(Entity, BBox)> =
        pieces.iter().filter(|(x, ..)| *x != e).map(|(x, _, g, pl)| (x, bbox_of(&pl.world(g, step)))).collect();
    for k in 0..boxes.len() {
        let (x, b) = boxes[k];
        if !overlap(&now, &b) || overlap(&was, &b) || overlap(&b, &figure) {
            continue;
        }
        let mut taken: Vec<BBox> = boxes.iter().filter(|(y, _)| *y != x).map(|(_, o)| *o).collect();
        taken.extend([now, figure].into_iter().filter(|o| o.min.x <= o.max.x));
        let within = BBox { min: pt(bounds.min), max: pt(bounds.max) };
        let wider = BBox { min: within.min - room_for(&b), max: within.max + room_for(&b) };
        let Some(d) = clear_spot(b, &taken, within).or_else(|| clear_spot(b, &taken, wider)) else { continue };
        let (_, _, _, mut pl) = pieces.get_mut(x).unwrap();
        pl.0.at = (pl.0.at.0 + d.x, pl.0.at.1 + d.y);
        let moved = BBox { min: b.min + d, max: b.max + d };
        boxes[k].1 = moved;
        grow(bounds, &moved);
    }
}

/// Room for a box beside the bounds: its larger side and a gap, each way.
fn room_for(b: &BBox) -> crate::geom::Pt {
    crate::geom::pt(1.0, 1.0) * (b.size() + crate::content::tray::GAP)
}

/// The bounds grown to hold box `b`.
fn grow(bounds: &mut Rect, b: &BBox) {
    let corner = |p: crate::geom::Pt| Vec2::new(p.x as f32, p.y as f32);
    *bounds = bounds.union(Rect::from_corners(corner(b.min), corner(b.max)));
}

/// Moves piece `e` where [`crate::pieces::snapping::snap_shift`] says, onto the target and the
/// other pieces, within [`SNAP`]. Returns whether it snapped.
fn snap_piece(e: Entity, pieces: &mut PieceQuery, target: &SnapTargets<'_, '_>, step: f64) -> bool {
    snap_piece_where(e, pieces, target, step, |_| true)
}

/// [`snap_piece`], with only the moves `allow` accepts.
fn snap_piece_where(
    e: Entity,
    pieces: &mut PieceQuery,
    target: &SnapTargets<'_, '_>,
    step: f64,
    allow: impl Fn(Pt) -> bool,
) -> bool {
    let (_, _, g, pl) = pieces.get(e).unwrap();
    let mine = pl.world(g, step);
    let mut others: Vec<Vec<Vec<Vertex>>> = target.iter().map(|t| t.rings.clone()).collect();
    others.extend(pieces.iter().filter(|(x, ..)| *x != e).map(|(_, _, g, pl)| pl.world(g, step)));
    let Some(d) = crate::pieces::snapping::snap_shift(&mine, &others, SNAP, allow) else { return false };
    let (_, _, _, mut pl) = pieces.get_mut(e).unwrap();
    pl.0.at = (pl.0.at.0 + d.x, pl.0.at.1 + d.y);
    true
}
