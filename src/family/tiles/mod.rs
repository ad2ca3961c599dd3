//! Tile puzzles (edge matching, `family: "edge"` in level files): square tiles with coloured
//! sides in a frame. The pieces are the tiles (unit squares, [`cells`] says where each lies);
//! judged by matched inner sides (mismatched ones are marked), hinted and proved by the search
//! and the SAT solver side by side, which also settle a promised uniqueness; the solver lab
//! compares the exact search with the paper's LP.

pub mod cells;
pub mod daily;
pub mod draft;
pub mod list;

use super::{unit_square, Cells, Family, Goal, Hint, Intro, IntroStep, Judgement, Level, Mark, Moves, Parsed, Tried};
use crate::format::entry::Entry;
use crate::pieces::{PieceDef, PieceSet, Placement};
use crate::support::budget::Budget;
use crate::support::i18n::Text;
use crate::tiles::exact::Options;
use crate::tiles::Puzzle;
use crate::verify::Mode;
use cells::{placement_of, tile_cell};
use std::sync::Arc;

/// Hints: the exact solver's node budget.
const HINT_NODES: u64 = 50_000_000;
/// `check-levels`: the exact solver's node budget.
const PROVE_NODES: u64 = 100_000_000;
/// Boards played for the score: the max-score search's nodes for a hint, and for
/// `check-levels` (the reference boards were laid with as many).
const SCORE_HINT_NODES: u64 = 2_000_000;
pub const PROVE_SCORE_NODES: u64 = 20_000_000;
/// The solver lab's chase of a scored board's best stops after this long, if not before: the
/// ten minutes of the `edge best` benchmark.
pub const CHASE_SECONDS: u64 = 600;

/// An edge-matching level; `unique`: the level promises one solution (up to turning the whole
/// board when tiles turn), which `check-levels` verifies.
#[derive(Clone, Debug)]
pub struct TilesLevel {
    pub puzzle: crate::tiles::Puzzle,
    pub unique: bool,
    /// Played for the score ([`crate::tiles::RawPuzzle::scored`]).
    pub scored: bool,
}

pub fn parse(f: &Entry) -> Result<Parsed, String> {
    let raw = f.edge.as_ref().ok_or("an edge level needs an `edge` puzzle")?;
    let puzzle = raw.build()?;
    let pieces = (0..puzzle.tiles.len())
        .map(|k| PieceDef { name: format!("tile {k}"), rings: vec![unit_square(0, 0)] })
        .collect();
    // Cell (x, row) from the top-left is the world cell (x, rows - 1 - row).
    let target = (0..puzzle.cells())
        .map(|c| unit_square((c % puzzle.cols) as i32, (puzzle.rows - 1 - c / puzzle.cols) as i32))
        .collect();
    let n = puzzle.tiles.len();
    super::check_solution_pieces(&f.solution, n, |p| format!("the solution names tile {p} but there are {n}"))?;
    Ok(Parsed {
        family: Arc::new(TilesLevel { puzzle, unique: f.unique, scored: raw.scored }),
        set: PieceSet { name: "tiles".into(), pieces, step_deg: 90.0 },
        target,
        mode: Mode::Anchored,
        allow_mirror: false,
    })
}

