//! What every screen of the interface uses: Bevy, egui, the player's words and the game's
//! shared state.

pub use super::screen::layout;
pub use crate::game::board::input::PointerBlocked;
pub use crate::game::board::levels::{ActiveLevel, Library, PlayLevel};
pub use crate::game::board::placement::History;
pub use crate::game::board::verification::Progress;
pub use crate::game::meta::language::Words;
pub use crate::game::meta::save::SaveState;
pub use crate::game::probe::mark;
pub use crate::game::shared::AppState;
pub use crate::game::shared::{Action, Command, SolvedInfo};
pub use bevy::prelude::*;
pub use bevy_egui::{egui, EguiContexts};
