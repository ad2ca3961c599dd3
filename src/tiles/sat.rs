//! Edge matching as satisfiability, in the manner of Heule's "Solving edge-matching problems
//! with satisfiability solvers" (2008), handed to CaDiCaL through `rustsat`.
//!
//! Variables: one per tile turn that may stand in a cell (a *placement*: its sides of the
//! frame's colour lie exactly on the frame, so corner tiles only reach corners, in one turn,
//! and border tiles only the border), and one per colour that an inner side between two cells
//! may take. Clauses: each cell holds exactly one placement, each tile stands exactly once;
//! a placement sets the colour of each inner side it touches, an inner side has at most one
//! colour (so touching tiles agree), and a side's colour needs a placement on each of its two
//! cells that shows it (the support clauses, which let unit propagation see further). Clue
//! tiles and a player's fixed cells are the only placement of their cell; counting up to the
//! board's turns pins a corner tile as the exact solver does.
//!
//! Every answer is decoded into a [`Placement`] and checked by [`Puzzle::check`]; more
//! answers come from blocking clauses (a clause that forbids the answer just found).

use super::exact::{board_images, board_turn_pin, looks, Options, Outcome};
use super::{turned, Placement, Puzzle};
use rustsat::encodings::am1::{Encode, Ladder, Pairwise};
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::solvers::{ControlSignal, LimitConflicts, Solve, SolverResult, Terminate};
use rustsat::types::{Clause, Lit, TernaryVal};
use rustsat_cadical::CaDiCaL;
use std::collections::HashMap;

/// This build has the SAT solver (the browser build does not).
pub const AVAILABLE: bool = true;

/// The puzzle's variables.
struct Encoding {
    /// Per cell: its placements as (tile, rot, literal).
    cells: Vec<Vec<(usize, u8, Lit)>>,
    /// Literal of each (cell, tile, rot).
    index: HashMap<(usize, usize, u8), Lit>,
    /// Variables and clauses, for the note.
    vars: u32,
    clauses: usize,
}

fn clause(lits: impl IntoIterator<Item = Lit>) -> Clause {
    lits.into_iter().collect()
}

/// At most one of `lits` (pairwise for a few, the ladder encoding for more).
fn at_most_one(s: &mut CaDiCaL, vm: &mut BasicVarManager, lits: Vec<Lit>) -> Result<(), String> {
    let r =
        if lits.len() <= 6 { Pairwise::from_iter(lits).encode(s, vm) } else { Ladder::from_iter(lits).encode(s, vm) };
    r.map_err(|_| "out of memory while encoding".to_string())
}

