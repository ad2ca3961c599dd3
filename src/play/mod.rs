//! The rules of play, without Bevy: what the player's hand does to the pieces on a board.
//!
//! The game layer turns mouse, touch, keys and pads into [`Input`]s in board coordinates and
//! hands them to [`act`] with the pieces as they lie ([`Table`]); the rules move the pieces
//! there and answer [`Event`]s (a piece picked up, the board changed and wants judging, the
//! focus moved), which the game turns into its messages. Between inputs the rules remember
//! the [`Hand`] (what is selected or held, the draw order, the last tap) and the [`History`].
//!
//! A flat board (every family but polycubes): a press picks the topmost piece, a drag moves it,
//! the drop snaps it ([`crate::pieces::snapping`]) and keeps it inside the bounds; a tap on the
//! selected piece turns it and a second tap soon after mirrors it instead; turns in the tray
//! make room ([`room`]); arrow steps move it a cell on a grid or [`KEY_STEP`] and snap forward,
//! steps in a row being one move; a move the family refuses ([`crate::family::Family::legal`])
//! goes back. Polycube pieces in the box move by the rules of [`space`].

pub mod room;
pub mod shape;
pub mod space;

use crate::family::Cells;
use crate::geom::{pt, BBox, Pt, Vertex};
use crate::level::Level;
use crate::pieces::Placement;
pub use shape::{bbox_of, Shape};

/// How close (board units) a vertex must come to another to snap onto it.
pub const SNAP: f64 = 0.3;
/// Pointer travel (board units) below which a press and release is a tap.
pub const TAP_TRAVEL: f64 = 0.1;
/// Seconds between two taps that make a double tap.
pub const DOUBLE_TAP: f64 = 0.35;
/// Board units an arrow key moves a piece on a figure without a grid (on a grid: a cell).
/// Below [`SNAP`], so that snapping can reach every vertex it would reach under the mouse.
pub const KEY_STEP: f64 = 0.25;

/// Every piece's placement, by piece number: one undo step.
pub type Snapshot = Vec<(usize, Placement)>;

/// Undo and redo stacks of whole-board snapshots.
#[derive(Clone, Debug, Default)]
pub struct History {
    pub undo: Vec<Snapshot>,
    pub redo: Vec<Snapshot>,
}

/// What the player asks of the selected piece or of the board's history, whatever the device
/// (keys, buttons, a gamepad, two fingers, a hint): the game's messages carry these words to
/// the rules unchanged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Command {
    /// Turn the selected piece this many steps (counter-clockwise positive).
    Rotate(i32),
    /// Mirror the selected piece (tip it, for a polycube piece).
    Flip,
    Undo,
    Redo,
    Restart,
    /// Select the next (+1) or previous (-1) piece by number.
    FocusNext(i32),
    /// The keyboard's Escape: the lifted piece goes back where it was picked up.
    PutBack,
    /// The hint's last step: this piece goes to this placement, as one move of the player's
    /// (undone like any other).
    Put(Placement),
}

/// What the player does, in board coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    /// Pointer down (picks up the piece there).
    Press(Pt),
    /// Pointer moved while down.
    Drag(Pt),
    /// Pointer up (drops the held piece; without travel, a tap).
    Release(Pt),
    /// Let go of the held piece without it counting as a tap (a second finger came down).
    Cancel,
    /// Select the piece at a point, if there is one and nothing is held.
    Select(Pt),
    /// The wheel, this many clicks: over a piece it selects and turns it a step either way.
    Wheel(Pt, f64),
    /// Step the selected piece in a direction (x right, y up).
    Step(i32, i32),
    /// The keyboard's Enter: pick up the selected piece (its steps then make one move, judged
    /// when it is put down), or put the lifted piece down.
    Lift,
    Do(Command),
}

/// What the rules answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// A piece was picked up.
    Picked(usize),
    /// The board changed (`piece`: the piece that moved, if one did): judge it. `counted`: a
    /// move of the player's, one more on the move count (undo, redo and a step that extends
    /// the last move are not).
    Placed { piece: Option<usize>, snapped: bool, counted: bool },
    /// The last counted move was taken back into the next one (a double tap's mirror replaces
    /// its first tap's turn).
    Uncounted,
    /// The keyboard and gamepad focus moved to this point (`chose`: it chose a piece).
    Focus { at: Pt, chose: bool },
    /// The hand holds nothing any more.
    LetGo,
}

