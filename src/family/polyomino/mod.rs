//! Packing puzzles: fill a board with polyominoes (2D) or polycubes (3D). Judged as an exact
//! cover of the board's cells, hinted and proved by the packer. A 3D board and its pieces are
//! drawn as layers side by side ([`crate::polyform::place`]), so a polycube piece is redrawn
//! for each of its 24 rotations, tips over instead of mirroring, and is handled in space
//! (the [`super::Space`] it offers).

pub mod daily;
pub mod draft;
mod lattice;
pub mod prisms;
pub mod xmpuzzle;

use super::{unit_square, Count, Family, Hint, Judgement, Level, Moves, Parsed, Solid, Watch};
use crate::format::entry::{Entry, RawBoard};
use crate::format::Node;
use crate::geom::Vertex;
use crate::pieces::{PieceDef, PieceSet, Placement};
use crate::polyform::colour::MAX_COLOUR;
use crate::polyform::grid::Grid;
use crate::polyform::pack::{Board, PackOptions, PackOutcome, PartSpec};
use crate::polyform::place::{self, placement_cells, placement_for};
use crate::polyform::Cell;
use crate::support::budget::Budget;
use crate::verify::Mode;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Hints: the packer's node budget.
const HINT_NODES: u64 = 50_000_000;
/// `check-levels`: the packer's node budget.
const PROVE_NODES: u64 = 50_000_000;

/// A polyomino or polycube packing level: its parts, each with how many copies it has, and
/// a piece of the set for each copy.
#[derive(Clone, Debug)]
pub struct PolyLevel {
    pub board: Board,
    pub parts: Vec<PartSpec>,
    /// Per piece: the part it is a copy of.
    pub piece_part: Vec<usize>,
    /// Per piece: its part as one copy (what the drawings and the 3D view handle).
    pub pieces: Vec<PartSpec>,
}

impl PolyLevel {
    /// A level of these parts, with a piece for each copy of each part.
    pub fn new(board: Board, parts: Vec<PartSpec>) -> PolyLevel {
        let piece_part: Vec<usize> =
            (0..parts.len()).flat_map(|i| std::iter::repeat_n(i, parts[i].count.unwrap_or(1) as usize)).collect();
        let pieces = piece_part
            .iter()
            .map(|&i| PartSpec {
                colours: parts[i].colours.clone(),
                ..PartSpec::once(parts[i].name.clone(), parts[i].cells.clone())
            })
            .collect();
        PolyLevel { board, parts, piece_part, pieces }
    }

    /// Judges placements of pieces.
    pub fn judge(&self, placed: &[Placement]) -> Judgement {
        let pairs: Vec<(usize, Placement)> = placed.iter().map(|p| (self.piece_part[p.piece], *p)).collect();
        judge(&self.board, &self.parts, &pairs)
    }

    /// A 3D piece's squares in its drawing (local coordinates) under rotation `rot`.
    pub fn rings(&self, piece: usize, rot: i32) -> Vec<Vec<Vertex>> {
        let stride = place::layer_stride(&self.board).unwrap_or(0);
        let cells = place::orient(&self.pieces[piece].cells, rot);
        place::layer_squares(&cells, stride).into_iter().map(|(x, y)| unit_square(x, y)).collect()
    }

    /// A 3D board, drawn layer by layer.
    fn cubes(&self) -> bool {
        self.board.dim == 3
    }

    /// Solves the board with the packer (first solution).
    pub fn solve(&self, max_nodes: u64) -> PackOutcome {
        let opts = PackOptions { stop: 1, budget: Budget::nodes(max_nodes), ..PackOptions::new(self.board.dim) };
        crate::polyform::pack::solve(&self.board, &self.parts, &opts)
    }
}