impl Family for TilesLevel {
    fn name(&self) -> &'static str {
        "edge"
    }

    fn title(&self) -> &'static str {
        "family-edge"
    }

    /// Place a tile; put one beside it so the touching sides match; turn one (where tiles
    /// turn); lay a dark side against the frame.
    fn intro(&self, _level: &Level) -> Option<Intro> {
        let step = |says, goal| IntroStep { says, goal };
        let mut steps = vec![step("intro-tiles-place", Goal::Move), step("intro-tiles-match", Goal::Check(matched))];
        if self.puzzle.rotate {
            steps.push(step("intro-tiles-turn", Goal::Turn));
        }
        steps.push(step("intro-tiles-frame", Goal::Check(framed)));
        Some(Intro { id: "tiles", steps })
    }

    fn progress_help(&self) -> &'static str {
        if self.scored {
            return "progress-help-score";
        }
        "progress-help-sides"
    }

    /// Tiles never mirror, and turn only where the level says. The geometric solver cannot be
    /// watched on them (it does not see colours); the solver lab compares the paper's methods.
    fn moves(&self, _level: &Level) -> Moves {
        Moves { turn: self.puzzle.rotate, mirror: false }
    }

    fn cells(&self) -> Cells {
        Cells::On(super::Grid::Square)
    }

    /// Matched inner sides; tiles count wherever they are (off the board they are in the tray).
    fn judge(&self, _level: &Level, pieces: &[Placement]) -> Judgement {
        if self.scored {
            judge_score(&self.puzzle, pieces)
        } else {
            judge(&self.puzzle, pieces)
        }
    }

    fn hint(&self, _level: &Level, pieces: &[Placement], budget: &Budget) -> Option<Hint> {
        let on: Vec<Placement> = pieces.iter().filter(|p| tile_cell(&self.puzzle, p).is_some()).copied().collect();
        if self.scored {
            return score_hint(&self.puzzle, &on, &budget.clone().or_nodes(SCORE_HINT_NODES));
        }
        hint(&self.puzzle, &on, &budget.clone().or_nodes(HINT_NODES))
    }

    fn check_solution(&self, level: &Level) -> Result<(), String> {
        if self.scored {
            return reference_fault(&self.puzzle, &level.solution).map_or(Ok(()), Err);
        }
        let j = self.judge(level, &level.solution);
        if j.solved {
            Ok(())
        } else {
            Err(format!(
                "the reference solution does not match (matched {:.3}, {} mismatched sides)",
                j.progress,
                j.marks.len()
            ))
        }
    }

    /// The search and the SAT solver (side by side) find a solution and, when the level promises one, prove it unique
    /// (up to turning the whole board when tiles turn).
    fn count(&self, _level: &Level, limit: u64, budget: &Budget) -> super::Count {
        // A scored board is played for the score: its solutions are not counted.
        if self.scored {
            return super::Count::default();
        }
        let e = self;
        let opts = Options {
            limit: limit.max(1),
            budget: budget.clone().or_nodes(PROVE_NODES),
            up_to_board_turns: e.puzzle.rotate,
            ..Default::default()
        };
        match crate::tiles::portfolio::solve(&e.puzzle, &opts) {
            Ok((o, by)) => super::Count {
                solutions: o.solutions,
                complete: o.complete,
                nodes: o.nodes,
                measured: by == crate::tiles::portfolio::By::Search,
            },
            Err(_) => super::Count::default(),
        }
    }

    /// Tile puzzles: the ways to lay the free tiles (n! orders, times four turns each when
    /// tiles turn); a level promising one solution is not counted again.
    fn traits(&self, level: &Level, budget: &Budget) -> super::Traits {
        let n = self.puzzle.tiles.len() - self.puzzle.clues.len();
        let turns = if self.puzzle.rotate { 4f64.log10() } else { 0.0 };
        let ways = (1..=n).map(|k| (k as f64).log10()).sum::<f64>() + n as f64 * turns;
        let solutions = match (self.unique, self.scored) {
            (true, _) => 1,
            (_, true) => 0,
            _ => self.count(level, super::MEASURE_CAP, budget).solutions,
        };
        let mut colours: Vec<u16> =
            self.puzzle.tiles.iter().flat_map(|t| t.iter().copied()).filter(|&c| c != 0).collect();
        colours.sort_unstable();
        colours.dedup();
        super::Traits {
            pieces: n,
            solutions,
            kind: super::PuzzleKind::Tiles { arrangements: ways, colours: colours.len() },
        }
    }

    fn prove(&self, level: &Level) -> Result<(), String> {
        if self.scored {
            return prove_score(&self.puzzle, level);
        }
        let e = self;
        let opts = Options {
            limit: 2,
            budget: Budget::nodes(PROVE_NODES),
            up_to_board_turns: e.unique && e.puzzle.rotate,
            ..Default::default()
        };
        match crate::tiles::portfolio::solve(&e.puzzle, &opts)?.0 {
            o if o.solutions == 0 && o.complete => Err("the solvers prove there is no solution".into()),
            o if o.solutions == 0 => Err(format!("no solution found within {} nodes", o.nodes)),
            o if e.unique && o.solutions > 1 => Err("the level promises a unique solution but there are more".into()),
            o if e.unique && !o.complete => Err(format!("uniqueness not settled within {} nodes", o.nodes)),
            _ => Ok(()),
        }
    }

    /// The lab, the editor's promise of one solution, painted faces.
    fn offers(&self) -> super::Offers<'_> {
        super::Offers { lab: Some(self), writer: Some(self), faces: Some(self), ..Default::default() }
    }
}

