//! Polycube pieces handled in the box, seen in 3D (the game's view casts the rays).
//!
//! - A press on a piece's cube picks that piece; dragging slides it across the plane of the
//!   face it was picked by (a top face slides it over the floor, a side face up and down the
//!   wall), a whole cell at a time. A tap on the selected piece turns it a quarter turn about
//!   the axis of the face tapped.
//! - With a piece from the tray selected, a press on an empty cell (or the floor) puts it in the
//!   box there; `Place` puts it at the first free place, or sends a piece in the box back to
//!   the tray.
//! - Steps move it across the floor as the player sees it, lifts a layer up or down; turns
//!   about the vertical, tips away and rolls about the axis pointing away from the eye.
//!
//! A move that would take a piece out of the box or into another is refused: the piece stays,
//! and the [`Refusal`] says where it would have gone and why. Every finished move is one undo
//! step and a judged board.

use super::{commit, Event, Hand, History, Snapshot, Table, TAP_TRAVEL};
use crate::family::Solid;
use crate::geom::Pt;
use crate::pieces::Placement;
use crate::polyform::space::{self, Attempt, Blocked, Ray};
use crate::polyform::Cell;

/// A move the rules refused, shown until the next move.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub piece: usize,
    /// Where the piece would have gone.
    pub cells: Vec<Cell>,
    pub why: Blocked,
    /// When (seconds since start).
    pub at: f64,
}

/// How the player sees the box: the layers shown (those below `slice`, all without one) and
/// the floor's axes as seen (right, and away from the eye).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sight {
    pub slice: Option<i32>,
    pub right: Cell,
    pub ahead: Cell,
}

impl Sight {
    fn shows(&self, z: i32) -> bool {
        self.slice.is_none_or(|k| z < k)
    }
}

/// What the player does in the box: the pointer's inputs carry the board point (for the tap's
/// travel) and the ray through it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    Press(Pt, Ray),
    Drag(Pt, Ray),
    Release,
    Cancel,
    /// Quarter turns about the vertical.
    Rotate(i32),
    /// Tip away (about the floor's axis to the right as seen).
    Flip,
    /// Roll about the floor's axis away from the eye.
    Roll(i32),
    /// A cell across the floor, as seen (x right, y away).
    Step(i32, i32),
    /// A layer up (+1) or down.
    Lift(i32),
    /// Into the box at the first free place, or back to the tray.
    Place,
    /// Select the next (+1) or previous (-1) piece by number.
    FocusNext(i32),
    /// Anything else the player does (asking for a hint, say): it puts the last refusal away.
    Other,
}

/// A piece held in the box.
#[derive(Clone, Debug)]
pub(crate) struct Held {
    id: usize,
    /// The axis of the face it was picked by, and the point picked on it.
    axis: usize,
    from: [f64; 3],
    start: Placement,
    shift: Cell,
    before: Snapshot,
    press: Pt,
    moved: bool,
    was_selected: bool,
}

/// What a press in the box started, for the game's view: nothing met (the view turns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    Piece,
    Room,
    Nothing,
}

/// One input in the box acted on. `refusal` is the refusal on show, put away by the next move
/// and replaced by a new one; `now` stamps it. The answer: the events, and what a press met.
pub fn act(
    hand: &mut Hand,
    history: &mut History,
    table: &mut Table,
    refusal: &mut Option<Refusal>,
    sight: Sight,
    input: Input,
    now: f64,
) -> (Vec<Event>, Pressed) {
    let Some(solid) = table.level.solid() else { return (Vec::new(), Pressed::Nothing) };
    // Owned, so the table can be changed while the board is read.
    let (board, parts) = (solid.board.clone(), solid.parts.to_vec());
    let poly = Solid { board: &board, parts: &parts };
    // The player's next move puts the last refusal away (a release does not).
    if input != Input::Release {
        *refusal = None;
    }
    let mut play = Play { hand, history, table, poly, refusal, sight, now, events: Vec::new() };
    let pressed = play.act(input);
    (play.events, pressed)
}

struct Play<'p, 'a> {
    hand: &'p mut Hand,
    history: &'p mut History,
    table: &'p mut Table<'a>,
    poly: Solid<'p>,
    refusal: &'p mut Option<Refusal>,
    sight: Sight,
    now: f64,
    events: Vec<Event>,
}