/// The puzzle's clauses, added to `s` (None: stopped on the way).
fn encode(p: &Puzzle, opts: &Options, s: &mut CaDiCaL) -> Result<Option<Encoding>, String> {
    let (cols, rows, n) = (p.cols, p.rows, p.cells());
    let mut vm = BasicVarManager::default();
    let add = |s: &mut CaDiCaL, c: Clause| s.add_clause(c).map_err(|e| format!("the SAT solver refused a clause: {e}"));
    let fixed = opts.fixed_cells(p);
    let mut fixed_cell = vec![None; n];
    let mut fixed_tile = vec![false; p.tiles.len()];
    for &(cell, tile, rot) in &fixed {
        if cell >= n || tile >= p.tiles.len() {
            return Err(format!("cell {cell} or tile {tile} is out of range"));
        }
        if fixed_tile[tile] || fixed_cell[cell].is_some() {
            return Err(format!("tile {tile} or cell {cell} is fixed twice"));
        }
        fixed_tile[tile] = true;
        fixed_cell[cell] = Some((tile, rot));
    }
    let pin = if opts.up_to_board_turns && p.rotate && fixed.is_empty() { board_turn_pin(p) } else { None };
    // The frame sides of each cell (bit s: side s on the frame).
    let class = |cell: usize| {
        let (x, y) = (cell % cols, cell / cols);
        u8::from(y == 0) | u8::from(x + 1 == cols) << 1 | u8::from(y + 1 == rows) << 2 | u8::from(x == 0) << 3
    };
    let mut cells: Vec<Vec<(usize, u8, Lit)>> = vec![Vec::new(); n];
    let mut index = HashMap::new();
    let turns: Vec<Vec<u8>> = p.tiles.iter().map(|t| looks(t, p.rotate)).collect();
    let cancelled = || opts.budget.expired();
    for (cell, list) in cells.iter_mut().enumerate() {
        if cancelled() {
            return Ok(None);
        }
        let frame = class(cell);
        let mut consider = |tile: usize, rot: u8| {
            let o = turned(&p.tiles[tile], rot);
            if (0..4).all(|s| (o[s] == 0) == (frame >> s & 1 == 1)) {
                let lit = vm.new_var().pos_lit();
                list.push((tile, rot, lit));
                index.insert((cell, tile, rot), lit);
            }
        };
        match fixed_cell[cell] {
            Some((tile, rot)) => consider(tile, rot),
            None => {
                for (tile, rots) in turns.iter().enumerate() {
                    let pinned_out = pin.as_ref().is_some_and(|(t, ok)| *t == tile && !ok[cell]);
                    if !fixed_tile[tile] && !pinned_out {
                        for &rot in rots {
                            consider(tile, rot);
                        }
                    }
                }
            }
        }
    }
    let mut clauses = 0;
    // Each cell exactly one placement.
    for list in &cells {
        let lits: Vec<Lit> = list.iter().map(|x| x.2).collect();
        add(s, clause(lits.iter().copied()))?;
        at_most_one(s, &mut vm, lits)?;
        clauses += 1;
    }
    // Each tile exactly once.
    let mut by_tile: Vec<Vec<Lit>> = vec![Vec::new(); p.tiles.len()];
    for list in &cells {
        for &(tile, _, lit) in list {
            by_tile[tile].push(lit);
        }
    }
    for lits in by_tile {
        add(s, clause(lits.iter().copied()))?;
        at_most_one(s, &mut vm, lits)?;
        clauses += 1;
    }
    let Some(sides) = match_sides(p, opts, &cells, s, &mut vm)? else { return Ok(None) };
    clauses += sides;
    Ok(Some(Encoding { cells, index, vars: vm.n_used(), clauses }))
}

/// The inner sides' clauses: east of each cell but the last column, south of each but the
/// last row, the two placements meeting there show one colour. Returns how many clauses were
/// added (None: stopped on the way).
fn match_sides(
    p: &Puzzle,
    opts: &Options,
    cells: &[Vec<(usize, u8, Lit)>],
    s: &mut CaDiCaL,
    vm: &mut BasicVarManager,
) -> Result<Option<usize>, String> {
    let (cols, rows) = (p.cols, p.rows);
    let add = |s: &mut CaDiCaL, c: Clause| s.add_clause(c).map_err(|e| format!("the SAT solver refused a clause: {e}"));
    let mut clauses = 0;
    for cell in 0..p.cells() {
        if opts.budget.expired() {
            return Ok(None);
        }
        let (x, y) = (cell % cols, cell / cols);
        for (side, other) in [(1usize, (x + 1 < cols).then(|| cell + 1)), (2, (y + 1 < rows).then(|| cell + cols))] {
            let Some(other) = other else { continue };
            // Colour -> the placements on each side that show it.
            let mut shows: std::collections::BTreeMap<u16, [Vec<Lit>; 2]> = Default::default();
            for (k, (c, s)) in [(cell, side), (other, (side + 2) % 4)].into_iter().enumerate() {
                for &(tile, rot, lit) in &cells[c] {
                    shows.entry(turned(&p.tiles[tile], rot)[s]).or_default()[k].push(lit);
                }
            }
            let mut colour_lits = Vec::new();
            for (_, [mine, theirs]) in shows {
                let y = vm.new_var().pos_lit();
                colour_lits.push(y);
                for &x in mine.iter().chain(&theirs) {
                    add(s, clause([!x, y]))?; // the placement shows this colour
                }
                // The colour needs a placement on both cells that shows it.
                add(s, clause(std::iter::once(!y).chain(mine.iter().copied())))?;
                add(s, clause(std::iter::once(!y).chain(theirs.iter().copied())))?;
                clauses += mine.len() + theirs.len() + 2;
            }
            at_most_one(s, vm, colour_lits)?;
        }
    }
    Ok(Some(clauses))
}

