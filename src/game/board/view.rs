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
/// Screens shorter than this (logical pixels), and wider than tall, are a phone held sideways
/// (the menu's title beside its buttons; with a touch screen, the tools at the side).
pub const SHORT: f32 = 560.0;
/// The smallest side of anything a finger presses (WCAG's 44 px, Apple's 44 pt).
pub const TOUCH: f32 = 44.0;
pub const HUD_BOTTOM: f32 = 56.0;
/// On a phone the bottom bar may wrap to two rows (longer words in some languages).
pub const HUD_BOTTOM_NARROW: f32 = 92.0;
/// A touch screen's toolbar: one row of finger-sized buttons.
pub const HUD_BOTTOM_TOUCH: f32 = 64.0;
/// A phone held sideways: the tools stand at the right edge in two columns this wide.
pub const SIDE_TOOLS: f32 = 112.0;

/// The pointer the player uses: a finger (coarse: a touch screen, or a page whose browser says
/// its pointer is coarse) or a mouse. A coarse pointer gets finger-sized targets at every size.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Pointer {
    pub coarse: bool,
    /// Set by the caller (`tessera screenshot --touch`): kept whatever input comes.
    pub pinned: bool,
}

/// The kind of screen the interface and the board lay themselves out for, from the window's
/// size and the pointer: `narrow` (a phone held upright: one column, the thermometer across the
/// top), `touch` (every target at least [`TOUCH`] each way: any narrow screen, and any screen
/// under a coarse pointer), `sideways` (a touch screen wider than tall and short: the tools at
/// the right edge, the board as high as the screen allows).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Layout {
    pub narrow: bool,
    pub touch: bool,
    pub sideways: bool,
}

impl Layout {
    pub fn of(size: Vec2, coarse: bool) -> Layout {
        let narrow = size.x < NARROW;
        Layout { narrow, touch: narrow || coarse, sideways: coarse && !narrow && size.y < SHORT && size.x > size.y }
    }

    /// A fine pointer's layout for a window `width` wide (tests and the desktop).
    pub fn for_width(width: f32) -> Layout {
        Layout::of(Vec2::new(width, 800.0), false)
    }

    /// Height of the 3D view's control rows above the bottom bar (polycube levels): one row on
    /// a wide screen, two on a narrow one (with a touch screen's taller buttons, more).
    pub fn solid_bar(self) -> f32 {
        match (self.narrow, self.touch) {
            (true, _) => 104.0,
            (false, true) => 54.0,
            (false, false) => 34.0,
        }
    }

    /// Screen space the HUD takes: (top, bottom, right) in logical pixels.
    pub fn hud_insets(self) -> (f32, f32, f32) {
        match (self.narrow, self.sideways, self.touch) {
            (true, _, _) => (84.0, HUD_BOTTOM_NARROW, 0.0),
            (false, true, _) => (60.0, 0.0, SIDE_TOOLS + 64.0),
            (false, false, true) => (60.0, HUD_BOTTOM_TOUCH, 64.0),
            (false, false, false) => (48.0, HUD_BOTTOM, 64.0),
        }
    }

    /// Height of the tutorial's card under the top bar (its text wraps on a phone).
    pub fn tutorial_card(self) -> f32 {
        if self.narrow {
            96.0
        } else {
            76.0
        }
    }

    /// Height of the solver lab's card under the top bar (and the tutorial's card, if shown).
    pub fn lab_card(self) -> f32 {
        match (self.narrow, self.sideways) {
            // Room for an iterate's line above the results (two rows each on a phone).
            (true, _) => 270.0,
            (false, true) => 130.0,
            (false, false) => 150.0,
        }
    }

    /// Height of the solved panel at the bottom, which the solved figure is drawn above (held
    /// sideways, a card at the right the figure stands beside).
    pub fn solved_panel(self) -> f32 {
        match (self.narrow, self.sideways) {
            (true, _) => 250.0,
            (false, true) => 0.0,
            (false, false) => 226.0,
        }
    }
}

impl Layout {
    /// Width of the solved card at the right edge of a phone held sideways (0 elsewhere).
    pub fn solved_side(self) -> f32 {
        if self.sideways {
            300.0
        } else {
            0.0
        }
    }
}

