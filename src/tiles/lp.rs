//! The paper's method (Kovalsky, Glasner and Basri, section 5.2.1, Algorithm 1): the puzzle as
//! linear equations over a bistochastic matrix P (tile i at preset location j), and a
//! sequence of linear programs
//!
//!   maximize <P(n-1), P>  subject to  P 1 = 1, 1' P = 1', P >= 0,  sum_ij a(k,c,t)_ij P_ij = b
//!
//! started from P(0) = 0, until P is a permutation.
//!
//! The programs are solved by HiGHS ([`super::linprog`]) by its interior-point method without
//! the crossover: the optimiser it returns is the centre of the optimal face, so where vertices
//! tie the iterate weighs them alike. The paper warns that convergence to a permutation is not
//! guaranteed, and past 10 x 10 the iterates climb slowly or stop at a fixed point that is not
//! one. The escape: when the objective rises by less than one (a cell's worth) the location
//! the iterate holds most surely (its largest entry still free) is preset, as the paper's
//! preset locations are, and the iteration starts again from P(0) = 0; when a program then has
//! no feasible point the newest preset goes, is forbidden, and the iteration goes on from
//! there (a depth-first search whose every step is one of the paper's programs, each counted
//! as an iteration). So "infeasible" is said only of the first program with nothing preset: a
//! proof that the puzzle has no solution.
//!
//! The equations are Proposition 4.1 with f(u) = exp(k . u) (the representation of
//! [`crate::algebra`], which the rank-one SDP shares; a tile's side is a point there, its
//! centre, which is what the integral along it comes to up to a factor the same for every
//! side of a type): for every side type (colour c,
//! direction t), the sides facing t minus the sides facing the opposite way, each at its
//! position, sum to zero once the puzzle is solved; the frame's sides (colour 0, facing in)
//! are constants. A tile at location j puts its sides at s_j + b, so the sum is linear in P.
//! The multi-indices k = (k1, k2) run over a square grid with at least as many members as the
//! largest number of sides of one type (Proposition 4.2's count). Coordinates are scaled into
//! [-1/2, 1/2] so the exponentials stay tame, and each equation is divided by its largest
//! coefficient.
//!
//! Also offered: point test functions (the indicator of one side position). On the finite
//! set of side positions enough exponentials span every function, so this is the limit of
//! adding multi-indices, written sparsely: each equation says that at one place the sides of
//! one colour facing one way balance those facing back.
//!
//! Turning tiles, two ways. Section 6.3's r-fold duplication (r = 4), [`Turns::Duplicate`]: A variable is tile i at location j
//! turned by q; every equation sums the whole configuration over its 4 turns p about the
//! board's centre (side direction + q + p, position R(p)(s_j + R(q) b)), frame included.
//! The summed equations are only necessary conditions, and in our runs the programs settle
//! on permutations that satisfy them without solving the puzzle. With preset locations the
//! turn can instead be part of the assignment ([`Turns::Direct`], the default): the same
//! variables, each tile's sides placed once where its turn puts them.

pub use super::linprog::Solver;
use super::linprog::{Answer, Program, Row, Session};
use super::prune::Prune;
use super::{Placement, Puzzle};
use crate::support::budget::Budget;

#[derive(Clone, Debug, Default)]
pub struct LpOutcome {
    /// Linear programs solved.
    pub iterations: usize,
    /// The last optimiser is a permutation.
    pub permutation: bool,
    /// The placement read from that permutation.
    pub placement: Option<Placement>,
    /// The placement solves the puzzle.
    pub solved: bool,
    pub variables: usize,
    pub equations: usize,
    /// Objective <P(n-1), P(n)> per iteration.
    pub objectives: Vec<f64>,
    /// The first program has no feasible point: the puzzle has no solution (with the preset
    /// corner, when one was preset).
    pub infeasible: bool,
    /// Stalls escaped by presetting a location.
    pub presets: usize,
    /// Each program's optimiser, when [`Options::keep_iterates`] asks: the entries of P worth
    /// drawing (at least [`SHOWN`]) as (tile, clockwise turn, cell, value).
    pub iterates: Vec<Vec<(usize, u8, usize, f64)>>,
}

