//! What Algorithm 1's presets rule out before a linear program is asked: arc consistency on
//! its variables (tile, turn, cell).
//!
//! A variable can be part of a solution only if, across each of its inner sides (never of the
//! frame's colour), the neighbouring cell still has a variable whose facing side has the same
//! colour; only if its
//! cell and its tile are not already taken by a variable that is the last one left for a
//! cell or a tile. Striking out one variable can strike out others, so the rules run until
//! nothing changes. Every variable struck out is struck out by a proof (given the variables
//! still allowed), so a preset whose consequences leave a cell or a tile with nothing is
//! wrong without a program having to say so. The linear program's colour balance only sees
//! these rules on average; held exactly they cut the search the presets make.

use super::{turned, Puzzle};

/// The variables of one model, grouped for the rules.
pub struct Prune {
    /// Per variable: its cell and tile.
    cell: Vec<usize>,
    tile: Vec<usize>,
    /// Per variable: the colour index of each side as turned, N E S W.
    sides: Vec<[usize; 4]>,
    by_cell: Vec<Vec<usize>>,
    by_tile: Vec<Vec<usize>>,
    /// Per cell: its neighbour across each side, N E S W.
    neighbours: Vec<[Option<usize>; 4]>,
    colours: usize,
    /// The frame's colour, which no inner side may show.
    frame: Option<usize>,
}

impl Prune {
    /// `meaning` gives each variable as (tile, clockwise turn, cell).
    pub fn new(p: &Puzzle, meaning: &[(usize, u8, usize)]) -> Self {
        let mut palette: Vec<u16> = p.tiles.iter().flatten().copied().collect();
        palette.sort_unstable();
        palette.dedup();
        let index = |c: u16| palette.binary_search(&c).unwrap_or(0);
        let n = p.cells();
        let mut by_cell = vec![Vec::new(); n];
        let mut by_tile = vec![Vec::new(); p.tiles.len()];
        let mut sides = Vec::with_capacity(meaning.len());
        for (v, &(t, q, c)) in meaning.iter().enumerate() {
            by_cell[c].push(v);
            by_tile[t].push(v);
            sides.push(turned(&p.tiles[t], q).map(index));
        }
        let neighbours = p.neighbours();
        Prune {
            cell: meaning.iter().map(|m| m.2).collect(),
            tile: meaning.iter().map(|m| m.0).collect(),
            sides,
            by_cell,
            by_tile,
            neighbours,
            colours: palette.len(),
            frame: palette.binary_search(&0).ok(),
        }
    }

    /// Given which variables are still allowed (`alive`), the ones the rules strike out, or
    /// `None` when a cell or a tile is left with no variable at all.
    pub fn dead(&self, alive: &[bool]) -> Option<Vec<usize>> {
        let mut alive = alive.to_vec();
        let mut out = Vec::new();
        let cells = self.by_cell.len();
        // Per (cell, side, colour): how many allowed variables show that colour there.
        let mut shown = vec![0u32; cells * 4 * self.colours];
        let at = |cell: usize, d: usize, colour: usize| (cell * 4 + d) * self.colours + colour;
        loop {
            let before = out.len();
            // A cell or a tile down to one variable takes that variable's tile or cell.
            for (groups, other, by_cell) in
                [(&self.by_cell, &self.by_tile, true), (&self.by_tile, &self.by_cell, false)]
            {
                for g in groups {
                    let mut left = g.iter().filter(|&&v| alive[v]);
                    let &only = left.next()?;
                    if left.next().is_some() {
                        continue;
                    }
                    let key = if by_cell { self.tile[only] } else { self.cell[only] };
                    for &w in &other[key] {
                        if w != only && alive[w] {
                            alive[w] = false;
                            out.push(w);
                        }
                    }
                }
            }
            // Sides: every inner side needs a matching side across it.
            shown.iter_mut().for_each(|s| *s = 0);
            for v in (0..alive.len()).filter(|&v| alive[v]) {
                for d in 0..4 {
                    shown[at(self.cell[v], d, self.sides[v][d])] += 1;
                }
            }
            for (v, live) in alive.iter_mut().enumerate() {
                if !*live {
                    continue;
                }
                let unmatched = (0..4).any(|d| {
                    let colour = self.sides[v][d];
                    self.neighbours[self.cell[v]][d]
                        .is_some_and(|nb| Some(colour) == self.frame || shown[at(nb, (d + 2) % 4, colour)] == 0)
                });
                if unmatched {
                    *live = false;
                    out.push(v);
                }
            }
            if out.len() == before {
                return Some(out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::generate::{generate, Spec};

    /// A puzzle, its solution (tile and turn per cell) and its variables (tile, turn, cell).
    type Made = (Puzzle, Vec<(usize, u8)>, Vec<(usize, u8, usize)>);

    fn board(rotate: bool, seed: u64) -> Made {
        let spec = Spec { cols: 5, rows: 5, colors: 4, frame_colors: None, rotate, unique: false, seed, max_nodes: 0 };
        let g = generate(&spec).unwrap();
        let turns = if rotate { 4 } else { 1 };
        let n = g.puzzle.cells();
        let meaning = (0..n).flat_map(|t| (0..turns).flat_map(move |q| (0..n).map(move |c| (t, q, c)))).collect();
        (g.puzzle, g.solution, meaning)
    }

    /// The rules never strike out a variable of a known solution; with that solution fixed
    /// everywhere but one cell, every other tile is struck out of that cell.
    #[test]
    fn a_solution_survives_and_its_last_cell_is_forced() {
        for rotate in [false, true] {
            for seed in 1..=4 {
                let (p, solution, meaning) = board(rotate, seed);
                let prune = Prune::new(&p, &meaning);
                let of_solution = |v: usize| {
                    let (t, q, c) = meaning[v];
                    solution[c] == (t, q)
                };
                let dead = prune.dead(&vec![true; meaning.len()]).expect("a solvable board is not wiped out");
                assert!(dead.iter().all(|&v| !of_solution(v)), "rotate {rotate}, seed {seed}");
                // Allowed: the solution, and everything in cell 12.
                let last = solution[12].0;
                let alive: Vec<bool> = meaning.iter().enumerate().map(|(v, m)| of_solution(v) || m.2 == 12).collect();
                let dead = prune.dead(&alive).expect("still solvable");
                for (v, &(t, _, c)) in meaning.iter().enumerate() {
                    if c == 12 && t != last {
                        assert!(dead.contains(&v), "rotate {rotate}, seed {seed}: tile {t} left in cell 12");
                    }
                }
                assert!(dead.iter().all(|&v| !of_solution(v)), "rotate {rotate}, seed {seed}");
            }
        }
    }

    /// Two tiles whose sides cannot meet leave a cell with nothing: a proof, said as `None`.
    #[test]
    fn a_contradiction_is_found_without_a_program() {
        let p = Puzzle { cols: 2, rows: 1, tiles: vec![[0, 1, 0, 0], [0, 0, 0, 2]], rotate: false, clues: Vec::new() };
        let meaning = vec![(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1)];
        assert!(Prune::new(&p, &meaning).dead(&[true; 4]).is_none());
    }
}