impl Play<'_, '_> {
    fn act(&mut self, input: Input) -> Pressed {
        let chosen = self.hand.selected.filter(|&id| self.table.slot(id).is_some());
        match input {
            Input::Press(_, _) if self.hand.held => Pressed::Nothing,
            Input::Press(q, ray) => self.press(q, &ray, chosen),
            Input::Drag(q, ray) => {
                self.drag(q, &ray);
                Pressed::Nothing
            }
            Input::Release | Input::Cancel => {
                self.release(input == Input::Cancel);
                Pressed::Nothing
            }
            Input::Rotate(_) | Input::Flip | Input::Roll(_) | Input::Step(..) | Input::Lift(_) => {
                if let Some(id) = chosen {
                    let to = if self.cells(id).is_none() { self.in_tray(id, input) } else { self.in_box(id, input) };
                    self.change(id, to);
                }
                Pressed::Nothing
            }
            Input::Place => {
                if let Some(id) = chosen {
                    let to = match self.cells(id) {
                        Some(_) => self.table.start.get(id).copied(),
                        None => self.enter(id, None),
                    };
                    self.change(id, to);
                }
                Pressed::Nothing
            }
            Input::FocusNext(d) => {
                // The focus selects the next piece (the 3D view lights it).
                let n = self.table.pieces.len() as i32;
                let from = chosen.map_or(if d > 0 { -1 } else { 0 }, |id| id as i32);
                let next = (from + d).rem_euclid(n.max(1)) as usize;
                if self.table.slot(next).is_some() {
                    self.hand.selected = Some(next);
                    self.events.push(Event::Focus { at: self.table.centre(next), chose: true });
                }
                Pressed::Nothing
            }
            Input::Other => Pressed::Nothing,
        }
    }

    /// Piece `id`'s cells when it lies in the box.
    fn cells(&self, id: usize) -> Option<Vec<Cell>> {
        let p = self.table.at(id);
        space::in_box(self.poly.board, &self.poly.parts.get(p.piece)?.cells, &p)
    }

    /// The cells of every piece in the box but `except`: what a move must keep clear of.
    fn others(&self, except: Option<usize>) -> Vec<(usize, Vec<Cell>)> {
        let ids: Vec<usize> = self.table.pieces.iter().map(|s| s.id).filter(|&id| Some(id) != except).collect();
        ids.into_iter().filter_map(|id| self.cells(id).map(|c| (self.table.at(id).piece, c))).collect()
    }

    /// The outcome of an attempt: the new placement, or the refusal shown. The family has the
    /// last word ([`crate::family::Family::legal`], which sees every piece).
    fn settle(&mut self, id: usize, (cells, out): Attempt) -> Option<Placement> {
        let from = self.table.at(id);
        match out {
            Ok(to) if self.table.level.legal(&from, &to, &self.table.others(id)) => {
                *self.refusal = None;
                Some(to)
            }
            Ok(_) => None,
            Err(why) => {
                *self.refusal = Some(Refusal { piece: from.piece, cells, why, at: self.now });
                None
            }
        }
    }

    fn press(&mut self, q: Pt, ray: &Ray, chosen: Option<usize>) -> Pressed {
        let sight = self.sight;
        let cubes: Vec<(usize, Cell)> = self
            .others(None)
            .into_iter()
            .flat_map(|(k, cs)| cs.into_iter().map(move |c| (k, c)))
            .filter(|(_, c)| sight.shows(c[2]))
            .collect();
        if let Some(hit) = space::pick(ray, cubes) {
            let Some(id) = self.table.pieces.iter().find(|s| s.at.piece == hit.tag).map(|s| s.id) else {
                return Pressed::Nothing;
            };
            self.hand.in_box = Some(Held {
                id,
                axis: hit.axis,
                from: hit.point,
                start: self.table.at(id),
                shift: [0; 3],
                before: self.table.snapshot(),
                press: q,
                moved: false,
                was_selected: self.hand.selected == Some(id),
            });
            self.hand.selected = Some(id);
            self.events.push(Event::Picked(id));
            return Pressed::Piece;
        }
        // A piece from the tray goes into the box at the empty cell pressed.
        let Some(id) = chosen.filter(|&id| self.cells(id).is_none()) else { return Pressed::Nothing };
        let Some(cell) = self.room(ray) else { return Pressed::Nothing };
        let to = self.enter(id, Some(cell));
        self.change(id, to);
        Pressed::Room
    }

