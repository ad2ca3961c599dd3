//! The interface, with bevy_egui: one file per screen (menu, level list, settings, the playing
//! screen's bars, the tutorial's card, the 3D view's words, the thermometer, the solved screen,
//! the editor's home and bars), the words from [`crate::game::meta::language::Words`].

mod editor_bars;
mod editor_cells;
mod editor_home;
mod hud;
mod keys;
mod lab;
mod layers;
mod level_list;
mod menu;
mod packs;
mod prelude;
pub mod said;
mod screen;
mod settings;
mod solved;
mod stats;
pub mod theme;
mod thermometer;
mod thumbnails;
mod tutorial;
mod widgets;

use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};
use prelude::*;
pub use thumbnails::Thumbnails;

pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        // The interface gets a camera of its own (below), not the first one spawned.
        app.insert_resource(bevy_egui::EguiGlobalSettings { auto_create_primary_context: false, ..default() })
            .add_plugins(EguiPlugin::default())
            .add_systems(Startup, camera)
            .init_resource::<Thumbnails>()
            .add_systems(PreUpdate, block_pointer)
            .add_systems(
                PreUpdate,
                modifiers_when_changed
                    .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                    .before(bevy_egui::EguiPreUpdateSet::BeginPass),
            )
            .add_systems(Update, escape.before(crate::game::shared::InputSet))
            .add_systems(OnExit(AppState::Settings), || crate::platform::page::offer_pick(None))
            .add_systems(PostUpdate, said::mirror.after(bevy_egui::EguiPostUpdateSet::ProcessOutput))
            .add_systems(
                PreUpdate,
                keys_stay_on_board
                    .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                    .before(bevy_egui::EguiPreUpdateSet::BeginPass),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (
                    theme::apply,
                    menu::main_menu.run_if(in_state(AppState::MainMenu)),
                    level_list::level_select.run_if(in_state(AppState::LevelSelect)),
                    settings::settings.run_if(in_state(AppState::Settings)),
                    stats::stats.run_if(in_state(AppState::Stats)),
                    editor_home::home.run_if(in_state(AppState::Editor)),
                    editor_bars::editing.run_if(in_state(AppState::Editing)),
                    hud::hud.run_if(in_state(AppState::Playing).or_else(in_state(AppState::Solved))),
                    hud::fit_button.run_if(in_state(AppState::Playing)),
                    layers::layer_labels.run_if(in_state(AppState::Playing)),
                    lab::lab_card.run_if(in_state(AppState::Playing)),
                    tutorial::tutorial.run_if(in_state(AppState::Playing)),
                    keys::keys_card.run_if(in_state(AppState::Playing)),
                    solved::solved.run_if(in_state(AppState::Solved)),
                    said::said,
                )
                    .chain(),
            );
    }
}

fn block_pointer(wants: Option<Res<EguiWantsInput>>, mut blocked: ResMut<PointerBlocked>) {
    let b = wants.is_some_and(|w| w.wants_any_pointer_input());
    if blocked.0 != b {
        blocked.0 = b;
    }
}

/// On a level, the board's keys are the board's: egui never sees Tab, Enter, Space, the
/// arrows or Escape (Tab moved egui's focus into the toolbar, and Enter then pressed a button),
/// and any focus a click left on a widget is dropped, unless the keyboard is in the toolbar
/// (F6), where Tab and Enter are egui's.
pub fn keys_stay_on_board(
    mut inputs: Query<(&mut bevy_egui::EguiInput, &mut bevy_egui::EguiContext)>,
    state: Res<State<AppState>>,
    focus: Res<crate::game::shared::KeyFocus>,
) {
    if !matches!(state.get(), AppState::Playing) || focus.toolbar {
        return;
    }
    for (mut input, mut ctx) in &mut inputs {
        input.0.events.retain(|e| !matches!(e, egui::Event::Key { key, .. } if board_key(*key)));
        let ctx = ctx.get_mut();
        if let Some(id) = ctx.memory(|m| m.focused()) {
            ctx.memory_mut(|m| m.surrender_focus(id));
        }
    }
}

/// The keys a level's board takes for itself.
pub fn board_key(key: egui::Key) -> bool {
    use egui::Key::*;
    matches!(key, Tab | Enter | Space | ArrowUp | ArrowDown | ArrowLeft | ArrowRight | Escape)
}

/// bevy_egui tells egui the modifier keys each frame as an event, and egui asks for another
/// frame after any event: a still screen would be drawn again and again (57% of a core on a
/// still menu, in software). Only a change is passed on; egui keeps the keys it was told.
fn modifiers_when_changed(mut inputs: Query<&mut bevy_egui::EguiInput>, mut last: Local<Option<egui::Modifiers>>) {
    for mut input in &mut inputs {
        input.0.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => last.replace(*m) != Some(*m),
            _ => true,
        });
    }
}

/// Escape goes back a screen; on a level it first puts a lifted piece back (the board's
/// keyboard does), closes the keys' card, or brings the keyboard back from the toolbar.
fn escape(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<State<AppState>>,
    mut next: ResMut<NextState<AppState>>,
    selection: Res<crate::game::board::placement::Selection>,
    mut focus: ResMut<crate::game::shared::KeyFocus>,
) {
    if !keys.just_pressed(KeyCode::Escape) || selection.lifted {
        return;
    }
    if focus.help || focus.toolbar {
        *focus = crate::game::shared::KeyFocus::default();
        return;
    }
    match state.get() {
        AppState::Playing | AppState::Solved => next.set(AppState::LevelSelect),
        AppState::LevelSelect | AppState::Settings | AppState::Stats | AppState::Editor => next.set(AppState::MainMenu),
        AppState::Editing => next.set(AppState::Editor),
        _ => {}
    }
}

/// The interface's own camera, drawn last, over the board and a polycube level's 3D view. On
/// the board's camera the interface was drawn before the 3D view, whose camera then laid the
/// board's picture over any card crossing its rectangle (a family's introduction on a phone).
fn camera(mut commands: Commands, offscreen: Option<Res<crate::game::shared::OffscreenTarget>>) {
    use bevy::camera::{visibility::RenderLayers, CameraOutputMode};
    let mut e = commands.spawn((
        bevy_egui::PrimaryEguiContext,
        Camera2d,
        // Nothing of the world: the interface alone, blended over what is drawn.
        RenderLayers::none(),
        // As the board's camera: cameras drawing to one target share its textures.
        Msaa::Sample4,
        Camera {
            order: 2,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(bevy::render::render_resource::BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
    if let Some(t) = offscreen {
        e.insert(bevy::camera::RenderTarget::Image(t.0.clone().into()));
    }
}
