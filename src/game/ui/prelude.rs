//! What every screen of the interface uses: Bevy, egui, the player's words and the game's
//! shared state.

pub use crate::game::input::PointerBlocked;
pub use crate::game::language::Words;
pub use crate::game::levels::{ActiveLevel, Library, PlayLevel};
pub use crate::game::placement::History;
pub use crate::game::save::SaveState;
pub use crate::game::shared::AppState;
pub use crate::game::shared::{Action, SolvedInfo};
pub use crate::game::verification::Progress;
pub use crate::game::view::{hud_insets, NARROW};
pub use bevy::prelude::*;
pub use bevy_egui::{egui, EguiContexts};
