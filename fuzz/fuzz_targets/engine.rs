//! The engine on arbitrary geometry: rings read from the bytes on a coarse grid (so that
//! touching, collinear, pinched and overlapping cases are common), with arcs, normalised and
//! judged in both modes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::format::PuzzleFile;
use tessera::geom::ring::ArcTo;
use tessera::geom::{pt, Vertex};
use tessera::verify::Mode;

/// Rings from bytes: a byte < 16 ends the ring; otherwise two bytes give a point on an
/// eighth-unit grid, and its low bit makes the edge leaving it an arc about the next byte's
/// point.
fn rings(data: &[u8]) -> Vec<Vec<Vertex>> {
    let mut out = vec![Vec::new()];
    let mut i = 0;
    while i + 1 < data.len() && out.len() <= 12 {
        if data[i] < 16 {
            out.push(Vec::new());
            i += 1;
            continue;
        }
        let at = pt((data[i] % 64) as f64 / 8.0, (data[i + 1] % 64) as f64 / 8.0);
        let arc = (data[i] & 1 == 1 && i + 2 < data.len())
            .then(|| ArcTo { center: pt((data[i + 2] % 64) as f64 / 8.0, at.y), ccw: data[i + 1] & 1 == 1 });
        out.last_mut().unwrap().push(Vertex { at, arc });
        i += if arc.is_some() { 3 } else { 2 };
    }
    out.retain(|r| !r.is_empty());
    out
}

fuzz_target!(|data: &[u8]| {
    let rs = rings(data);
    if rs.len() < 2 {
        return;
    }
    let (target, pieces) = rs.split_at(1);
    for mode in [Mode::Anchored, Mode::Free] {
        let f = PuzzleFile {
            target: target.to_vec(),
            pieces: pieces.iter().map(|r| vec![r.clone()]).collect(),
            mode,
            allow_mirror: true,
            tolerance: None,
        };
        if let Ok((puzzle, built, _)) = f.build_repaired() {
            let v = puzzle.judge(&built);
            assert!((0.0..=1.0).contains(&v.progress));
        }
    }
    // The target's own rings as its pieces: a figure is always made of itself (unless it
    // overlaps itself, which building refuses).
    let f = PuzzleFile {
        target: target.to_vec(),
        pieces: vec![target.to_vec()],
        mode: Mode::Anchored,
        allow_mirror: false,
        tolerance: None,
    };
    if let Ok((puzzle, built, _)) = f.build_repaired() {
        assert!(puzzle.judge(&built).solved, "a figure is made of itself: {target:?}");
    }
});
