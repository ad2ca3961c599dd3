//! Pieces and the target silhouette as entities.
//!
//! A piece is an entity with a `Transform` (drawn where its [`Placed`] says by `motion`) and a polygon
//! component, [`PieceGeom`], holding its rings in local coordinates. A polycube (3D) piece is
//! drawn layer by layer; a rotation in space changes that drawing, so its `PieceGeom` holds one
//! drawing per rotation and its transform only moves.

use crate::game::board::levels::ActiveLevel;
use crate::game::board::view::{BoardBounds, Layout, Pointer};
use crate::game::shared::{AppState, InLevel};
use crate::geom::{pt, BBox, Vertex};
use crate::pieces::Placement;
use crate::play::Shape;
use crate::verify::Piece as JudgedPiece;
use bevy::prelude::*;

/// Index of the piece in its level's piece set.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece(pub usize);

/// The polygon of a piece (local coordinates) or of the target (world coordinates).
#[derive(Component, Clone, Debug)]
pub struct PieceGeom {
    pub rings: Vec<Vec<Vertex>>,
    /// Centroid of the outer ring, the point pieces turn about.
    pub centroid: Vec2,
    /// Polycube pieces: the drawing under each of the 24 rotations (`Placement::rot` picks
    /// one). Empty for flat pieces, which turn by their transform.
    pub turns: Vec<Vec<Vec<Vertex>>>,
}

impl PieceGeom {
    pub fn flat(rings: Vec<Vec<Vertex>>, centroid: Vec2) -> PieceGeom {
        PieceGeom { rings, centroid, turns: Vec::new() }
    }
}

/// Where a piece is: exact translation (f64, the source of truth) and discrete orientation.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Placed(pub Placement);

/// The target figure.
#[derive(Component)]
pub struct TargetFigure;

/// A cell of the figure that may stay empty, marked with a ring at this centre (world
/// coordinates).
#[derive(Component, Clone, Copy, Debug)]
pub struct OptionalCell(pub Vec2);

/// A cell painted a colour that says where it may go (BurrTools' colour constraints): on the
/// board (its own entity), or on a piece (a child, in the piece's frame).
#[derive(Component, Clone, Copy, Debug)]
pub struct PaintedCell(pub u32);

/// The rotation a piece's painted cells were laid out for (a polycube piece's change with it).
#[derive(Component, Clone, Copy, Debug)]
pub struct PaintedFor(pub Option<i32>);

/// The editor's canvas: the target of a level no one solves, where a dissection is drawn.
/// Pieces do not snap to it, and it is drawn as a plain area.
#[derive(Component)]
pub struct Canvas;

/// Everything that belongs to the level on the board.
#[derive(Component)]
pub struct BoardItem;

/// Start positions of the pieces, for restart.
#[derive(Resource, Clone, Default)]
pub struct StartLayout(pub Vec<Placement>);

pub struct PiecesPlugin;

impl Plugin for PiecesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<StartLayout>()
            .init_resource::<LaidOutFor>()
            .add_systems(OnEnter(AppState::Playing), spawn_board)
            // Before the view is fitted, in the frame the window changed.
            .add_systems(
                PostUpdate,
                relayout.run_if(in_state(AppState::Playing)).before(crate::game::board::view::fit_view),
            );
    }
}

impl PieceGeom {
    /// The piece as the rules of play see it ([`crate::play::Shape`]).
    pub fn shape(&self) -> Shape<'_> {
        Shape { rings: &self.rings, centroid: pt(self.centroid.x as f64, self.centroid.y as f64), turns: &self.turns }
    }
}

