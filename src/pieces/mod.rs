//! Piece sets and placements.
//!
//! A piece is defined once, in local coordinates; a placement puts it in the world:
//! `world = rotate(mirror?(local), rot * step) + at`, where `mirror` negates x and `step` is the
//! set's rotation step (45 degrees for the tangram family).

pub mod curved;
pub mod snapping;

use crate::geom::ring::ArcTo;
use crate::geom::{pt, Motion, Pt, Vertex};
use serde::{Deserialize, Serialize};

/// One piece of a set, in local coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDef {
    pub name: String,
    pub rings: Vec<Vec<Vertex>>,
}

/// A set of pieces and the rotation step they turn by.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceSet {
    pub name: String,
    pub pieces: Vec<PieceDef>,
    /// Rotation step in degrees.
    pub step_deg: f64,
}

/// Names of the built-in sets.
pub const BUILTIN: [&str; 6] = ["tangram", "tpuzzle", "pentominoes", "egg", "heart", "circle"];

/// The twelve pentominoes as unit cells, named by their usual letters.
pub const PENTOMINOES: [(&str, [(i32, i32); 5]); 12] = [
    ("F", [(1, 0), (1, 1), (1, 2), (0, 1), (2, 2)]),
    ("I", [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ("L", [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]),
    ("N", [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)]),
    ("P", [(0, 0), (0, 1), (1, 0), (1, 1), (0, 2)]),
    ("T", [(0, 2), (1, 2), (2, 2), (1, 1), (1, 0)]),
    ("U", [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)]),
    ("V", [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)]),
    ("W", [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ("X", [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]),
    ("Y", [(0, 0), (0, 1), (0, 2), (0, 3), (1, 2)]),
    ("Z", [(0, 2), (1, 2), (1, 1), (1, 0), (2, 0)]),
];

/// The outline of a simply connected set of unit cells, counter-clockwise, without collinear
/// vertices. `None` when the cells do not form one piece without holes.
pub fn cells_outline(cells: &[(i32, i32)]) -> Option<Vec<Pt>> {
    use std::collections::HashMap;
    // Directed unit edges of every cell (counter-clockwise); an edge shared by two cells
    // appears once in each direction and cancels.
    let mut edges: HashMap<(i32, i32), Vec<(i32, i32)>> = HashMap::new();
    let mut all: Vec<((i32, i32), (i32, i32))> = Vec::new();
    for &(x, y) in cells {
        let c = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)];
        for i in 0..4 {
            all.push((c[i], c[(i + 1) % 4]));
        }
    }
    let set: std::collections::HashSet<_> = all.iter().copied().collect();
    if set.len() != all.len() {
        return None; // a cell given twice
    }
    for &(a, b) in &all {
        if !set.contains(&(b, a)) {
            edges.entry(a).or_default().push(b);
        }
    }
    let count: usize = edges.values().map(Vec::len).sum();
    let start = *edges.keys().min()?;
    let mut ring = vec![start];
    let mut at = start;
    for _ in 0..count {
        let next = *edges.get(&at)?.first()?;
        if edges.get(&at)?.len() != 1 {
            return None; // two cells touching at a corner only
        }
        at = next;
        if at == start {
            break;
        }
        ring.push(at);
    }
    if at != start || ring.len() != count {
        return None; // several boundaries: holes or separate pieces
    }
    let n = ring.len();
    let keep: Vec<Pt> = (0..n)
        .filter(|&i| {
            let (p, q, r) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            (q.0 - p.0) * (r.1 - q.1) - (q.1 - p.1) * (r.0 - q.0) != 0
        })
        .map(|i| pt(ring[i].0 as f64, ring[i].1 as f64))
        .collect();
    Some(keep)
}

fn poly(name: &str, points: &[(f64, f64)]) -> PieceDef {
    PieceDef { name: name.into(), rings: vec![points.iter().map(|&(x, y)| Vertex::from(pt(x, y))).collect()] }
}