    /// The empty cell the ray meets first, or the floor's cell under it.
    fn room(&self, ray: &Ray) -> Option<Cell> {
        let taken: std::collections::HashSet<Cell> = self.others(None).into_iter().flat_map(|(_, c)| c).collect();
        let sight = self.sight;
        let empty = self.poly.board.cells.iter().filter(|c| !taken.contains(*c) && sight.shows(c[2])).map(|&c| (0, c));
        if let Some(hit) = space::pick(ray, empty) {
            return Some(hit.cell);
        }
        let e = self.poly.board.extent();
        let q = ray.meets_plane(2, 0.0)?;
        let c = [q[0].floor() as i32, q[1].floor() as i32, 0];
        ((0..e[0]).contains(&c[0]) && (0..e[1]).contains(&c[1])).then_some(c)
    }

    /// Piece `id` from the tray into the box: at `near`, or the first free place.
    fn enter(&mut self, id: usize, near: Option<Cell>) -> Option<Placement> {
        let p = self.table.at(id);
        let part = &self.poly.parts[p.piece].cells;
        let attempt = space::entry(self.poly.board, part, p.piece, p.rot, near, &self.others(Some(id)));
        self.settle(id, attempt)
    }

    fn drag(&mut self, q: Pt, ray: &Ray) {
        let Some(held) = self.hand.in_box.as_mut() else { return };
        held.moved |= (q - held.press).len() > TAP_TRAVEL;
        let Some(at) = ray.meets_plane(held.axis, held.from[held.axis]) else { return };
        let shift: Cell =
            std::array::from_fn(|a| if a == held.axis { 0 } else { (at[a] - held.from[a]).round() as i32 });
        if !held.moved || shift == held.shift {
            return;
        }
        held.shift = shift;
        let (id, start) = (held.id, held.start);
        let part = &self.poly.parts[start.piece].cells;
        let Some(attempt) = space::moved(self.poly.board, part, &start, shift, &self.others(Some(id))) else { return };
        if let Some(to) = self.settle(id, attempt) {
            self.table.set(id, to);
        }
    }

    fn release(&mut self, cancel: bool) {
        let Some(held) = self.hand.in_box.take() else { return };
        if self.table.slot(held.id).is_none() {
            return;
        }
        let at = self.table.at(held.id);
        if cancel {
            self.table.set(held.id, held.start);
        } else if held.moved {
            if at != held.start {
                commit(self.history, held.before, &mut self.events, Some(held.id), false);
            }
        } else if held.was_selected {
            // A tap on the selected piece turns it about the axis of the face tapped.
            let part = &self.poly.parts[at.piece].cells;
            let attempt = space::turned(self.poly.board, part, &at, held.axis, 1, &self.others(Some(held.id)));
            let to = attempt.and_then(|a| self.settle(held.id, a));
            self.change(held.id, to);
        }
    }

    /// A piece in the tray: turns and tips as drawn, rolls; a step or lift puts it in the box
    /// first.
    fn in_tray(&mut self, id: usize, input: Input) -> Option<Placement> {
        let (shape, p, step) = (self.table.shape(id), self.table.at(id), self.table.step());
        match input {
            Input::Rotate(d) => Some(shape.turned(&p, step, d, false)),
            Input::Flip => Some(shape.turned(&p, step, 0, true)),
            Input::Roll(d) => Some(shape.spun(&p, step, 1, d)),
            _ => self.enter(id, None),
        }
    }

    /// A piece in the box: turns about the vertical and the floor's axes as seen, moves across
    /// the floor as seen and up or down.
    fn in_box(&mut self, id: usize, input: Input) -> Option<Placement> {
        let p = self.table.at(id);
        let (board, part, others) = (self.poly.board, &self.poly.parts[p.piece].cells, self.others(Some(id)));
        let (right, ahead) = (self.sight.right, self.sight.ahead);
        let about = |v: Cell, d: i32| {
            let a = (0..3).find(|&a| v[a] != 0).unwrap_or(0);
            space::turned(board, part, &p, a, d * v[a], &others)
        };
        let attempt = match input {
            Input::Rotate(d) => space::turned(board, part, &p, 2, d, &others),
            Input::Flip => about(right, 1),
            Input::Roll(d) => about(ahead, d),
            Input::Step(x, y) => {
                let d = std::array::from_fn(|a| right[a] * x + ahead[a] * y);
                space::moved(board, part, &p, d, &others)
            }
            Input::Lift(d) => space::moved(board, part, &p, [0, 0, d], &others),
            _ => None,
        };
        attempt.and_then(|a| self.settle(id, a))
    }

    /// A change by key, button or tap: piece `id` to `to`, one move when it moved.
    fn change(&mut self, id: usize, to: Option<Placement>) {
        let Some(to) = to.filter(|&to| to != self.table.at(id)) else { return };
        let before = self.table.snapshot();
        self.table.set(id, to);
        commit(self.history, before, &mut self.events, Some(id), false);
    }
}