/// What the hand remembers between inputs.
#[derive(Clone, Debug, Default)]
pub struct Hand {
    pub selected: Option<usize>,
    /// The selected piece is held (pointer down on it).
    pub held: bool,
    /// The pointer's last press, selection or wheel was over a piece (else over the empty
    /// board, which the game's view zooms and pans).
    pub pointer_on_piece: bool,
    /// Draw order by piece number: last is on top.
    pub stack: Vec<usize>,
    grab: Pt,
    press: Pt,
    moved: bool,
    was_selected: bool,
    before: Option<Snapshot>,
    /// The last change was a step of the selected piece: further steps of it extend that move
    /// (one undo step, one move counted) instead of starting new ones.
    stepping: bool,
    /// The last tap: piece, time, and whether it turned the piece.
    last_tap: Option<(usize, f64, bool)>,
    /// A polycube piece held in the box ([`space`]).
    pub(crate) in_box: Option<space::Held>,
    /// A piece lifted by the keyboard ([`Input::Lift`]): the board as it was then.
    pub lifted: Option<Snapshot>,
}

/// One piece on the board.
#[derive(Clone, Copy, Debug)]
pub struct Slot<'a> {
    /// Its number in the level's piece set.
    pub id: usize,
    pub shape: Shape<'a>,
    pub at: Placement,
}

/// The board as the rules see it while they act.
pub struct Table<'a> {
    pub level: &'a Level,
    pub pieces: Vec<Slot<'a>>,
    /// The figure pieces snap to (none on the editor's canvas).
    pub figure: Option<&'a [Vec<Vertex>]>,
    /// Where each piece starts, by piece number (for Restart).
    pub start: &'a [Placement],
    /// Where pieces may lie; a turn in a full tray may grow them.
    pub bounds: BBox,
}

impl<'a> Table<'a> {
    /// The slot of piece `id`.
    pub fn slot(&self, id: usize) -> Option<usize> {
        self.pieces.iter().position(|s| s.id == id)
    }

    /// Piece `id`'s placement (it must be on the table).
    pub fn at(&self, id: usize) -> Placement {
        self.pieces[self.slot(id).expect("a piece on the table")].at
    }

    fn set(&mut self, id: usize, p: Placement) {
        if let Some(k) = self.slot(id) {
            self.pieces[k].at = p;
        }
    }

    fn shift(&mut self, id: usize, d: Pt) {
        let mut p = self.at(id);
        p.at = (p.at.0 + d.x, p.at.1 + d.y);
        self.set(id, p);
    }

    fn shape(&self, id: usize) -> Shape<'a> {
        self.pieces[self.slot(id).expect("a piece on the table")].shape
    }

    fn step(&self) -> f64 {
        self.level.set.step()
    }

    /// Every piece's placement now.
    pub fn snapshot(&self) -> Snapshot {
        self.pieces.iter().map(|s| (s.id, s.at)).collect()
    }

    /// Every piece back where the snapshot has it.
    pub fn restore(&mut self, snap: &Snapshot) {
        for &(id, p) in snap {
            self.set(id, p);
        }
    }

    /// Piece `id`'s rings on the board.
    pub fn world(&self, id: usize) -> Vec<Vec<Vertex>> {
        self.shape(id).world(&self.at(id), self.step())
    }

    /// Piece `id`'s turning point on the board.
    pub fn centre(&self, id: usize) -> Pt {
        self.shape(id).centre(&self.at(id), self.step())
    }

    fn bbox(&self, id: usize) -> BBox {
        bbox_of(&self.world(id))
    }

    /// The topmost piece (in `stack` order) at a board point: a polycube piece resting in the
    /// tray anywhere within its box, where its picture is drawn.
    pub fn piece_at(&self, q: Pt, stack: &[usize]) -> Option<usize> {
        let (step, tol) = (self.step(), self.level.prepared().target.tol);
        stack.iter().rev().copied().find(|&id| {
            let Some(k) = self.slot(id) else { return false };
            let (shape, p) = (self.pieces[k].shape, self.pieces[k].at);
            if resting_in_tray(self.level, &p) {
                return shape.bbox(&p, step).contains(q, 0.0);
            }
            // Cheap test first: within reach of the turning point (which lies within the
            // farthest vertex's distance of the piece's own origin).
            let reach = 2.0 * shape.local(&p).iter().flatten().map(|v| v.at.len()).fold(0.0, f64::max);
            shape.centre(&p, step).dist(q) <= reach && shape.contains(&p, step, tol, q)
        })
    }

    /// Every piece's placement but piece `id`'s.
    pub fn others(&self, id: usize) -> Vec<Placement> {
        self.pieces.iter().filter(|s| s.id != id).map(|s| s.at).collect()
    }

    /// Whether the level's family allows piece `id`'s move from where `before` had it, the
    /// other pieces lying where they are ([`crate::family::Family::legal`]).
    fn legal(&self, id: usize, before: &Snapshot) -> bool {
        let from = before.iter().find(|(x, _)| *x == id).map(|(_, p)| *p);
        match (from, self.slot(id)) {
            (Some(from), Some(k)) => self.level.legal(&from, &self.pieces[k].at, &self.others(id)),
            _ => true,
        }
    }
}