/// The least entry of P an iterate keeps for drawing.
pub const SHOWN: f64 = 0.02;

/// A side's direction as a unit vector, y up: N, E, S, W.
const DIR: [(f64, f64); 4] = [(0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0)];

/// Quarter turns clockwise.
fn turn(v: (f64, f64), q: usize) -> (f64, f64) {
    let mut v = v;
    for _ in 0..q % 4 {
        v = (v.1, -v.0);
    }
    v
}

/// How far an equation (scaled to largest coefficient 1) may miss.
const SLACK: f64 = 1e-7;

struct Model {
    /// Per variable: its coefficient in each equation.
    columns: Vec<Vec<(usize, f64)>>,
    rhs: Vec<f64>,
    /// Per variable: (tile, rot, cell).
    meaning: Vec<(usize, u8, usize)>,
}

/// The test functions of Proposition 4.1 used for the equations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// f(u) = exp(k . u): the paper's polynomial representation.
    Exponential,
    /// f = the indicator of one side position.
    Point,
}

/// How turning tiles enter the equations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turns {
    /// Section 6.3: every equation summed over the 4 turned copies of the whole puzzle.
    Duplicate,
    /// With preset locations the turn is just part of the assignment: a variable is a tile at
    /// a location with a turn, and its sides go where that turn puts them (no copies).
    Direct,
}

/// The test functions the equations are made of, and the equation each side's term goes to.
/// Side types are (colour, direction N or E); the opposite directions count negatively.
/// Exponential: f(u) = exp(k . u), and per type Proposition 4.2's count of multi-indices (the
/// sides of that type; with turns, any side of the colour can face it). k = (0, 0) is left
/// out: with one tile per location it only repeats that every side is somewhere. Point: f =
/// the indicator of one side position, which is what enough exponentials span on the finite
/// set of positions; sparse, so far faster to solve.
struct Tests {
    basis: Basis,
    /// Copies of the puzzle summed over (4 for [`Turns::Duplicate`] with turning tiles).
    copies: usize,
    scale: f64,
    colours: Vec<u16>,
    per_type: Vec<usize>,
    /// Multi-indices by total degree: (0, 1), (1, 0), (0, 2), (1, 1), (2, 0), ...
    ks: Vec<(f64, f64)>,
    /// Each type's first exponential equation.
    first_eq: Vec<usize>,
    /// The first point equation; one per (type, position), numbered as met.
    point_base: usize,
    positions: std::collections::HashMap<(usize, i64, i64), usize>,
}

impl Tests {
    fn new(p: &Puzzle, basis: Basis, copies: usize, scale: f64) -> Tests {
        let mut colours: Vec<u16> = p.tiles.iter().flatten().copied().collect();
        colours.sort_unstable();
        colours.dedup();
        let mut tests = Tests {
            basis,
            copies,
            scale,
            per_type: vec![0; colours.len() * 2],
            colours,
            ks: Vec::new(),
            first_eq: Vec::new(),
            point_base: 0,
            positions: Default::default(),
        };
        for t in &p.tiles {
            for (d, &c) in t.iter().enumerate() {
                if let Some((ty, sign)) = tests.type_of(c, d) {
                    if sign > 0.0 || p.rotate {
                        tests.per_type[ty] += 1;
                    }
                }
            }
        }
        let most = tests.per_type.iter().max().copied().unwrap_or(1).max(1);
        tests.ks = (1..).flat_map(|deg: i32| (0..=deg).map(move |a| (a as f64, (deg - a) as f64))).take(most).collect();
        for &k in &tests.per_type {
            tests.first_eq.push(tests.point_base);
            tests.point_base += k;
        }
        tests
    }

