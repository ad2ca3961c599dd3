//! An update's restart resumes play. In the browser the page is told the level in play (its
//! share code) and its board as it lies (every piece's placement, after each move); the
//! restart the player chooses on the update notice reloads the page with both in its address
//! (`restart` in `index.html`), and the game opens the level again ([`super::codes`]) and lays
//! its pieces back where they were. Outside the browser nothing restarts, and none of this runs.

use crate::game::board::pieces::{Piece, Placed};
use crate::game::board::placement::Board;
use crate::game::shared::{AppState, PiecePlaced, PlacementSet};
use crate::pieces::Placement;
use crate::play::Event;
use bevy::prelude::*;

/// The board an address brought (`&board=`), laid once its level's pieces are on the table.
#[derive(Resource, Default, Debug)]
pub struct ResumeBoard(pub Option<Vec<Placement>>);

pub struct ResumePlugin;

impl Plugin for ResumePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ResumeBoard>()
            .add_systems(OnEnter(AppState::Playing), offer_level)
            .add_systems(OnExit(AppState::Playing), forget)
            .add_systems(
                Update,
                (lay_board, keep_board).chain().after(PlacementSet).run_if(in_state(AppState::Playing)),
            );
    }
}

/// The page learns the level in play (and that its board is as dealt).
fn offer_level(active: Option<Res<crate::game::board::levels::ActiveLevel>>) {
    if let Some(active) = active.filter(|_| crate::platform::page::address().is_some()) {
        crate::platform::page::resume_code(Some(&crate::content::share::encode(&active.level.entry)));
        crate::platform::page::resume_board(None);
    }
}

/// Out of play, nothing is resumed; a board not laid by then is dropped.
fn forget(mut pending: ResMut<ResumeBoard>) {
    pending.0 = None;
    crate::platform::page::resume_code(None);
    crate::platform::page::resume_board(None);
}

/// After each move the page learns the board, as RON: every piece's placement by number.
fn keep_board(mut placed: MessageReader<PiecePlaced>, pieces: Query<(&Piece, &Placed)>) {
    if placed.read().count() == 0 || crate::platform::page::address().is_none() {
        return;
    }
    let mut board: Vec<Placement> = pieces.iter().map(|(piece, at)| Placement { piece: piece.0, ..at.0 }).collect();
    board.sort_by_key(|p| p.piece);
    if let Ok(text) = ron::to_string(&board) {
        crate::platform::page::resume_board(Some(&text));
    }
}

/// The board brought by the address, laid on the first frame with the level's pieces: each
/// piece where it was (no move counted), then judged as any board is. A board that does not
/// fit the level (another count of pieces) is dropped.
fn lay_board(mut pending: ResMut<ResumeBoard>, mut board: Board) {
    let Some(placements) = pending.0.as_ref() else { return };
    let mut laid = None;
    board.run(|_, _, table| {
        if table.pieces.is_empty() {
            return Vec::new();
        }
        let fits = placements.len() == table.pieces.len()
            && placements.iter().all(|p| table.pieces.iter().any(|s| s.id == p.piece));
        laid = Some(fits);
        if !fits {
            return Vec::new();
        }
        table.restore(&placements.iter().map(|p| (p.piece, *p)).collect());
        vec![Event::Placed { piece: None, snapped: false, counted: false }]
    });
    if laid.is_some() {
        pending.0 = None;
    }
}

/// The board in an address's `board` parameter, as [`keep_board`] writes it.
pub fn read_board(text: &str) -> Option<Vec<Placement>> {
    ron::from_str(text).ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_board_reads_back_as_written() {
        let board = vec![
            crate::pieces::Placement { piece: 0, rot: 3, flip: true, at: (1.5, -2.25) },
            crate::pieces::Placement { piece: 1, rot: 0, flip: false, at: (0.0, 7.0) },
        ];
        assert_eq!(super::read_board(&ron::to_string(&board).unwrap()), Some(board));
        assert_eq!(super::read_board("(not a board"), None);
    }
}