/// What a placement makes of a piece, as [`crate::play::Shape`] says, in the game's units.
impl Placed {
    /// The rings in local coordinates: a polycube piece's drawing for its rotation.
    pub fn local<'a>(&self, geom: &'a PieceGeom) -> &'a [Vec<Vertex>] {
        geom.shape().local(&self.0)
    }
    /// Local to world: a flat piece turns and mirrors; a polycube piece only moves.
    pub fn motion(&self, geom: &PieceGeom, step: f64) -> crate::geom::Motion {
        geom.shape().motion(&self.0, step)
    }
    /// World rings of the piece.
    pub fn world(&self, geom: &PieceGeom, step: f64) -> Vec<Vec<Vertex>> {
        geom.shape().world(&self.0, step)
    }
    pub fn at(&self) -> Vec2 {
        Vec2::new(self.0.at.0 as f32, self.0.at.1 as f32)
    }
    /// The piece's turning point in the world (for a polycube piece, the mean of its squares'
    /// centres).
    pub fn world_centroid(&self, geom: &PieceGeom, step: f64) -> Vec2 {
        let c = geom.shape().centre(&self.0, step);
        Vec2::new(c.x as f32, c.y as f32)
    }
    /// Turned `d_rot` steps, then mirrored with `flip` ([`Shape::turned`]).
    pub fn turned(&self, geom: &PieceGeom, step: f64, d_rot: i32, flip: bool) -> Placed {
        Placed(geom.shape().turned(&self.0, step, d_rot, flip))
    }
    /// A polycube piece turned about a board axis ([`Shape::spun`]).
    pub fn spun(&self, geom: &PieceGeom, step: f64, axis: usize, quarter: i32) -> Placed {
        Placed(geom.shape().spun(&self.0, step, axis, quarter))
    }
    /// The piece's transform at draw depth `z`.
    pub fn transform(&self, geom: &PieceGeom, step: f64, z: f32) -> Transform {
        let m = self.motion(geom, step);
        Transform {
            translation: Vec3::new(m.shift.x as f32, m.shift.y as f32, z),
            rotation: Quat::from_rotation_z(m.angle as f32),
            scale: Vec3::new(if m.mirror { -1.0 } else { 1.0 }, 1.0, 1.0),
        }
    }
    /// Whether a world point lies on the piece (a polycube piece: on one of its squares).
    pub fn contains(&self, geom: &PieceGeom, step: f64, tol: crate::geom::Tol, p: Vec2) -> bool {
        geom.shape().contains(&self.0, step, tol, pt(p.x as f64, p.y as f64))
    }
    /// The piece as the engine sees it.
    pub fn judged(&self, geom: &PieceGeom, step: f64, tol: crate::geom::Tol) -> Option<JudgedPiece> {
        geom.shape().judged(&self.0, step, tol)
    }
}

pub use crate::play::{bbox_of, resting_in_tray};

/// Lays the pieces out in a tray beside the target ([`crate::content::tray`]: never over it, arranged so
/// the figure is drawn largest on a screen area of this `aspect`, width / height) and returns
/// the board bounds. Polycube pieces start in their narrowest rotation, so the flat ones lie in
/// one layer; they keep clear of its 3D view, `solid` ([`crate::game::board::layout::frame`]).
pub fn start_layout(level: &crate::level::Level, aspect: f32, solid: Option<Rect>) -> (Vec<Placement>, Rect) {
    let mut tb = bbox_of(&level.target);
    // A polycube level's 3D view sits above its layers, and the layers' names under them: the
    // pieces keep clear of both.
    if let Some(r) = solid {
        tb.add(crate::geom::pt(r.min.x as f64, r.min.y as f64));
        tb.add(crate::geom::pt(r.max.x as f64, r.max.y as f64));
        tb.add(crate::geom::pt(tb.min.x, tb.min.y - crate::game::board::layout::LABELS as f64));
    }
    // Each piece at rest at the origin, with its bounding box.
    let rest: Vec<(Placement, BBox)> = (0..level.set.pieces.len())
        .map(|i| {
            let p = Placement {
                piece: i,
                rot: level.offers().space.map_or(0, |s| s.rest_rotation(i)),
                flip: false,
                at: (0.0, 0.0),
            };
            (p, bbox_of(&level.place(&[p])[0]))
        })
        .collect();
    let sizes: Vec<(f64, f64)> = rest.iter().map(|(_, b)| (b.max.x - b.min.x, b.max.y - b.min.y)).collect();
    let figure = (tb.max.x - tb.min.x, tb.max.y - tb.min.y);
    // Each piece's box centre, from the figure's centre.
    let centres = crate::content::tray::arrange(&sizes, figure, aspect as f64);
    let c = tb.center();
    let out: Vec<Placement> = rest
        .iter()
        .zip(centres)
        .map(|((p, b), (dx, dy))| Placement { at: (c.x + dx - b.center().x, c.y + dy - b.center().y), ..*p })
        .collect();
    let mut bounds =
        Rect::from_corners(Vec2::new(tb.min.x as f32, tb.min.y as f32), Vec2::new(tb.max.x as f32, tb.max.y as f32));
    for rings in level.place(&out) {
        let b = bbox_of(&rings);
        bounds = bounds.union(Rect::from_corners(
            Vec2::new(b.min.x as f32, b.min.y as f32),
            Vec2::new(b.max.x as f32, b.max.y as f32),
        ));
    }
    (out, bounds.inflate(0.25))
}

