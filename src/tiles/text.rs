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
//! order, and most solvers') or north south west east (Eternity II's as published). The reader
//! never guesses silently: it says how it knows ([`Known`]). The list may say it (a line
//! `order nesw` or `order nswe`, as the game's paste field offers), or the caller (`--order`).
//! A corner may tell: its two frame sides are neighbours, so places 0 and 2, or 1 and 3, mean
//! the second order and places 0 and 1, or 2 and 3, the first (places 1 and 2, or 0 and 3,
//! are neighbours in both). Else the rim may: in any solution the sides beside the frame sides
//! pair among themselves, so a reading under which they do not pair has no solution. A list
//! none of these tells is read in the first order and marked [`Known::Guessed`]: whoever
//! answers from it must try the other reading ([`Read::other`]) before calling anything
//! impossible.

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

impl Order {
    /// The order as options and JSON write it: `nesw` or `nswe`.
    pub fn tag(self) -> &'static str {
        match self {
            Order::Nesw => "nesw",
            Order::Nswe => "nswe",
        }
    }

    pub fn parse(tag: &str) -> Option<Order> {
        match tag {
            "nesw" => Some(Order::Nesw),
            "nswe" => Some(Order::Nswe),
            _ => None,
        }
    }

    pub fn other(self) -> Order {
        match self {
            Order::Nesw => Order::Nswe,
            Order::Nswe => Order::Nesw,
        }
    }
}

/// How the order of a list's sides is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Given: by the caller (`--order`) or by the list's own `order` line.
    Given,
    /// A corner's two frame sides lie at places only one order makes neighbours.
    Corners,
    /// Read the other way, the sides beside the frame sides do not pair: that reading has no
    /// solution.
    Rim,
    /// Nothing tells: read in the first order, the other untried.
    Guessed,
}

impl Known {
    /// As JSON writes it: `given`, `corners`, `rim` or `guessed`.
    pub fn tag(self) -> &'static str {
        match self {
            Known::Given => "given",
            Known::Corners => "corners",
            Known::Rim => "rim",
            Known::Guessed => "guessed",
        }
    }

    pub fn is_known(self) -> bool {
        self != Known::Guessed
    }
}

/// A list read: the puzzle (its tiles N E S W whatever the list's order), the order it was
/// read in and how that order is known.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    pub puzzle: Puzzle,
    pub order: Order,
    pub known: Known,
    /// The list's numbers as written (tiles in the list's order), for the other reading.
    written: Vec<Tile>,
}

impl Read {
    /// The list read the other way, when its order was guessed and that reading is a valid
    /// puzzle; `None` when the order is known.
    pub fn other(&self) -> Option<Read> {
        if self.known.is_known() {
            return None;
        }
        let order = self.order.other();
        let puzzle = Puzzle { tiles: in_order(&self.written, order), ..self.puzzle.clone() };
        puzzle.validate().ok()?;
        Some(Read { puzzle, order, known: Known::Guessed, written: self.written.clone() })
    }
}

/// The tiles N E S W from a list's tiles written in `order`.
fn in_order(written: &[Tile], order: Order) -> Vec<Tile> {
    match order {
        Order::Nesw => written.to_vec(),
        Order::Nswe => written.iter().map(|t| [t[0], t[3], t[1], t[2]]).collect(),
    }
}

/// One number of the list and the line it stands on (1-based).
type Number = (i64, usize);

/// Reads a piece list; `rotate`: its tiles turn. Errors name the line where there is one.
pub fn read(text: &str, rotate: bool) -> Result<Read, String> {
    read_as(text, rotate, None)
}