impl PieceSet {
    /// A built-in set by name. `tangram`: the classic seven pieces, small square of side 1.
    /// `tpuzzle`: the four-piece T puzzle (an isosceles right triangle, two right trapezoids
    /// and a notched pentagon that together make a T of area 6, cut at 45 degrees; Tessera's
    /// own proportions). `pentominoes`: the twelve pentominoes, unit cells, quarter turns. `egg`,
    /// `heart`, `circle`: the curved sets of [`curved`].
    pub fn builtin(name: &str) -> Option<PieceSet> {
        match name {
            "tangram" => Some(PieceSet {
                name: "tangram".into(),
                step_deg: 45.0,
                pieces: vec![
                    poly("large triangle", &[(0.0, 0.0), (2.0, 0.0), (0.0, 2.0)]),
                    poly("large triangle", &[(0.0, 0.0), (2.0, 0.0), (0.0, 2.0)]),
                    poly("medium triangle", &[(0.0, 0.0), (2.0, 0.0), (1.0, 1.0)]),
                    poly("small triangle", &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]),
                    poly("small triangle", &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]),
                    poly("square", &[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]),
                    poly("parallelogram", &[(0.0, 0.0), (1.0, 0.0), (2.0, 1.0), (1.0, 1.0)]),
                ],
            }),
            "tpuzzle" => Some(PieceSet {
                name: "tpuzzle".into(),
                step_deg: 45.0,
                pieces: vec![
                    poly("triangle", &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]),
                    poly("short trapezoid", &[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0)]),
                    poly("long trapezoid", &[(0.0, 0.0), (1.0, 0.0), (1.0, 3.0), (0.0, 2.0)]),
                    poly("pentagon", &[(0.0, 1.0), (1.0, 1.0), (1.0, 0.0), (2.0, 1.0), (1.0, 2.0)]),
                ],
            }),
            "pentominoes" => Some(PieceSet {
                name: "pentominoes".into(),
                step_deg: 90.0,
                pieces: PENTOMINOES
                    .iter()
                    .map(|(name, cells)| {
                        let ring = cells_outline(cells).expect("pentominoes are simple");
                        PieceDef { name: (*name).into(), rings: vec![ring.into_iter().map(Vertex::from).collect()] }
                    })
                    .collect(),
            }),
            _ => curved::by_name(name).map(|b| b.set),
        }
    }

    pub fn step(&self) -> f64 {
        self.step_deg.to_radians()
    }
}

/// Most turns a piece may have: a rotation step of at least one degree.
pub const MAX_TURNS: f64 = 360.0;

/// Checks a rotation step in degrees: it must divide the full turn into a whole number of at
/// most 360 steps (so 90, 45, 30, 15, 1 and 360 are fine; 0, 7, NaN and 1e300 are not).
pub fn check_step(step: f64) -> Result<(), String> {
    let turns = 360.0 / step;
    if !step.is_finite() || step <= 0.0 || step > 360.0 {
        return Err(format!("`rotation_step` is {step}: it must be a number of degrees in (0, 360]"));
    }
    if turns > MAX_TURNS + 1e-9 || (turns - turns.round()).abs() > 1e-9 {
        return Err(format!(
            "`rotation_step` is {step}: it must divide 360 degrees into a whole number of at most {MAX_TURNS} steps"
        ));
    }
    Ok(())
}

/// Where one piece goes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// Index of the piece in its set.
    pub piece: usize,
    /// Rotation in steps of the set's rotation step, counter-clockwise.
    #[serde(default)]
    pub rot: i32,
    /// Mirrored (x negated) before rotating.
    #[serde(default)]
    pub flip: bool,
    /// Translation.
    pub at: (f64, f64),
}

impl Placement {
    pub fn motion(&self, step: f64) -> Motion {
        Motion { mirror: self.flip, angle: self.rot as f64 * step, shift: pt(self.at.0, self.at.1) }
    }

    /// Local to world for a piece: a rigid piece turns and mirrors ([`Placement::motion`]); a
    /// piece `redrawn` for each rotation (a polycube's drawing already holds its turn) only
    /// moves.
    pub fn world_motion(&self, step: f64, redrawn: bool) -> Motion {
        let m = self.motion(step);
        if redrawn {
            Motion { mirror: false, angle: 0.0, ..m }
        } else {
            m
        }
    }

    /// The piece's rings in world coordinates.
    pub fn apply(&self, def: &PieceDef, step: f64) -> Vec<Vec<Vertex>> {
        let m = self.motion(step);
        def.rings.iter().map(|r| move_ring(r, &m)).collect()
    }
}

/// A ring moved by a motion (arc centres move with it; a mirror reverses arc directions).
pub fn move_ring(ring: &[Vertex], m: &Motion) -> Vec<Vertex> {
    ring.iter()
        .map(|v| Vertex {
            at: m.apply(v.at),
            arc: v.arc.map(|a| ArcTo { center: m.apply(a.center), ccw: a.ccw != m.mirror }),
        })
        .collect()
}

/// Area of a piece: its first ring is the outline, any further rings are holes.
pub fn piece_area(def: &PieceDef) -> f64 {
    let tol = crate::geom::Tol::default();
    let area = |r: &Vec<Vertex>| crate::geom::Ring::new(r, tol).map_or(0.0, |r| r.signed_area(tol.eps).abs());
    def.rings.first().map_or(0.0, area) - def.rings.iter().skip(1).map(area).sum::<f64>()
}

