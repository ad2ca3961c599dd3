//! The tutorial: on first launch, the first level played teaches its controls one at a time
//! (move, turn, flip, hint, undo), each step done by doing it, and said for the input the
//! player is using (mouse, touch, gamepad or keyboard). It can be skipped; once finished or
//! skipped it is saved as done and does not come back, except from the settings
//! ([`StartTutorial`], which opens the first level with it).
//!
//! A family whose play differs has its own introduction ([`crate::family::Family::intro`]:
//! edge matching, polycubes), shown the same way on the first of its levels a player opens,
//! in place of the first tutorial there; each once (the save keeps which), all again after
//! [`StartTutorial`].

use crate::family::{Goal, Intro};
use crate::game::board::levels::{ActiveLevel, Library, PlayLevel};
use crate::game::board::pieces::{Piece, Placed};
use crate::game::meta::save::SaveState;
use crate::game::shared::AppState;
use crate::game::shared::{Action, Command};
use crate::game::shared::{PiecePlaced, PlacementSet};
use crate::game::space::orbit::Orbit;
use bevy::input::gamepad::Gamepad;
use bevy::input::touch::Touches;
use bevy::prelude::*;

/// One thing to learn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Move,
    Turn,
    Flip,
    Hint,
    Undo,
}

/// The input the player used last: the tutorial names its controls.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    Mouse,
    Touch,
    Gamepad,
    Keyboard,
}

impl Default for InputKind {
    fn default() -> Self {
        if cfg!(any(target_os = "android", target_os = "ios")) {
            InputKind::Touch
        } else {
            InputKind::Mouse
        }
    }
}

impl InputKind {
    fn suffix(self) -> &'static str {
        match self {
            InputKind::Mouse => "mouse",
            InputKind::Touch => "touch",
            InputKind::Gamepad => "pad",
            InputKind::Keyboard => "keys",
        }
    }
}

/// The tutorial under way: the steps this level teaches and those already learned (kept
/// from level to level until the tutorial is over).
#[derive(Resource, Default, Debug)]
pub struct Tutorial {
    /// The steps, for the level's controls (no flip where pieces cannot flip or tip).
    pub steps: Vec<Step>,
    /// Steps done, on this level or an earlier one.
    pub learned: Vec<Step>,
    /// Shown now (a level is being played with it, or with [`Tutorial::intro`]).
    pub active: bool,
    /// The level's family introduction shown instead, and how many of its steps are done.
    pub intro: Option<(Intro, usize)>,
    /// Asked for from the settings: the next level played shows it even if it was done.
    replay: bool,
}

impl Tutorial {
    /// Whether a lesson is being done (the tutorial's steps or a family's introduction): the
    /// level's clock stands at 0:00 meanwhile.
    pub fn holds_clock(&self) -> bool {
        self.active && (self.intro.is_some() || self.current().is_some())
    }

    /// The step to do now (`None` when this level's are all done, or an introduction shows).
    pub fn current(&self) -> Option<Step> {
        let shown = self.active && self.intro.is_none();
        shown.then(|| self.steps.iter().find(|s| !self.learned.contains(s)).copied()).flatten()
    }

    /// The introduction's step to do now, as its message id and goal.
    pub fn intro_step(&self) -> Option<&crate::family::IntroStep> {
        self.intro.as_ref().filter(|_| self.active).and_then(|(i, done)| i.steps.get(*done))
    }

    /// How many of this level's steps are done.
    pub fn done(&self) -> usize {
        self.steps.iter().filter(|s| self.learned.contains(s)).count()
    }

    /// The message id of a step's instruction for an input, e.g. `tut-turn-touch`.
    pub fn instruction(step: Step, input: InputKind) -> String {
        let step = match step {
            Step::Move => "move",
            Step::Turn => "turn",
            Step::Flip => "flip",
            Step::Hint => "hint",
            Step::Undo => "undo",
        };
        format!("tut-{step}-{}", input.suffix())
    }
}

/// Play the tutorial again (the settings' button): opens the first level with it.
#[derive(Message, Clone, Copy, Debug)]
pub struct StartTutorial;

/// End the tutorial now (its "Skip" button); saved as done.
#[derive(Message, Clone, Copy, Debug)]
pub struct SkipTutorial;

