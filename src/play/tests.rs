//! The rules of play on shipped levels, with no game around them: inputs in, pieces moved,
//! events out.

use super::*;
use crate::geom::pt;

fn level(pack: &str, id: &str) -> Level {
    let pack = crate::level::embedded_packs().into_iter().find(|p| p.id == pack).expect("a shipped pack");
    pack.levels.into_iter().find(|l| l.id == id).expect("a shipped level")
}

/// A piece's drawing, owned (the game keeps it in a component).
struct Drawn {
    rings: Vec<Vec<Vertex>>,
    centroid: Pt,
    turns: Vec<Vec<Vec<Vertex>>>,
}

/// A board under test: a level, its pieces' drawings, where they start and where they are.
struct Bench {
    level: Level,
    drawn: Vec<Drawn>,
    start: Vec<Placement>,
    now: Vec<Placement>,
    hand: Hand,
    history: History,
    bounds: BBox,
}

impl Bench {
    /// Every piece in a row below the figure, unturned (a tray of sorts).
    fn new(pack: &str, id: &str) -> Bench {
        let level = level(pack, id);
        let drawings = level.caps().drawings as i32;
        let drawn: Vec<Drawn> = (0..level.set.pieces.len())
            .map(|i| {
                let rings = level.set.pieces[i].rings.clone();
                let centroid = crate::pieces::inner_point(&rings[0]);
                let turns = (0..drawings).filter_map(|o| level.drawing(i, o)).collect();
                Drawn { rings, centroid, turns }
            })
            .collect();
        let start: Vec<Placement> = (0..drawn.len())
            .map(|i| Placement { piece: i, rot: 0, flip: false, at: (-20.0 + 6.0 * i as f64, -12.0) })
            .collect();
        let bounds = BBox { min: pt(-30.0, -30.0), max: pt(30.0, 30.0) };
        Bench { level, drawn, now: start.clone(), start, hand: Hand::default(), history: History::default(), bounds }
    }

    fn table(&self) -> Table<'_> {
        let pieces = self
            .now
            .iter()
            .enumerate()
            .map(|(i, &at)| {
                let d = &self.drawn[i];
                Slot { id: i, shape: Shape { rings: &d.rings, centroid: d.centroid, turns: &d.turns }, at }
            })
            .collect();
        Table { level: &self.level, pieces, figure: Some(&self.level.target), start: &self.start, bounds: self.bounds }
    }

    /// One input at time `t`: the pieces move as the rules say; their answer.
    fn act(&mut self, input: Input, t: f64) -> Vec<Event> {
        let mut hand = std::mem::take(&mut self.hand);
        let mut history = std::mem::take(&mut self.history);
        let mut table = self.table();
        let events = act(&mut hand, &mut history, &mut table, input, t);
        let (now, bounds): (Vec<Placement>, BBox) = (table.pieces.iter().map(|s| s.at).collect(), table.bounds);
        (self.now, self.bounds, self.hand, self.history) = (now, bounds, hand, history);
        events
    }

    /// Piece `i`'s turning point on the board.
    fn centre(&self, i: usize) -> Pt {
        self.table().centre(i)
    }

    fn tap(&mut self, at: Pt, t: f64) -> Vec<Event> {
        let mut events = self.act(Input::Press(at), t);
        events.extend(self.act(Input::Release(at), t));
        events
    }
}

fn counted(events: &[Event]) -> usize {
    events.iter().filter(|e| matches!(e, Event::Placed { counted: true, .. })).count()
}