/// [`read`], its sides in `order` when one is given (the list's own `order` line must agree).
pub fn read_as(text: &str, rotate: bool, order: Option<Order>) -> Result<Read, String> {
    let Words { numbers, clues, said } = words(text)?;
    if numbers.is_empty() {
        return Err(
            if clues.is_empty() { "the list is empty: no tiles" } else { "the list has clues but no tiles" }.into()
        );
    }
    // A list kept a line a tile says by its first line whether it starts `cols rows`; a list
    // run together says it by its count alone.
    let first_line = numbers.iter().take_while(|n| n.1 == numbers[0].1).count();
    let lines = numbers.last().is_some_and(|n| n.1 != numbers[0].1);
    let head = match (lines, first_line, numbers.len() % 4) {
        (true, 2, 2) | (true, 4, 0) => first_line % 4,
        (true, 2 | 4, _) => return Err(miscount(&numbers)),
        (_, _, 2) => 2,
        (_, _, 0) => 0,
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
    let (order, known) = match (order, said) {
        (Some(given), Some((o, line))) if given != o => {
            return Err(format!("line {line}: the list says `order {}`, but {} was asked", o.tag(), given.tag()))
        }
        (Some(given), _) | (None, Some((given, _))) => (given, Known::Given),
        (None, None) => order_of(&tiles, cols, rows),
    };
    let written = tiles;
    let puzzle = Puzzle { cols, rows, tiles: in_order(&written, order), rotate, clues };
    puzzle.validate().map_err(|e| match (order, known) {
        (Order::Nesw, Known::Guessed) => e,
        _ => format!("{e} (the list was read {}: {})", order.name(), how(known)),
    })?;
    Ok(Read { puzzle, order, known, written })
}

/// A list's words: its numbers (each with its line), its clues and its `order` line.
struct Words {
    numbers: Vec<Number>,
    clues: Vec<Clue>,
    said: Option<(Order, usize)>,
}

fn words(text: &str) -> Result<Words, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut numbers: Vec<Number> = Vec::new();
    let mut clues = Vec::new();
    let mut said: Option<(Order, usize)> = None;
    let mut words = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .flat_map(|(i, l)| l.split_whitespace().map(move |w| (w, i + 1)));
    while let Some((w, line)) = words.next() {
        if w == "order" {
            let tag = words.next().map(|(w, _)| w);
            let o = tag.and_then(Order::parse).ok_or_else(|| {
                format!("line {line}: `order` is followed by nesw or nswe, not `{}`", tag.unwrap_or(""))
            })?;
            if said.is_some_and(|(s, _)| s != o) {
                return Err(format!("line {line}: a second `order` line says the other order"));
            }
            said = Some((o, line));
            continue;
        }
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
    Ok(Words { numbers, clues, said })
}

/// How an order is known, in words.
pub fn how(known: Known) -> &'static str {
    match known {
        Known::Given => "as given",
        Known::Corners => "as its corners' frame sides show",
        Known::Rim => "read the other way its rim's sides do not pair",
        Known::Guessed => "a guess: neither its corners nor its rim tell",
    }
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

/// The order a list's tiles give their sides in, and how it is known: see the module's story.
fn order_of(tiles: &[Tile], cols: usize, rows: usize) -> (Order, Known) {
    if cols < 2 || rows < 2 {
        return (Order::Nesw, Known::Guessed);
    }
    let corner = |t: &Tile, a: usize, b: usize| t[a] == 0 && t[b] == 0 && t.iter().filter(|&&c| c == 0).count() == 2;
    let nswe = tiles.iter().any(|t| corner(t, 0, 2) || corner(t, 1, 3));
    let nesw = tiles.iter().any(|t| corner(t, 0, 1) || corner(t, 2, 3));
    match (nesw, nswe) {
        (true, false) => return (Order::Nesw, Known::Corners),
        (false, true) => return (Order::Nswe, Known::Corners),
        _ => {}
    }
    match (rim_pairs(tiles, Order::Nesw), rim_pairs(tiles, Order::Nswe)) {
        (true, false) => (Order::Nesw, Known::Rim),
        (false, true) => (Order::Nswe, Known::Rim),
        _ => (Order::Nesw, Known::Guessed),
    }
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