pub struct TutorialPlugin;

impl Plugin for TutorialPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Tutorial>()
            .init_resource::<InputKind>()
            .add_message::<StartTutorial>()
            .add_message::<SkipTutorial>()
            .add_systems(OnEnter(AppState::Playing), begin)
            .add_systems(OnExit(AppState::Playing), pause)
            .add_systems(PreUpdate, (sense_input, replay))
            .add_systems(
                Update,
                (advance.after(PlacementSet), follow_intro.after(PlacementSet), skip, hold_clock)
                    .run_if(in_state(AppState::Playing)),
            )
            .add_systems(PostUpdate, show_card.before(crate::game::board::view::fit_view));
    }
}

/// The level's clock stands at 0:00 while a lesson is being done (the tutorial's steps or a
/// family's introduction): a solve's time counts from when the player is on their own.
fn hold_clock(tut: Res<Tutorial>, time: Res<Time>, active: Option<ResMut<ActiveLevel>>) {
    let Some(mut active) = active else { return };
    let held = tut.holds_clock();
    let active = active.bypass_change_detection();
    active.clock_held = held;
    if held {
        active.started = time.elapsed_secs();
    }
}

/// Which input the player touched last.
fn sense_input(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    touches: Option<Res<Touches>>,
    pads: Query<&Gamepad>,
    mut kind: ResMut<InputKind>,
) {
    let now = if touches.is_some_and(|t| t.iter_just_pressed().next().is_some()) {
        InputKind::Touch
    } else if mouse.is_some_and(|m| m.get_just_pressed().next().is_some()) {
        InputKind::Mouse
    } else if pads.iter().any(|p| p.get_just_pressed().next().is_some()) {
        InputKind::Gamepad
    } else if keys.is_some_and(|k| k.get_just_pressed().next().is_some()) {
        InputKind::Keyboard
    } else {
        return;
    };
    if *kind != now {
        *kind = now;
    }
}

/// Entering a level starts its family's introduction if it has one never done, or else the
/// tutorial if it was never done (or either is asked for again).
fn begin(mut tut: ResMut<Tutorial>, save: Res<SaveState>, active: Option<Res<ActiveLevel>>) {
    let Some(active) = active else { return };
    tut.intro = None;
    if let Some(intro) = active.level.intro() {
        tut.active = !save.data.intros.iter().any(|i| i == intro.id);
        if tut.active {
            tut.intro = Some((intro, 0));
        }
        return;
    }
    if save.data.settings.tutorial_done && !tut.replay {
        tut.active = false;
        return;
    }
    let caps = active.level.caps();
    let mut steps = vec![Step::Move];
    if caps.turn {
        steps.push(Step::Turn);
    }
    if caps.mirror || caps.tip {
        steps.push(Step::Flip);
    }
    steps.extend([Step::Hint, Step::Undo]);
    tut.steps = steps;
    tut.active = true;
    tut.replay = false;
}

/// Leaving the level hides the tutorial; the next level carries on with the steps left.
fn pause(mut tut: ResMut<Tutorial>) {
    tut.active = false;
}

/// The settings' button: the first level of the first pack, with the tutorial; the families'
/// introductions show again too.
fn replay(
    mut asks: MessageReader<StartTutorial>,
    mut tut: ResMut<Tutorial>,
    library: Res<Library>,
    mut save: ResMut<SaveState>,
    mut play: MessageWriter<PlayLevel>,
) {
    if asks.read().count() == 0 || library.packs.is_empty() {
        return;
    }
    if !save.data.intros.is_empty() {
        save.data.intros.clear();
        save.store();
    }
    *tut = Tutorial { replay: true, ..Tutorial::default() };
    play.write(PlayLevel { pack: 0, level: 0 });
}

