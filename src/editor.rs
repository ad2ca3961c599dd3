//! The level editor's pure half. A draft becomes a level entry:
//! * a dissection: pieces of a set laid out on a canvas; their union is the figure, and the
//!   arrangement is the reference solution;
//! * a polyomino or polycube board: cells painted on a grid (on layers in 3D) and the parts
//!   picked for it; the packer finds the reference solution;
//! * an edge-matching puzzle: a solved grid of coloured sides (generated, then repainted by
//!   hand), cut into tiles and shuffled; the grid is the reference solution.
//!
//! The editor's live verdict on a draft is [`crate::analysis::Analysis`]; saved levels go to
//! the player's [`PACK`] (`mine.ron` in the data folder's `levels`).

use crate::format::Node;
use crate::geom::{Edge, Tol, Vertex};
use crate::level::Entry;
use crate::pieces::{PieceDef, PieceSet, Placement};
use crate::polyform::Cell;
use crate::tiles::{turned, Tile};
use crate::verify::Mode;

/// The pack id of the player's own levels.
pub const PACK: &str = "mine";
/// Its name in the level list.
pub const PACK_NAME: &str = "My levels";
/// The editor counts solutions up to this ("1000+" beyond).
pub const COUNT_LIMIT: u64 = 1000;

/// A ring as a pack file writes it: points, and `{at, arc}` maps for arc starts.
pub fn ring_node(ring: &[Vertex]) -> Node {
    let point = |p: crate::geom::Pt| Node::List(vec![Node::Num(p.x), Node::Num(p.y)]);
    Node::List(
        ring.iter()
            .map(|v| match v.arc {
                None => point(v.at),
                Some(a) => Node::Map(vec![
                    ("at".into(), point(v.at)),
                    (
                        "arc".into(),
                        Node::Map(vec![("center".into(), point(a.center)), ("ccw".into(), Node::Bool(a.ccw))]),
                    ),
                ]),
            })
            .collect(),
    )
}

fn edges_ring(edges: &[Edge]) -> Vec<Vertex> {
    edges
        .iter()
        .map(|e| Vertex {
            at: e.start(),
            arc: match *e {
                Edge::Arc { c, ccw, .. } => Some(crate::geom::ring::ArcTo { center: c, ccw }),
                Edge::Seg { .. } => None,
            },
        })
        .collect()
}

// ---------------------------------------------------------------- dissections

/// The figure that pieces of `set` placed as `placed` make: their union's rings, as a pack
/// writes a target. The inner `Err` lists (by position in `placed`) the pieces that overlap;
/// the outer one says why a piece could not be read.
#[allow(clippy::type_complexity)]
pub fn figure(set: &PieceSet, placed: &[Placement]) -> Result<Result<Vec<Node>, Vec<usize>>, String> {
    let tol = Tol::default();
    let step = set.step();
    let pieces: Vec<crate::verify::Piece> = placed
        .iter()
        .map(|p| crate::verify::Piece::from_vertices(&p.apply(&set.pieces[p.piece], step), tol, p.piece))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let parts: Vec<_> = pieces.iter().flat_map(|p| p.parts.iter()).collect();
    let asm = crate::verify::assemble(&parts, tol.eps);
    if asm.overlay.overlap {
        // Parts follow the pieces' order (a piece of one part each, as every set's are).
        let overlapping = asm.overlay.overlapping.iter().enumerate().filter(|(_, o)| **o).map(|(k, _)| k).collect();
        return Ok(Err(overlapping));
    }
    Ok(Ok(asm.contours.iter().map(|c| ring_node(&edges_ring(&c.edges))).collect()))
}

fn listed<'a>(defs: impl Iterator<Item = &'a PieceDef>) -> Node {
    Node::List(defs.map(|d| Node::List(d.rings.iter().map(|r| ring_node(r)).collect())).collect())
}

/// A set as a level names it: a built-in one by its name, any other by its pieces.
pub fn set_node(set: &PieceSet) -> Node {
    match PieceSet::builtin(&set.name) {
        Some(b) if b.pieces == set.pieces => Node::Str(set.name.clone()),
        _ => listed(set.pieces.iter()),
    }
}

/// The editor's empty board for a set: a square canvas (the level's figure, which no one
/// solves) with room for the set's pieces laid out in many ways. A piece whose centre lies on
/// it is part of the drawn figure; the others wait around it.
pub fn canvas(set: &PieceSet) -> Entry {
    let area: f64 = set.pieces.iter().map(crate::pieces::piece_area).sum();
    let h = (5.0 * area).sqrt().max(2.0) / 2.0;
    let mut e = Entry::blank(None);
    e.id = "canvas".into();
    e.name = "Canvas".into();
    e.pieces = Some(set_node(set));
    e.rotation_step = set.step_deg;
    e.target = vec![ring_node(&[(-h, -h), (h, -h), (h, h), (-h, h)].map(|(x, y)| Vertex::from(crate::geom::pt(x, y))))];
    e.mode = Some(Mode::Anchored);
    e.allow_mirror = true;
    e
}

