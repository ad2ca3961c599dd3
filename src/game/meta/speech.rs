//! What a screen reader says of a level, as it happens: a piece selected, lifted or put
//! down, the thermometer's reading after a move, the level solved, the hint's words. The
//! newest saying is kept in [`Said`] (with a serial number, so the same words twice are said
//! twice); the interface hands it to the platform: a polite live node of egui's AccessKit tree
//! on the desktop, the page's `aria-live` region in the browser (`platform::page::say`).

use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::Piece;
use crate::game::board::verification::Progress;
use crate::game::shared::{LevelSolved, PiecePicked, PiecePlaced, PlacementSet};
use crate::support::i18n::Text;
use bevy::prelude::*;

/// The newest thing to say, and how many things have been said.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Said {
    pub text: Option<Text>,
    pub serial: u64,
}

impl Said {
    fn say(&mut self, text: Text) {
        self.text = Some(text);
        self.serial += 1;
    }
}

pub struct SpeechPlugin;

impl Plugin for SpeechPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Said>()
            .add_systems(OnEnter(crate::game::shared::AppState::Playing), level_opened)
            .add_systems(PostUpdate, (moves, hint_words, solved).chain().after(PlacementSet));
    }
}

/// A level opened: its name and how many pieces it has.
fn level_opened(
    active: Option<Res<ActiveLevel>>,
    words: Res<crate::game::meta::language::Words>,
    mut said: ResMut<Said>,
) {
    let Some(active) = active else { return };
    let name = active.level.name_in(words.tag()).to_string();
    said.say(Text::new("said-level").with("name", name).with("pieces", active.level.set.pieces.len() as u64));
}

/// A piece picked up or put down (with the thermometer's reading).
fn moves(
    mut picked: MessageReader<PiecePicked>,
    mut placed: MessageReader<PiecePlaced>,
    pieces: Query<&Piece>,
    active: Option<Res<ActiveLevel>>,
    progress: Res<Progress>,
    mut said: ResMut<Said>,
) {
    let Some(active) = active else {
        picked.clear();
        placed.clear();
        return;
    };
    let count = active.level.set.pieces.len() as u64;
    let number = |e: Entity| pieces.get(e).map_or(0, |p| p.0 as u64 + 1);
    if let Some(p) = picked.read().last() {
        said.say(Text::new("said-picked").with("piece", number(p.0)).with("pieces", count));
    }
    if let Some(p) = placed.read().filter(|p| p.piece.is_some()).last() {
        let percent = (progress.value * 100.0).round() as u64;
        said.say(
            Text::new("said-placed")
                .with("piece", p.piece.map_or(0, number))
                .with("pieces", count)
                .with("percent", percent),
        );
    }
}

/// The hint's words, when they change.
fn hint_words(
    hints: Res<crate::game::solver::hints::HintState>,
    mut last: Local<Option<Text>>,
    mut said: ResMut<Said>,
) {
    if hints.message != *last {
        last.clone_from(&hints.message);
        if let Some(m) = &hints.message {
            said.say(m.clone());
        }
    }
}

/// The level solved, with its time and moves.
fn solved(mut solved: MessageReader<LevelSolved>, mut said: ResMut<Said>) {
    if let Some(s) = solved.read().last() {
        let secs = s.ms / 1000;
        said.say(
            Text::new("said-solved")
                .with("time", format!("{}:{:02}", secs / 60, secs % 60))
                .with("moves", u64::from(s.moves)),
        );
    }
}
