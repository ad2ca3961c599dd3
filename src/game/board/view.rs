//! The mapping between screen pixels and board (world) units, and the board's bounds.

use crate::game::shared::AppState;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Screen pixels (logical, origin top-left) to world units and back.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// World point at the centre of the screen.
    pub center: Vec2,
    /// World units per logical pixel.
    pub scale: f32,
    /// Screen size in logical pixels.
    pub size: Vec2,
    /// The board is shown turned a quarter turn counter-clockwise (its x axis pointing up the
    /// screen): a wide board on a portrait screen ([`turns`]).
    pub turned: bool,
}

impl Default for View {
    fn default() -> Self {
        View { center: Vec2::ZERO, scale: 1.0 / 60.0, size: Vec2::new(1280.0, 800.0), turned: false }
    }
}

impl View {
    pub fn to_world(&self, screen: Vec2) -> Vec2 {
        self.center + self.world_dir(screen - self.size / 2.0)
    }
    pub fn to_screen(&self, world: Vec2) -> Vec2 {
        let d = (world - self.center) / self.scale;
        let d = if self.turned { Vec2::new(-d.y, -d.x) } else { Vec2::new(d.x, -d.y) };
        self.size / 2.0 + d
    }
    /// A screen displacement (pixels, y down) as a board displacement.
    pub fn world_dir(&self, d: Vec2) -> Vec2 {
        let w = if self.turned { Vec2::new(-d.y, -d.x) } else { Vec2::new(d.x, -d.y) };
        w * self.scale
    }
    /// A direction on screen (y up: an arrow key, a stick) as a direction on the board.
    pub fn board_dir(&self, v: Vec2) -> Vec2 {
        if self.turned {
            Vec2::new(v.y, -v.x)
        } else {
            v
        }
    }
}

/// Whether a grid board (cells or tiles, whose way up means nothing, unlike a figure's) spanning
/// `figure` is shown turned on a screen of `size`: clearly wider than tall on a portrait screen
/// (a phone held upright), so that its long side runs along the screen's. Decided when the
/// board is laid out ([`BoardTurned`]).
pub fn turns(size: Vec2, figure: Rect) -> bool {
    size.y > size.x * 1.1 && figure.width() > figure.height() * 1.25
}

/// The board is shown turned a quarter turn ([`turns`]), as decided when it was laid out with
/// its tray.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardTurned(pub bool);

/// Zoom in up to at least this factor, and further when needed for the level's cells to reach
/// [`CELL_PX`] on screen.
pub const MAX_ZOOM: f32 = 4.0;
/// The size a cell (or tile) can be zoomed to at least, in logical pixels: a finger's target.
pub const CELL_PX: f32 = 48.0;

/// The player's zoom and pan of the board (pinch and two-finger drag, the wheel and a drag
/// on the empty board, + and - keys): `factor` times the fitted size, and `pan`, where the
/// middle of the free screen area looks, from the board's centre (board units). A level starts
/// fitted (factor 1); a solved board is fitted again, without it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    pub factor: f32,
    pub pan: Vec2,
    /// The level's cell (or smallest piece) in board units: zooming in reaches [`CELL_PX`].
    pub cell: f32,
    /// As last fitted: the board's centre, the scale that fits it, the view's centre, and the
    /// view's centre less the free area's middle (board units).
    pub fit: Vec2,
    pub fit_scale: f32,
    pub centre: Vec2,
    pub offset: Vec2,
}

impl Default for Zoom {
    fn default() -> Self {
        Zoom {
            factor: 1.0,
            pan: Vec2::ZERO,
            cell: 1.0,
            fit: Vec2::ZERO,
            fit_scale: 1.0 / 60.0,
            centre: Vec2::ZERO,
            offset: Vec2::ZERO,
        }
    }
}