/// The parts: a built-in set's name, or a list of parts, each like `"[0,0][1,0][2,0]"` (one
/// copy) or `(cells: "[0,0][1,0]", count: 4)` (four), `(cells: "[0,0][1,0]", min: 0, max: 4)`
/// (up to four used).
fn parts(pieces: &Node) -> Result<Vec<PartSpec>, String> {
    match pieces {
        Node::Str(name) => match crate::polyform::builtin_set(name) {
            // A set of another grid's: the board must say that grid.
            Some(set) if matches!(set.grid, Grid::Triangle | Grid::Hexagon) => Err(format!(
                "`{name}` is a part set of the {} grid: give the board `grid: \"{}\"`",
                set.grid.name(),
                set.grid.name()
            )),
            _ => PartSpec::set(name).ok_or_else(|| {
                format!("unknown part set `{name}` (built in: {})", crate::polyform::BUILTIN_SETS.join(", "))
            }),
        },
        Node::List(items) => items
            .iter()
            .enumerate()
            .map(|(k, n)| match n {
                Node::Str(s) => {
                    let (cells, _) = crate::polyform::parse_part(s).map_err(|e| format!("pieces[{k}]: {e}"))?;
                    Ok(PartSpec::once(format!("part {k}"), cells))
                }
                Node::Map(_) => counted(n, k),
                _ => Err(format!("pieces[{k}]: a part is written like \"[0,0][1,0][2,0]\"")),
            })
            .collect(),
        other => Err(format!("`pieces` must name a part set or list parts, found {}", other.describe())),
    }
}

/// Most copies of one part a level may have (each is a piece to draw and move).
pub const MAX_COPIES: u32 = 64;

/// A written part's copies (most, fewest): `count`, or `min` and `max` (one when it says
/// neither).
pub(super) fn copies(n: &Node, at: &str) -> Result<(u32, u32), String> {
    let number = |key: &str| match n.get(key) {
        None => Ok(None),
        Some(Node::Num(x)) if x.fract() == 0.0 && (0.0..=f64::from(MAX_COPIES)).contains(x) => Ok(Some(*x as u32)),
        Some(other) => {
            Err(format!("{at}.{key}: expected a whole number from 0 to {MAX_COPIES}, found {}", other.describe()))
        }
    };
    let (most, fewest) = match (number("count")?, number("min")?, number("max")?) {
        (Some(c), None, None) => (c, c),
        (None, Some(lo), Some(hi)) => (hi, lo),
        (None, None, None) => (1, 1),
        _ => return Err(format!("{at}: give `count`, or `min` and `max`")),
    };
    if most == 0 || fewest > most {
        return Err(format!("{at}: the count needs at least one copy, and `min` at most `max`"));
    }
    Ok((most, fewest))
}

/// A part with its count: `(cells: "...", count: N)` or `(cells: "...", min: A, max: B)`.
fn counted(n: &Node, k: usize) -> Result<PartSpec, String> {
    let Node::Map(fields) = n else { unreachable!() };
    let at = format!("pieces[{k}]");
    if let Some((key, _)) =
        fields.iter().find(|(key, _)| !["cells", "count", "min", "max", "colours"].contains(&key.as_str()))
    {
        return Err(format!(
            "{at}: unknown key `{key}` (a part written out has `cells`, `count` or `min` and `max`, and `colours`)"
        ));
    }
    let (cells, dim) = match n.get("cells") {
        Some(Node::Str(s)) => crate::polyform::parse_part(s).map_err(|e| format!("{at}: {e}"))?,
        _ => return Err(format!("{at}: a part written out needs `cells`, written like \"[0,0][1,0]\"")),
    };
    let (most, fewest) = copies(n, &at)?;
    let colours = match n.get("colours") {
        None => Vec::new(),
        Some(list) => crate::polyform::colour::parse(&int_lists(list, &at)?, dim, &cells, &at)?,
    };
    Ok(PartSpec { name: format!("part {k}"), cells, count: Some(most), least: Some(fewest), colours })
}

/// A list of lists of whole numbers (`[[0, 0, 1], [1, 0, 2]]`).
fn int_lists(n: &Node, at: &str) -> Result<Vec<Vec<i32>>, String> {
    let bad = || format!("{at}.colours: expected a list like [[0, 0, 1]] (each cell, then its colour)");
    let Node::List(items) = n else { return Err(bad()) };
    items
        .iter()
        .map(|item| match item {
            Node::List(xs) => xs
                .iter()
                .map(|x| match x {
                    Node::Num(v) if v.fract() == 0.0 && v.abs() < 1e6 => Ok(*v as i32),
                    _ => Err(bad()),
                })
                .collect(),
            _ => Err(bad()),
        })
        .collect()
}