impl super::Lab for TilesLevel {
    /// A board played for the score has one method, the chase of its best score (no full
    /// solution to find); the others the exact search and the paper's LP.
    fn methods(&self) -> &'static [&'static str] {
        if self.scored {
            &["lab-best"]
        } else {
            &["lab-exact", "lab-lp"]
        }
    }

    /// The chase of the best score (`edge best`'s search, each new best board shown live), the
    /// exact search (first solution), or the paper's Algorithm 1 (iterated LP, point test
    /// functions, turns handled directly).
    fn run(&self, _level: &Level, method: usize, budget: &Budget, live: &dyn Fn(Tried)) -> Option<Tried> {
        match method {
            0 if self.scored => Some(self.chase(budget, live)),
            0 => {
                let opts = Options { limit: 1, budget: budget.clone().or_nodes(PROVE_NODES), ..Default::default() };
                Some(match crate::tiles::exact::solve(&self.puzzle, &opts) {
                    Ok(o) => Tried {
                        solved: o.solutions > 0,
                        work: Text::new("lab-nodes").with("n", o.nodes),
                        solution: self.placements(o.first.as_ref()),
                        iterates: Vec::new(),
                    },
                    Err(e) => Tried::failed(e),
                })
            }
            1 => {
                use crate::tiles::lp::{solve, Options};
                let opts =
                    Options { max_iterations: 30, keep_iterates: true, budget: budget.clone(), ..Default::default() };
                Some(match solve(&self.puzzle, &opts) {
                    Ok(o) => Tried {
                        solved: o.solved,
                        work: Text::new(if o.permutation { "lab-lp-work-perm" } else { "lab-lp-work" })
                            .with("n", o.iterations)
                            .with("count", o.variables),
                        solution: if o.solved { self.placements(o.placement.as_ref()) } else { Vec::new() },
                        // P drawn as the paper's Figure 5.1 draws it: each entry a faded tile.
                        iterates: o
                            .iterates
                            .iter()
                            .map(|it| {
                                it.iter()
                                    .map(|&(t, q, cell, v)| (placement_of(&self.puzzle, t, cell, q), v as f32))
                                    .collect()
                            })
                            .collect(),
                    },
                    Err(e) => Tried::failed(e),
                })
            }
            _ => None,
        }
    }
}

impl super::Writer for TilesLevel {
    /// A saved tile puzzle promises one solution when the editor's count proved it.
    fn finish(&self, _level: &Level, entry: &mut Entry, unique: bool, _budget: &Budget) -> Result<(), String> {
        entry.unique = unique;
        Ok(())
    }
}

impl super::Faces for TilesLevel {
    /// A triangle per side, from the side to the tile's middle, in the side's colour (north,
    /// east, south, west of the unit square; 0 is the frame's colour).
    fn faces(&self, piece: usize) -> Vec<(Vec<crate::geom::Pt>, [f32; 3])> {
        use crate::geom::pt;
        let corners = [pt(0.0, 1.0), pt(1.0, 1.0), pt(1.0, 0.0), pt(0.0, 0.0)];
        let Some(sides) = self.puzzle.tiles.get(piece) else { return Vec::new() };
        sides
            .iter()
            .enumerate()
            .map(|(i, &c)| (vec![corners[i], corners[(i + 1) % 4], pt(0.5, 0.5)], crate::tiles::side_rgb(c)))
            .collect()
    }
}

impl TilesLevel {
    /// The lab's chase on a board played for the score: `tiles::best` for at most
    /// [`CHASE_SECONDS`], every new best board handed to `live` as it is found.
    fn chase(&self, budget: &Budget, live: &dyn Fn(Tried)) -> Tried {
        let budget = budget.clone().or_within(web_time::Duration::from_secs(CHASE_SECONDS));
        let max = self.puzzle.matched_inner(&vec![None; self.puzzle.cells()]).1;
        let tried = |score: usize, board: &crate::tiles::Placement| Tried {
            solved: score == max,
            work: Text::new("lab-score").with("score", score).with("max", max),
            solution: self.placements(Some(board)),
            iterates: Vec::new(),
        };
        let found =
            crate::tiles::best::best(&self.puzzle, &crate::tiles::best::Options { budget, seed: 0 }, |_, s, b| {
                live(tried(s, b))
            });
        tried(found.score, &found.placement)
    }

    /// A solver's board (cell -> tile and clockwise turn) as the pieces' placements.
    fn placements(&self, board: Option<&crate::tiles::Placement>) -> Vec<Placement> {
        let p = &self.puzzle;
        board.map_or_else(Vec::new, |b| {
            b.iter()
                .enumerate()
                .filter(|(_, (t, _))| *t < p.tiles.len())
                .map(|(cell, &(t, r))| placement_of(p, t, cell, r))
                .collect()
        })
    }
}