/// A polycube piece resting in the tray (not in the box): drawn as a small picture of its
/// cubes and picked anywhere within its box, since its layers side by side are not what the
/// player sees. (A piece turned in the tray lands on whole cells outside the box: still in
/// the tray.)
pub fn resting_in_tray(level: &Level, p: &Placement) -> bool {
    level.solid().is_some_and(|s| {
        s.parts.get(p.piece).is_some_and(|part| crate::polyform::space::in_box(s.board, &part.cells, p).is_none())
    })
}

/// One input acted on: the pieces on `table` move by the rules; the answer says what happened.
pub fn act(hand: &mut Hand, history: &mut History, table: &mut Table, input: Input, now: f64) -> Vec<Event> {
    order(hand, table);
    let mut play = Play { hand, history, table, events: Vec::new() };
    play.act(input, now);
    play.events
}

/// A new board's draw order: by piece number.
pub fn order(hand: &mut Hand, table: &Table) {
    if hand.stack.is_empty() {
        let mut ids: Vec<usize> = table.pieces.iter().map(|s| s.id).collect();
        ids.sort();
        hand.stack = ids;
    }
}

/// The rules at work on one input.
struct Play<'p, 'a> {
    hand: &'p mut Hand,
    history: &'p mut History,
    table: &'p mut Table<'a>,
    events: Vec<Event>,
}

impl Play<'_, '_> {
    fn act(&mut self, input: Input, now: f64) {
        // Anything but a step, a turn or the keys' own ends the keyboard's lift first.
        let keyed = matches!(
            input,
            Input::Step(..) | Input::Lift | Input::Do(Command::Rotate(_) | Command::Flip | Command::PutBack)
        );
        if self.hand.lifted.is_some() && !keyed {
            self.lift();
        }
        let stepping = std::mem::take(&mut self.hand.stepping);
        let caps = self.table.level.caps();
        // Polycube pieces turn and step in space by the rules of `space`.
        let solid = self.table.level.solid().is_some();
        match input {
            Input::Wheel(q, d) => {
                self.hand.pointer_on_piece = self.table.piece_at(q, &self.hand.stack).is_some();
                if self.hand.pointer_on_piece {
                    self.select(q);
                    self.act(Input::Do(Command::Rotate(if d > 0.0 { 1 } else { -1 })), now);
                }
            }
            Input::Select(q) => self.select(q),
            Input::Press(q) => self.press(q),
            Input::Drag(q) => self.drag(q),
            Input::Release(_) | Input::Cancel => {
                self.release(input == Input::Cancel, now, caps.turn, caps.mirror || caps.tip)
            }
            Input::Step(..) | Input::Lift if solid => {}
            Input::Step(x, y) => self.step(x, y, stepping, caps.cells),
            Input::Lift => self.lift(),
            Input::Do(command) => self.command(command, solid),
        }
    }