/// A part node with its coloured cells added (`colours`), as [`counted`] reads it.
pub fn with_colours(part: Node, colours: &[(Cell, u32)], dim: u8) -> Node {
    if colours.is_empty() {
        return part;
    }
    let list = Node::List(
        crate::polyform::colour::write(colours, dim)
            .into_iter()
            .map(|c| Node::List(c.into_iter().map(|v| Node::Num(f64::from(v))).collect()))
            .collect(),
    );
    match part {
        Node::Map(mut fields) => {
            fields.push(("colours".into(), list));
            Node::Map(fields)
        }
        cells => Node::Map(vec![("cells".into(), cells), ("colours".into(), list)]),
    }
}

/// A part as a level writes it: its cells alone for one copy, with `count` for several, with
/// `min` and `max` for a range.
pub fn counted_node(cells: Node, most: u32, fewest: u32) -> Node {
    let num = |k: u32| Node::Num(f64::from(k));
    match (fewest, most) {
        (1, 1) => cells,
        (lo, hi) if lo == hi => Node::Map(vec![("cells".into(), cells), ("count".into(), num(hi))]),
        (lo, hi) => Node::Map(vec![("cells".into(), cells), ("min".into(), num(lo)), ("max".into(), num(hi))]),
    }
}

/// The board's cells: a box of sides up to 64 (16 in 3D), or the cells listed, without its
/// holes, with its optional cells (ones that may stay empty).
fn board(board: &RawBoard) -> Result<Board, String> {
    let b = match (board.size.as_slice(), board.cells.as_slice()) {
        ([], []) => return Err("a board needs `size` (a box) or `cells` (any figure)".into()),
        ([_, ..], [_, ..]) => return Err("a board has `size` or `cells`, not both".into()),
        ([], cells) => listed_cells(cells)?,
        (size, _) => boxed(size)?,
    };
    // Each cell as [x, y] on a flat board, [x, y, z] on a 3D one.
    let cells = |list: &[Vec<i32>], what: &str| -> Result<Vec<[i32; 3]>, String> {
        list.iter()
            .map(|c| match (c.as_slice(), b.dim) {
                ([x, y], 2) => Ok([*x, *y, 0]),
                ([x, y, z], 3) => Ok([*x, *y, *z]),
                _ => Err(format!(
                    "{what} [{}] is not [x, y{}]",
                    c.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "),
                    if b.dim == 3 { ", z" } else { "" }
                )),
            })
            .collect()
    };
    let (holes, optional) = (cells(&board.holes, "hole")?, cells(&board.optional, "optional cell")?);
    let b = if holes.is_empty() { b } else { b.without(&holes)? };
    let b = b.with_optional(&optional)?;
    if board.colours.is_empty() && board.colour_rules.is_empty() {
        return Ok(b);
    }
    let colours = crate::polyform::colour::parse(&board.colours, b.dim, &b.cells, "board")?;
    let rules = board
        .colour_rules
        .iter()
        .map(|r| match r.as_slice() {
            [p, c] if (1..=MAX_COLOUR).contains(p) && (1..=MAX_COLOUR).contains(c) => Ok((*p, *c)),
            _ => Err(format!("board colour rule {r:?}: a rule is [part colour, board colour], each 1 to {MAX_COLOUR}")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    b.with_colours(colours, &rules)
}

/// A box: sides up to 64 (16 in 3D).
fn boxed(size: &[i32]) -> Result<Board, String> {
    match size {
        [x, y] if *x <= 64 && *y <= 64 => Board::boxed(*x, *y, 0),
        [_, _, z] if *z < 1 => Err("a 3D board needs at least one layer".into()),
        [x, y, z] if *x <= 16 && *y <= 16 && *z <= 16 => Board::boxed(*x, *y, *z),
        [_, _] | [_, _, _] => Err("board sides are at most 64 (16 for a 3D board)".into()),
        _ => Err(format!("board `size` is [x, y] or [x, y, z], found {} numbers", size.len())),
    }
}

/// A figure listed cell by cell, all `[x, y]` or all `[x, y, z]`, within the box limits
/// (coordinates from 0; the figure is moved so its lowest cell is at 0 on each axis).
fn listed_cells(cells: &[Vec<i32>]) -> Result<Board, String> {
    let dim = cells[0].len();
    let mut out = Vec::with_capacity(cells.len());
    for c in cells {
        let limit = if dim == 2 { 64 } else { 16 };
        match c.as_slice() {
            [x, y] if dim == 2 => out.push([*x, *y, 0]),
            [x, y, z] if dim == 3 => out.push([*x, *y, *z]),
            _ => return Err(format!("board cell {c:?}: every cell is [x, y] or every cell is [x, y, z]")),
        }
        if c.iter().any(|v| !(0..limit).contains(v)) {
            return Err(format!("board cell {c:?}: coordinates are 0 to {}", limit - 1));
        }
    }
    Board::from_cells(dim as u8, out)
}

/// A polyomino level's set, board and figure (the board's cells as unit squares).
pub fn parse(f: &Entry) -> Result<Parsed, String> {
    let raw_board = f.board.as_ref().ok_or("a polyomino level needs a `board`")?;
    let pieces = f.pieces.as_ref().ok_or("missing field `pieces`")?;
    if let Some(grid) = lattice::grid(raw_board)? {
        return lattice::parse(f, grid, raw_board, pieces);
    }
    let poly = PolyLevel::new(board(raw_board)?, parts(pieces)?);
    let (set, target) = match place::layer_stride(&poly.board) {
        None => {
            if let Some(p) = poly.parts.iter().find(|p| p.cells.iter().any(|c| c[2] != 0)) {
                return Err(format!("{} is a 3D part; a 2D board needs flat parts", p.name));
            }
            let pieces = poly
                .pieces
                .iter()
                .map(|p| {
                    let flat: Vec<(i32, i32)> = p.cells.iter().map(|c| (c[0], c[1])).collect();
                    let ring = crate::pieces::cells_outline(&flat)
                        .ok_or_else(|| format!("{} has a hole; parts must be simply connected", p.name))?;
                    Ok(PieceDef { name: p.name.clone(), rings: vec![ring.into_iter().map(Vertex::from).collect()] })
                })
                .collect::<Result<Vec<_>, String>>()?;
            let target = poly.board.cells.iter().map(|c| unit_square(c[0], c[1])).collect();
            (PieceSet { name: "polyomino".into(), pieces, step_deg: 90.0 }, target)
        }
        // A 3D board and its pieces are drawn layer by layer, side by side.
        Some(stride) => {
            let pieces = (0..poly.pieces.len())
                .map(|i| PieceDef { name: poly.pieces[i].name.clone(), rings: poly.rings(i, 0) })
                .collect();
            let target =
                place::layer_squares(&poly.board.cells, stride).into_iter().map(|(x, y)| unit_square(x, y)).collect();
            (PieceSet { name: "polycube".into(), pieces, step_deg: 90.0 }, target)
        }
    };
    let n = set.pieces.len();
    super::check_solution_pieces(&f.solution, n, |p| format!("the solution names piece {p} but there are {n} parts"))?;
    Ok(Parsed { family: Arc::new(poly), set, target, mode: Mode::Anchored, allow_mirror: false })
}

impl Family for PolyLevel {
    fn name(&self) -> &'static str {
        "polyomino"
    }

    fn title(&self) -> &'static str {
        "family-polyomino"
    }

    /// Polycubes tip over instead of mirroring; the geometric solver, which sees no layers,
    /// cannot be watched on them.
    /// Flat pieces turn and mirror; pieces in space turn and tip over, never mirrored.
    fn moves(&self, _level: &Level) -> Moves {
        Moves { turn: true, mirror: !self.cubes() }
    }

    fn cells(&self) -> super::Cells {
        super::Cells::On(self.board.grid)
    }

    /// In space, a piece in the box moves only to where it is clear of every other piece in the
    /// box, or out to the tray (pieces from the tray, and flat boards, are free).
    fn legal(&self, _level: &Level, from: &Placement, to: &Placement, others: &[Placement]) -> bool {
        let in_box = |p: &Placement| {
            let part = self.pieces.get(p.piece)?;
            crate::polyform::space::in_box(&self.board, &part.cells, p)
        };
        if !self.cubes() || in_box(from).is_none() {
            return true;
        }
        let Some(cells) = in_box(to) else { return true };
        let taken: std::collections::HashSet<_> = others.iter().filter_map(in_box).flatten().collect();
        cells.iter().all(|c| !taken.contains(c))
    }

    /// Exact cover of the board by the pieces on it (the others are in the tray).
    fn judge(&self, level: &Level, pieces: &[Placement]) -> Judgement {
        let on: Vec<Placement> = pieces.iter().filter(|p| level.on_board(p)).copied().collect();
        PolyLevel::judge(self, &on)
    }

    fn hint(&self, level: &Level, pieces: &[Placement], budget: &Budget) -> Option<Hint> {
        let on: Vec<Placement> = pieces.iter().filter(|p| level.on_board(p)).copied().collect();
        hint(&self.board, &self.parts, &self.piece_part, &on, &budget.clone().or_nodes(HINT_NODES))
    }

    fn check_solution(&self, level: &Level) -> Result<(), String> {
        let j = PolyLevel::judge(self, &level.solution);
        if j.solved {
            Ok(())
        } else {
            Err(format!(
                "the reference solution does not cover the board (filled {:.3}, overlap {})",
                j.progress, j.overlap
            ))
        }
    }

    fn count(&self, _level: &Level, limit: u64, budget: &Budget) -> Count {
        let d = self;
        // Solutions are counted up to the board's symmetries; the first alone is searched for
        // without them, since any solution will do and breaking the symmetries can put it far
        // off (an 8 x 8 board of dominoes: millions of nodes, against 33).
        let opts = PackOptions {
            stop: limit.max(1),
            unique: limit > 1,
            ..PackOptions::within(d.board.dim, &budget.clone().or_nodes(PROVE_NODES))
        };
        let out = crate::polyform::pack::solve(&d.board, &d.parts, &opts);
        Count { solutions: out.solutions, complete: out.complete, nodes: out.nodes, measured: true }
    }

    /// Packing boards: the parts, and the solutions counted up to the board's symmetries (on
    /// to [`super::MEASURE_CAP_PACKING`]).
    fn traits(&self, level: &Level, budget: &Budget) -> super::Traits {
        let count = self.count(level, super::MEASURE_CAP_PACKING, budget);
        super::Traits {
            pieces: self.pieces.len(),
            solutions: count.solutions.min(super::MEASURE_CAP_PACKING),
            kind: super::PuzzleKind::Packing,
        }
    }

    fn prove(&self, _level: &Level) -> Result<(), String> {
        let out = self.solve(PROVE_NODES);
        match (&out.impossible, out.solutions, out.complete) {
            (Some(why), _, _) => Err(format!("the packer proves there is no solution: {why}")),
            (None, 0, true) => Err("the packer proves there is no solution".into()),
            (None, 0, false) => Err(format!("the packer found no solution within {} nodes", out.nodes)),
            _ => Ok(()),
        }
    }

    /// Polycubes: a piece into the box, slid, turned; the view turned; the layers hidden.
    fn intro(&self, _level: &Level) -> Option<super::Intro> {
        use super::{Goal, IntroStep};
        let step = |says, goal| IntroStep { says, goal };
        self.cubes().then(|| super::Intro {
            id: "solid",
            steps: vec![
                step("intro-solid-in", Goal::Check(in_the_box)),
                step("intro-solid-slide", Goal::Move),
                step("intro-solid-turn", Goal::Turn),
                step("intro-solid-look", Goal::Look),
                step("intro-solid-layers", Goal::Layers),
            ],
        })
    }

    /// Says which cells may stay empty where a board has some.
    fn progress_help(&self) -> &'static str {
        match (self.board.optional.is_empty(), self.board.colours.is_empty()) {
            (true, true) => "progress-help-cells",
            (false, true) => "progress-help-cells-optional",
            (true, false) => "progress-help-cells-painted",
            (false, false) => "progress-help-cells-optional-painted",
        }
    }

    /// Pieces in space on a box of cubes; painted or optional cells where the board has them;
    /// the geometric solver to watch on flat boards (it sees no layers); the packer's first
    /// solution for a board drawn in the editor.
    fn offers(&self) -> super::Offers<'_> {
        let outlines = !self.cubes();
        let painted = !self.board.colours.is_empty() || self.pieces.iter().any(|p| !p.colours.is_empty());
        super::Offers {
            watch: outlines.then_some(self as &dyn super::Watching),
            writer: Some(self),
            painted: painted.then_some(self as &dyn super::PaintedCells),
            optional: (!self.board.optional.is_empty()).then_some(self as &dyn super::OptionalCells),
            space: self.cubes().then_some(self as &dyn super::Space),
            ..Default::default()
        }
    }
}