    /// A side of colour `c` facing direction `d`: its type and sign.
    fn type_of(&self, c: u16, d: usize) -> Option<(usize, f64)> {
        let ci = self.colours.binary_search(&c).ok()?;
        let d = d % 4;
        Some((ci * 2 + d % 2, if d < 2 { 1.0 } else { -1.0 }))
    }

    /// The terms of a side of colour `c` facing `d` at `u`, in every copy of the puzzle.
    fn side_terms(&mut self, c: u16, d: usize, u: (f64, f64), out: &mut Vec<(usize, f64)>) {
        for pcopy in 0..self.copies {
            let Some((ty, sign)) = self.type_of(c, d + pcopy) else { continue };
            let v = turn(u, pcopy);
            match self.basis {
                Basis::Exponential => {
                    for (ki, k) in self.ks.iter().take(self.per_type[ty]).enumerate() {
                        out.push((self.first_eq[ty] + ki, sign * crate::algebra::moment(*k, v, v)));
                    }
                }
                Basis::Point => {
                    let key = (ty, (v.0 * self.scale * 4.0).round() as i64, (v.1 * self.scale * 4.0).round() as i64);
                    let next = self.point_base + self.positions.len();
                    let e = *self.positions.entry(key).or_insert(next);
                    out.push((e, sign));
                }
            }
        }
    }

    /// How many equations the terms have gone to.
    fn equations(&self) -> usize {
        match self.basis {
            Basis::Exponential => self.point_base,
            Basis::Point => self.point_base + self.positions.len(),
        }
    }
}

/// Terms of one equation added together, in the equations' order.
fn merged(mut terms: Vec<(usize, f64)>) -> Vec<(usize, f64)> {
    terms.sort_by_key(|t| t.0);
    let mut merged: Vec<(usize, f64)> = Vec::new();
    for (e, v) in terms {
        match merged.last_mut() {
            Some(last) if last.0 == e => last.1 += v,
            _ => merged.push((e, v)),
        }
    }
    merged
}

fn model(p: &Puzzle, basis: Basis, mode: Turns) -> Model {
    let (cols, rows, n) = (p.cols, p.rows, p.cells());
    let scale = cols.max(rows) as f64;
    let centre = |cell: usize| {
        let (x, y) = ((cell % cols) as f64, (cell / cols) as f64);
        ((x + 0.5 - cols as f64 / 2.0) / scale, (rows as f64 / 2.0 - y - 0.5) / scale)
    };
    let half = 0.5 / scale;
    let turns: usize = if p.rotate { 4 } else { 1 };
    let copies: usize = if p.rotate && mode == Turns::Duplicate { 4 } else { 1 };
    let mut tests = Tests::new(p, basis, copies, scale);
    // The frame: a side of colour 0 facing in against every outer side of the board.
    let mut frame_terms = Vec::new();
    for cell in 0..n {
        let (x, y) = (cell % cols, cell / cols);
        let s = centre(cell);
        for (d, on_edge) in [(0usize, y == 0), (1, x + 1 == cols), (2, y + 1 == rows), (3, x == 0)] {
            if on_edge {
                let b = (DIR[d].0 * half, DIR[d].1 * half);
                tests.side_terms(0, d + 2, (s.0 + b.0, s.1 + b.1), &mut frame_terms);
            }
        }
    }
    let mut columns = Vec::new();
    let mut meaning = Vec::new();
    for (ti, t) in p.tiles.iter().enumerate() {
        for q in 0..turns {
            for cell in 0..n {
                // Only where the turned tile's frame-coloured sides are exactly the cell's
                // sides on the frame (anything else breaks the frame's equations at once).
                let (x, y) = (cell % cols, cell / cols);
                let on_frame = [y == 0, x + 1 == cols, y + 1 == rows, x == 0];
                let o = super::turned(t, q as u8);
                if (0..4).any(|d| (o[d] == 0) != on_frame[d]) {
                    continue;
                }
                let s = centre(cell);
                let mut terms = Vec::new();
                for (d, &c) in t.iter().enumerate() {
                    let b = turn((DIR[d].0 * half, DIR[d].1 * half), q);
                    tests.side_terms(c, d + q, (s.0 + b.0, s.1 + b.1), &mut terms);
                }
                columns.push(merged(terms));
                meaning.push((ti, q as u8, cell));
            }
        }
    }
    let mut rhs = vec![0.0; tests.equations()];
    for (e, v) in frame_terms {
        rhs[e] -= v;
    }
    Model { columns, rhs, meaning }
}

