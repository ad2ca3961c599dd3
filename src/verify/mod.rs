//! The verification engine: judges whether an arrangement of pieces forms a target figure,
//! after Siqueira et al. (seed 000), and how close it is.
//!
//! Pipeline (`judge`):
//! 1. [`overlay`]: split every edge at every contact with another piece's edge, weld points,
//!    eliminate pieces of edge shared in opposite directions (the paper's split / null /
//!    eliminate relations, generalised to any contact), detect overlaps;
//! 2. [`contour`]: chain what is left into contours (smallest turn), merge collinear segments
//!    and co-circular arcs, orient by signed area, assign holes;
//! 3. compare with the target's contours, which went through the same steps: in place
//!    (`anchored`) or up to a rigid motion (`free`, [`matching`]), mirrored where allowed;
//! 4. [`progress`]: the completeness level for the thermometer.

pub mod contour;
pub mod matching;
pub mod normalize;
pub mod overlay;
pub mod progress;
pub mod relations;

use crate::geom::ring::{parts_from_rings, Side};
use crate::geom::{BBox, Motion, Part, Pt, Ring, RingError, Shape, Tol, Vertex};
use contour::{build_contours, same_contours, Contour};
use std::fmt;

/// How the assembly is compared with the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The union of the pieces must equal the target where it is drawn.
    Anchored,
    /// The figure may be built anywhere, at any rotation angle.
    Free,
}

