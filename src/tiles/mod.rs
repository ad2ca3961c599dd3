//! Edge-matching puzzles (seed 001): square tiles with a colour on each side, placed in a
//! frame of C x R cells so that touching sides have the same colour and sides on the frame have
//! the frame's colour 0. Translation only (like Tetravex) or with quarter turns (like
//! Eternity II); clue tiles, where a puzzle has them, fixed in place.
//!
//! [`exact`]: backtracking with candidate tables; [`lp`]: the paper's Algorithm 1;
//! [`generate`]: puzzles from a coloured solved grid.

pub mod best;
pub mod exact;
pub mod generate;
pub mod linprog;
pub mod lp;

pub mod portfolio;
pub mod prune;
#[cfg(c_solvers)]
pub mod sat;
/// The browser build's stand-in for [`sat`]: CaDiCaL is C++ and does not build for wasm32,
/// so every call says so and the portfolio leaves the answer to the search.
#[cfg(not(c_solvers))]
#[path = "sat_web.rs"]
pub mod sat;
pub mod scan;
pub mod sdp;
pub mod text;

/// Sides in the order N, E, S, W.
pub const N: usize = 0;
pub const E: usize = 1;
pub const S: usize = 2;
pub const W: usize = 3;

/// A tile's colours, N E S W.
pub type Tile = [u16; 4];

/// Side colours of edge-matching tiles: colour 0 is the frame's; the others cycle through the
/// first eight piece colours (they stay apart for common colour blindness), each drawn with a
/// [`Mark`] on the board.
const SIDE_COLOURS: usize = 8;

/// The mark drawn on a coloured side, so that sides can be matched without telling hues apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Dot,
    Triangle,
    Square,
    Diamond,
    Plus,
    Ring,
    Cross,
    Star,
    Hexagon,
    TriangleDown,
    Bar,
    TwoDots,
}

/// The marks in the order colours take them: twelve, so the first twelve colours have twelve
/// marks, and hue and mark together (8 hues, 12 marks) stay apart for the first 24 colours.
pub const MARKS: [Mark; 12] = [
    Mark::Dot,
    Mark::Triangle,
    Mark::Square,
    Mark::Diamond,
    Mark::Plus,
    Mark::Ring,
    Mark::Cross,
    Mark::Star,
    Mark::Hexagon,
    Mark::TriangleDown,
    Mark::Bar,
    Mark::TwoDots,
];

/// The mark on a side of colour `c`; the frame's colour 0 has none.
pub fn side_mark(c: u16) -> Option<Mark> {
    (c != 0).then(|| MARKS[(c as usize - 1) % MARKS.len()])
}

/// The colour of side colour `c` (0: the frame's dark grey), as RGB in 0..1.
pub fn side_rgb(c: u16) -> [f32; 3] {
    if c == 0 {
        [0.16, 0.17, 0.20]
    } else {
        crate::pieces::PALETTE[(c as usize - 1) % SIDE_COLOURS]
    }
}

/// A tile turned by `rot` quarter turns clockwise: the side that faced north faces east.
pub fn turned(t: &Tile, rot: u8) -> Tile {
    let r = rot as usize % 4;
    [t[(4 - r) % 4], t[(5 - r) % 4], t[(6 - r) % 4], t[(7 - r) % 4]]
}

/// A tile fixed in place, and a puzzle as its RON form writes it: the file's data, kept by
/// [`crate::format::entry`] (a level's `edge` field), read here.
pub use crate::format::entry::{Clue, RawPuzzle};

#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub cols: usize,
    pub rows: usize,
    pub tiles: Vec<Tile>,
    pub rotate: bool,
    pub clues: Vec<Clue>,
}

/// One tile in one cell: `placement[cell] = (tile, rot)`, row-major from the top-left.
pub type Placement = Vec<(usize, u8)>;

/// The largest board accepted.
pub const MAX_SIDE: usize = 32;

/// Most side colours a puzzle may have (the frame's colour 0 aside): the exact search keys its
/// tables by colour in a byte, and the SAT encoding grows with the colours.
pub const MAX_COLOURS: usize = exact::MAX_COLOURS;

