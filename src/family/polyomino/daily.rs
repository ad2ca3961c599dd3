//! The daily pentomino rectangle.

use crate::format::entry::Entry;
use crate::format::Node;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The day's board (`day` 0 Monday to 6 Sunday): 3 (Monday) to 9 (Sunday) pentominoes drawn
/// at random and a rectangle of their area; drawn again until the packer fills it.
pub fn make(day: u8, seed: u64) -> Result<Entry, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    use crate::polyform::pack::{Board, PartSpec};
    let all = crate::polyform::builtin_set("pentominoes").expect("built in").parts;
    let k = 3 + day as usize;
    let sides: Vec<(i32, i32)> = (3..=k as i32 * 5 / 3)
        .filter(|w| (5 * k as i32) % w == 0)
        .map(|w| (w, 5 * k as i32 / w))
        .filter(|&(_, h)| h >= 3)
        .collect();
    for _ in 0..200 {
        let (w, h) = sides[crate::support::random::below(&mut rng, sides.len())];
        let mut order: Vec<usize> = (0..all.len()).collect();
        crate::support::random::shuffle(&mut rng, &mut order);
        let mut chosen: Vec<usize> = order[..k].to_vec();
        chosen.sort_unstable();
        let parts: Vec<PartSpec> = chosen.iter().map(|&i| PartSpec::once(all[i].0.clone(), all[i].1.clone())).collect();
        let board = Board::boxed(w, h, 0)?;
        let Some(solution) = crate::polyform::place::first_solution(&board, &parts, 5_000_000) else { continue };
        let pieces = Node::List(parts.iter().map(|p| Node::Str(crate::polyform::format_part(&p.cells, 2))).collect());
        let mut e = Entry { pieces: Some(pieces), solution, ..Entry::blank(Some("polyomino")) };
        e.board = Some(crate::format::entry::RawBoard { size: vec![w, h], ..Default::default() });
        return Ok(e);
    }
    Err("no pentomino rectangle came out of the generator".into())
}
