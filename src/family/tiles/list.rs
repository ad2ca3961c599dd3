//! A player's own piece list (Eternity II's 256 lines, say), pasted where share codes go,
//! opened as a board played for the score: `crate::tiles::read_list` reads it (either order of
//! sides, lines run together or not), and the max-score search lays a first reference board
//! (the level list's picture, and what `check-levels` would ask of it).

use crate::format::entry::Entry;
use crate::support::budget::Budget;

/// The search's nodes for the reference board: a fraction of a second.
const FIRST_BOARD_NODES: u64 = 300_000;

/// Whether pasted text is a piece list rather than a share code: it starts with a number
/// (codes and links start with a letter) and has more than one word.
pub fn is_list(text: &str) -> bool {
    let text = text.trim_start();
    text.starts_with(|c: char| c.is_ascii_digit()) && text.split_whitespace().nth(1).is_some()
}

/// The level a piece list makes: an edge board played for the score, named by its size and
/// the order its sides were read in. A list whose order nothing tells (nor an `order` line) is
/// read both ways, and the reading whose first board scores higher is kept, its name saying it
/// was a guess (a line `order nesw` or `order nswe` pasted with the list settles it).
pub fn entry(text: &str) -> Result<Entry, String> {
    let read = crate::tiles::read(text, true)?;
    let first = |p: &crate::tiles::Puzzle| {
        crate::tiles::best::best(
            p,
            &crate::tiles::best::Options { budget: Budget::nodes(FIRST_BOARD_NODES), seed: 0 },
            |_, _, _| {},
        )
    };
    let mut chosen = (first(&read.puzzle), read.clone());
    if let Some(other) = read.other() {
        let board = first(&other.puzzle);
        if board.score > chosen.0.score {
            chosen = (board, other);
        }
    }
    let (board, read) = chosen;
    let p = &read.puzzle;
    let mut e = Entry::blank(Some("edge"));
    e.id = format!("list-{}x{}", p.cols, p.rows);
    let (en, pt) = sides_said(read.order, read.known.is_known());
    e.name = format!("Piece list, {} x {} ({en})", p.cols, p.rows);
    e.names.insert("pt-BR".into(), format!("Lista de peças, {} x {} ({pt})", p.cols, p.rows));
    e.edge = Some(crate::tiles::RawPuzzle {
        cols: p.cols,
        rows: p.rows,
        rotate: true,
        tiles: p.tiles.iter().map(|t| (t[0].into(), t[1].into(), t[2].into(), t[3].into())).collect(),
        clues: p.clues.clone(),
        scored: true,
    });
    e.solution =
        board.placement.iter().enumerate().map(|(cell, &(t, r))| super::cells::placement_of(p, t, cell, r)).collect();
    e.solution.sort_by_key(|pl| pl.piece);
    Ok(e)
}

/// The order a list was read in, as a level's name says it in English and Portuguese.
fn sides_said(order: crate::tiles::Order, known: bool) -> (String, String) {
    let (en, pt) = match order {
        crate::tiles::Order::Nesw => ("N E S W", "N L S O"),
        crate::tiles::Order::Nswe => ("N S W E", "N S O L"),
    };
    if known {
        (format!("sides {en}"), format!("lados {pt}"))
    } else {
        (format!("sides {en}, a guess"), format!("lados {pt}, suposição"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A list of a painted board, written north south west east on one line with its clue,
    /// opens as the same board played for the score; its reference board lays every tile.
    #[test]
    fn a_list_in_either_order_opens_as_a_scored_board() {
        let (p, _) = crate::tiles::generate::eternity_like(4);
        let clue = p.clues[0];
        let nesw: Vec<String> = p.tiles.iter().map(|t| format!("{} {} {} {}", t[0], t[1], t[2], t[3])).collect();
        let nswe: Vec<String> = p.tiles.iter().map(|t| format!("{} {} {} {}", t[0], t[2], t[3], t[1])).collect();
        let lines = format!("16 16\n{}\nclue {} {} {}\n", nesw.join("\n"), clue.cell, clue.tile, clue.rot);
        let one_line = format!("16 16 {} clue {} {} {}", nswe.join(" "), clue.cell, clue.tile, clue.rot);
        for text in [lines, one_line] {
            assert!(is_list(&text));
            let read = crate::tiles::read_list(&text).unwrap();
            assert_eq!((read.tiles.clone(), read.clues.clone()), (p.tiles.clone(), p.clues.clone()));
            let e = entry(&text).unwrap();
            let pack = crate::level::pack_of("mine", vec![e], "mine.ron", "mine").unwrap();
            let level = &pack.levels[0];
            let j = level.judge(&level.solution);
            assert!(j.solved && j.score.is_some_and(|(_, max)| max == 480), "{j:?}");
        }
        assert!(!is_list("VAEB3x"));
        assert!(crate::tiles::read_list("16 16 1 2 3").unwrap_err().contains("numbers"));
    }
}