/// What the editor says when a draft is not a level yet (the game shows these in the player's
/// language: see `game::editor::words`).
pub const NO_PIECES: &str = "Place pieces on the square: together they draw the figure.";
pub const OVERLAP: &str = "Two pieces overlap: pieces of a figure meet only along their edges.";
pub const NO_PARTS: &str = "Pick at least one part.";
pub const NO_CELLS: &str = "Paint the board's cells.";
pub const UNSOLVED: &str = "The level has no solution yet, so it cannot be saved.";

/// A dissection level from pieces of `set` placed on the canvas (`placed`, one placement per
/// piece used). The figure is their union, anchored where it lies; the arrangement is the
/// reference solution. With `whole_set` the level uses every piece of the set (so it has no
/// solution until all are placed); otherwise only the placed ones.
pub fn dissection(set: &PieceSet, placed: &[Placement], whole_set: bool) -> Result<Entry, String> {
    if placed.is_empty() {
        return Err(NO_PIECES.into());
    }
    let mut e = Entry::blank(None);
    e.target = match figure(set, placed)? {
        Ok(target) => target,
        Err(_) => return Err(OVERLAP.into()),
    };
    e.mode = Some(Mode::Anchored);
    e.allow_mirror = true;
    e.rotation_step = set.step_deg;
    let all = (0..set.pieces.len()).all(|i| placed.iter().any(|p| p.piece == i));
    if whole_set || all {
        e.pieces = Some(set_node(set));
        e.solution = placed.to_vec();
    } else {
        // Only the placed pieces, numbered in the order of the set.
        let mut used: Vec<usize> = placed.iter().map(|p| p.piece).collect();
        used.sort_unstable();
        used.dedup();
        e.pieces = Some(listed(used.iter().map(|&i| &set.pieces[i])));
        e.solution = placed
            .iter()
            .map(|p| Placement { piece: used.iter().position(|&u| u == p.piece).unwrap_or(0), ..*p })
            .collect();
    }
    e.solution.sort_by_key(|p| p.piece);
    Ok(e)
}

// ---------------------------------------------------------------- polyominoes and polycubes

/// A board being painted: a box of `size` cells (z is 1 on a flat board), `on[i]` for each
/// cell (x fastest, then y, then z), and the parts offered with the ones picked.
#[derive(Clone, Debug, PartialEq)]
pub struct PolyDraft {
    pub dim: u8,
    pub size: [i32; 3],
    pub on: Vec<bool>,
    pub parts: Vec<(String, Vec<Cell>)>,
    pub picked: Vec<bool>,
}

/// Largest side the painter offers (pack files allow 64 flat, 16 in 3D).
pub const POLY_MAX_SIDE: i32 = 16;

impl PolyDraft {
    /// A board of the built-in part set `set`, every cell painted, every part picked.
    pub fn new(set: &str, size: [i32; 3]) -> Result<PolyDraft, String> {
        let s = crate::polyform::builtin_set(set).ok_or_else(|| format!("unknown part set `{set}`"))?;
        let size = if s.dim == 2 { [size[0], size[1], 1] } else { size };
        let picked = vec![true; s.parts.len()];
        let mut d = PolyDraft { dim: s.dim, size: [1, 1, 1], on: vec![true], parts: s.parts, picked };
        d.resize(size);
        Ok(d)
    }

    /// A saved level's board and parts, to edit again.
    pub fn of(level: &crate::level::Level) -> Option<PolyDraft> {
        let poly = level.data::<crate::family::polyomino::PolyLevel>()?;
        let dim = poly.board.dim;
        let hi = poly.board.cells.iter().fold([0; 3], |m, c| [m[0].max(c[0]), m[1].max(c[1]), m[2].max(c[2])]);
        let size = [hi[0] + 1, hi[1] + 1, if dim == 2 { 1 } else { hi[2] + 1 }];
        let mut d = PolyDraft {
            dim,
            size,
            on: vec![false; (size[0] * size[1] * size[2]) as usize],
            parts: poly
                .parts
                .iter()
                .map(|p| (crate::polyform::part_name(&p.cells, dim).unwrap_or_else(|| p.name.clone()), p.cells.clone()))
                .collect(),
            picked: vec![true; poly.parts.len()],
        };
        for c in &poly.board.cells {
            let i = d.index(c[0], c[1], c[2]);
            d.on[i] = true;
        }
        Some(d)
    }