#[test]
fn a_dragged_piece_follows_the_pointer_and_snaps_where_it_is_dropped() {
    let mut b = Bench::new("classic", "letter-l");
    let goal = b.level.solution[2];
    // Turned as the solution has it first, so that only a move is left.
    b.now[2] = Placement { at: b.start[2].at, ..goal };
    let grab = b.centre(2);
    let events = b.act(Input::Press(grab), 0.0);
    assert_eq!(events, [Event::Picked(2)]);
    assert_eq!((b.hand.selected, b.hand.held), (Some(2), true));
    // Dropped a little off its place (0.12 right, 0.1 down): the drop lays a vertex on the
    // figure's nearest edge, the horizontal one 0.1 away (a vertex on a vertex would be 0.16).
    let off = pt(goal.at.0 - b.now[2].at.0 + 0.12, goal.at.1 - b.now[2].at.1 - 0.1);
    b.act(Input::Drag(grab + off * 0.5), 0.1);
    assert!((b.centre(2) - (grab + off * 0.5)).len() < 1e-9, "the piece follows the pointer");
    b.act(Input::Drag(grab + off), 0.2);
    let events = b.act(Input::Release(grab + off), 0.3);
    assert_eq!(events, [Event::LetGo, Event::Placed { piece: Some(2), snapped: true, counted: true }]);
    let at = b.now[2].at;
    assert!((at.0 - goal.at.0 - 0.12).abs() < 1e-9 && (at.1 - goal.at.1).abs() < 1e-9, "{at:?} against {:?}", goal.at);
    assert!(!b.hand.held);
    // One move, one undo step: undo takes it back, redo brings it again.
    assert_eq!((b.history.undo.len(), b.history.redo.len()), (1, 0));
    let events = b.act(Input::Do(Command::Undo), 1.0);
    assert_eq!(events, [Event::Placed { piece: None, snapped: false, counted: false }]);
    assert_eq!(b.now[2].at, b.start[2].at);
    b.act(Input::Do(Command::Redo), 1.1);
    assert_eq!(b.now[2].at, at);
    assert_eq!((b.history.undo.len(), b.history.redo.len()), (1, 0));
}

#[test]
fn a_drag_keeps_the_piece_within_the_bounds() {
    let mut b = Bench::new("classic", "letter-l");
    let grab = b.centre(0);
    b.act(Input::Press(grab), 0.0);
    b.act(Input::Drag(pt(500.0, 500.0)), 0.1);
    let c = b.centre(0);
    assert!((c.x - 30.0).abs() < 1e-9 && (c.y - 30.0).abs() < 1e-9, "its turning point held at the corner: {c:?}");
    b.act(Input::Release(pt(500.0, 500.0)), 0.2);
    let bb = b.table().bbox(0);
    assert!(b.bounds.contains(bb.min, 1e-9) && b.bounds.contains(bb.max, 1e-9), "all of it inside: {bb:?}");
}

#[test]
fn a_tap_selects_the_next_turns_and_a_quick_second_mirrors_instead() {
    let mut b = Bench::new("classic", "letter-l");
    let at = b.centre(4);
    // The first tap only selects the piece.
    let events = b.tap(at, 0.0);
    assert_eq!(counted(&events), 0);
    assert_eq!((b.hand.selected, b.now[4]), (Some(4), b.start[4]));
    // The next (not soon after) turns it a step about its turning point.
    let events = b.tap(at, 1.0);
    assert_eq!(counted(&events), 1);
    assert_eq!((b.now[4].rot, b.now[4].flip), (1, false));
    assert!((b.centre(4) - at).len() < 1e-9, "it turns in place");
    // A second tap soon after mirrors it in place of the turn: one move, one undo step.
    let events = b.tap(at, 1.2);
    assert!(events.contains(&Event::Uncounted), "{events:?}");
    assert_eq!(counted(&events), 1);
    assert_eq!((b.now[4].rot, b.now[4].flip), (0, true));
    assert_eq!(b.history.undo.len(), 1);
    b.act(Input::Do(Command::Undo), 2.0);
    assert_eq!(b.now[4], b.start[4]);
    // Too late for a double tap: a turn again.
    b.tap(at, 3.0);
    b.tap(at, 4.0);
    assert_eq!((b.now[4].rot, b.now[4].flip), (2, false));
}

#[test]
fn the_wheel_turns_the_piece_under_the_pointer_and_not_the_empty_board() {
    let mut b = Bench::new("classic", "letter-l");
    let events = b.act(Input::Wheel(pt(25.0, 25.0), 1.0), 0.0);
    assert!(events.is_empty() && !b.hand.pointer_on_piece && b.hand.selected.is_none());
    let at = b.centre(1);
    b.act(Input::Wheel(at, -1.0), 0.1);
    assert!(b.hand.pointer_on_piece);
    assert_eq!((b.hand.selected, b.now[1].rot), (Some(1), 7), "a step back (eighths of a turn)");
}