/// A point inside a piece's outline, to pick it up and turn it by: the centroid of its
/// corners' polygon when that lies inside (for a piece with arcs: with room around it), else
/// the point of a 24 x 24 grid over the outline farthest from its edges (a crescent's corners'
/// centroid lies outside it; a circular segment's lies on its chord).
pub fn inner_point(ring: &[Vertex]) -> Pt {
    let c = ring_centroid(ring);
    let tol = crate::geom::Tol::default();
    let Ok(r) = crate::geom::Ring::new(ring, tol) else { return c };
    let room = |p: Pt| {
        if r.winding(p, tol.eps) == 0 {
            return -1.0;
        }
        r.edges().iter().map(|e| e.distance(p, tol.eps)).fold(f64::INFINITY, f64::min)
    };
    let b = r.bbox();
    let size = (b.max.x - b.min.x).min(b.max.y - b.min.y);
    let straight = ring.iter().all(|v| v.arc.is_none());
    if room(c) > if straight { 0.0 } else { 0.2 * size } {
        return c;
    }
    let n = 24;
    let mut best = (room(c), c);
    for i in 0..n {
        for j in 0..n {
            let f = |k: usize| (k as f64 + 0.5) / n as f64;
            let p = pt(b.min.x + f(i) * (b.max.x - b.min.x), b.min.y + f(j) * (b.max.y - b.min.y));
            let d = room(p);
            if d > best.0 {
                best = (d, p);
            }
        }
    }
    best.1
}

/// Centroid of a polygon's vertices' region (straight edges; arcs are treated as chords).
pub fn ring_centroid(ring: &[Vertex]) -> Pt {
    let n = ring.len();
    let (mut a, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (p, q) = (ring[i].at, ring[(i + 1) % n].at);
        let c = p.cross(q);
        a += c;
        cx += (p.x + q.x) * c;
        cy += (p.y + q.y) * c;
    }
    if a.abs() < 1e-12 {
        let s = ring.iter().fold(pt(0.0, 0.0), |s, v| s + v.at);
        return s * (1.0 / n.max(1) as f64);
    }
    pt(cx / (3.0 * a), cy / (3.0 * a))
}

/// A palette that stays distinct for colour-blind players (Okabe and Ito), then repeats.
pub const PALETTE: [[f32; 3]; 12] = [
    [0.90, 0.62, 0.00],
    [0.34, 0.71, 0.91],
    [0.00, 0.62, 0.45],
    [0.94, 0.89, 0.26],
    [0.00, 0.45, 0.70],
    [0.84, 0.37, 0.00],
    [0.80, 0.47, 0.65],
    [0.60, 0.60, 0.60],
    // Beyond the tangram's seven (and the eighth above): Tol's muted colours, for the twelve
    // pentominoes and larger sets.
    [0.53, 0.80, 0.93],
    [0.07, 0.47, 0.20],
    [0.87, 0.80, 0.47],
    [0.53, 0.13, 0.33],
];

/// What a family's solver says of one position (every piece on the board where it lies).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Hint {
    /// The placed pieces can be completed: this piece goes here (world coordinates).
    Next(Placement),
    /// This piece cannot lie where it is in any solution: it is off the figure, on another
    /// piece, or one too many of its kind.
    Move(usize),
    /// Every piece lies where a piece may, but no completion exists with all of them where
    /// they are (proved); which to lift is [`check`]'s question.
    Stuck,
    /// The figure is already complete.
    Done,
}

/// The first step of the hint ladder: is what the player placed still part of a solution?
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Check {
    /// Yes: every placed piece can stay; the answer for the position as it is (`Next` or
    /// `Done`), for the ladder's next steps.
    Fine(Hint),
    /// No: lift these pieces (the fewest that open a completion when `sure`; when not, the
    /// budget ran out before every smaller choice was ruled out).
    Lift { pieces: Vec<usize>, sure: bool },
    /// The solver's budget ran out before it could tell.
    Unsure,
}

/// Most positions [`check`] asks the solver about (each answer is one search).
pub const CHECK_ASKS: usize = 200;