    pub fn index(&self, x: i32, y: i32, z: i32) -> usize {
        (x + self.size[0] * (y + self.size[1] * z)) as usize
    }

    /// Changes the box, keeping the paint of the cells that stay (new cells are painted).
    pub fn resize(&mut self, size: [i32; 3]) {
        let size = [
            size[0].clamp(1, POLY_MAX_SIDE),
            size[1].clamp(1, POLY_MAX_SIDE),
            if self.dim == 2 { 1 } else { size[2].clamp(1, POLY_MAX_SIDE) },
        ];
        let old = self.clone();
        self.size = size;
        self.on = vec![true; (size[0] * size[1] * size[2]) as usize];
        for z in 0..size[2].min(old.size[2]) {
            for y in 0..size[1].min(old.size[1]) {
                for x in 0..size[0].min(old.size[0]) {
                    let i = self.index(x, y, z);
                    self.on[i] = old.on[old.index(x, y, z)];
                }
            }
        }
    }

    /// Cells painted, and cells the picked parts cover.
    pub fn areas(&self) -> (usize, usize) {
        let parts = self.parts.iter().zip(&self.picked).filter(|(_, &k)| k).map(|(p, _)| p.1.len()).sum();
        (self.on.iter().filter(|&&b| b).count(), parts)
    }

    /// The level: the box with the unpainted cells as holes, the picked parts. The reference
    /// solution is left empty ([`with_solution`] asks the packer for one).
    pub fn entry(&self) -> Result<Entry, String> {
        let picked: Vec<&(String, Vec<Cell>)> =
            self.parts.iter().zip(&self.picked).filter(|(_, &k)| k).map(|(p, _)| p).collect();
        if picked.is_empty() {
            return Err(NO_PARTS.into());
        }
        if self.areas().0 == 0 {
            return Err(NO_CELLS.into());
        }
        let mut holes = Vec::new();
        for z in 0..self.size[2] {
            for y in 0..self.size[1] {
                for x in 0..self.size[0] {
                    if !self.on[self.index(x, y, z)] {
                        holes.push(if self.dim == 2 { vec![x, y] } else { vec![x, y, z] });
                    }
                }
            }
        }
        let mut e = Entry::blank(Some("polyomino"));
        let size = if self.dim == 2 { vec![self.size[0], self.size[1]] } else { self.size.to_vec() };
        e.board = Some(crate::level::RawBoard { size, cells: Vec::new(), holes });
        e.pieces =
            Some(Node::List(picked.iter().map(|p| Node::Str(crate::polyform::format_part(&p.1, self.dim))).collect()));
        Ok(e)
    }
}

// ---------------------------------------------------------------- edge matching

/// An edge-matching puzzle being coloured: its solved grid (row-major from the top left, sides
/// N E S W; 0 on the frame), whether tiles turn, and the seed that shuffles the tiles.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeDraft {
    pub cols: usize,
    pub rows: usize,
    pub rotate: bool,
    pub grid: Vec<Tile>,
    pub seed: u64,
}

impl EdgeDraft {
    /// A grid coloured at random by the puzzle generator (`colors` inner colours; frame
    /// colours as the generator picks them).
    pub fn generate(cols: usize, rows: usize, colors: u16, rotate: bool, seed: u64) -> Result<EdgeDraft, String> {
        let spec = crate::tiles::generate::Spec {
            cols,
            rows,
            colors,
            frame_colors: None,
            rotate,
            unique: false,
            seed,
            max_nodes: 1_000_000,
        };
        let g = crate::tiles::generate::generate(&spec)?;
        let mut grid = vec![[0; 4]; cols * rows];
        for (cell, &(tile, rot)) in g.solution.iter().enumerate() {
            grid[cell] = turned(&g.puzzle.tiles[tile], rot);
        }
        Ok(EdgeDraft { cols, rows, rotate, grid, seed })
    }

    /// A saved level's grid, read back from its reference solution.
    pub fn of(level: &crate::level::Level) -> Option<EdgeDraft> {
        let p = &level.data::<crate::family::tiles::TileLevel>()?.puzzle;
        let mut grid = vec![[0; 4]; p.cells()];
        for s in &level.solution {
            let (cell, rot) = crate::family::tiles::cells::tile_cell(p, s)?;
            grid[cell] = turned(p.tiles.get(s.piece)?, rot);
        }
        Some(EdgeDraft { cols: p.cols, rows: p.rows, rotate: p.rotate, grid, seed: 1 })
    }

    /// The colour of a side, 0 on the frame.
    pub fn side(&self, cell: usize, side: usize) -> u16 {
        self.grid[cell][side]
    }