/// Bytes the SAT solver may use unless the budget says otherwise.
pub const MAX_BYTES: usize = 1536 << 20;

/// What one placement costs the SAT solver, measured with `/usr/bin/time` on generated boards
/// of 12 colours with turning tiles after 8 s of solving (12 x 12: 157 MB for 41,616
/// placements; 16 x 16: 437 MB, 156,816; 20 x 20: 1.33 GB, 425,104, the same after 60 s; 24 x 24:
/// 2.80 GB, 944,784):
/// its clauses (about fourteen, with the at-most-one ladders), their watches, the learnt
/// clauses and the placement index, rounded up.
const BYTES_PER_PLACEMENT: usize = 3328;

/// How many placements the encoding would have (ignoring clues, an upper bound): for each
/// cell, the tile turns whose sides of the frame's colour lie exactly on its frame sides.
fn placements(p: &Puzzle) -> usize {
    let mut per_class = [0usize; 16];
    for t in &p.tiles {
        for rot in looks(t, p.rotate) {
            let o = turned(t, rot);
            per_class[(0..4).fold(0, |m, s| m | usize::from(o[s] == 0) << s)] += 1;
        }
    }
    let (cols, rows) = (p.cols, p.rows);
    (0..p.cells())
        .map(|cell| {
            let (x, y) = (cell % cols, cell / cols);
            per_class[usize::from(y == 0)
                | usize::from(x + 1 == cols) << 1
                | usize::from(y + 1 == rows) << 2
                | usize::from(x == 0) << 3]
        })
        .sum()
}

/// Refuses, before a clause is made, a board whose encoding would take more memory than the
/// budget's bytes (by default [`MAX_BYTES`]).
fn check_memory(p: &Puzzle, opts: &Options) -> Result<(), String> {
    let (n, most) = (placements(p), opts.budget.bytes_or(MAX_BYTES));
    let need = n.saturating_mul(BYTES_PER_PLACEMENT);
    if need > most {
        return Err(format!(
            "the SAT encoding of this board has {n} tile placements, about {} MB, more than the {} MB the SAT \
             solver may use; the search (`--method exact`) needs far less",
            need >> 20,
            most >> 20
        ));
    }
    Ok(())
}

/// Sizes of the encoding: (variables, clauses not counting those of at-most-one constraints).
pub fn size(p: &Puzzle) -> Result<(u32, usize), String> {
    let mut s = CaDiCaL::default();
    let e = encode(p, &Options::default(), &mut s)?.ok_or("stopped")?;
    Ok((e.vars, e.clauses))
}