/// How Algorithm 1 runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Most linear programs solved (stall escapes included).
    pub max_iterations: usize,
    pub basis: Basis,
    pub turns: Turns,
    pub solver: Solver,
    /// Give up (unsolved) at its deadline or when its flag goes up (its nodes are not read:
    /// `max_iterations` counts the programs).
    pub budget: Budget,
    /// Keep every iterate in [`LpOutcome::iterates`] (the solver lab plays them).
    pub keep_iterates: bool,
    /// Strike out, after each preset, what it rules out by the sides' colours ([`Prune`]).
    pub prune: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_iterations: 50,
            basis: Basis::Point,
            turns: Turns::Direct,
            solver: Solver::DEFAULT,
            budget: Budget::default(),
            keep_iterates: false,
            prune: true,
        }
    }
}

/// Runs Algorithm 1 for at most `opts.max_iterations` linear programs.
pub fn solve(p: &Puzzle, opts: &Options) -> Result<LpOutcome, String> {
    p.validate()?;
    let m = model(p, opts.basis, opts.turns);
    let vars = m.columns.len();
    // Rows of the equality system, each divided by its largest coefficient; rows with no
    // coefficient at all (a side type no tile has) are dropped.
    let mut rows: Vec<Vec<(usize, f64)>> = vec![Vec::new(); m.rhs.len()];
    for (v, col) in m.columns.iter().enumerate() {
        for &(e, a) in col {
            if a.abs() > 1e-14 {
                rows[e].push((v, a));
            }
        }
    }
    let mut system: Vec<(Vec<(usize, f64)>, f64)> = Vec::new();
    for (e, row) in rows.into_iter().enumerate() {
        let big = row.iter().map(|x| x.1.abs()).fold(m.rhs[e].abs(), f64::max);
        if row.is_empty() || big < 1e-12 {
            continue;
        }
        system.push((row.into_iter().map(|(v, a)| (v, a / big)).collect(), m.rhs[e] / big));
    }
    let out = LpOutcome { variables: vars, equations: system.len(), ..Default::default() };
    // With turning tiles every turn of a solution that keeps the frame in place is a solution
    // too, and the LP happily averages them. Unless clues already pin it, preset one corner
    // tile in the top-left corner (some turn of any solution puts it there; on an oblong
    // board only the half turn keeps the frame, so it may belong top-right instead: both are
    // tried).
    let mut clues = p.clues.clone();
    let mut corner_options: Vec<super::Clue> = Vec::new();
    if p.rotate && clues.is_empty() {
        let corner = (0..p.tiles.len()).find(|&t| p.tiles[t].iter().filter(|&&c| c == 0).count() == 2);
        if let Some(t) = corner {
            let cells: Vec<usize> = if p.cols == p.rows { vec![0] } else { vec![0, p.cols - 1] };
            for cell in cells {
                if let Some(v) = (0..vars).find(|&v| m.meaning[v].0 == t && m.meaning[v].2 == cell) {
                    corner_options.push(super::Clue { cell, tile: t, rot: m.meaning[v].1 });
                }
            }
        }
    }
    if corner_options.is_empty() {
        return run(p, &m, &system, &clues, opts, out);
    }
    let mut answers = Vec::new();
    for c in corner_options {
        clues.push(c);
        // A corner that belongs elsewhere makes the first program infeasible: try the next.
        let answer = run(p, &m, &system, &clues, opts, out.clone());
        clues.pop();
        if answer.as_ref().is_ok_and(|o| o.solved) {
            return answer;
        }
        answers.push(answer);
    }
    // The puzzle has no solution only when no corner leaves a feasible program; otherwise the
    // answer is the first corner's that did (unsolved).
    let proof = |a: &Result<LpOutcome, String>| a.as_ref().is_ok_and(|o| o.infeasible);
    match answers.iter().position(|a| !proof(a)) {
        Some(i) => answers.swap_remove(i),
        None => answers.pop().expect("one corner at least"),
    }
}