impl super::Watching for PolyLevel {
    /// The geometric solver on the parts' outlines.
    fn watch(&self, level: &Level) -> Watch {
        super::watch::search(level)
    }
}

impl super::Writer for PolyLevel {
    /// A board painted in the editor gets the packer's first solution as its reference.
    fn finish(&self, _level: &Level, entry: &mut Entry, _unique: bool, budget: &Budget) -> Result<(), String> {
        if entry.solution.is_empty() {
            let search = budget.clone().or_nodes(5_000_000);
            entry.solution = place::first_solution_of(&self.board, &self.parts, &self.piece_part, search).ok_or(
                if budget.expired() {
                    "the packer found no solution to store within the time limit"
                } else {
                    "the packer found no solution to store"
                },
            )?;
        }
        Ok(())
    }
}

impl super::PaintedCells for PolyLevel {
    /// Coloured cells: the board's as squares of its figure (in the layer panels of a 3D one), a
    /// piece's in its own frame (a flat piece turns with its transform, a 3D one is redrawn).
    fn painted(&self, piece: Option<usize>, rot: i32) -> Vec<(Vec<Vertex>, u32)> {
        let stride = place::layer_stride(&self.board);
        let (cells, colours): (Vec<Cell>, Vec<u32>) = match piece {
            None => self.board.colours.iter().copied().unzip(),
            Some(i) => match self.pieces.get(i) {
                Some(part) if stride.is_some() => place::turned_colours(part, rot).into_iter().unzip(),
                Some(part) => part.colours.iter().copied().unzip(),
                None => return Vec::new(),
            },
        };
        let squares = match stride {
            None => cells.iter().map(|c| (c[0], c[1])).collect(),
            Some(stride) => place::layer_squares(&cells, stride),
        };
        squares.into_iter().zip(colours).map(|((x, y), k)| (unit_square(x, y), k)).collect()
    }
}