impl Puzzle {
    pub fn cells(&self) -> usize {
        self.cols * self.rows
    }

    /// Per cell (row-major from the top-left): its neighbour across each side, N E S W, or
    /// `None` at the frame.
    pub fn neighbours(&self) -> Vec<[Option<usize>; 4]> {
        let (cols, rows) = (self.cols, self.rows);
        (0..self.cells())
            .map(|c| {
                let (x, y) = (c % cols, c / cols);
                [
                    (y > 0).then(|| c - cols),
                    (x + 1 < cols).then(|| c + 1),
                    (y + 1 < rows).then(|| c + cols),
                    (x > 0).then(|| c - 1),
                ]
            })
            .collect()
    }

    /// Checks sizes, colours and pairing counts.
    pub fn validate(&self) -> Result<(), String> {
        let (c, r) = (self.cols, self.rows);
        if c == 0 || r == 0 || c > MAX_SIDE || r > MAX_SIDE {
            return Err(format!("the board must be 1..{MAX_SIDE} cells each way, not {c} x {r}"));
        }
        if self.tiles.len() != c * r {
            return Err(format!("a {c} x {r} board needs {} tiles, the file has {}", c * r, self.tiles.len()));
        }
        let mut seen = std::collections::HashSet::new();
        let mut clued = std::collections::HashMap::new();
        for k in &self.clues {
            if k.cell >= c * r || k.tile >= self.tiles.len() || k.rot > 3 {
                return Err(format!(
                    "clue (cell: {}, tile: {}, rot: {}) is outside the board, names no tile or turns more than 3 times",
                    k.cell, k.tile, k.rot
                ));
            }
            if !seen.insert(k.tile) {
                return Err(format!("clue tile {} is fixed twice", k.tile));
            }
            if let Some(other) = clued.insert(k.cell, k.tile) {
                return Err(format!(
                    "cell {} is clued twice (tiles {other} and {}): a cell holds one tile",
                    k.cell, k.tile
                ));
            }
            if k.rot != 0 && !self.rotate {
                return Err(format!(
                    "the clue at cell {} (tile {}) is turned but the puzzle does not turn tiles",
                    k.cell, k.tile
                ));
            }
        }
        // Colours that cannot pair: every inner side pairs with one of the same colour.
        let frame = 2 * (c + r);
        let zeros = self.tiles.iter().flatten().filter(|&&x| x == 0).count();
        if zeros != frame {
            return Err(format!("the frame needs {frame} sides of colour 0, the tiles have {zeros}"));
        }
        let mut count: std::collections::BTreeMap<u16, [usize; 4]> = Default::default();
        for t in &self.tiles {
            for (side, &col) in t.iter().enumerate() {
                count.entry(col).or_default()[side] += 1;
            }
        }
        let colours = count.keys().filter(|&&c| c != 0).count();
        if colours > MAX_COLOURS {
            return Err(format!("{colours} colours; the solvers handle at most {MAX_COLOURS}"));
        }
        for (col, k) in &count {
            if *col == 0 {
                continue;
            }
            if self.rotate {
                if k.iter().sum::<usize>() % 2 == 1 {
                    return Err(format!(
                        "colour {col} appears on {} sides, an odd number, so one cannot pair",
                        k.iter().sum::<usize>()
                    ));
                }
            } else if k[N] != k[S] || k[E] != k[W] {
                return Err(format!(
                    "colour {col} cannot pair: {} north vs {} south sides, {} east vs {} west sides",
                    k[N], k[S], k[E], k[W]
                ));
            }
        }
        Ok(())
    }