    /// A command, whatever device gave it.
    fn command(&mut self, command: Command, solid: bool) {
        let caps = self.table.level.caps();
        match command {
            Command::Rotate(_) if !caps.turn || solid => {}
            Command::Flip if !(caps.mirror || caps.tip) || solid => {}
            Command::Rotate(_) | Command::Flip => {
                let Some(id) = self.hand.selected else { return };
                let (turn, flip) = if let Command::Rotate(d) = command { (d, false) } else { (0, true) };
                let before = self.table.snapshot();
                let was = self.table.bbox(id);
                self.turn(id, turn, flip);
                // While held (or lifted by the keys), the drop commits the whole change.
                if !self.hand.held && self.hand.lifted.is_none() {
                    let snapped = self.snap_within(id);
                    room::make_room(self.table, id, was);
                    self.settle(id, before, snapped);
                }
            }
            Command::Undo | Command::Redo => self.undo(command == Command::Undo),
            Command::Restart => self.restart(),
            Command::FocusNext(_) | Command::PutBack if solid => {}
            Command::FocusNext(d) => self.focus_next(d),
            Command::PutBack => self.put_back(),
            Command::Put(p) => self.put(p),
        }
    }

    /// Every piece back where the level laid it, as one step undo takes back.
    fn restart(&mut self) {
        self.history.undo.push(self.table.snapshot());
        self.history.redo.clear();
        for k in 0..self.table.pieces.len() {
            if let Some(start) = self.table.start.get(self.table.pieces[k].id) {
                self.table.pieces[k].at = *start;
            }
        }
        let stack = std::mem::take(&mut self.hand.stack);
        *self.hand = Hand { stack, ..Hand::default() };
        self.events.push(Event::Placed { piece: None, snapped: false, counted: false });
    }

    /// Enter: the selected piece is lifted (its place kept, to go back to), or the lifted one
    /// is put down there as one move, judged, when the family allows it.
    fn lift(&mut self) {
        let Some(id) = self.hand.selected.filter(|_| !self.hand.held) else { return };
        match self.hand.lifted.take() {
            None => {
                self.hand.lifted = Some(self.table.snapshot());
                self.raise(id);
                self.events.push(Event::Picked(id));
            }
            Some(before) => {
                let snapped = self.snap_within(id);
                if before != self.table.snapshot() {
                    self.settle(id, before, snapped);
                }
                self.events.push(Event::LetGo);
            }
        }
    }

    /// Escape: the lifted piece back where it was picked up, no move made.
    fn put_back(&mut self) {
        if let Some(before) = self.hand.lifted.take() {
            self.table.restore(&before);
            let id = self.hand.selected;
            self.events.push(Event::Placed { piece: id, snapped: false, counted: false });
            self.events.push(Event::LetGo);
        }
    }

    /// Piece `id` to the top of the draw order.
    fn raise(&mut self, id: usize) {
        self.hand.stack.retain(|&x| x != id);
        self.hand.stack.push(id);
    }

    fn select(&mut self, q: Pt) {
        let hit = self.table.piece_at(q, &self.hand.stack);
        self.hand.pointer_on_piece = hit.is_some();
        if let Some(id) = hit.filter(|_| !self.hand.held) {
            self.hand.selected = Some(id);
            self.raise(id);
        }
    }

    fn press(&mut self, q: Pt) {
        let hit = self.table.piece_at(q, &self.hand.stack);
        self.hand.pointer_on_piece = hit.is_some();
        let Some(id) = hit else {
            // Pressing empty board keeps the selection (a finger may land beside the piece to
            // twist it); it only stops holding.
            self.hand.held = false;
            self.events.push(Event::LetGo);
            return;
        };
        let at = self.table.at(id).at;
        let hand = &mut *self.hand;
        hand.was_selected = hand.selected == Some(id);
        hand.before = Some(self.table.snapshot());
        hand.selected = Some(id);
        hand.held = true;
        hand.grab = pt(at.0, at.1) - q;
        hand.press = q;
        hand.moved = false;
        self.raise(id);
        self.events.push(Event::Picked(id));
    }

    fn drag(&mut self, q: Pt) {
        let Some(id) = self.hand.selected.filter(|_| self.hand.held) else { return };
        if (q - self.hand.press).len() > TAP_TRAVEL {
            self.hand.moved = true;
        }
        if self.hand.moved {
            // The piece follows the pointer, its turning point kept inside the bounds.
            let p = self.table.at(id);
            let c = self.table.centre(id) - pt(p.at.0, p.at.1);
            let at = clamp(q + self.hand.grab + c, &self.table.bounds) - c;
            self.table.set(id, Placement { at: (at.x, at.y), ..p });
        }
    }