#[test]
fn tab_goes_round_the_pieces_by_number() {
    let mut b = Bench::new("classic", "letter-l");
    let events = b.act(Input::Do(Command::FocusNext(-1)), 0.0);
    assert_eq!(b.hand.selected, Some(6), "backwards from nothing: the last");
    assert_eq!(events, [Event::Focus { at: b.centre(6), chose: true }]);
    b.act(Input::Do(Command::FocusNext(1)), 0.1);
    assert_eq!(b.hand.selected, Some(0), "and round to the first");
    assert_eq!(b.hand.stack.last(), Some(&0), "drawn on top");
}

#[test]
fn steps_in_a_row_are_one_move_and_whole_cells_on_a_grid() {
    let mut b = Bench::new("polyominoes", "pento-5x3");
    b.act(Input::Do(Command::FocusNext(1)), 0.0);
    let from = b.now[0].at;
    let mut events = Vec::new();
    for k in 0..3 {
        events.extend(b.act(Input::Step(1, 0), 0.1 * f64::from(k)));
    }
    assert_eq!(b.now[0].at, (from.0 + 3.0, from.1), "three cells right");
    assert_eq!(counted(&events), 1, "one move: {events:?}");
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Placed { .. })).count(), 3, "each step judged");
    assert_eq!(b.history.undo.len(), 1);
    // Another input ends the run of steps; the next step is a move of its own.
    b.act(Input::Do(Command::Rotate(1)), 1.0);
    b.act(Input::Step(0, 1), 1.1);
    assert_eq!(b.history.undo.len(), 3);
}

#[test]
fn a_step_off_the_grid_lands_on_whole_cells() {
    let mut b = Bench::new("polyominoes", "pento-5x3");
    b.now[1].at = (-14.3, -11.6);
    b.act(Input::Do(Command::FocusNext(1)), 0.0);
    b.act(Input::Do(Command::FocusNext(1)), 0.0);
    b.act(Input::Step(0, -1), 0.1);
    let v0 = b.table().world(1)[0][0].at;
    assert_eq!((v0.x.fract(), v0.y.fract()), (0.0, 0.0), "{v0:?}");
}

#[test]
fn restart_lays_every_piece_at_its_start_as_one_undo_step() {
    let mut b = Bench::new("classic", "letter-l");
    b.now = b.level.solution.clone();
    b.hand.selected = Some(3);
    let events = b.act(Input::Do(Command::Restart), 0.0);
    assert_eq!(events, [Event::Placed { piece: None, snapped: false, counted: false }]);
    assert_eq!(b.now, b.start);
    assert_eq!(b.hand.selected, None);
    b.act(Input::Do(Command::Undo), 0.1);
    assert_eq!(b.now, b.level.solution);
}

#[test]
fn a_turn_in_the_tray_moves_the_neighbours_it_now_covers() {
    let mut b = Bench::new("classic", "letter-l");
    // Piece 1 half over piece 0, whose box was only a point before its turn.
    let (a, c) = (b.table().bbox(0), b.table().bbox(1));
    b.now[1].at.0 += a.center().x - c.min.x;
    b.now[1].at.1 += a.center().y - c.min.y;
    let was = BBox { min: a.center(), max: a.center() };
    let (before, others) = (b.now[1], b.now[2..].to_vec());
    let mut table = b.table();
    room::make_room(&mut table, 0, was);
    let (a, c) = (table.bbox(0), table.bbox(1));
    assert!(!crate::content::tray::overlap(&a, &c), "moved clear: {a:?} {c:?}");
    assert_eq!(table.at(0), b.now[0], "the turned piece stays under the pointer");
    assert_ne!(table.at(1), before);
    let rest: Vec<Placement> = table.pieces[2..].iter().map(|s| s.at).collect();
    assert_eq!(rest, others, "pieces it does not cover stay");
}

#[test]
fn a_family_that_refuses_a_move_has_the_piece_go_back() {
    // Polycubes: a piece in the box may not move onto another piece there; out to the tray,
    // or from the tray, it may.
    let lv = level("polycubes", "cubes-2x2x3");
    let sol = lv.solution.clone();
    let others = [Placement { piece: 0, ..sol[0] }];
    assert!(!lv.legal(&sol[0], &sol[0], &others), "onto a piece lying there");
    assert!(lv.legal(&sol[0], &sol[0], &sol[1..]), "clear of the others");
    let tray = Placement { at: (-20.0, -12.0), ..sol[0] };
    assert!(lv.legal(&sol[0], &tray, &others), "out to the tray");
    assert!(lv.legal(&tray, &sol[0], &others), "from the tray the judge decides");
    // Flat boards move freely.
    let flat = level("polyominoes", "pento-5x3");
    let s = flat.solution.clone();
    assert!(flat.legal(&s[0], &s[1], &s));
}