/// Why a target or a piece could not be built.
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeError {
    /// Ring `ring` of the target or of piece `piece` is malformed.
    Ring {
        piece: Option<usize>,
        ring: usize,
        error: RingError,
    },
    /// The rings of the target overlap each other.
    TargetOverlap,
    NoTarget,
    /// The coordinates are so large that f64 keeps too little of them for the figure's size.
    TooFar {
        magnitude: f64,
        size: f64,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Ring { piece: None, ring, error } => write!(f, "target ring {ring}: {error}"),
            ShapeError::Ring { piece: Some(p), ring, error } => write!(f, "piece {p}, ring {ring}: {error}"),
            ShapeError::TargetOverlap => write!(f, "target rings overlap each other"),
            ShapeError::NoTarget => write!(f, "target has no rings"),
            ShapeError::TooFar { magnitude, size } => write!(
                f,
                "coordinates reach {magnitude:e}, too far from the origin for a figure of size {size}: \
                 f64 keeps too few digits there; move the figure nearer the origin"
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

/// A target figure, prepared once: its canonical contours (and their mirror image).
#[derive(Clone, Debug)]
pub struct Target {
    pub tol: Tol,
    pub contours: Vec<Contour>,
    /// The contours mirrored about the vertical line through the figure's centre.
    pub mirrored: Vec<Contour>,
    /// Closed rings of the contours, for inside tests.
    rings: Vec<Ring>,
    pub area: f64,
    pub perimeter: f64,
    pub bbox: BBox,
    /// What normalisation changed in the input rings (see [`crate::verify::normalize`]).
    pub repairs: Vec<String>,
}

/// Largest input coordinate the engine accepts for a figure of size `size` (where f64 still
/// keeps a thousandth of the size).
fn check_magnitude(magnitude: f64, size: f64) -> Result<(), ShapeError> {
    if Tol::precision_floor(magnitude) > 1e-3 * size.max(1.0) {
        return Err(ShapeError::TooFar { magnitude, size });
    }
    Ok(())
}

impl Target {
    /// Builds a target from input rings; the tolerance follows the figure's size.
    pub fn from_vertices(rings: &[Vec<Vertex>]) -> Result<Target, ShapeError> {
        Target::from_vertices_at(rings, crate::geom::pt(0.0, 0.0), 0.0)
    }

    /// Builds a target from input rings that the caller moved by `-origin`; `magnitude` is the
    /// largest coordinate of anything judged with it as it was written (pieces too), which
    /// bounds the tolerance from below.
    pub fn from_vertices_at(rings: &[Vec<Vertex>], origin: Pt, magnitude: f64) -> Result<Target, ShapeError> {
        Target::from_vertices_rel(rings, origin, magnitude, Tol::REL)
    }

    /// As [`Target::from_vertices_at`], with the tolerance `rel` times the figure's size.
    pub fn from_vertices_rel(
        rings: &[Vec<Vertex>],
        origin: Pt,
        magnitude: f64,
        rel: f64,
    ) -> Result<Target, ShapeError> {
        let bb = BBox::of_rings(rings);
        let magnitude = magnitude.max(bb.magnitude() + origin.x.abs().max(origin.y.abs()));
        check_magnitude(magnitude, bb.size())?;
        let tol = Tol::for_figure_rel(bb.size(), magnitude, rel);
        let n = crate::verify::normalize::normalize(rings, tol, "target", origin)
            .map_err(|(ring, error)| ShapeError::Ring { piece: None, ring, error })?;
        let mut t = Target::new(n.rings, tol)?;
        t.repairs = n.repairs;
        Ok(t)
    }

    /// Builds a target from validated rings. Rings may touch (their union is taken) but not
    /// overlap.
    pub fn new(rings: Vec<Ring>, tol: Tol) -> Result<Target, ShapeError> {
        if rings.is_empty() {
            return Err(ShapeError::NoTarget);
        }
        let eps = tol.eps;
        let parts =
            parts_from_rings(rings, tol, true).map_err(|error| ShapeError::Ring { piece: None, ring: 0, error })?;
        let refs: Vec<&Part> = parts.iter().collect();
        let ov = overlay::overlay(&refs, eps);
        if ov.overlap {
            return Err(ShapeError::TargetOverlap);
        }
        let contours = build_contours(&ov.pass.points, ov.pass.boundary(), eps);
        let mut bbox = BBox::EMPTY;
        for p in &parts {
            bbox = bbox.union(p.bbox());
        }
        let c = bbox.center();
        let flip = Motion { mirror: true, angle: 0.0, shift: crate::geom::pt(2.0 * c.x, 0.0) };
        let mirrored = contours.iter().map(|k| k.transformed(&flip)).collect();
        let rings = contours.iter().map(|k| Ring::from_edges_unchecked(k.edges.clone(), eps)).collect();
        let area = contours.iter().map(|k| k.area).sum();
        let perimeter = contours.iter().map(|k| k.perimeter(eps)).sum();
        Ok(Target { tol, contours, mirrored, rings, area, perimeter, bbox, repairs: Vec::new() })
    }

    /// Where `p` lies with respect to the target region.
    pub fn side(&self, p: Pt) -> Side {
        let eps = self.tol.eps;
        if !self.bbox.contains(p, eps) {
            return Side::Outside;
        }
        if self.rings.iter().any(|r| r.on_boundary(p, eps)) {
            return Side::Boundary;
        }
        let w: i32 = self.rings.iter().map(|r| r.winding(p, eps)).sum();
        if w != 0 {
            Side::Inside
        } else {
            Side::Outside
        }
    }
}

/// A piece in world coordinates: one or more parts (usually one, possibly with holes).
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    pub parts: Shape,
}

impl Piece {
    /// A piece from simple rings. Its rings may touch or share edges (a piece drawn as two
    /// triangles, a hole touching the outline): they are kept as separate parts whose union
    /// the engine takes, as for a target. Rings that overlap are refused.
    pub fn new(rings: Vec<Ring>, tol: Tol) -> Result<Piece, RingError> {
        let touching = crate::geom::ring::touching_pair(&rings, tol.eps).is_some();
        let parts = parts_from_rings(rings, tol, true)?;
        if touching {
            let refs: Vec<&Part> = parts.iter().collect();
            let ov = overlay::overlay(&refs, tol.eps);
            if ov.overlap {
                return Err(RingError::RingsOverlap);
            }
        }
        Ok(Piece { parts })
    }
    /// A piece from input rings, normalised and validated with the target's tolerance.
    pub fn from_vertices(rings: &[Vec<Vertex>], tol: Tol, index: usize) -> Result<Piece, ShapeError> {
        Piece::from_vertices_at(rings, tol, index, crate::geom::pt(0.0, 0.0)).map(|(p, _)| p)
    }
    /// As [`Piece::from_vertices`], for rings the caller moved by `-origin`; also returns the
    /// repairs normalisation made.
    pub fn from_vertices_at(
        rings: &[Vec<Vertex>],
        tol: Tol,
        index: usize,
        origin: Pt,
    ) -> Result<(Piece, Vec<String>), ShapeError> {
        let n = crate::verify::normalize::normalize(rings, tol, &format!("piece {index}"), origin)
            .map_err(|(ring, error)| ShapeError::Ring { piece: Some(index), ring, error })?;
        let piece =
            Piece::new(n.rings, tol).map_err(|error| ShapeError::Ring { piece: Some(index), ring: 0, error })?;
        Ok((piece, n.repairs))
    }
    pub fn area(&self, eps: f64) -> f64 {
        self.parts.iter().map(|p| p.area(eps)).sum()
    }
}

/// What the engine says about an arrangement.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub solved: bool,
    /// Completeness level in [0, 1]: 1 exactly when solved.
    pub progress: f64,
    pub overlap: bool,
    /// Number of hole contours in the assembly.
    pub holes: usize,
    /// Number of outer contours in the assembly.
    pub contours: usize,
    /// Solved as the mirror image of the target.
    pub mirrored: bool,
    /// Free mode: the motion carrying the target onto the assembly.
    pub motion: Option<Motion>,
}

/// The assembly's contours and overlap state, before comparison.
pub struct Assembly {
    pub contours: Vec<Contour>,
    pub overlay: overlay::Overlay,
}

/// Rebuilds the contours of the union of `parts`.
pub fn assemble(parts: &[&Part], eps: f64) -> Assembly {
    let ov = overlay::overlay(parts, eps);
    let contours = build_contours(&ov.pass.points, ov.pass.boundary(), eps);
    Assembly { contours, overlay: ov }
}

/// A target with its rules.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub target: Target,
    pub mode: Mode,
    pub allow_mirror: bool,
    /// Where the target and the pieces were moved from before judging (see
    /// `PuzzleFile::build_repaired`): the motion in a verdict is given in the file's own
    /// coordinates.
    pub origins: [Pt; 2],
}

