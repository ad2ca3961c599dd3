//! The daily tangram.

use crate::format::entry::Entry;
use crate::format::Node;
use crate::pieces::PieceSet;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The day's figure (`day` 0 Monday to 6 Sunday): random edge-to-edge assemblies of the
/// seven pieces on the lattice, sorted by their number of corners; Monday takes the plainest,
/// Sunday the most jagged. The lattice solver proves it and gives the reference solution.
pub fn make(day: u8, seed: u64) -> Result<Entry, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let set = PieceSet::builtin("tangram").expect("built in");
    let mut found: Vec<Vec<(f64, f64)>> = Vec::new();
    for _ in 0..2000 {
        if found.len() == 24 {
            break;
        }
        if let Some(f) =
            crate::solve::lattice::random_assembly(&set, &mut |n| crate::support::random::below(&mut rng, n))
        {
            found.push(f.iter().map(|p| (p.x.round(), p.y.round())).collect());
        }
    }
    if found.is_empty() {
        return Err("no tangram figure came out of the generator".into());
    }
    // Plain to jagged: by the number of corners (a stable sort keeps the draw order on ties).
    found.sort_by_key(Vec::len);
    // The weekday's place in that order; when the lattice solver cannot fill that figure, the
    // nearest one it can (plainer first on a tie), so every day has its puzzle.
    let at = (day as usize * (found.len() - 1) + 3) / 6;
    let mut order: Vec<usize> = (0..found.len()).collect();
    order.sort_by_key(|&k| (k.abs_diff(at), k > at));
    let (ring, solution) = order
        .into_iter()
        .find_map(|k| {
            let pick = &found[k];
            // Centred near the origin on whole units.
            let n = pick.len() as f64;
            let (cx, cy) = pick.iter().fold((0.0, 0.0), |s, p| (s.0 + p.0 / n, s.1 + p.1 / n));
            let ring: Vec<(f64, f64)> = pick.iter().map(|p| (p.0 - cx.round(), p.1 - cy.round())).collect();
            let vertices: Vec<crate::geom::Vertex> = ring.iter().map(|&(x, y)| crate::geom::pt(x, y).into()).collect();
            let solution = crate::solve::lattice::solve(&set, &[vertices], 1)?.into_iter().next()?;
            Some((ring, solution))
        })
        .ok_or("the lattice solver could fill none of the day's figures")?;
    let mut e = Entry { pieces: Some(Node::Str("tangram".into())), solution, ..Entry::blank(None) };
    e.target = vec![Node::List(ring.iter().map(|&(x, y)| Node::List(vec![Node::Num(x), Node::Num(y)])).collect())];
    e.mode = Some(crate::verify::Mode::Anchored);
    e.allow_mirror = true;
    Ok(e)
}
