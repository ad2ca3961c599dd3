//! Moving pieces on the board: the game's side of the rules of play ([`crate::play`]). Each
//! frame's [`Action`]s go to the rules with the pieces as they lie; the pieces move where the
//! rules say, and their answers become messages: [`PiecePicked`], and [`PiecePlaced`] for the
//! verification system.

use crate::game::board::input::GamepadFocus;
use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{Piece, PieceGeom, Placed, StartLayout, TargetFigure};
use crate::game::board::view::BoardBounds;
use crate::game::shared::AppState;
use crate::game::shared::{Action, InputSet};
use crate::game::shared::{PiecePicked, PiecePlaced, PlacementSet};
use crate::geom::{pt, BBox, Pt};
use crate::play::{self, Event, Input, Slot, Table};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The piece under the player's hand, and the last one touched, as entities (what the rules
/// say in [`Hand`], for the systems that draw it).
#[derive(Resource, Default, Debug, PartialEq)]
pub struct Selection {
    pub selected: Option<Entity>,
    pub held: bool,
    /// The pointer's last press, selection or wheel was over a piece (else over the empty
    /// board, which the wheel zooms and a drag pans: [`crate::game::board::zoom`]).
    pub pointer_on_piece: bool,
    /// The selected piece is lifted by the keyboard (Enter): Escape puts it back.
    pub lifted: bool,
}

/// Undo and redo stacks of whole-board snapshots.
#[derive(Resource, Default, Deref, DerefMut)]
pub struct History(pub play::History);

/// What the rules of play remember between frames.
#[derive(Resource, Default, Deref, DerefMut)]
pub struct Hand(pub play::Hand);

/// Draw order: last is on top.
#[derive(Resource, Default, PartialEq)]
pub struct Stack(pub Vec<Entity>);

pub struct PlacementPlugin;

impl Plugin for PlacementPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<PiecePlaced>()
            .add_message::<PiecePicked>()
            .init_resource::<Selection>()
            .init_resource::<History>()
            .init_resource::<Stack>()
            .init_resource::<Hand>()
            .configure_sets(Update, (InputSet, PlacementSet).chain())
            .add_systems(OnEnter(AppState::Playing), reset)
            .add_systems(OnEnter(AppState::Editing), reset)
            .add_systems(Update, handle_actions.in_set(PlacementSet).run_if(crate::game::shared::on_board))
            .add_systems(PostUpdate, focus_follows_piece);
    }
}

/// The keyboard's and the pad's focus, when on the selected piece, stays on it wherever the
/// piece went (a hint, an undo, the tray making room moved it: the focus floated over empty
/// board after a hint).
fn focus_follows_piece(
    selection: Res<Selection>,
    pieces: Query<(&PieceGeom, &Placed)>,
    active: Option<Res<crate::game::board::levels::ActiveLevel>>,
    mut focus: ResMut<GamepadFocus>,
) {
    let (Some(active), Some(e)) = (active, selection.selected.filter(|_| focus.on_piece && !focus.holding)) else {
        return;
    };
    let Ok((geom, placed)) = pieces.get(e) else { return };
    let at = placed.world_centroid(geom, active.level.set.step());
    if focus.pos.distance(at) > 1e-4 {
        focus.pos = at;
    }
}

/// A new board: no selection, no history; the draw order is rebuilt from the pieces on first use.
fn reset(
    mut sel: ResMut<Selection>,
    mut hist: ResMut<History>,
    mut stack: ResMut<Stack>,
    mut hand: ResMut<Hand>,
    keys: Option<ResMut<crate::game::shared::KeyFocus>>,
) {
    // The keyboard starts on the board.
    if let Some(mut keys) = keys {
        keys.toolbar = false;
    }
    *sel = Selection::default();
    *hist = History::default();
    stack.0.clear();
    *hand = Hand::default();
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

/// A board point from the game's.
pub fn point(p: Vec2) -> Pt {
    pt(f64::from(p.x), f64::from(p.y))
}

/// The board and everything the rules of play read and write, for the systems that hand them
/// the player's inputs (this one, and the 3D view's grip).
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    pieces: PieceQuery<'w, 's>,
    target: SnapTargets<'w, 's>,
    pub active: Option<ResMut<'w, ActiveLevel>>,
    hand: ResMut<'w, Hand>,
    history: ResMut<'w, History>,
    selection: ResMut<'w, Selection>,
    stack: ResMut<'w, Stack>,
    layout: Res<'w, StartLayout>,
    bounds: ResMut<'w, BoardBounds>,
    focus: ResMut<'w, GamepadFocus>,
    placed: MessageWriter<'w, PiecePlaced>,
    picked: MessageWriter<'w, PiecePicked>,
}