/// Doing what the current step says moves the tutorial on; the last step saves it as done.
fn advance(
    mut tut: ResMut<Tutorial>,
    mut actions: MessageReader<Action>,
    mut placed: MessageReader<PiecePlaced>,
    mut save: ResMut<SaveState>,
) {
    // A piece put down (the board's first judging names none).
    let moved = placed.read().any(|p| p.piece.is_some());
    let acts: Vec<Action> = actions.read().copied().collect();
    let Some(step) = tut.current() else { return };
    let did = match step {
        Step::Move => moved,
        Step::Turn => acts.iter().any(|a| matches!(a, Action::Do(Command::Rotate(_)))),
        Step::Flip => acts.contains(&Action::Do(Command::Flip)),
        Step::Hint => acts.contains(&Action::Hint),
        Step::Undo => acts.contains(&Action::Do(Command::Undo)),
    };
    if did {
        tut.learned.push(step);
        if tut.current().is_none() {
            finish(&mut save);
        }
    }
}

/// Doing what the introduction's step says moves it on (a step at a time, in order); the last
/// saves it as done.
#[allow(clippy::too_many_arguments)]
fn follow_intro(
    mut tut: ResMut<Tutorial>,
    mut actions: MessageReader<Action>,
    mut placed: MessageReader<PiecePlaced>,
    pieces: Query<(&Piece, &Placed)>,
    active: Option<Res<ActiveLevel>>,
    orbit: Res<Orbit>,
    mut seen: Local<Option<Orbit>>,
    mut turns: Local<Vec<(usize, i32, bool)>>,
    mut save: ResMut<SaveState>,
) {
    let acts: Vec<Action> = actions.read().copied().collect();
    let put: Vec<Entity> = placed.read().filter_map(|p| p.piece).collect();
    let (Some(active), Some(step)) = (active, tut.intro_step().copied()) else {
        *seen = None;
        turns.clear();
        return;
    };
    let before = *seen.get_or_insert(*orbit);
    *seen = Some(*orbit);
    let moved: Vec<usize> = put.iter().filter_map(|&e| pieces.get(e).ok()).map(|(p, _)| p.0).collect();
    let did = match step.goal {
        Goal::Move => !moved.is_empty(),
        Goal::Turn => {
            // The pieces' turns, kept from frame to frame only while this step shows: a turn
            // by tap in the 3D view comes as a placement, not an action.
            let now: Vec<(usize, i32, bool)> = pieces.iter().map(|(p, pl)| (p.0, pl.0.rot, pl.0.flip)).collect();
            let turn_of = |list: &[(usize, i32, bool)], i: usize| list.iter().find(|t| t.0 == i).copied();
            let turned = moved.iter().any(|&i| turn_of(&turns, i).is_some_and(|t| Some(t) != turn_of(&now, i)));
            *turns = now;
            turned || acts.iter().any(|a| matches!(a, Action::Do(Command::Rotate(_) | Command::Flip) | Action::Roll(_)))
        }
        Goal::Look => (orbit.yaw, orbit.pitch) != (before.yaw, before.pitch),
        Goal::Layers => orbit.slice.is_some() && orbit.slice != before.slice,
        Goal::Check(ok) if !moved.is_empty() => {
            let now: Vec<crate::pieces::Placement> = pieces.iter().map(|(_, p)| p.0).collect();
            moved.iter().any(|&i| ok(&active.level, &now, i))
        }
        Goal::Check(_) => false,
    };
    if did {
        let Some((intro, done)) = tut.intro.as_mut() else { return };
        *done += 1;
        if *done == intro.steps.len() {
            let id = intro.id.to_string();
            finish_intro(&mut save, id);
        }
    }
}

/// Whether the card is shown, for the view to keep the board clear of it.
fn show_card(tut: Res<Tutorial>, mut cards: ResMut<crate::game::shared::Cards>) {
    if cards.tutorial != tut.active {
        cards.tutorial = tut.active;
    }
}

fn finish_intro(save: &mut SaveState, id: String) {
    if !save.data.intros.contains(&id) {
        save.data.intros.push(id);
        save.store();
    }
}

fn skip(mut asks: MessageReader<SkipTutorial>, mut tut: ResMut<Tutorial>, mut save: ResMut<SaveState>) {
    if asks.read().count() > 0 && tut.active {
        tut.active = false;
        match tut.intro.take() {
            Some((intro, _)) => finish_intro(&mut save, intro.id.to_string()),
            None => finish(&mut save),
        }
    }
}

fn finish(save: &mut SaveState) {
    if !save.data.settings.tutorial_done {
        save.data.settings.tutorial_done = true;
        save.store();
    }
}