impl super::OptionalCells for PolyLevel {
    /// Optional cells: cells of the flat board's grid, or squares in the layer panels of a 3D
    /// one.
    fn optional_cells(&self) -> Vec<Vec<Vertex>> {
        let Some(stride) = place::layer_stride(&self.board) else {
            let ring = |c| self.board.grid.polygon(c).into_iter().map(|[x, y]| Vertex::from(crate::geom::pt(x, y)));
            return self.board.optional.iter().map(|&c| ring(c).collect()).collect();
        };
        place::layer_squares(&self.board.optional, stride).into_iter().map(|(x, y)| unit_square(x, y)).collect()
    }
}

impl super::Space for PolyLevel {
    fn solid(&self) -> Solid<'_> {
        Solid { board: &self.board, parts: &self.pieces }
    }

    fn drawings(&self) -> usize {
        place::TURNS as usize
    }

    fn drawing(&self, piece: usize, rot: i32) -> Vec<Vec<Vertex>> {
        self.rings(piece, rot)
    }

    /// A polycube piece starts in its narrowest rotation, so a flat one lies in one layer.
    fn rest_rotation(&self, piece: usize) -> i32 {
        let cells = &self.pieces[piece].cells;
        (0..place::TURNS)
            .min_by_key(|&o| {
                let c = place::orient(cells, o);
                let top = |a: usize| c.iter().map(|c| c[a]).max().unwrap_or(0);
                (top(2), top(0), top(1))
            })
            .unwrap_or(0)
    }
}