impl Board<'_, '_> {
    /// Lets `rules` act on the pieces as they lie, then moves the pieces where they left them
    /// and says what they answered in messages.
    pub fn run(&mut self, rules: impl FnOnce(&mut play::Hand, &mut play::History, &mut Table) -> Vec<Event>) {
        let Some(active) = self.active.as_mut() else { return };
        let b = self.bounds.0;
        let mut table = Table {
            level: &active.level,
            pieces: self.pieces.iter().map(|(_, p, g, pl)| Slot { id: p.0, shape: g.shape(), at: pl.0 }).collect(),
            figure: self.target.iter().next().map(|t| t.rings.as_slice()),
            start: &self.layout.0,
            bounds: BBox { min: point(b.min), max: point(b.max) },
        };
        play::order(&mut self.hand.0, &table);
        let events = rules(&mut self.hand.0, &mut self.history.0, &mut table);
        let (now, bounds) = (table.snapshot(), table.bounds);
        drop(table);
        for (_, piece, _, mut pl) in self.pieces.iter_mut() {
            if let Some(&(_, p)) = now.iter().find(|(id, _)| *id == piece.0) {
                pl.set_if_neq(Placed(p));
            }
        }
        let corner = |p: Pt| Vec2::new(p.x as f32, p.y as f32);
        self.bounds.set_if_neq(BoardBounds(Rect::from_corners(corner(bounds.min), corner(bounds.max))));
        let entity = |id: usize| self.pieces.iter().find(|(_, p, ..)| p.0 == id).map(|(e, ..)| e);
        for event in events {
            match event {
                Event::Picked(id) => {
                    if let Some(e) = entity(id) {
                        self.picked.write(PiecePicked(e));
                    }
                }
                Event::Placed { piece, snapped, counted } => {
                    if counted {
                        active.moves += 1;
                    }
                    self.placed.write(PiecePlaced { piece: piece.and_then(entity), snapped });
                }
                Event::Uncounted => active.moves = active.moves.saturating_sub(1),
                Event::Focus { at, chose } => {
                    self.focus.pos = Vec2::new(at.x as f32, at.y as f32);
                    self.focus.active |= chose;
                    self.focus.on_piece = true;
                }
                Event::LetGo => self.focus.holding = false,
            }
        }
        let hand = &self.hand.0;
        let selection = Selection {
            selected: hand.selected.and_then(entity),
            held: hand.held,
            pointer_on_piece: hand.pointer_on_piece,
            lifted: hand.lifted.is_some(),
        };
        self.selection.set_if_neq(selection);
        self.stack.set_if_neq(Stack(hand.stack.iter().filter_map(|&id| entity(id)).collect()));
    }
}

/// The inputs the rules of play take on a flat board, each with how long before the frame
/// it happened.
fn input(a: Action) -> Option<(Input, f32)> {
    Some(match a {
        Action::Release(p, ago) => (Input::Release(point(p)), ago),
        a => (plain(a)?, 0.0),
    })
}

fn plain(a: Action) -> Option<Input> {
    Some(match a {
        Action::Press(p) => Input::Press(point(p)),
        Action::Drag(p) => Input::Drag(point(p)),
        Action::Cancel => Input::Cancel,
        Action::Select(p) => Input::Select(point(p)),
        Action::Wheel(p, d) => Input::Wheel(point(p), f64::from(d)),
        Action::Do(c) => Input::Do(c),
        Action::Step(v) => Input::Step(v.x, v.y),
        // Enter: on a flat board it lifts the selected piece and puts it down (in 3D the
        // grip puts a piece in the box or back: the rules' Lift waits there).
        Action::Place => Input::Lift,
        // The hints and thinking plugins, the grip (polycube moves) and the zoom.
        _ => return None,
    })
}

/// The frame's actions, handed to the rules of play.
fn handle_actions(mut actions: MessageReader<Action>, mut board: Board, time: Res<Time>) {
    let inputs: Vec<(Input, f32)> = actions.read().copied().filter_map(input).collect();
    // (A new board's draw order is made on its first frame.)
    if (inputs.is_empty() && !board.hand.stack.is_empty()) || board.active.is_none() {
        return;
    }
    let now = time.elapsed_secs_f64();
    board.run(|hand, history, table| {
        inputs.into_iter().flat_map(|(i, ago)| play::act(hand, history, table, i, now - f64::from(ago))).collect()
    });
}
