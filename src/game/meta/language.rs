//! The language the game speaks: [`Words`], the catalogue of the player's language (a setting,
//! saved), which every screen reads its strings from. On first launch the setting is empty and
//! the system's language is picked (saved with the next change); changing the setting changes
//! every string on the next frame.

use crate::game::meta::save::SaveState;
use crate::support::i18n::{Lang, Tr};
use bevy::prelude::*;

/// The player's language's catalogue (`words.s("menu-play")`).
#[derive(Resource, Clone, Copy, Debug, Default, Deref, PartialEq)]
pub struct Words(pub Tr);

/// Where the first launch's language comes from (the system's; tests set one).
#[derive(Resource, Clone, Copy, Debug)]
pub struct SystemLanguage(pub Lang);

pub struct LanguagePlugin;

impl Plugin for LanguagePlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<SystemLanguage>() {
            app.insert_resource(SystemLanguage(Lang::system()));
        }
        app.init_resource::<Words>().add_systems(PreStartup, first_launch).add_systems(PreUpdate, follow_setting);
    }
}

/// The first launch (no language saved) takes the system's; it is saved with the next change.
fn first_launch(mut save: ResMut<SaveState>, system: Res<SystemLanguage>, mut words: ResMut<Words>) {
    if save.data.settings.language.is_none() {
        save.data.settings.language = Some(system.0);
    }
    *words = Words(Tr(save.data.settings.language.unwrap_or_default()));
}

/// The catalogue follows the setting.
fn follow_setting(save: Res<SaveState>, mut words: ResMut<Words>) {
    let now = Words(Tr(save.data.settings.language.unwrap_or_default()));
    if *words != now {
        *words = now;
    }
}