/// [`Check`] of `placed`, by asking `ask` (the family's solver on one position) about the
/// position and about it with pieces lifted. Pieces that cannot lie where they are even alone
/// come off first; then, when the rest cannot be completed, every choice of one piece to
/// lift, then of two, and so on: the first choice that opens a completion is the fewest there
/// are. An empty board always completes, so the search ends; past `asks` questions (or on a
/// `None` answer, a budget run out) it says so rather than guess.
pub fn check(placed: &[Placement], asks: usize, ask: impl Fn(&[Placement]) -> Option<Hint>) -> Check {
    let asked = std::cell::Cell::new(0);
    let ask = |pieces: &[Placement]| {
        asked.set(asked.get() + 1);
        if asked.get() > asks {
            None
        } else {
            ask(pieces)
        }
    };
    // Pieces that lie where no piece may even alone (off the figure): each must come off,
    // whatever else does. A piece named for lying on another is not one: either may go.
    let mut forced: Vec<usize> = Vec::new();
    let mut rest: Vec<Placement> = placed.to_vec();
    let first = loop {
        match ask(&rest) {
            Some(Hint::Move(k)) if rest.iter().any(|p| p.piece == k) => {
                let alone: Vec<Placement> = rest.iter().filter(|p| p.piece == k).copied().collect();
                match ask(&alone) {
                    Some(Hint::Move(_)) => {
                        forced.push(k);
                        rest.retain(|p| p.piece != k);
                    }
                    Some(_) => break Some(Hint::Stuck),
                    None => break None,
                }
            }
            answer => break answer,
        }
    };
    match first {
        Some(h @ (Hint::Next(_) | Hint::Done)) if forced.is_empty() => return Check::Fine(h),
        Some(Hint::Next(_) | Hint::Done) => return Check::Lift { pieces: forced, sure: true },
        Some(Hint::Stuck) => {}
        _ => return Check::Unsure,
    }
    // The pieces put down last are tried first: a player more often undoes what they just did.
    rest.reverse();
    let mut sure = true;
    for size in 1..=rest.len() {
        let mut choice: Vec<usize> = (0..size).collect();
        loop {
            let kept: Vec<Placement> =
                rest.iter().enumerate().filter(|(i, _)| !choice.contains(i)).map(|(_, p)| *p).collect();
            match ask(&kept) {
                Some(Hint::Next(_) | Hint::Done) => {
                    let mut pieces = forced.clone();
                    pieces.extend(choice.iter().map(|&i| rest[i].piece));
                    return Check::Lift { pieces, sure };
                }
                Some(Hint::Stuck | Hint::Move(_)) => {}
                None if asked.get() > asks => return Check::Unsure,
                None => sure = false,
            }
            if !next_choice(&mut choice, rest.len()) {
                break;
            }
        }
    }
    Check::Unsure
}

/// The next choice of `choice.len()` indices below `n`, in order; `false` after the last.
fn next_choice(choice: &mut [usize], n: usize) -> bool {
    let k = choice.len();
    for i in (0..k).rev() {
        if choice[i] < n - k + i {
            choice[i] += 1;
            for j in i + 1..k {
                choice[j] = choice[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(piece: usize) -> Placement {
        Placement { piece, rot: 0, flip: false, at: (piece as f64, 0.0) }
    }

    /// A made-up solver over pieces 0 to 4: piece 4 lies off the figure, pieces 1 and 2 cannot
    /// both stay, nor 3 with 0; whatever else lies can be completed.
    fn solver(placed: &[Placement]) -> Option<Hint> {
        let on = |k| placed.iter().any(|p| p.piece == k);
        if on(4) {
            Some(Hint::Move(4))
        } else if on(1) && on(2) || on(3) && on(0) {
            Some(Hint::Stuck)
        } else {
            Some(Hint::Next(at(9)))
        }
    }

    #[test]
    fn the_check_lifts_the_fewest_pieces_and_says_when_it_cannot_tell() {
        assert_eq!(check(&[at(0), at(1)], CHECK_ASKS, solver), Check::Fine(Hint::Next(at(9))));
        // Latest first: of 1 and 2, the 2 put down last is lifted.
        assert_eq!(check(&[at(1), at(2)], CHECK_ASKS, solver), Check::Lift { pieces: vec![2], sure: true });
        // Two conflicts: one piece of each pair, and the piece off the figure, whatever else.
        let all: Vec<Placement> = (0..5).map(at).collect();
        let Check::Lift { pieces, sure: true } = check(&all, CHECK_ASKS, solver) else { panic!() };
        assert_eq!(pieces.len(), 3, "{pieces:?}");
        assert!(
            pieces[0] == 4 && pieces.contains(&3) != pieces.contains(&0) && pieces.contains(&2) != pieces.contains(&1)
        );
        // A solver that runs out of budget on a smaller choice: the lift found is not sure.
        let unsure = |placed: &[Placement]| if placed.len() == 2 { None } else { solver(placed) };
        let ordered = [at(0), at(3), at(5)];
        assert_eq!(check(&ordered, CHECK_ASKS, unsure), Check::Lift { pieces: vec![5, 3], sure: false });
        // Out of budget on the position itself, or past the number of questions: cannot tell.
        assert_eq!(check(&[at(1)], CHECK_ASKS, |_: &[Placement]| None), Check::Unsure);
        assert_eq!(check(&all, 3, solver), Check::Unsure);
    }
}