/// Solves a puzzle with CaDiCaL. The budget's nodes bound the conflicts of each call; `limit`,
/// the rest of the budget, `fixed` and `up_to_board_turns` as for the exact solver.
pub fn solve(p: &Puzzle, opts: &Options) -> Result<Outcome, String> {
    check_memory(p, opts)?;
    let mut s = CaDiCaL::default();
    let Some(e) = encode(p, opts, &mut s)? else { return Ok(Outcome { runs: 1, ..Default::default() }) };
    let mine = opts.budget.clone();
    s.attach_terminator(move || if mine.expired() { ControlSignal::Terminate } else { ControlSignal::Continue });
    if opts.budget.nodes > 0 {
        s.limit_conflicts(Some(opts.budget.nodes.min(u32::MAX as u64) as u32)).map_err(|e| e.to_string())?;
    }
    // Without a pinned corner tile, a solution's board turns are blocked with it.
    let block_turns = opts.up_to_board_turns
        && p.rotate
        && p.clues.is_empty()
        && opts.fixed.is_empty()
        && board_turn_pin(p).is_none();
    let limit = opts.limit.max(1);
    let mut out = Outcome { runs: 1, ..Default::default() };
    loop {
        match s.solve().map_err(|e| format!("the SAT solver failed: {e}"))? {
            SolverResult::Sat => {
                let sol = decode(&s, &e)?;
                p.check(&sol).map_err(|why| format!("the SAT answer does not check ({why}): an encoding bug"))?;
                out.solutions += 1;
                let mut images = vec![sol.clone()];
                if block_turns {
                    images.extend(board_images(p, &sol));
                }
                out.first.get_or_insert(sol);
                if out.solutions >= limit {
                    out.complete = true;
                    break;
                }
                for img in images {
                    let lits: Option<Vec<Lit>> =
                        img.iter().enumerate().map(|(cell, &(t, r))| e.index.get(&(cell, t, r)).map(|&l| !l)).collect();
                    if let Some(lits) = lits {
                        s.add_clause(clause(lits)).map_err(|e| e.to_string())?;
                    }
                }
            }
            SolverResult::Unsat => {
                out.complete = true;
                break;
            }
            SolverResult::Interrupted => break,
        }
    }
    out.nodes = s.get_statistic(rustsat_cadical::Statistic::Conflicts);
    Ok(out)
}

fn decode(s: &CaDiCaL, e: &Encoding) -> Result<Placement, String> {
    e.cells
        .iter()
        .enumerate()
        .map(|(cell, list)| {
            list.iter()
                .find(|x| s.lit_val(x.2).is_ok_and(|v| v == TernaryVal::True))
                .map(|&(t, r, _)| (t, r))
                .ok_or_else(|| format!("the SAT answer leaves cell {cell} empty"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The memory estimate counts exactly the placements the encoding makes (boards without
    /// clues), so its bytes per placement, measured once, go on holding.
    #[test]
    fn the_memory_estimate_counts_the_encodings_placements() {
        for (cols, rows, rotate) in [(3, 3, false), (4, 3, true), (5, 5, true), (6, 4, false)] {
            let spec = crate::tiles::generate::Spec {
                cols,
                rows,
                colors: 3,
                frame_colors: None,
                rotate,
                unique: false,
                seed: 3,
                max_nodes: 0,
            };
            let g = crate::tiles::generate::generate(&spec).unwrap();
            let mut s = CaDiCaL::default();
            let e = encode(&g.puzzle, &Options::default(), &mut s).unwrap().unwrap();
            assert_eq!(placements(&g.puzzle), e.cells.iter().map(Vec::len).sum::<usize>(), "{cols} x {rows}");
        }
    }

    /// A board past the memory budget is refused before a clause is made, saying how much.
    #[test]
    fn a_board_too_big_for_memory_is_refused_first() {
        let spec = crate::tiles::generate::Spec {
            cols: 8,
            rows: 8,
            colors: 4,
            frame_colors: None,
            rotate: true,
            unique: false,
            seed: 1,
            max_nodes: 0,
        };
        let g = crate::tiles::generate::generate(&spec).unwrap();
        let small = crate::support::budget::Budget { bytes: 1 << 20, ..Default::default() };
        let why = solve(&g.puzzle, &Options { budget: small, ..Default::default() }).unwrap_err();
        assert!(why.contains("more than the 1 MB the SAT solver may use"), "{why}");
        assert!(solve(&g.puzzle, &Options::default()).unwrap().solutions == 1);
    }
}