impl Puzzle {
    pub fn new(target: Target, mode: Mode, allow_mirror: bool) -> Puzzle {
        Puzzle { target, mode, allow_mirror, origins: [Pt::default(); 2] }
    }

    /// Judges an arrangement.
    pub fn judge(&self, pieces: &[Piece]) -> Verdict {
        let eps = self.target.tol.eps;
        let parts: Vec<&Part> = pieces.iter().flat_map(|p| p.parts.iter()).collect();
        let asm = assemble(&parts, eps);
        let overlap = asm.overlay.overlap;
        let holes = asm.contours.iter().filter(|c| c.is_hole()).count();
        let contours = asm.contours.len() - holes;
        let t = &self.target;
        let (mut solved, mut mirrored, mut motion) = (false, false, None);
        if !overlap && !parts.is_empty() {
            match self.mode {
                Mode::Anchored => {
                    if same_contours(&t.contours, &asm.contours, eps) {
                        solved = true;
                    } else if self.allow_mirror && same_contours(&t.mirrored, &asm.contours, eps) {
                        solved = true;
                        mirrored = true;
                    }
                }
                Mode::Free => {
                    motion = matching::find_motion(&t.contours, &asm.contours, false, eps);
                    if motion.is_none() && self.allow_mirror {
                        motion = matching::find_motion(&t.contours, &asm.contours, true, eps);
                        mirrored = motion.is_some();
                    }
                    solved = motion.is_some();
                }
            }
        }
        let progress = if solved {
            1.0
        } else {
            let p = match self.mode {
                Mode::Anchored => progress::anchored(self, &parts, &asm, eps),
                Mode::Free => progress::free(self, &parts, &asm, eps),
            };
            p.clamp(0.0, progress::UNSOLVED_MAX)
        };
        // The motion maps target - o_t to pieces - o_p; in the file's coordinates its shift
        // becomes shift + o_p - (turned o_t).
        let motion = motion.map(|m| {
            let [ot, op] = self.origins;
            Motion { shift: m.shift + op - m.apply_dir(ot), ..m }
        });
        Verdict { solved, progress, overlap, holes, contours, mirrored, motion }
    }
}