/// How far from 0 or 1 a value may be and still count as whole.
const WHOLE: f64 = 1e-6;

/// The linear program of the model on `n` cells: each variable between 0 and 1 (a clue's
/// pinned to 1, what a clue rules out to 0), each tile once and each cell once, and the
/// system's equations.
fn program(n: usize, m: &Model, system: &[(Vec<(usize, f64)>, f64)], clues: &[super::Clue], basis: Basis) -> Program {
    let vars = m.columns.len();
    // The variables of each tile and of each cell, for P 1 = 1 and 1' P = 1'.
    let mut by_tile: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut by_cell: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (v, &(tile, _, cell)) in m.meaning.iter().enumerate() {
        by_tile[tile].push(v);
        by_cell[cell].push(v);
    }
    let bounds = (0..vars)
        .map(|v| {
            let (tile, rot, cell) = m.meaning[v];
            match clues.iter().find(|k| k.tile == tile || k.cell == cell) {
                Some(k) if (k.tile, k.rot, k.cell) == (tile, rot, cell) => (1.0, 1.0),
                Some(_) => (0.0, 0.0),
                None => (0.0, 1.0),
            }
        })
        .collect();
    let mut rows: Vec<Row> =
        by_tile.iter().chain(&by_cell).map(|g| (g.iter().map(|&v| (v, 1.0)).collect(), 1.0, 1.0)).collect();
    for (row, b) in system {
        // Point equations are whole numbers, held exactly; the dense and partly dependent rows
        // of exponentials would look infeasible by rounding, so each holds within a slack.
        let slack = if basis == Basis::Point { 0.0 } else { SLACK };
        rows.push((row.clone(), b - slack, b + slack));
    }
    Program { bounds, rows }
}

/// The placement a whole iterate stands for: each cell the tile and turn whose variable is 1.
fn permutation(m: &Model, x: &[f64], n: usize) -> Placement {
    let mut placement = vec![(usize::MAX, 0u8); n];
    for (v, &val) in x.iter().enumerate() {
        if val > 0.5 {
            let (tile, rot, cell) = m.meaning[v];
            placement[cell] = (tile, rot);
        }
    }
    placement
}

/// Whether the objective can no longer rise (a fixed point of (5.10) that is not a
/// permutation: the iterate `now` is the one before), or rose by less than one cell's worth.
fn stalled(before: Option<&[f64]>, now: &[f64], objectives: &[f64]) -> bool {
    let gain = match objectives {
        [.., a, b] => b - a,
        _ => f64::INFINITY,
    };
    before.is_some_and(|q| q.iter().zip(now).all(|(a, b)| (a - b).abs() < 1e-9)) || gain < 1.0
}

/// An iterate's entries worth drawing, as (tile, rot, cell, value).
fn shown(m: &Model, x: &[f64]) -> Vec<(usize, u8, usize, f64)> {
    (0..x.len())
        .filter(|&v| x[v] >= SHOWN)
        .map(|v| {
            let (t, q, c) = m.meaning[v];
            (t, q, c, x[v].min(1.0))
        })
        .collect()
}

