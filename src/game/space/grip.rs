//! Polycube levels: handling pieces in the 3D view.
//!
//! - A press on a piece's cube picks that piece; dragging slides it across the plane of the face
//!   it was picked by (a top face slides it over the floor, a side face up and down the
//!   wall), a whole cell at a time. A tap on the selected piece turns it a quarter turn about
//!   the axis of the face tapped.
//! - With a piece from the tray selected, a press on an empty cell (or the floor) puts it in
//!   the box there; `Place` (Enter, the gamepad's South) puts it at the first free place, or
//!   sends a piece in the box back to the tray.
//! - Arrow keys and the d-pad step it across the floor as the player sees it, Page Up/Down and
//!   the shoulders lift it a layer; R turns it about the vertical, F tips it away, T rolls it.
//! - A press on empty space turns the view ([`Orbit::drag`]).
//!
//! A move that would take a piece out of the box or into another is refused: the piece stays,
//! and [`Refused`] says where it would have gone and why, which the 3D view draws in red and
//! the HUD words. Every finished move is one undo step and a `PiecePlaced` for the judge.

use crate::family::Solid;
use crate::game::board::input::GamepadFocus;
use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::StartLayout;
use crate::game::board::placement::{commit, snapshot, History, PieceQuery, Selection, Snapshot, TAP_TRAVEL};
use crate::game::shared::Action;
use crate::game::shared::AppState;
use crate::game::shared::{PiecePicked, PiecePlaced, PlacementSet};
use crate::game::space::orbit::Orbit;
use crate::pieces::Placement;
use crate::polyform::space::{self, Attempt, Blocked};
use crate::polyform::Cell;
use bevy::prelude::*;

/// A move the rules refused, shown until the next move.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub piece: usize,
    /// Where the piece would have gone.
    pub cells: Vec<Cell>,
    pub why: Blocked,
    /// When (seconds since start).
    pub at: f32,
}

/// The last refused move, until the player's next move (not for a time: where frames come
/// slowly a timed refusal could vanish before it was ever drawn).
#[derive(Resource, Default, Debug, Clone)]
pub struct Refused(pub Option<Refusal>);

/// A piece held in the 3D view.
#[derive(Clone, Debug)]
struct Held {
    entity: Entity,
    /// The axis of the face it was picked by, and the point picked on it.
    axis: usize,
    from: [f64; 3],
    start: Placement,
    shift: Cell,
    before: Snapshot,
    press: Vec2,
    moved: bool,
    was_selected: bool,
}

/// What a press on the view started.
#[derive(Resource, Default)]
struct Grip {
    held: Option<Held>,
    /// Turning the view: the pointer's last board position.
    orbiting: Option<Vec2>,
}

pub struct GripPlugin;

impl Plugin for GripPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Grip>()
            .init_resource::<Refused>()
            .add_systems(OnEnter(AppState::Playing), reset)
            .add_systems(Update, handle.after(PlacementSet).run_if(in_state(AppState::Playing)));
    }
}

fn reset(mut grip: ResMut<Grip>, mut refused: ResMut<Refused>) {
    *grip = Grip::default();
    refused.0 = None;
}

/// The cells of every piece in the box but `except`: what a move must keep clear of.
fn others(poly: &Solid, pieces: &PieceQuery, except: Option<Entity>) -> Vec<(usize, Vec<Cell>)> {
    pieces
        .iter()
        .filter(|(e, ..)| Some(*e) != except)
        .filter_map(|(_, _, _, pl)| cells(poly, &pl.0).map(|c| (pl.0.piece, c)))
        .collect()
}

/// A piece's cells when it lies in the box.
pub fn cells(poly: &Solid, p: &Placement) -> Option<Vec<Cell>> {
    space::in_box(poly.board, &poly.parts[p.piece].cells, p)
}

/// The cube the pointer's ray meets first among the shown cubes of the pieces in the box
/// (tagged by piece number).
fn pick_piece(poly: &Solid, orbit: &Orbit, pieces: &PieceQuery, ray: &space::Ray) -> Option<space::Hit> {
    let cubes = others(poly, pieces, None)
        .into_iter()
        .flat_map(|(k, cs)| cs.into_iter().map(move |c| (k, c)))
        .filter(|(_, c)| orbit.shows(c[2]));
    space::pick(ray, cubes)
}

/// The empty cell the ray meets first, or the floor's cell under it.
fn pick_room(poly: &Solid, orbit: &Orbit, pieces: &PieceQuery, ray: &space::Ray) -> Option<Cell> {
    let taken: std::collections::HashSet<Cell> = others(poly, pieces, None).into_iter().flat_map(|(_, c)| c).collect();
    let empty = poly.board.cells.iter().filter(|c| !taken.contains(*c) && orbit.shows(c[2])).map(|&c| (0, c));
    if let Some(hit) = space::pick(ray, empty) {
        return Some(hit.cell);
    }
    let e = poly.board.extent();
    let q = ray.meets_plane(2, 0.0)?;
    let c = [q[0].floor() as i32, q[1].floor() as i32, 0];
    ((0..e[0]).contains(&c[0]) && (0..e[1]).contains(&c[1])).then_some(c)
}