/// Board cells: the tile in each and its clockwise turn.
type Lying = Vec<Option<(usize, u8)>>;

/// The cell tile `piece` lies in, the board, and whether every side the tile shows matches.
fn lying(level: &Level, pieces: &[Placement], piece: usize) -> Option<(usize, Lying, bool)> {
    let p = &level.data::<TilesLevel>()?.puzzle;
    let (cell, _) = tile_cell(p, pieces.iter().find(|pl| pl.piece == piece)?)?;
    let (cells, _) = cells::board(p, pieces);
    let clean = !p.mismatches(&cells).iter().any(|&(c, _)| c == cell);
    Some((cell, cells, clean))
}

/// Tile `piece` touches another tile and every side it shows matches.
fn matched(level: &Level, pieces: &[Placement], piece: usize) -> bool {
    let Some(p) = level.data::<TilesLevel>().map(|t| &t.puzzle) else { return false };
    let Some((cell, cells, clean)) = lying(level, pieces, piece) else { return false };
    let (x, y) = (cell % p.cols, cell / p.cols);
    let near = [
        (x > 0, cell.wrapping_sub(1)),
        (x + 1 < p.cols, cell + 1),
        (y > 0, cell.wrapping_sub(p.cols)),
        (y + 1 < p.rows, cell + p.cols),
    ];
    clean && near.iter().any(|&(inside, c)| inside && cells[c].is_some())
}

/// Tile `piece` lies against the frame and every side it shows matches (its frame sides dark).
fn framed(level: &Level, pieces: &[Placement], piece: usize) -> bool {
    let Some(p) = level.data::<TilesLevel>().map(|t| &t.puzzle) else { return false };
    let Some((cell, _, clean)) = lying(level, pieces, piece) else { return false };
    let (x, y) = (cell % p.cols, cell / p.cols);
    clean && (x == 0 || y == 0 || x + 1 == p.cols || y + 1 == p.rows)
}

/// Judges tiles: matched inner sides over all inner sides; the mismatched sides among the
/// tiles on the board (frame sides included) are marked.
pub fn judge(p: &Puzzle, placed: &[Placement]) -> Judgement {
    let (cells, overlap) = cells::board(p, placed);
    let (good, total) = p.matched_inner(&cells);
    let mismatches = p.mismatches(&cells);
    let full = cells.iter().all(Option::is_some);
    let rotation_ok = p.rotate || cells.iter().flatten().all(|&(_, r)| r == 0);
    let solved = full && !overlap && rotation_ok && mismatches.is_empty() && {
        let pl: crate::tiles::Placement = cells.iter().map(|c| c.unwrap_or((usize::MAX, 0))).collect();
        p.check(&pl).is_ok()
    };
    let progress = if total == 0 { f64::from(u8::from(solved)) } else { good as f64 / total as f64 };
    let marks = mismatches.into_iter().map(|(cell, side)| Mark::Side { cell, side }).collect();
    Judgement { progress: if solved { 1.0 } else { progress.min(0.99) }, solved, overlap, marks, score: None }
}

/// Judges a board played for the score: the share of inner sides matched; done (solved)
/// when every cell holds one tile, turned only where tiles turn, mismatches allowed.
pub fn judge_score(p: &Puzzle, placed: &[Placement]) -> Judgement {
    let (cells, overlap) = cells::board(p, placed);
    let (good, total) = p.matched_inner(&cells);
    let rotation_ok = p.rotate || cells.iter().flatten().all(|&(_, r)| r == 0);
    let clues_kept = p.clues.iter().all(|k| cells[k.cell] == Some((k.tile, k.rot)));
    let solved = !overlap && rotation_ok && clues_kept && cells.iter().all(Option::is_some);
    let marks = p.mismatches(&cells).into_iter().map(|(cell, side)| Mark::Side { cell, side }).collect();
    let progress = if total == 0 { 1.0 } else { good as f64 / total as f64 };
    Judgement { progress, solved, overlap, marks, score: Some((good, total)) }
}