mod in_space {
    use super::*;
    use crate::play::space::{act, Input, Refusal, Sight};
    use crate::polyform::space::{in_box, Blocked, Ray};

    const SIGHT: Sight = Sight { slice: None, right: [1, 0, 0], ahead: [0, 1, 0] };

    fn go(b: &mut Bench, refusal: &mut Option<Refusal>, input: Input) -> Vec<Event> {
        let mut hand = std::mem::take(&mut b.hand);
        let mut history = std::mem::take(&mut b.history);
        let mut table = b.table();
        let (events, _) = act(&mut hand, &mut history, &mut table, refusal, SIGHT, input, 0.0);
        b.now = table.pieces.iter().map(|s| s.at).collect();
        (b.hand, b.history) = (hand, history);
        events
    }

    fn cells(b: &Bench, i: usize) -> Option<Vec<crate::polyform::Cell>> {
        let s = b.level.solid().unwrap();
        in_box(s.board, &s.parts[i].cells, &b.now[i])
    }

    #[test]
    fn the_last_piece_goes_into_the_one_room_left_and_a_full_box_refuses_a_step() {
        let mut b = Bench::new("polycubes", "cubes-2x2x3");
        b.now[0] = b.level.solution[0];
        b.now[1] = b.level.solution[1];
        b.now[2].rot = b.level.solution[2].rot;
        let mut refusal = None;
        b.hand.selected = Some(2);
        let events = go(&mut b, &mut refusal, Input::Place);
        assert_eq!(counted(&events), 1, "{events:?}");
        assert!(cells(&b, 2).is_some(), "in the box");
        assert!(b.level.judge(&b.now).solved, "and the box is full");
        // Every step from a full box runs into a piece or out of the box: refused, said why,
        // nothing moved.
        let full = b.now.clone();
        b.hand.selected = Some(0);
        let events = go(&mut b, &mut refusal, Input::Lift(1));
        assert!(events.is_empty());
        assert_eq!(b.now, full);
        let r = refusal.clone().expect("a refusal");
        assert!(matches!(r.why, Blocked::Outside | Blocked::Overlap(_)), "{r:?}");
        // The next move puts the refusal away; Place sends a piece back to the tray.
        go(&mut b, &mut refusal, Input::Place);
        assert!(refusal.is_none());
        assert_eq!(b.now[0], b.start[0]);
        assert_eq!(b.history.undo.len(), 2);
    }

    #[test]
    fn a_press_on_a_cube_picks_its_piece_and_a_drag_slides_it_a_cell_at_a_time() {
        let mut b = Bench::new("polycubes", "cubes-2x2x3");
        b.now[0] = b.level.solution[0];
        let mine = cells(&b, 0).unwrap();
        // A ray straight down onto the top of the piece's highest cube.
        let top = *mine.iter().max_by_key(|c| (c[2], c[0], c[1])).unwrap();
        let down = |x: f64, y: f64| Ray { from: [x, y, 10.0], dir: [0.0, 0.0, -1.0] };
        let (x, y) = (f64::from(top[0]) + 0.5, f64::from(top[1]) + 0.5);
        let mut refusal = None;
        let events = go(&mut b, &mut refusal, Input::Press(pt(0.0, 0.0), down(x, y)));
        assert_eq!(events, [Event::Picked(0)]);
        // Dragged across the top face's plane: the piece slides with it (or is refused at
        // the box's wall, staying put); the drop is one move when it moved.
        let before = b.now[0];
        for k in 1..=2 {
            let d = f64::from(k) * 0.5;
            go(&mut b, &mut refusal, Input::Drag(pt(d, 0.0), down(x + d * 2.0, y)));
        }
        let events = go(&mut b, &mut refusal, Input::Release);
        let moved = b.now[0] != before;
        assert_eq!(counted(&events), usize::from(moved));
        assert!(moved || refusal.is_some(), "it slid, or the rules said why not");
        assert!(cells(&b, 0).is_some(), "still in the box");
    }
}
