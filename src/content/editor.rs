//! The level editor's pure half. A draft becomes a level entry:
//! * a dissection: pieces of a set laid out on a canvas; their union is the figure, and the
//!   arrangement is the reference solution;
//! * a grid family's draft, which its folder holds: a polyomino or polycube board painted cell
//!   by cell ([`PolyDraft`]), a tile puzzle coloured side by side ([`TilesDraft`]);
//!
//! and [`finish`] names it, gives it a free id and its difficulty, and asks its family for
//! what it adds ([`crate::family::Writer`]).
//!
//! The editor's live verdict on a draft is [`crate::content::analysis::Analysis`]; saved levels go to
//! the player's [`PACK`] (`mine.ron` in the data folder's `levels`).

use crate::format::Node;
use crate::geom::{Edge, Tol, Vertex};
use crate::level::Entry;
use crate::pieces::{PieceDef, PieceSet, Placement};
use crate::verify::Mode;

pub use crate::family::polyomino::draft::{PolyDraft, NO_CELLS, NO_PARTS, POLY_MAX_SIDE};
pub use crate::family::tiles::draft::TilesDraft;

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
pub const UNSOLVED: &str = "The level has no solution yet, so it cannot be saved.";
/// With "All pieces" on, a figure of some of the set's pieces: the game says this instead of
/// "not solvable" (the whole set cannot fill a figure drawn by part of it).
pub const USE_ALL: &str = "Lay every piece of the set, or untick All pieces.";

/// Whether `placed` lays every piece of `set`.
pub fn every_piece_laid(set: &PieceSet, placed: &[Placement]) -> bool {
    (0..set.pieces.len()).all(|i| placed.iter().any(|p| p.piece == i))
}

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
    if whole_set || every_piece_laid(set, placed) {
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

// ---------------------------------------------------------------- saving

/// A draft's entry made ready to save: named, with an id that no other level of the pack
/// (`taken`) has, the difficulty estimated from the solver's effort, the reference solution
/// (from the packer for a polyomino board), and `unique` promised when the count proved it.
pub fn finish(
    mut entry: Entry,
    name: &str,
    analysis: &crate::content::analysis::Analysis,
    taken: &[&str],
) -> Result<Entry, String> {
    if !analysis.solvable() {
        return Err(UNSOLVED.into());
    }
    let name = name.trim();
    entry.name = if name.is_empty() { "Untitled".into() } else { name.chars().take(60).collect() };
    entry.id =
        crate::format::entry::free_id(&crate::format::entry::id_from_name(&entry.name), |id| taken.contains(&id));
    entry.difficulty = analysis.difficulty().unwrap_or(1);
    // What the family adds (a packed solution, a promise of uniqueness).
    let level = built(&entry)?;
    if let Some(writer) = level.offers().writer {
        writer.finish(&level, &mut entry, analysis.unique(), &Default::default())?;
    }
    // The saved level must load and pass `check-levels`' solution check.
    built(&entry)?.check_solution()?;
    Ok(entry)
}

/// The level an entry makes, as the player's pack would load it.
fn built(entry: &Entry) -> Result<crate::level::Level, String> {
    let pack =
        crate::level::pack_of(PACK_NAME, vec![entry.clone()], "the new level", PACK).map_err(|e| e.to_string())?;
    Ok(pack.levels.into_iter().next().expect("a pack of one entry"))
}

/// Puts `entry` into `entries`: in place of the level `replacing` names, or at the end.
pub fn put(entries: &mut Vec<Entry>, entry: Entry, replacing: Option<&str>) {
    match replacing.and_then(|id| entries.iter().position(|e| e.id == id)) {
        Some(i) => entries[i] = entry,
        None => entries.push(entry),
    }
}