    fn release(&mut self, cancel: bool, now: f64, turns: bool, mirrors: bool) {
        let Some(id) = self.hand.selected.filter(|_| self.hand.held) else { return };
        self.hand.held = false;
        self.events.push(Event::LetGo);
        let before = self.hand.before.take().unwrap_or_else(|| self.table.snapshot());
        if cancel && !self.hand.moved {
            return;
        }
        if self.hand.moved {
            let snapped = self.snap_within(id);
            self.settle(id, before, snapped);
            return;
        }
        // A tap on the selected piece turns it; a second tap soon after mirrors it instead,
        // taking back the first tap's turn (one move, one undo step).
        let first = self.hand.last_tap.take().filter(|&(t, at, _)| t == id && now - at <= DOUBLE_TAP);
        let (turn, flip, before) = match first {
            Some((_, _, true)) => {
                self.events.push(Event::Uncounted);
                (-1, true, self.history.undo.pop().unwrap_or(before))
            }
            Some((_, _, false)) => (0, true, before),
            None if self.hand.was_selected => (1, false, before),
            None => {
                // The tap only selected the piece.
                self.hand.last_tap = Some((id, now, false));
                return;
            }
        };
        if first.is_none() {
            self.hand.last_tap = Some((id, now, true));
        }
        let was = self.table.bbox(id);
        self.turn(id, if turns { turn } else { 0 }, flip && mirrors);
        let snapped = self.snap_within(id);
        room::make_room(self.table, id, was);
        self.settle(id, before, snapped);
    }

    fn turn(&mut self, id: usize, turn: i32, flip: bool) {
        let step = self.table.step();
        let p = self.table.shape(id).turned(&self.table.at(id), step, turn, flip);
        self.table.set(id, p);
    }

    fn undo(&mut self, undo: bool) {
        let snap = if undo { self.history.undo.pop() } else { self.history.redo.pop() };
        let Some(snap) = snap else { return };
        let now = self.table.snapshot();
        if undo {
            self.history.redo.push(now);
        } else {
            self.history.undo.push(now);
        }
        self.table.restore(&snap);
        self.hand.held = false;
        self.events.push(Event::Placed { piece: None, snapped: false, counted: false });
    }

    /// Tab (or a stick click) selects the next piece by number and puts the focus on it; the
    /// turn keys and the arrows then work on it.
    fn focus_next(&mut self, d: i32) {
        if self.hand.held || self.hand.lifted.is_some() || self.table.pieces.is_empty() {
            return;
        }
        let mut order: Vec<usize> = self.table.pieces.iter().map(|s| s.id).collect();
        order.sort();
        let now = self.hand.selected.and_then(|s| order.iter().position(|&o| o == s));
        let next = match now {
            Some(i) => (i as i32 + d).rem_euclid(order.len() as i32) as usize,
            None if d > 0 => 0,
            None => order.len() - 1,
        };
        let id = order[next];
        self.hand.selected = Some(id);
        self.raise(id);
        self.events.push(Event::Focus { at: self.table.centre(id), chose: true });
    }

    /// An arrow key: the selected piece moves a cell on a grid (the step its [`Cells`] give),
    /// else [`KEY_STEP`] and snaps, never back to where it came from. Steps in a row are one
    /// move.
    fn step(&mut self, x: i32, y: i32, stepping: bool, cells: Cells) {
        let Some(id) = self.hand.selected.filter(|_| !self.hand.held) else { return };
        let before = self.table.snapshot();
        let dir = pt(f64::from(x), f64::from(y));
        let dir = if dir.len() > 0.0 { dir * (1.0 / dir.len()) } else { dir };
        let grid = cells.step(dir.x, dir.y);
        let shift = grid.map_or(dir * KEY_STEP, |(x, y)| pt(x, y));
        let p = self.table.at(id);
        let c = self.table.centre(id) - pt(p.at.0, p.at.1);
        let at = clamp(pt(p.at.0, p.at.1) + c + shift, &self.table.bounds) - c;
        self.table.set(id, Placement { at: (at.x, at.y), ..p });
        let snapped = if grid.is_some() {
            match cells.snap((at.x, at.y)) {
                // On a lattice: the piece's origin on its nearest point.
                Some(on) => self.table.set(id, Placement { at: on, ..p }),
                // Whole squares: the piece's first vertex on the integer grid.
                None => {
                    let v0 = self.table.world(id)[0][0].at;
                    self.table.shift(id, pt(v0.x.round() - v0.x, v0.y.round() - v0.y));
                }
            }
            true
        } else {
            // A snap may not take back more than half the step.
            self.snap(id, |d| d.dot(dir) > -KEY_STEP / 2.0)
        };
        self.events.push(Event::Focus { at: self.table.centre(id), chose: false });
        if self.hand.lifted.is_some() {
            // Lifted: one move, judged when it is put down (a step that lays the last piece
            // must not solve the level while the piece is still in hand).
            if !self.table.legal(id, &before) {
                self.table.restore(&before);
            }
        } else if !stepping {
            self.settle(id, before, snapped);
        } else if self.table.legal(id, &before) {
            self.events.push(Event::Placed { piece: Some(id), snapped, counted: false });
        } else {
            self.table.restore(&before);
        }
        self.hand.stepping = true;
    }