#[allow(clippy::too_many_arguments)]
fn handle(
    mut actions: MessageReader<Action>,
    mut pieces: PieceQuery,
    mut active: Option<ResMut<ActiveLevel>>,
    mut sel: ResMut<Selection>,
    mut hist: ResMut<History>,
    mut orbit: ResMut<Orbit>,
    mut grip: ResMut<Grip>,
    mut refused: ResMut<Refused>,
    layout: Res<StartLayout>,
    mut focus: ResMut<GamepadFocus>,
    time: Res<Time>,
    area: Res<crate::game::shared::SolidArea>,
    mut placed: MessageWriter<PiecePlaced>,
    mut picked: MessageWriter<PiecePicked>,
) {
    let Some(active) = active.as_mut().filter(|_| !actions.is_empty()) else {
        actions.clear();
        return;
    };
    let (Some(solid), Some(rect)) = (active.level.solid(), area.0) else {
        actions.clear();
        return;
    };
    // Owned, so the level can change below while the board is read.
    let (board, parts) = (solid.board.clone(), solid.parts.to_vec());
    let poly = Solid { board: &board, parts: &parts };
    let extent = poly.board.extent();
    let step = active.level.set.step();
    let now = time.elapsed_secs();
    // The outcome of an attempt: the new placement, or the refusal shown.
    // The refusal on show, written back once (only if it changed, so the view redraws only then).
    let shown = std::cell::RefCell::new(refused.0.clone());
    let settle = |piece: usize, (cells, out): Attempt| match out {
        Ok(p) => {
            // A move that goes through (a drag that passed a refused place) puts it away.
            *shown.borrow_mut() = None;
            Some(p)
        }
        Err(why) => {
            *shown.borrow_mut() = Some(Refusal { piece, cells, why, at: now });
            None
        }
    };
    let (right, ahead) = orbit.floor_axes();
    for action in actions.read().copied() {
        // The player's next move puts the last refusal away, and so does asking for a hint,
        // whose ghost must not stand beside an old refusal's (a zoom or a look around does not).
        if !matches!(action, Action::Zoom(_) | Action::Watch | Action::Release(_)) {
            *shown.borrow_mut() = None;
        }
        let chosen = sel.selected.and_then(|e| pieces.get(e).ok()).map(|(e, _, g, pl)| (e, g.clone(), *pl));
        // A change by key, button or tap: the new placement of the selected piece, if allowed.
        let mut change: Option<(Entity, Placement)> = None;
        match action {
            Action::Press(p) if rect.contains(p) && !sel.held => {
                let ray = orbit.ray(extent, rect, p);
                if let Some(hit) = pick_piece(&poly, &orbit, &pieces, &ray) {
                    let Some((e, ..)) = pieces.iter().find(|(_, pc, ..)| pc.0 == hit.tag) else { continue };
                    let start = pieces.get(e).map(|(.., pl)| pl.0).expect("found");
                    grip.held = Some(Held {
                        entity: e,
                        axis: hit.axis,
                        from: hit.point,
                        start,
                        shift: [0; 3],
                        before: snapshot(&pieces),
                        press: p,
                        moved: false,
                        was_selected: sel.selected == Some(e),
                    });
                    sel.selected = Some(e);
                    picked.write(PiecePicked(e));
                } else if let Some((e, _, pl)) = chosen.as_ref().filter(|(_, _, pl)| cells(&poly, &pl.0).is_none()) {
                    match pick_room(&poly, &orbit, &pieces, &ray) {
                        Some(cell) => {
                            let part = &poly.parts[pl.0.piece].cells;
                            let attempt = space::entry(
                                poly.board,
                                part,
                                pl.0.piece,
                                pl.0.rot,
                                Some(cell),
                                &others(&poly, &pieces, None),
                            );
                            change = settle(pl.0.piece, attempt).map(|p| (*e, p));
                        }
                        None => grip.orbiting = Some(p),
                    }
                } else {
                    grip.orbiting = Some(p);
                }
            }
            Action::Drag(p) => {
                if let Some(last) = grip.orbiting {
                    orbit.drag(p - last);
                    grip.orbiting = Some(p);
                }
                let Some(held) = grip.held.as_mut() else { continue };
                held.moved |= (p - held.press).length() > TAP_TRAVEL;
                let ray = orbit.ray(extent, rect, p);
                let Some(q) = ray.meets_plane(held.axis, held.from[held.axis]) else { continue };
                let shift: Cell =
                    std::array::from_fn(|a| if a == held.axis { 0 } else { (q[a] - held.from[a]).round() as i32 });
                if !held.moved || shift == held.shift {
                    continue;
                }
                held.shift = shift;
                let part = &poly.parts[held.start.piece].cells;
                let others = others(&poly, &pieces, Some(held.entity));
                let Some(attempt) = space::moved(poly.board, part, &held.start, shift, &others) else { continue };
                if let Some(to) = settle(held.start.piece, attempt) {
                    if let Ok((.., mut pl)) = pieces.get_mut(held.entity) {
                        pl.0 = to;
                    }
                }
            }
            Action::Release(_) | Action::Cancel => {
                grip.orbiting = None;
                let Some(held) = grip.held.take() else { continue };
                let Ok((.., pl)) = pieces.get(held.entity) else { continue };
                let at = pl.0;
                if action == Action::Cancel {
                    if let Ok((.., mut pl)) = pieces.get_mut(held.entity) {
                        pl.0 = held.start;
                    }
                } else if held.moved {
                    if at != held.start {
                        commit(&mut hist, held.before, active, &mut placed, Some(held.entity), false);
                    }
                } else if held.was_selected {
                    // A tap on the selected piece turns it about the axis of the face tapped.
                    let part = &poly.parts[at.piece].cells;
                    let others = others(&poly, &pieces, Some(held.entity));
                    let attempt = space::turned(poly.board, part, &at, held.axis, 1, &others);
                    change = attempt.and_then(|a| settle(at.piece, a)).map(|p| (held.entity, p));
                }
            }
            Action::Rotate(_) | Action::Flip | Action::Roll(_) | Action::Step(_) | Action::Lift(_) => {
                let Some((e, g, pl)) = chosen else { continue };
                let (board, part, piece) = (poly.board, &poly.parts[pl.0.piece].cells, pl.0.piece);
                let others = others(&poly, &pieces, Some(e));
                if cells(&poly, &pl.0).is_none() {
                    // In the tray: R and F turn and tip it as drawn, T rolls it; a move puts
                    // it in the box first.
                    change = match action {
                        Action::Rotate(d) => Some((e, pl.turned(&g, step, d, false).0)),
                        Action::Flip => Some((e, pl.turned(&g, step, 0, true).0)),
                        Action::Roll(d) => Some((e, pl.spun(&g, step, 1, d).0)),
                        _ => settle(piece, space::entry(board, part, piece, pl.0.rot, None, &others)).map(|p| (e, p)),
                    };
                } else {
                    // In the box: turns about the vertical and the floor's axes as seen, moves
                    // across the floor as seen and up or down.
                    let about = |v: Cell, d: i32| {
                        let a = (0..3).find(|&a| v[a] != 0).unwrap_or(0);
                        space::turned(board, part, &pl.0, a, d * v[a], &others)
                    };
                    let attempt = match action {
                        Action::Rotate(d) => space::turned(board, part, &pl.0, 2, d, &others),
                        Action::Flip => about(right, 1),
                        Action::Roll(d) => about(ahead, d),
                        Action::Step(v) => {
                            let d = std::array::from_fn(|a| right[a] * v.x + ahead[a] * v.y);
                            space::moved(board, part, &pl.0, d, &others)
                        }
                        Action::Lift(d) => space::moved(board, part, &pl.0, [0, 0, d], &others),
                        _ => None,
                    };
                    change = attempt.and_then(|a| settle(piece, a)).map(|p| (e, p));
                }
            }
            Action::Place => {
                let Some((e, _, pl)) = chosen else { continue };
                if cells(&poly, &pl.0).is_some() {
                    change = layout.0.get(pl.0.piece).map(|&p| (e, p));
                } else {
                    let part = &poly.parts[pl.0.piece].cells;
                    let attempt =
                        space::entry(poly.board, part, pl.0.piece, pl.0.rot, None, &others(&poly, &pieces, Some(e)));
                    change = settle(pl.0.piece, attempt).map(|p| (e, p));
                }
            }
            Action::FocusNext(d) => {
                // The gamepad's focus selects the next piece (the 3D view lights it).
                let n = pieces.iter().count() as i32;
                let from = chosen.map_or(if d > 0 { -1 } else { 0 }, |(_, _, pl)| pl.0.piece as i32);
                let next = (from + d).rem_euclid(n.max(1)) as usize;
                if let Some((e, _, g, pl)) = pieces.iter().find(|(_, pc, ..)| pc.0 == next) {
                    sel.selected = Some(e);
                    focus.pos = pl.world_centroid(g, step);
                    focus.active = true;
                }
            }
            _ => {}
        }
        if let Some((e, to)) = change {
            let before = snapshot(&pieces);
            if let Ok((.., mut pl)) = pieces.get_mut(e) {
                if pl.0 != to {
                    pl.0 = to;
                    commit(&mut hist, before, active, &mut placed, Some(e), false);
                }
            }
        }
    }
    let shown = shown.into_inner();
    if refused.0 != shown {
        refused.0 = shown;
    }
}