/// A level's board as laid out for a screen: the figure's region (with a solid's 3D view),
/// the 3D view's rectangle, whether a grid board is shown turned, the pieces' start places and
/// the board's bounds.
struct Board {
    figure: Rect,
    solid: Option<Rect>,
    turned: bool,
    start: Vec<Placement>,
    bounds: Rect,
}

/// How much larger a phone held sideways draws the 3D view than a large screen, against its
/// layers: at least half the screen's height.
pub const SIDEWAYS_VIEW: f32 = 1.6;

/// A polycube level's 3D view as laid out for a screen: on a compact one, the height (of
/// [`crate::game::board::layout::COMPACT`]) that lets the board's cells be drawn largest, the
/// tallest where they tie (a board as wide as the phone loses nothing to a tall view).
pub fn solid_frame(level: &crate::level::Level, screen: Vec2) -> Option<Rect> {
    solid_frame_for(level, screen, Layout::of(screen, false))
}

/// [`solid_frame`] for a layout.
pub fn solid_frame_for(level: &crate::level::Level, screen: Vec2, layout: Layout) -> Option<Rect> {
    use crate::game::board::layout::{compact, frame, frame_at, COMPACT};
    // Held sideways the height is what the screen lacks: the view stands beside its layers,
    // twice a large screen's size, as high as the board (the smaller shares over the layers
    // left it 80 px high).
    if layout.sideways {
        return frame_at(level, SIDEWAYS_VIEW, true);
    }
    let free = crate::game::board::view::free_area_for(screen, layout, true, false);
    let shares = if compact(screen) { &COMPACT[..] } else { &COMPACT[..1] };
    let mut best: Option<(f32, Rect)> = None;
    for &share in shares {
        let rect = frame(level, share)?;
        let (_, bounds) = start_layout(level, free.x / free.y, Some(rect));
        let cell = (free.x / bounds.width()).min(free.y / bounds.height());
        if best.is_none_or(|(c, _)| cell > c * 1.01) {
            best = Some((cell, rect));
        }
    }
    best.map(|(_, rect)| rect)
}

fn lay_out(level: &crate::level::Level, screen: Vec2, layout: Layout) -> Board {
    let frame = solid_frame_for(level, screen, layout);
    let solid = frame.is_some();
    let free = crate::game::board::view::free_area_for(screen, layout, solid, false);
    let mut f = bbox_of(&level.target);
    if let Some(r) = frame {
        f.add(crate::geom::pt(r.min.x as f64, r.min.y as f64));
        f.add(crate::geom::pt(r.max.x as f64, r.max.y as f64));
    }
    let figure = Rect::new(f.min.x as f32, f.min.y as f32, f.max.x as f32, f.max.y as f32);
    // A flat grid board may be shown turned, when its way up means nothing (a plain rectangle,
    // not a picture drawn in cells); its tray is laid out for the screen turned too.
    let plain = level.entry.board.as_ref().is_none_or(|b| b.cells.is_empty() && b.holes.is_empty());
    let turned = plain && level.cells().quarter_turns() && crate::game::board::view::turns(screen, figure);
    let aspect = if turned { free.y / free.x } else { free.x / free.y };
    let (start, bounds) = start_layout(level, aspect, frame);
    Board { figure, solid: frame, turned, start, bounds }
}

/// The kind of screen a board was laid out for: (its layout, portrait, compact). A window
/// resized, a phone turned or a finger used for the first time lays the board out again
/// ([`relayout`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct LaidOutFor(pub Option<(Layout, bool, bool)>);

fn screen_class(size: Vec2, pointer: &Pointer) -> (Layout, bool, bool) {
    (Layout::of(size, pointer.coarse), size.y > size.x * 1.1, crate::game::board::layout::compact(size))
}