/// Presets the location the iterate `x` holds most surely among those still free, and strikes
/// out what it rules out. None: nothing was free; Some(false): the presets leave no feasible
/// program even once the newest is withdrawn, a proof that there is no solution.
fn preset_surest(
    x: &[f64],
    session: &mut Session,
    prune: Option<&Prune>,
    preset: &mut Vec<(usize, Vec<usize>)>,
) -> Option<bool> {
    let free = (0..x.len()).filter(|&v| session.bounds(v) == (0.0, 1.0) && x[v] < 1.0 - WHOLE);
    let v = free.max_by(|&a, &b| x[a].total_cmp(&x[b]))?;
    session.set_bounds(v, 1.0, 1.0);
    preset.push((v, Vec::new()));
    Some(strike_out(prune, session, preset) || withdraw(prune, session, preset))
}

/// Algorithm 1 proper, with some variables preset by clues.
fn run(
    p: &Puzzle,
    m: &Model,
    system: &[(Vec<(usize, f64)>, f64)],
    clues: &[super::Clue],
    opts: &Options,
    mut out: LpOutcome,
) -> Result<LpOutcome, String> {
    let (n, vars) = (p.cells(), m.columns.len());
    let program = program(n, m, system, clues, opts.basis);
    let mut session = Session::new(program, opts.solver);
    // Locations preset to escape stalls, newest last, each with the locations forbidden while
    // it stood (they are forbidden only given it, so they come back when it goes).
    let mut preset: Vec<(usize, Vec<usize>)> = Vec::new();
    let prune = opts.prune.then(|| Prune::new(p, &m.meaning));
    // What the clues rule out is ruled out for good; a contradiction there is a proof.
    if !strike_out(prune.as_ref(), &mut session, &mut preset) {
        out.infeasible = true;
        return Ok(out);
    }
    // P(0) = 0: the first program is the plain relaxation.
    let mut weights = vec![0.0; vars];
    let mut prev: Option<Vec<f64>> = None;
    while out.iterations < opts.max_iterations.max(1) && !opts.budget.cancelled() {
        out.iterations += 1;
        let now = match session.maximize(&weights, opts.budget.deadline) {
            Answer::Optimal { x, objective } => {
                out.objectives.push(objective);
                if opts.keep_iterates {
                    out.iterates.push(shown(m, &x));
                }
                x
            }
            // A preset location that leaves no feasible point is wrong: it goes, with what was
            // forbidden under it, and is forbidden itself (given the presets still standing).
            Answer::Infeasible => {
                if withdraw(prune.as_ref(), &mut session, &mut preset) {
                    continue;
                }
                // With nothing preset (what was forbidden was forbidden by a proof), the
                // program holds every solution of the puzzle: there is none (with the preset
                // corner, when one was preset).
                out.infeasible = true;
                return Ok(out);
            }
            Answer::Stopped(why) if out.iterations == 1 => return Err(format!("linear program 1: {why}")),
            // Out of time (or the solver gave up): the iteration ends unsolved.
            Answer::Stopped(_) => break,
        };
        if now.iter().all(|&v| !(WHOLE..=1.0 - WHOLE).contains(&v)) {
            out.permutation = true;
            let placement = permutation(m, &now, n);
            out.solved = p.check(&placement).is_ok();
            out.placement = Some(placement);
            return Ok(out);
        }
        // Stalled: preset the location the iterate holds most surely, the largest entry still
        // free (as the paper's preset-locations matrix would).
        let stalled = stalled(prev.as_deref(), &now, &out.objectives);
        weights.clone_from(&now);
        if stalled {
            if let Some(feasible) = preset_surest(&now, &mut session, prune.as_ref(), &mut preset) {
                out.presets += 1;
                if !feasible {
                    out.infeasible = true;
                    return Ok(out);
                }
                // And start again from P(0) = 0: the plain relaxation with one more location
                // preset (measured: 10 of 10 random 12 x 12 boards, against 8 going on from P).
                weights.iter_mut().for_each(|w| *w = 0.0);
            }
        }
        prev = Some(now);
    }
    Ok(out)
}

