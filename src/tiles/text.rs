//! The piece list, the plain text form of an edge-matching puzzle as Eternity II solvers and
//! players keep it. One reader serves every door: `tessera edge solve` and `edge best`, the
//! game's paste field and `tessera share decode`.
//!
//! What a list holds: `cols rows` (a square board may leave it out), then four colours a tile,
//! and `clue CELL TILE ROT` lines fixing a tile (0-based, in list order) in a cell (row-major
//! from the top-left) turned ROT quarter turns clockwise. Blank lines and lines starting with
//! `#` are skipped, a byte-order mark is ignored, clues may come anywhere, and the numbers may
//! run together over lines (a list pasted into a one-line field).
//!
//! The order of a tile's sides. Lists are written north east south west (this project's
//! order, and most solvers') or north south west east (Eternity II's as published). A corner
//! may tell them apart: its two frame sides are neighbours, which are places 0 and 2, or 1 and
//! 3, only in a list of the second order. Else the rim does: on a board cut from a solved one
//! the sides beside the frame sides pair among themselves, read in the right order. A list
//! neither tells is read in the first order.

use super::{Clue, Puzzle, Tile, MAX_SIDE};

/// The order a list gives each tile's sides in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// North, east, south, west.
    Nesw,
    /// North, south, west, east (Eternity II's published list).
    Nswe,
}

impl Order {
    pub fn name(self) -> &'static str {
        match self {
            Order::Nesw => "north east south west",
            Order::Nswe => "north south west east",
        }
    }
}

/// A list read: the puzzle (its tiles N E S W whatever the list's order) and the order found.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    pub puzzle: Puzzle,
    pub order: Order,
}

/// One number of the list and the line it stands on (1-based).
type Number = (i64, usize);

/// Reads a piece list; `rotate`: its tiles turn. Errors name the line where there is one.
pub fn read(text: &str, rotate: bool) -> Result<Read, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut numbers: Vec<Number> = Vec::new();
    let mut clues = Vec::new();
    let mut words = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .flat_map(|(i, l)| l.split_whitespace().map(move |w| (w, i + 1)));
    while let Some((w, line)) = words.next() {
        if w != "clue" {
            numbers.push((number(w, line)?, line));
            continue;
        }
        let mut next = || -> Result<i64, String> {
            let (w, at) = words.next().ok_or(format!("line {line}: a clue is `clue CELL TILE ROT`"))?;
            number(w, at).map_err(|_| format!("line {line}: a clue is `clue CELL TILE ROT`, and `{w}` is no number"))
        };
        let (cell, tile, rot) = (next()?, next()?, next()?);
        if cell < 0 || tile < 0 || rot < 0 {
            return Err(format!("line {line}: `clue {cell} {tile} {rot}`: a clue's numbers are not negative"));
        }
        if rot > 3 {
            return Err(format!(
                "line {line}: `clue {cell} {tile} {rot}`: a tile turns 0 to 3 quarter turns, not {rot}"
            ));
        }
        clues.push(Clue { cell: cell as usize, tile: tile as usize, rot: rot as u8 });
    }
    if numbers.is_empty() {
        return Err(
            if clues.is_empty() { "the list is empty: no tiles" } else { "the list has clues but no tiles" }.into()
        );
    }
    let head = match numbers.len() % 4 {
        2 => 2,
        0 => 0,
        _ => return Err(miscount(&numbers)),
    };
    let (cols, rows) = if head == 2 {
        let (c, r) = (numbers[0].0, numbers[1].0);
        let side = 1..=MAX_SIDE as i64;
        if !side.contains(&c) || !side.contains(&r) {
            return Err(format!(
                "line {}: the board must be 1..{MAX_SIDE} cells each way, not {c} x {r}",
                numbers[0].1
            ));
        }
        (c as usize, r as usize)
    } else {
        let n = numbers.len() / 4;
        let side = (n as f64).sqrt().round() as usize;
        if side * side != n {
            return Err(format!(
                "without a `cols rows` line first the board is square, but {n} tiles is not a square number"
            ));
        }
        (side, side)
    };
    let mut tiles: Vec<Tile> = Vec::with_capacity(numbers.len() / 4);
    for four in numbers[head..].chunks(4) {
        let mut t = [0u16; 4];
        for (k, &(c, line)) in four.iter().enumerate() {
            t[k] = match c {
                c if c < 0 => return Err(format!("line {line}: colour {c} is negative")),
                c if c > u16::MAX as i64 => {
                    return Err(format!("line {line}: colour {c} is too large (at most {})", u16::MAX))
                }
                c => c as u16,
            };
        }
        tiles.push(t);
    }
    let order = order_of(&tiles, cols, rows);
    if order == Order::Nswe {
        for t in &mut tiles {
            *t = [t[0], t[3], t[1], t[2]];
        }
    }
    let puzzle = Puzzle { cols, rows, tiles, rotate, clues };
    puzzle.validate().map_err(|e| match order {
        Order::Nesw => e,
        Order::Nswe => format!("{e} (the list was read {}, as its frame sides show)", order.name()),
    })?;
    Ok(Read { puzzle, order })
}