/// The window became another kind of screen mid-level (a phone turned, a window narrowed to a
/// phone's width): the tray is laid out for it again and a grid board turns to fit it. Pieces
/// the player moved stay where they are (the board's bounds grow to keep them); the others go
/// to their new places in the tray, which Restart then uses.
#[allow(clippy::too_many_arguments)]
pub fn relayout(
    active: Option<Res<ActiveLevel>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    offscreen: Option<Res<crate::game::board::view::OffscreenSize>>,
    mut frames: ResMut<crate::game::shared::Frames>,
    mut laid_out: ResMut<LaidOutFor>,
    mut layout: ResMut<StartLayout>,
    mut bounds: ResMut<BoardBounds>,
    mut turned: ResMut<crate::game::board::view::BoardTurned>,
    mut area: ResMut<crate::game::shared::SolidArea>,
    mut pieces: Query<(&Piece, &mut Placed)>,
    pointer: Res<Pointer>,
) {
    let Some(size) = crate::game::board::view::screen_size(&windows, offscreen.as_deref()) else { return };
    let class = screen_class(size, &pointer);
    if laid_out.0.is_none_or(|c| c == class) {
        return;
    }
    laid_out.0 = Some(class);
    let Some(active) = active else { return };
    // The pieces glide to their new places in the frames that follow.
    frames.ask();
    let board = lay_out(&active.level, size, class.0);
    let mut rect = board.bounds;
    for (piece, mut placed) in &mut pieces {
        match (layout.0.get(piece.0), board.start.get(piece.0)) {
            (Some(old), Some(new)) if *old == placed.0 => placed.0 = *new,
            _ => {
                for rings in active.level.place(&[placed.0]) {
                    let b = bbox_of(&rings);
                    rect = rect.union(Rect::new(b.min.x as f32, b.min.y as f32, b.max.x as f32, b.max.y as f32));
                }
            }
        }
    }
    layout.0 = board.start;
    bounds.0 = rect;
    turned.0 = board.turned;
    area.0 = board.solid;
}

#[allow(clippy::too_many_arguments)]
pub fn spawn_board(
    mut commands: Commands,
    active: Option<Res<ActiveLevel>>,
    old: Query<Entity, With<BoardItem>>,
    mut layout: ResMut<StartLayout>,
    mut bounds: ResMut<BoardBounds>,
    mut figure: ResMut<crate::game::board::view::FigureBounds>,
    mut turned: ResMut<crate::game::board::view::BoardTurned>,
    mut placed: MessageWriter<crate::game::shared::PiecePlaced>,
    view: Res<crate::game::board::view::View>,
    mut laid_out: ResMut<LaidOutFor>,
    mut area: ResMut<crate::game::shared::SolidArea>,
    pointer: Res<Pointer>,
) {
    // Another level (or the same one again) replaces the board in place; leaving for the
    // menus despawns it by its `DespawnOnExit(InLevel)`.
    for e in &old {
        commands.entity(e).despawn();
    }
    turned.0 = false;
    let Some(active) = active else { return };
    let level = &active.level;
    commands.spawn((
        TargetFigure,
        BoardItem,
        InLevel.scoped(),
        PieceGeom::flat(level.target.clone(), Vec2::ZERO),
        Transform::from_xyz(0.0, 0.0, 0.0),
    ));
    let offers = level.offers();
    for square in offers.optional.map(|p| p.optional_cells()).unwrap_or_default() {
        let c = bbox_of(&[square]).center();
        let c = Vec2::new(c.x as f32, c.y as f32);
        commands.spawn((OptionalCell(c), BoardItem, InLevel.scoped(), Transform::from_xyz(c.x, c.y, 0.5)));
    }
    for (square, colour) in offers.painted.map(|p| p.painted(None, 0)).unwrap_or_default() {
        let c = bbox_of(&[square]).center();
        commands.spawn((
            PaintedCell(colour),
            BoardItem,
            InLevel.scoped(),
            Transform::from_xyz(c.x as f32, c.y as f32, 0.4),
        ));
    }
    let class = screen_class(view.size, &pointer);
    let board = lay_out(level, view.size, class.0);
    figure.0 = Some(board.figure);
    turned.0 = board.turned;
    area.0 = board.solid;
    laid_out.0 = Some(class);
    let (start, rect) = (board.start, board.bounds);
    bounds.0 = rect;
    layout.0 = start.clone();
    for (i, p) in start.iter().enumerate() {
        let def = &level.set.pieces[i];
        let c = crate::pieces::inner_point(&def.rings[0]);
        let mut geom = PieceGeom::flat(def.rings.clone(), Vec2::new(c.x as f32, c.y as f32));
        let drawings = level.caps().drawings as i32;
        geom.turns = (0..drawings).filter_map(|o| level.drawing(i, o)).collect();
        commands.spawn((
            Piece(i),
            BoardItem,
            InLevel.scoped(),
            geom,
            Placed(*p),
            PaintedFor(None),
            Transform::from_xyz(p.at.0 as f32, p.at.1 as f32, 1.0 + i as f32 * 0.01),
        ));
    }
    // Judge the starting position so the thermometer starts from the truth.
    placed.write(crate::game::shared::PiecePlaced { piece: None, snapped: false });
}
