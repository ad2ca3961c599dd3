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
}

impl Default for View {
    fn default() -> Self {
        View { center: Vec2::ZERO, scale: 1.0 / 60.0, size: Vec2::new(1280.0, 800.0) }
    }
}

impl View {
    pub fn to_world(&self, screen: Vec2) -> Vec2 {
        let d = screen - self.size / 2.0;
        self.center + Vec2::new(d.x, -d.y) * self.scale
    }
    pub fn to_screen(&self, world: Vec2) -> Vec2 {
        let d = (world - self.center) / self.scale;
        self.size / 2.0 + Vec2::new(d.x, -d.y)
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
        230.0
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
            .init_resource::<crate::game::shared::Cards>()
            .add_systems(PostUpdate, fit_view);
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
    mut view: ResMut<View>,
) {
    let size = match (windows.single(), offscreen) {
        (Ok(w), _) => Vec2::new(w.width(), w.height()),
        (Err(_), Some(o)) => o.0,
        _ => return,
    };
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
    let scale = (b.width() / avail.x).max(b.height() / avail.y);
    // Centre the board in the screen area the HUD leaves free.
    let free = Vec2::new((size.x - right) / 2.0, (top + size.y - bottom) / 2.0);
    let center = b.center() + Vec2::new(size.x / 2.0 - free.x, free.y - size.y / 2.0) * scale;
    let new = View { center, scale, size };
    if *view != new {
        *view = new;
    }
}