    /// The cell across side `side` of `cell`, if it is on the board.
    fn across(&self, cell: usize, side: usize) -> Option<usize> {
        let (x, y) = (cell % self.cols, cell / self.cols);
        match side {
            0 if y > 0 => Some(cell - self.cols),
            1 if x + 1 < self.cols => Some(cell + 1),
            2 if y + 1 < self.rows => Some(cell + self.cols),
            3 if x > 0 => Some(cell - 1),
            _ => None,
        }
    }

    /// Whether a side lies on the frame (its colour is the frame's, 0, and cannot change).
    pub fn on_frame(&self, cell: usize, side: usize) -> bool {
        self.across(cell, side).is_none()
    }

    /// Paints a side (and the touching side of the neighbour, so the grid stays solved).
    /// Frame sides stay 0; `color` is at least 1.
    pub fn paint(&mut self, cell: usize, side: usize, color: u16) {
        let Some(other) = self.across(cell, side) else { return };
        let color = color.max(1);
        self.grid[cell][side] = color;
        self.grid[other][(side + 2) % 4] = color;
    }

    /// The highest colour used.
    pub fn colors(&self) -> u16 {
        self.grid.iter().flatten().copied().max().unwrap_or(0)
    }

    /// The level: the grid's tiles in a shuffled order (turned at random when tiles turn), the
    /// grid as the reference solution.
    pub fn entry(&self) -> Result<Entry, String> {
        // The generator's cut, with a shuffle fixed by the seed: saving twice writes the same file.
        let (puzzle, cells) =
            crate::tiles::generate::cut_grid(self.cols, self.rows, &self.grid, self.rotate, self.seed);
        puzzle.validate()?;
        puzzle.check(&cells)?;
        let mut e = Entry::blank(Some("edge"));
        e.edge = Some(crate::tiles::RawPuzzle {
            cols: self.cols,
            rows: self.rows,
            rotate: self.rotate,
            tiles: puzzle.tiles.iter().map(|t| (t[0].into(), t[1].into(), t[2].into(), t[3].into())).collect(),
            clues: Vec::new(),
        });
        e.solution = cells
            .iter()
            .enumerate()
            .map(|(cell, &(tile, rot))| crate::family::tiles::cells::placement_of(&puzzle, tile, cell, rot))
            .collect();
        e.solution.sort_by_key(|p| p.piece);
        Ok(e)
    }
}

// ---------------------------------------------------------------- saving

/// A draft's entry made ready to save: named, with an id that no other level of the pack
/// (`taken`) has, the difficulty estimated from the solver's effort, the reference solution
/// (from the packer for a polyomino board), and `unique` promised when the count proved it.
pub fn finish(
    mut entry: Entry,
    name: &str,
    analysis: &crate::analysis::Analysis,
    taken: &[&str],
) -> Result<Entry, String> {
    if !analysis.solvable() {
        return Err(UNSOLVED.into());
    }
    let name = name.trim();
    entry.name = if name.is_empty() { "Untitled".into() } else { name.chars().take(60).collect() };
    let base = crate::share::id_from_name(&entry.name);
    entry.id = base.clone();
    let mut k = 1;
    while taken.contains(&entry.id.as_str()) {
        k += 1;
        entry.id = format!("{base}-{k}");
    }
    entry.difficulty = analysis.difficulty().unwrap_or(1);
    if entry.family.as_deref() == Some("edge") {
        entry.unique = analysis.unique();
    }
    if entry.solution.is_empty() {
        entry.solution = packed_solution(&entry)?;
    }
    // The saved level must load and pass `check-levels`' solution check.
    let pack =
        crate::level::pack_of(PACK_NAME, vec![entry.clone()], "the new level", PACK).map_err(|e| e.to_string())?;
    pack.levels[0].check_solution()?;
    Ok(entry)
}

/// A polyomino entry's reference solution, from the packer.
fn packed_solution(entry: &Entry) -> Result<Vec<Placement>, String> {
    let pack =
        crate::level::pack_of(PACK_NAME, vec![entry.clone()], "the new level", PACK).map_err(|e| e.to_string())?;
    let poly = pack.levels[0]
        .data::<crate::family::polyomino::PolyLevel>()
        .cloned()
        .ok_or("the level has no reference solution")?;
    crate::polyform::place::first_solution(&poly.board, &poly.parts, 5_000_000)
        .ok_or_else(|| "the packer found no solution to store".to_string())
}

/// Puts `entry` into `entries`: in place of the level `replacing` names, or at the end.
pub fn put(entries: &mut Vec<Entry>, entry: Entry, replacing: Option<&str>) {
    match replacing.and_then(|id| entries.iter().position(|e| e.id == id)) {
        Some(i) => entries[i] = entry,
        None => entries.push(entry),
    }
}