/// Judges placed pieces (`(part index, placement)`; pieces in the tray are left out): solved
/// when they lie on the board without overlapping, cover every cell that is not optional,
/// and use each part at least as often as it must be.
pub fn judge(board: &Board, parts: &[PartSpec], placed: &[(usize, Placement)]) -> Judgement {
    let on_board: HashSet<Cell> = board.cells.iter().copied().collect();
    let mut owners: HashMap<Cell, usize> = HashMap::new();
    let mut good: Vec<Vec<Cell>> = Vec::new();
    let mut used = vec![0u32; parts.len()];
    for (part, p) in placed {
        let Some(cells) = placement_cells(board, &parts[*part].cells, p) else { continue };
        for c in &cells {
            *owners.entry(*c).or_default() += 1;
        }
        // A piece counts where it lies on the board with its colours on cells that take them.
        if cells.iter().all(|c| on_board.contains(c)) && place::colours_fit(board, &parts[*part], p) {
            good.push(cells);
            used[*part] += 1;
        }
    }
    let overlap = owners.values().any(|&k| k > 1);
    let optional = |c: &Cell| board.optional.binary_search(c).is_ok();
    let covered = good
        .iter()
        .filter(|cs| cs.iter().all(|c| owners[c] == 1))
        .map(|cs| cs.iter().filter(|c| !optional(c)).count())
        .sum::<usize>();
    let required = board.required().max(1);
    let enough = parts.iter().zip(&used).all(|(p, &k)| k >= p.fewest());
    let inside = owners.keys().all(|c| on_board.contains(c));
    let solved = !overlap && inside && covered == board.required() && enough;
    let progress = covered as f64 / required as f64;
    Judgement {
        progress: if solved { 1.0 } else { progress.min(0.99) },
        solved,
        overlap,
        marks: Vec::new(),
        score: None,
    }
}

