//! The scan's candidate tables: every free tile in each of its distinct turns, grouped four
//! ways so a cell finds at once the tiles that fit its north and west sides, or one of them,
//! or neither.

use crate::support::random::shuffle;
use crate::tiles::{turned, Puzzle, N, W};

/// A tile in one turn: its index, the turn, and its sides N E S W.
#[derive(Clone, Copy, Debug)]
pub(super) struct Turned {
    pub(super) tile: u16,
    pub(super) rot: u8,
    pub(super) side: [u8; 4],
}

/// The candidate tables: for each frame pattern, the turned tiles keyed by (north, west), by
/// north, by west, and all of them; each a range of one shuffled array.
pub(super) struct Tables {
    pub(super) items: Vec<Turned>,
    pub(super) both: Vec<(u32, u32)>,
    pub(super) by_north: Vec<(u32, u32)>,
    pub(super) by_west: Vec<(u32, u32)>,
    pub(super) any: Vec<(u32, u32)>,
}

pub(super) fn frame_of(side: &[u8; 4]) -> u8 {
    (0..4).filter(|&s| side[s] == 0).fold(0, |m, s| m | 1 << s)
}

impl Tables {
    pub(super) fn new(p: &Puzzle, used: &[bool], colours: usize) -> Tables {
        let turns: &[u8] = if p.rotate { &[0, 1, 2, 3] } else { &[0] };
        let mut all = Vec::new();
        for (t, tile) in p.tiles.iter().enumerate() {
            if used[t] {
                continue;
            }
            let mut seen = Vec::new();
            for &r in turns {
                let s = turned(tile, r);
                let side = [s[0] as u8, s[1] as u8, s[2] as u8, s[3] as u8];
                // A tile that looks the same turned is offered once.
                if !seen.contains(&side) {
                    seen.push(side);
                    all.push(Turned { tile: t as u16, rot: r, side });
                }
            }
        }
        let c = colours;
        let mut t =
            Tables { items: Vec::new(), both: Vec::new(), by_north: Vec::new(), by_west: Vec::new(), any: Vec::new() };
        let group = |items: &mut Vec<Turned>, keys: usize, key: &dyn Fn(&Turned) -> usize| {
            let mut ranges = Vec::with_capacity(keys);
            let mut sorted: Vec<&Turned> = all.iter().collect();
            sorted.sort_by_key(|x| key(x));
            let mut k = 0;
            for want in 0..keys {
                let start = items.len() as u32;
                while k < sorted.len() && key(sorted[k]) == want {
                    items.push(*sorted[k]);
                    k += 1;
                }
                ranges.push((start, items.len() as u32));
            }
            ranges
        };
        let f = |x: &Turned| frame_of(&x.side) as usize;
        t.both = group(&mut t.items, 16 * c * c, &|x| (f(x) * c + x.side[N] as usize) * c + x.side[W] as usize);
        t.by_north = group(&mut t.items, 16 * c, &|x| f(x) * c + x.side[N] as usize);
        t.by_west = group(&mut t.items, 16 * c, &|x| f(x) * c + x.side[W] as usize);
        t.any = group(&mut t.items, 16, &f);
        t
    }

    /// Shuffles each range, then puts the tiles showing more sides of a hard colour first
    /// (`hard_sides`, per tile), keeping the shuffled order among equals.
    pub(super) fn shuffle(&mut self, rng: &mut rand_chacha::ChaCha8Rng, hard_sides: &[u8]) {
        for ranges in [&self.both, &self.by_north, &self.by_west, &self.any] {
            for &(a, b) in ranges.iter() {
                let range = &mut self.items[a as usize..b as usize];
                shuffle(rng, range);
                range.sort_by_key(|t| std::cmp::Reverse(hard_sides[t.tile as usize]));
            }
        }
    }
}