    /// Whether a placement uses every tile once, obeys the clues, and matches every side.
    pub fn check(&self, p: &Placement) -> Result<(), String> {
        if p.len() != self.cells() {
            return Err(format!("{} cells placed of {}", p.len(), self.cells()));
        }
        let mut used = vec![false; self.tiles.len()];
        for &(t, rot) in p {
            if t >= self.tiles.len() || std::mem::replace(&mut used[t], true) {
                return Err(format!("tile {t} is missing or used twice"));
            }
            if rot != 0 && !self.rotate {
                return Err(format!("tile {t} is turned"));
            }
        }
        for k in &self.clues {
            if p[k.cell] != (k.tile, k.rot) {
                return Err(format!("the clue at cell {} (tile {}, rot {}) is not respected", k.cell, k.tile, k.rot));
            }
        }
        let mismatches = self.mismatches(&p.iter().map(|&x| Some(x)).collect::<Vec<_>>());
        if mismatches.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "{} sides do not match, first at cell {} side {}",
                mismatches.len(),
                mismatches[0].0,
                mismatches[0].1
            ))
        }
    }

    /// Sides that do not match in a partial placement: (cell, side) pairs, each pair of
    /// touching sides reported once from its west or north cell, and sides against the frame.
    pub fn mismatches(&self, p: &[Option<(usize, u8)>]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let side = |cell: usize, s: usize| p[cell].map(|(t, r)| turned(&self.tiles[t], r)[s]);
        for (cell, here) in p.iter().enumerate() {
            let (x, y) = (cell % self.cols, cell / self.cols);
            if here.is_none() {
                continue;
            }
            for s in [N, E, S, W] {
                let neighbour = match s {
                    N if y > 0 => Some(cell - self.cols),
                    S if y + 1 < self.rows => Some(cell + self.cols),
                    W if x > 0 => Some(cell - 1),
                    E if x + 1 < self.cols => Some(cell + 1),
                    _ => None,
                };
                match neighbour {
                    None if side(cell, s) != Some(0) => out.push((cell, s)),
                    Some(nb) if s == E || s == S => {
                        if let (Some(a), Some(b)) = (side(cell, s), side(nb, (s + 2) % 4)) {
                            if a != b || a == 0 {
                                out.push((cell, s));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// Inner sides (between two cells) that are matched, and how many inner sides there are.
    pub fn matched_inner(&self, p: &[Option<(usize, u8)>]) -> (usize, usize) {
        let total = (self.cols - 1) * self.rows + self.cols * (self.rows - 1);
        let side = |cell: usize, s: usize| p[cell].map(|(t, r)| turned(&self.tiles[t], r)[s]);
        let mut good = 0;
        for cell in 0..self.cells() {
            let (x, y) = (cell % self.cols, cell / self.cols);
            for (s, nb) in
                [(E, (x + 1 < self.cols).then(|| cell + 1)), (S, (y + 1 < self.rows).then(|| cell + self.cols))]
            {
                if let Some(nb) = nb {
                    if let (Some(a), Some(b)) = (side(cell, s), side(nb, (s + 2) % 4)) {
                        if a == b && a != 0 {
                            good += 1;
                        }
                    }
                }
            }
        }
        (good, total)
    }
}

pub use text::{parse_text, read, read_as, read_list, Known, Order, Read};

impl RawPuzzle {
    pub fn build(&self) -> Result<Puzzle, String> {
        let mut tiles = Vec::with_capacity(self.tiles.len());
        for (i, t) in self.tiles.iter().enumerate() {
            let v = [t.0, t.1, t.2, t.3];
            if let Some(bad) = v.iter().find(|&&x| !(0..=u16::MAX as i64).contains(&x)) {
                return Err(format!("tiles[{i}]: colour {bad} is negative or too large"));
            }
            tiles.push([v[0] as u16, v[1] as u16, v[2] as u16, v[3] as u16]);
        }
        let p = Puzzle { cols: self.cols, rows: self.rows, tiles, rotate: self.rotate, clues: self.clues.clone() };
        p.validate()?;
        Ok(p)
    }
}

/// A board as laid so far: each cell's tile and turn, if any.
#[cfg(test)]
type Laid = [Option<(usize, u8)>];

/// For tests: calls `visit` with every full board (each tile once, with turns when they turn,
/// clues kept) that lays only tiles `fits(cell, tile, turn)` allows, by trying them all.
#[cfg(test)]
pub(crate) fn every_full_board(p: &Puzzle, fits: &dyn Fn(usize, usize, u8) -> bool, visit: &mut dyn FnMut(&Laid)) {
    struct Walk<'a> {
        p: &'a Puzzle,
        fits: &'a dyn Fn(usize, usize, u8) -> bool,
        laid: Vec<Option<(usize, u8)>>,
        used: Vec<bool>,
    }
    fn go(w: &mut Walk, cell: usize, visit: &mut dyn FnMut(&Laid)) {
        if cell == w.p.cells() {
            return visit(&w.laid);
        }
        if w.laid[cell].is_some() {
            return go(w, cell + 1, visit);
        }
        for t in 0..w.p.tiles.len() {
            if w.used[t] {
                continue;
            }
            w.used[t] = true;
            for r in 0..if w.p.rotate { 4 } else { 1 } {
                if (w.fits)(cell, t, r) {
                    w.laid[cell] = Some((t, r));
                    go(w, cell + 1, visit);
                }
            }
            w.laid[cell] = None;
            w.used[t] = false;
        }
    }
    let mut w = Walk { p, fits, laid: vec![None; p.cells()], used: vec![false; p.tiles.len()] };
    for c in &p.clues {
        w.laid[c.cell] = Some((c.tile, c.rot));
        w.used[c.tile] = true;
    }
    go(&mut w, 0, visit);
}

/// A board for tests, painted at random from `seed`: the frame's sides 0, every inner side
/// one of `colours`; with `rotate` each tile is dealt in a random turn.
#[cfg(test)]
pub(crate) fn random_puzzle(cols: usize, rows: usize, colours: u16, rotate: bool, seed: u64) -> Puzzle {
    use crate::support::random::below;
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let tiles = (0..cols * rows)
        .map(|c| {
            let (x, y) = (c % cols, c / cols);
            let mut side = |frame: bool| if frame { 0 } else { 1 + below(&mut rng, colours as usize) as u16 };
            let t = [side(y == 0), side(x + 1 == cols), side(y + 1 == rows), side(x == 0)];
            if rotate {
                turned(&t, below(&mut rng, 4) as u8)
            } else {
                t
            }
        })
        .collect();
    Puzzle { cols, rows, tiles, rotate, clues: Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// P1b item 7: with six marks, pink and orange (colours 1 and 7) were both dots. The first
    /// twelve colours have twelve marks; hue and mark together tell 24 colours apart.
    #[test]
    fn side_colours_keep_their_own_marks() {
        let marks: std::collections::HashSet<_> = (1..=12).map(side_mark).collect();
        assert_eq!(marks.len(), 12);
        let looks: std::collections::HashSet<_> =
            (1..=24).map(|c| (side_rgb(c).map(f32::to_bits), side_mark(c))).collect();
        assert_eq!(looks.len(), 24);
        assert_eq!(side_mark(0), None);
    }

    /// Issue P2b, items 7 and 15: a puzzle with more colours than the solvers take is refused
    /// when it is read, before any solver starts (a 32 x 32 board with 1,000 colours made the
    /// SAT encoding grow to 3.2 GB before it said so).
    #[test]
    fn too_many_colours_are_refused_when_the_puzzle_is_read() {
        // Every inner side its own colour: 12 x 12 cells have 264 inner sides.
        let n = 12;
        let h = |x: usize, y: usize| (1 + y * (n - 1) + x) as u16; // between (x, y) and (x + 1, y)
        let v = |x: usize, y: usize| (1000 + y * n + x) as u16; // between (x, y) and (x, y + 1)
        let tiles: Vec<Tile> = (0..n * n)
            .map(|c| {
                let (x, y) = (c % n, c / n);
                [
                    if y == 0 { 0 } else { v(x, y - 1) },
                    if x + 1 == n { 0 } else { h(x, y) },
                    if y + 1 == n { 0 } else { v(x, y) },
                    if x == 0 { 0 } else { h(x - 1, y) },
                ]
            })
            .collect();
        let p = Puzzle { cols: n, rows: n, tiles, rotate: false, clues: vec![] };
        let e = p.validate().unwrap_err();
        assert_eq!(e, "264 colours; the solvers handle at most 255");
    }

    #[test]
    fn turning_moves_north_to_east() {
        let t = [1, 2, 3, 4];
        assert_eq!(turned(&t, 1), [4, 1, 2, 3]);
        assert_eq!(turned(&t, 4), t);
        assert_eq!(turned(&turned(&t, 1), 3), t);
    }
}