/// A hint from the player's position: the next part and where it goes so the board stays
/// solvable, `Move(piece)` for a placed piece that lies off the board or on another, `Stuck`
/// when no completion exists, or `Done`. `piece_part[i]` is the part index of piece `i`. `None`
/// when the budget ran out.
pub fn hint(
    board: &Board,
    parts: &[PartSpec],
    piece_part: &[usize],
    placed: &[Placement],
    budget: &Budget,
) -> Option<Hint> {
    let on_board: HashSet<Cell> = board.cells.iter().copied().collect();
    let mut taken: HashSet<Cell> = Default::default();
    let mut left: Vec<u32> = vec![0; parts.len()];
    let mut used: Vec<u32> = vec![0; parts.len()];
    for &pp in piece_part {
        left[pp] += 1;
    }
    for p in placed {
        let part = piece_part[p.piece];
        let cells = placement_cells(board, &parts[part].cells, p);
        let fits = cells.as_ref().is_some_and(|cs| cs.iter().all(|c| on_board.contains(c) && !taken.contains(c)))
            && place::colours_fit(board, &parts[part], p);
        if !fits || left[part] == 0 {
            return Some(Hint::Move(p.piece));
        }
        taken.extend(cells.unwrap_or_default());
        left[part] -= 1;
        used[part] += 1;
    }
    let filled = board.cells.iter().all(|c| taken.contains(c) || board.optional.binary_search(c).is_ok());
    if filled && parts.iter().zip(&used).all(|(p, &k)| k >= p.fewest()) {
        return Some(Hint::Done);
    }
    let free = |cells: &[Cell]| cells.iter().copied().filter(|c| !taken.contains(c)).collect();
    let rest = Board { cells: free(&board.cells), optional: free(&board.optional), ..board.clone() };
    let specs: Vec<PartSpec> = (0..parts.len())
        .map(|i| PartSpec {
            count: Some(left[i]),
            least: Some(parts[i].fewest().saturating_sub(used[i]).min(left[i])),
            ..parts[i].clone()
        })
        .collect();
    let opts = PackOptions { stop: 1, ..PackOptions::within(board.dim, budget) };
    let out = crate::polyform::pack::solve(&rest, &specs, &opts);
    if let Some(sol) = out.kept.first() {
        // The largest part of the completion, on a piece not yet placed.
        let (part, cells) = sol.iter().max_by_key(|(p, cs)| (cs.len(), std::cmp::Reverse(*p)))?;
        let piece = (0..piece_part.len()).find(|&i| piece_part[i] == *part && !placed.iter().any(|q| q.piece == i))?;
        return placement_for(board, piece, &parts[*part], cells).map(Hint::Next);
    }
    if !out.complete {
        return None;
    }
    Some(Hint::Stuck)
}

/// Piece `piece` lies in the box.
fn in_the_box(level: &Level, pieces: &[Placement], piece: usize) -> bool {
    let (Some(solid), Some(pl)) = (level.solid(), pieces.iter().find(|p| p.piece == piece)) else { return false };
    solid.parts.get(piece).is_some_and(|part| crate::polyform::space::in_box(solid.board, &part.cells, pl).is_some())
}