    /// Ends a move of piece `id`: committed (an undo step, a move counted, judged) when the
    /// level's family allows it, else the pieces go back where `before` had them.
    /// Piece `p.piece` laid at `p` (the hint's placement): one move, the selection on it.
    fn put(&mut self, p: Placement) {
        if self.hand.held || self.table.slot(p.piece).is_none() {
            return;
        }
        let before = self.table.snapshot();
        self.table.set(p.piece, p);
        self.hand.stack.retain(|&s| s != p.piece);
        self.hand.stack.push(p.piece);
        self.hand.selected = Some(p.piece);
        commit(self.history, before, &mut self.events, Some(p.piece), true);
    }

    fn settle(&mut self, id: usize, before: Snapshot, snapped: bool) {
        if self.table.legal(id, &before) {
            commit(self.history, before, &mut self.events, Some(id), snapped);
        } else {
            self.table.restore(&before);
        }
    }

    /// A piece let go of: kept inside the bounds, snapped, and kept inside again (a snap onto a
    /// piece at the edge may pull it out). Returns whether it snapped.
    fn snap_within(&mut self, id: usize) -> bool {
        room::keep_within(self.table, id);
        let snapped = self.snap(id, |_| true);
        room::keep_within(self.table, id);
        // Kept within by a fraction of a step, a piece on a lattice goes back onto it.
        self.snap_to_cells(id);
        snapped
    }

    /// On a grid whose cells own where pieces lie (triangles, hexagons: [`Cells::snap`]), piece
    /// `id` to its nearest place there. Returns whether the grid snaps pieces.
    fn snap_to_cells(&mut self, id: usize) -> bool {
        let p = self.table.at(id);
        let Some(at) = self.table.level.cells().snap(p.at) else { return false };
        self.table.set(id, Placement { at, ..p });
        true
    }

    /// Moves piece `id` where [`crate::pieces::snapping::snap_shift`] says, onto the figure
    /// and the other pieces, within [`SNAP`], by a shift `allow` accepts. Returns whether it
    /// snapped.
    fn snap(&mut self, id: usize, allow: impl Fn(Pt) -> bool) -> bool {
        if self.snap_to_cells(id) {
            return true;
        }
        let mine = self.table.world(id);
        let mut others: Vec<Vec<Vec<Vertex>>> = self.table.figure.map(|f| f.to_vec()).into_iter().collect();
        others.extend(self.table.pieces.iter().filter(|s| s.id != id).map(|s| s.shape.world(&s.at, self.table.step())));
        let Some(d) = crate::pieces::snapping::snap_shift(&mine, &others, SNAP, allow) else { return false };
        self.table.shift(id, d);
        true
    }
}

/// Records a finished move: the position before it goes on the undo stack, and the board is
/// judged.
pub(crate) fn commit(
    history: &mut History,
    before: Snapshot,
    events: &mut Vec<Event>,
    piece: Option<usize>,
    snapped: bool,
) {
    history.undo.push(before);
    history.redo.clear();
    events.push(Event::Placed { piece, snapped, counted: true });
}

/// A point brought inside a box.
fn clamp(q: Pt, b: &BBox) -> Pt {
    pt(q.x.max(b.min.x).min(b.max.x), q.y.max(b.min.y).min(b.max.y))
}

#[cfg(test)]
mod tests;