impl Zoom {
    /// How far this board zooms in.
    pub fn max_factor(&self) -> f32 {
        (CELL_PX * self.fit_scale / self.cell.max(1e-3)).max(MAX_ZOOM)
    }
    /// Zooms by `ratio`, keeping board point `at` where it is on screen.
    pub fn zoom_at(&mut self, ratio: f32, at: Vec2) {
        let f = (self.factor * ratio).clamp(1.0, self.max_factor());
        let r = f / self.factor;
        if (r - 1.0).abs() < 1e-6 {
            return;
        }
        // The view's centre moves toward `at`; the free area's middle keeps its offset from it,
        // which shrinks with the scale.
        let centre = at + (self.centre - at) / r;
        self.pan = centre - self.offset / r - self.fit;
        self.centre = centre;
        self.offset /= r;
        self.factor = f;
    }
}

/// The region the board uses (target and tray), in world units; pieces stay inside it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardBounds(pub Rect);

/// The figure's own region (with a solid board's 3D view), in world units: what the view
/// fits once the level is solved, the tray being empty then.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct FigureBounds(pub Option<Rect>);

impl Default for BoardBounds {
    fn default() -> Self {
        BoardBounds(Rect::from_center_size(Vec2::ZERO, Vec2::splat(16.0)))
    }
}

/// Pixels kept free around the board.
pub const MARGIN: f32 = 12.0;
/// Windows narrower than this get the phone layout (thermometer across the top).
pub const NARROW: f32 = 600.0;
pub const HUD_BOTTOM: f32 = 56.0;
/// On a phone the bottom bar may wrap to two rows (longer words in some languages).
pub const HUD_BOTTOM_NARROW: f32 = 92.0;
/// Height of the 3D view's control rows above the bottom bar (polycube levels): one row on a
/// wide screen, two on a narrow one.
pub fn solid_bar(width: f32) -> f32 {
    if width < NARROW {
        104.0
    } else {
        34.0
    }
}

/// Screen space the HUD takes: (top, bottom, right) in logical pixels.
pub fn hud_insets(width: f32) -> (f32, f32, f32) {
    if width < NARROW {
        (84.0, HUD_BOTTOM_NARROW, 0.0)
    } else {
        (48.0, HUD_BOTTOM, 64.0)
    }
}

/// Height of the tutorial's card under the top bar (its text wraps on a phone).
pub fn tutorial_card(width: f32) -> f32 {
    if width < NARROW {
        96.0
    } else {
        76.0
    }
}

/// Height of the solver lab's card under the top bar (and the tutorial's card, if shown).
pub fn lab_card(width: f32) -> f32 {
    if width < NARROW {
        // Room for an iterate's line above the results (two rows each on a phone).
        270.0
    } else {
        150.0
    }
}

/// Height of the solved panel at the bottom, which the solved figure is drawn above.
pub fn solved_panel(width: f32) -> f32 {
    if width < NARROW {
        250.0
    } else {
        226.0
    }
}

/// Screen space the HUD takes around the board: (top, bottom, right) in logical pixels, with the
/// 3D view's control rows (`solid`), the tutorial's card (`tutorial`) and the solver lab's
/// (`lab`) when they are shown: the board shrinks to stay clear of them.
pub fn board_insets(size: Vec2, solid: bool, tutorial: bool, lab: bool) -> (f32, f32, f32) {
    let (mut top, mut bottom, right) = hud_insets(size.x);
    if solid {
        bottom += solid_bar(size.x);
    }
    if tutorial {
        top += tutorial_card(size.x);
    }
    if lab {
        top += lab_card(size.x);
    }
    (top, bottom, right)
}

/// The screen area the board is fitted into (the window less the HUD and margins), in
/// logical pixels.
pub fn free_area(size: Vec2, solid: bool, tutorial: bool) -> Vec2 {
    inside(size, board_insets(size, solid, tutorial, false))
}

/// The screen area within `insets` (top, bottom, right) and the margins.
fn inside(size: Vec2, (top, bottom, right): (f32, f32, f32)) -> Vec2 {
    (size - Vec2::new(2.0 * MARGIN + right, 2.0 * MARGIN + top + bottom)).max(Vec2::splat(50.0))
}

/// Screen size to fit to when there is no window (off-screen rendering).
#[derive(Resource, Clone, Copy, Debug)]
pub struct OffscreenSize(pub Vec2);

pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<View>()
            .init_resource::<BoardBounds>()
            .init_resource::<FigureBounds>()
            .init_resource::<Zoom>()
            .init_resource::<BoardTurned>()
            .init_resource::<crate::game::shared::Cards>()
            .add_systems(PostUpdate, fit_view);
    }
}

/// The window's size in logical pixels, or the off-screen image's; `None` without either.
pub fn screen_size(windows: &Query<&Window, With<PrimaryWindow>>, offscreen: Option<&OffscreenSize>) -> Option<Vec2> {
    match (windows.single(), offscreen) {
        (Ok(w), _) => Some(Vec2::new(w.width(), w.height())),
        (Err(_), Some(o)) => Some(o.0),
        _ => None,
    }
}

/// Fits the board into the window (letterboxed), below the HUD.
#[allow(clippy::too_many_arguments)]
pub fn fit_view(
    windows: Query<&Window, With<PrimaryWindow>>,
    offscreen: Option<Res<OffscreenSize>>,
    bounds: Res<BoardBounds>,
    figure: Res<FigureBounds>,
    solid: Option<Res<crate::game::shared::SolidArea>>,
    cards: Option<Res<crate::game::shared::Cards>>,
    state: Option<Res<State<AppState>>>,
    turned: Res<BoardTurned>,
    mut zoom: ResMut<Zoom>,
    mut view: ResMut<View>,
) {
    let Some(size) = screen_size(&windows, offscreen.as_deref()) else { return };
    let solid = solid.is_some_and(|s| s.0.is_some());
    let cards = cards.map(|c| *c).unwrap_or_default();
    let (mut top, mut bottom, right) = board_insets(size, solid, cards.tutorial, cards.lab);
    // The playing screen's bars drawn taller than reserved (a phone's wrap): the reserve grows
    // by the difference.
    let playing = state.as_ref().is_some_and(|s| matches!(s.get(), AppState::Playing | AppState::Solved));
    if playing {
        let reserved = hud_insets(size.x);
        top += (cards.top_bar - reserved.0).max(0.0);
        bottom += (cards.bottom_bar + 6.0 - reserved.1).max(0.0);
    }
    // Solved: the panel below takes the toolbar's place, and the figure, drawn as large as the
    // rest allows (its pieces are all on it), stays clear of it.
    let solved = state.is_some_and(|s| *s.get() == AppState::Solved);
    if solved {
        bottom = bottom.max(solved_panel(size.x));
    }
    let avail = inside(size, (top, bottom, right));
    let b = match figure.0 {
        Some(f) if solved => f.inflate(0.3),
        _ => bounds.0,
    };
    let turned = turned.0;
    // The board's extent along the screen's width and height.
    let (across, down) = if turned { (b.height(), b.width()) } else { (b.width(), b.height()) };
    let fit_scale = (across / avail.x).max(down / avail.y);
    // The middle of the screen area the HUD leaves free, from the screen's centre.
    let free = Vec2::new((size.x - right) / 2.0, (top + size.y - bottom) / 2.0);
    // The player's zoom; the free area looks at the board's centre moved by the pan, kept
    // where the board fills the area along each axis it overflows (else centred).
    let mut z = *zoom;
    if solved {
        z.factor = 1.0;
        z.pan = Vec2::ZERO;
    }
    z.fit = b.center();
    z.fit_scale = fit_scale;
    z.factor = z.factor.clamp(1.0, z.max_factor());
    let scale = fit_scale / z.factor;
    let view_at = |centre: Vec2| View { center: centre, scale, size, turned };
    z.offset = view_at(Vec2::ZERO).world_dir(size / 2.0 - free);
    // The board units the free area shows along the board's x and y.
    let seen = view_at(Vec2::ZERO).board_dir(avail).abs() * scale;
    let room = ((b.size() - seen) / 2.0).max(Vec2::ZERO);
    z.pan = z.pan.clamp(-room, room);
    z.centre = b.center() + z.pan + z.offset;
    if *zoom != z {
        *zoom = z;
    }
    let new = view_at(z.centre);
    if *view != new {
        *view = new;
    }
}