/// Strikes out what the presets standing (and the bounds) rule out ([`Prune`]), each struck
/// variable forbidden under the newest preset (for good when there is none). False when they
/// leave a cell or a tile with nothing: the newest preset is wrong.
fn strike_out(prune: Option<&Prune>, session: &mut Session, preset: &mut [(usize, Vec<usize>)]) -> bool {
    let Some(prune) = prune else { return true };
    let alive: Vec<bool> = (0..session.variables()).map(|v| session.bounds(v).1 > 0.0).collect();
    let Some(dead) = prune.dead(&alive) else { return false };
    for &w in &dead {
        session.set_bounds(w, 0.0, 0.0);
    }
    if let Some(top) = preset.last_mut() {
        top.1.extend(dead);
    }
    true
}

/// The newest preset is wrong: it goes, with what was forbidden under it, and is forbidden
/// itself (given the presets still standing), with what that rules out; if that leaves
/// nothing, the preset under it goes too. False when no preset is left to withdraw.
fn withdraw(prune: Option<&Prune>, session: &mut Session, preset: &mut Vec<(usize, Vec<usize>)>) -> bool {
    while let Some((v, forbidden)) = preset.pop() {
        for w in forbidden {
            session.set_bounds(w, 0.0, 1.0);
        }
        session.set_bounds(v, 0.0, 0.0);
        if let Some(parent) = preset.last_mut() {
            parent.1.push(v);
        }
        if strike_out(prune, session, preset) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Section 6.3's duplicated equations on oblong boards of turning tiles: a corner tile can
    /// be preset top-left or top-right, and "no solution" needs both to leave no feasible
    /// program (the second corner's proof alone once made solvable boards "infeasible").
    #[test]
    fn oblong_boards_with_duplicated_turns_are_never_called_infeasible() {
        let mut runs = 0;
        for (cols, rows) in [(4, 3), (3, 4), (5, 3), (5, 2)] {
            for seed in 1..=12 {
                let spec = crate::tiles::generate::Spec {
                    cols,
                    rows,
                    colors: 3,
                    frame_colors: None,
                    rotate: true,
                    unique: false,
                    seed,
                    max_nodes: 0,
                };
                let g = crate::tiles::generate::generate(&spec).unwrap();
                let o = solve(&g.puzzle, &Options { turns: Turns::Duplicate, ..Default::default() }).unwrap();
                assert!(!o.infeasible, "{cols} x {rows}, seed {seed}: {o:?}");
                runs += 1;
            }
        }
        assert_eq!(runs, 48);
    }

    /// The equations hold for a known solution (with and without turns).
    #[test]
    fn a_solution_satisfies_every_equation() {
        for rotate in [false, true] {
            let spec = crate::tiles::generate::Spec {
                cols: 4,
                rows: 3,
                colors: 3,
                frame_colors: Some(2),
                rotate,
                unique: false,
                seed: 7,
                max_nodes: 0,
            };
            let g = crate::tiles::generate::generate(&spec).unwrap();
            for (basis, mode) in [
                (Basis::Exponential, Turns::Duplicate),
                (Basis::Point, Turns::Duplicate),
                (Basis::Point, Turns::Direct),
            ] {
                let m = model(&g.puzzle, basis, mode);
                let mut lhs = vec![0.0; m.rhs.len()];
                for (v, col) in m.columns.iter().enumerate() {
                    let (tile, rot, cell) = m.meaning[v];
                    if g.solution[cell] == (tile, rot) {
                        for &(e, a) in col {
                            lhs[e] += a;
                        }
                    }
                }
                for (e, (l, r)) in lhs.iter().zip(&m.rhs).enumerate() {
                    assert!((l - r).abs() < 1e-9 * (1.0 + r.abs()), "rotate {rotate}: equation {e}: {l} vs {r}");
                }
            }
        }
    }
}