/// Height of the solver lab's card on a fine pointer's screen `width` wide.
pub fn lab_card(width: f32) -> f32 {
    Layout::for_width(width).lab_card()
}

/// Height of the solved panel on a fine pointer's screen `width` wide.
pub fn solved_panel(width: f32) -> f32 {
    Layout::for_width(width).solved_panel()
}

/// Screen space the HUD takes around the board: (top, bottom, right) in logical pixels, with the
/// 3D view's control rows (`solid`), the tutorial's card (`tutorial`) and the solver lab's
/// (`lab`) when they are shown: the board shrinks to stay clear of them.
pub fn board_insets(layout: Layout, solid: bool, tutorial: bool, lab: bool) -> (f32, f32, f32) {
    let (mut top, mut bottom, right) = layout.hud_insets();
    if solid {
        bottom += layout.solid_bar();
    }
    if tutorial {
        top += layout.tutorial_card();
    }
    if lab {
        top += layout.lab_card();
    }
    (top, bottom, right)
}

/// The screen area the board is fitted into (the window less the HUD and margins), in
/// logical pixels, for a fine pointer.
pub fn free_area(size: Vec2, solid: bool, tutorial: bool) -> Vec2 {
    free_area_for(size, Layout::of(size, false), solid, tutorial)
}

/// [`free_area`] for a layout.
pub fn free_area_for(size: Vec2, layout: Layout, solid: bool, tutorial: bool) -> Vec2 {
    inside(size, board_insets(layout, solid, tutorial, false))
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
            .init_resource::<Pointer>()
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
    (turned, pointer): (Res<BoardTurned>, Res<Pointer>),
    mut zoom: ResMut<Zoom>,
    mut view: ResMut<View>,
    mut fitted: Local<Option<Fitted>>,
) {
    let Some(size) = screen_size(&windows, offscreen.as_deref()) else { return };
    let layout = Layout::of(size, pointer.coarse);
    let solid = solid.is_some_and(|s| s.0.is_some());
    let cards = cards.map(|c| *c).unwrap_or_default();
    let (mut top, mut bottom, mut right) = board_insets(layout, solid, cards.tutorial, cards.lab);
    // The playing screen's bars drawn taller than reserved (a phone's wrap): the reserve grows
    // by the difference.
    let playing = state.as_ref().is_some_and(|s| matches!(s.get(), AppState::Playing | AppState::Solved));
    if playing {
        let reserved = layout.hud_insets();
        top += (cards.top_bar - reserved.0).max(0.0);
        bottom += (cards.bottom_bar + 6.0 - reserved.1).max(0.0);
    }
    // Solved: the panel below takes the toolbar's place, and the figure, drawn as large as the
    // rest allows (its pieces are all on it), stays clear of it.
    let solved = state.is_some_and(|s| *s.get() == AppState::Solved);
    if solved {
        bottom = bottom.max(layout.solved_panel());
        right = right.max(layout.solved_side());
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
    // The bounds grown a little (a piece turned in the tray made room), the level, the screen
    // and the bars as they were: the board stays where it is as long as it all still shows (it
    // jumped about 42 px at each such turn).
    let now = (size, (top, bottom, right), figure.0);
    let same_screen = fitted.replace(now) == Some(now);
    if same_screen && playing && !solved && zoom.factor <= 1.0 && shows(&view, b, (top, bottom, right)) {
        return;
    }
    if *view != new {
        *view = new;
    }
}

/// What the board was last fitted for: the screen's size, the insets (top, bottom, right) and
/// the level's figure.
type Fitted = (Vec2, (f32, f32, f32), Option<Rect>);

/// Whether `view` shows all of board rectangle `b` inside the free area the insets (top,
/// bottom, right) and the margins leave.
fn shows(view: &View, b: Rect, (top, bottom, right): (f32, f32, f32)) -> bool {
    let free = Rect::new(MARGIN, top + MARGIN, view.size.x - right - MARGIN, view.size.y - bottom - MARGIN);
    [b.min, b.max, Vec2::new(b.min.x, b.max.y), Vec2::new(b.max.x, b.min.y)]
        .iter()
        .all(|&c| free.inflate(0.5).contains(view.to_screen(c)))
}