/// What is wrong with a scored level's reference board, said as it is: a cell empty or laid
/// twice, a clue moved, a tile turned where tiles do not turn, or no side matched (a reference
/// board is the score to beat). `None`: it stands.
fn reference_fault(p: &Puzzle, placed: &[Placement]) -> Option<String> {
    let (cells, overlap) = cells::board(p, placed);
    let j = judge_score(p, placed);
    let (good, total) = j.score.unwrap_or((0, 0));
    if overlap {
        return Some("the reference board lays two tiles in one cell".into());
    }
    if let Some(empty) = cells.iter().position(Option::is_none) {
        let laid = cells.iter().flatten().count();
        return Some(format!(
            "the reference board leaves cell {empty} empty ({laid} of {} cells laid): it lays every tile, one in each cell",
            p.cells()
        ));
    }
    if let Some(k) = p.clues.iter().find(|k| cells[k.cell] != Some((k.tile, k.rot))) {
        return Some(format!(
            "the reference board moves the clue at cell {}: tile {} turned {} time(s) lies there",
            k.cell, k.tile, k.rot
        ));
    }
    if !p.rotate {
        if let Some((t, _)) = cells.iter().flatten().find(|&&(_, r)| r != 0) {
            return Some(format!("the reference board turns tile {t}, but this level's tiles do not turn"));
        }
    }
    (good == 0 && total > 0).then(|| {
        format!("the reference board matches none of the {total} inner sides: it is the score to beat, at least 1")
    })
}

/// `check-levels` on a scored board: the max-score search, within [`PROVE_SCORE_NODES`] and
/// from seed 0, lays a board scoring at least the reference board's.
fn prove_score(p: &Puzzle, level: &Level) -> Result<(), String> {
    let want = judge_score(p, &level.solution).score.map_or(0, |s| s.0);
    let opts = crate::tiles::best::Options { budget: Budget::nodes(PROVE_SCORE_NODES), seed: 0 };
    let got = crate::tiles::best::best(p, &opts, |_, _, _| {});
    if got.score >= want {
        Ok(())
    } else {
        Err(format!(
            "the max-score search reached {} of {}, below the reference board's {want}",
            got.score, got.max_score
        ))
    }
}

/// A hint on a board played for the score: the tiles laid stay where they are, the max-score
/// search lays the rest within the budget, and the hint is its tile for the first empty cell
/// in reading order; `Move(tile)` for a tile laid over another or turned where tiles do not.
pub fn score_hint(p: &Puzzle, placed: &[Placement], budget: &Budget) -> Option<Hint> {
    let mut fixed = p.clone();
    let mut taken = vec![false; p.cells()];
    for k in &p.clues {
        taken[k.cell] = true;
    }
    for pl in placed {
        match tile_cell(p, pl) {
            Some((cell, _)) if p.clues.iter().any(|k| k.tile == pl.piece) && taken[cell] => {}
            Some((cell, rot)) if !taken[cell] && (p.rotate || rot == 0) => {
                taken[cell] = true;
                fixed.clues.push(crate::tiles::Clue { cell, tile: pl.piece, rot });
            }
            _ => return Some(Hint::Move(pl.piece)),
        }
    }
    let Some(cell) = (0..p.cells()).find(|&c| !taken[c]) else { return Some(Hint::Done) };
    let got = crate::tiles::best::best(
        &fixed,
        &crate::tiles::best::Options { budget: budget.clone(), seed: 0 },
        |_, _, _| {},
    );
    let (tile, rot) = *got.placement.get(cell)?;
    Some(Hint::Next(placement_of(p, tile, cell, rot)))
}

/// The next tile and where it goes so the board stays solvable, `Move(tile)` for a tile off
/// its cells (or turned where tiles may not turn), `Stuck` when no completion exists, or
/// `Done`; `None` when the budget ran out.
pub fn hint(p: &Puzzle, placed: &[Placement], budget: &Budget) -> Option<Hint> {
    let mut fixed: Vec<(usize, usize, u8)> = Vec::new();
    let mut taken = vec![false; p.cells()];
    for pl in placed {
        match tile_cell(p, pl) {
            Some((cell, rot)) if !taken[cell] && (p.rotate || rot == 0) => {
                taken[cell] = true;
                fixed.push((cell, pl.piece, rot));
            }
            _ => return Some(Hint::Move(pl.piece)),
        }
    }
    if fixed.len() == p.cells() && judge(p, placed).solved {
        return Some(Hint::Done);
    }
    let opts = Options { limit: 1, budget: budget.clone(), fixed: fixed.clone(), ..Default::default() };
    let (out, _) = crate::tiles::portfolio::solve(p, &opts).ok()?;
    if let Some(sol) = out.first {
        // The first empty cell in reading order.
        let cell = (0..p.cells()).find(|&c| !taken[c] && !p.clues.iter().any(|k| k.cell == c))?;
        let (tile, rot) = sol[cell];
        return Some(Hint::Next(placement_of(p, tile, cell, rot)));
    }
    if !out.complete {
        return None;
    }
    Some(Hint::Stuck)
}