/// [`read`]'s puzzle, tiles turning: the game's paste field.
pub fn read_list(text: &str) -> Result<Puzzle, String> {
    read(text, true).map(|r| r.puzzle)
}

/// [`read`]'s puzzle: the command line's text files, which cannot say whether tiles turn.
pub fn parse_text(text: &str, rotate: bool) -> Result<Puzzle, String> {
    read(text, rotate).map(|r| r.puzzle)
}

/// A whole number, or what is wrong with the word in the list's terms.
fn number(w: &str, line: usize) -> Result<i64, String> {
    w.parse::<i64>().map_err(|_| {
        let digits = w.strip_prefix('-').unwrap_or(w);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            format!("line {line}: `{w}` is far too large a number")
        } else {
            format!("line {line}: `{w}` is not a whole number (a colour, or `clue CELL TILE ROT`)")
        }
    })
}

/// What is wrong when the numbers do not make `cols rows` and whole tiles: the first line that
/// is neither, where the list keeps a line a tile; else the count.
fn miscount(numbers: &[Number]) -> String {
    let mut lines: Vec<(usize, usize)> = Vec::new();
    for &(_, line) in numbers {
        match lines.last_mut() {
            Some((l, k)) if *l == line => *k += 1,
            _ => lines.push((line, 1)),
        }
    }
    if lines.len() > 1 {
        if let Some(&(line, k)) = lines.first().filter(|&&(_, k)| k != 2 && k != 4) {
            return format!(
                "line {line}: the first line is `cols rows` (or a tile, on a square board), found {k} number(s)"
            );
        }
        if let Some(&(line, k)) = lines[1..].iter().find(|&&(_, k)| k != 4) {
            return format!("line {line}: a tile is four colours `north east south west`, found {k}");
        }
    }
    match numbers.len() {
        1 => format!("line {}: one number; the list starts `cols rows`", numbers[0].1),
        n => format!("{n} numbers: a tile is four colours, after `cols rows`"),
    }
}

/// The order a list's tiles give their sides in: see the module's story.
fn order_of(tiles: &[Tile], cols: usize, rows: usize) -> Order {
    if cols < 2 || rows < 2 {
        return Order::Nesw;
    }
    let apart = |t: &Tile, a: usize, b: usize| t[a] == 0 && t[b] == 0 && t.iter().filter(|&&c| c == 0).count() == 2;
    if tiles.iter().any(|t| apart(t, 0, 2) || apart(t, 1, 3)) {
        return Order::Nswe;
    }
    if !rim_pairs(tiles, Order::Nesw) && rim_pairs(tiles, Order::Nswe) {
        return Order::Nswe;
    }
    Order::Nesw
}

/// Whether the sides beside the frame sides pair among themselves when the tiles are read in
/// `order`: on a board cut from a solved one they do (two neighbouring rim tiles show the colour
/// between them, each on a side beside its frame side), and read in the other order half of
/// them are the sides facing inwards. Eternity II's corners all lie one way in its published
/// list, so the corners alone cannot tell its order; this can.
fn rim_pairs(tiles: &[Tile], order: Order) -> bool {
    // The places of the sides clockwise (N E S W) in the list.
    let at: [usize; 4] = match order {
        Order::Nesw => [0, 1, 2, 3],
        Order::Nswe => [0, 3, 1, 2],
    };
    let mut odd = std::collections::HashSet::new();
    for t in tiles {
        for k in 0..4 {
            if t[at[k]] != 0 {
                continue;
            }
            for beside in [(k + 1) % 4, (k + 3) % 4] {
                let c = t[at[beside]];
                if c != 0 && !odd.remove(&c) {
                    odd.insert(c);
                }
            }
        }
    }
    odd.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eternity II's published list gives every corner one way, so no corner tells its order;
    /// the rim does (the fourth sweep: read as north east south west it scored 331 of 480 where
    /// the same board scores 51 read as the list means).
    #[test]
    fn the_rim_tells_the_order_when_the_corners_cannot() {
        let (mut p, _) = crate::tiles::generate::eternity_like(7);
        for t in &mut p.tiles {
            if t.iter().filter(|&&c| c == 0).count() == 2 {
                let r = (0..4).find(|&r| super::super::turned(t, r)[2..] == [0, 0]).unwrap();
                *t = super::super::turned(t, r);
            }
        }
        let nswe: String = p.tiles.iter().map(|t| format!("{} {} {} {}\n", t[0], t[2], t[3], t[1])).collect();
        let nesw: String = p.tiles.iter().map(|t| format!("{} {} {} {}\n", t[0], t[1], t[2], t[3])).collect();
        for (text, order) in [(nswe, Order::Nswe), (nesw, Order::Nesw)] {
            let r = read(&text, true).unwrap();
            assert_eq!((r.order, &r.puzzle.tiles), (order, &p.tiles));
        }
    }
}
