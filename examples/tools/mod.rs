//! What the level-design tools share (each includes this file as `mod tools`): the seeded
//! generator their draws come from, a seeded choice of parts, and a packer's filling written as
//! a level's `solution` lines.
#![allow(dead_code)] // each tool uses a part of it

use tessera::polyform::pack::{Board, PartSpec};
use tessera::polyform::place::placement_for;
use tessera::polyform::Cell;

/// Marsaglia's xorshift (13, 7, 17): the same draws on every machine, so a pack written again
/// from its seed is the same pack.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// The items in a seeded order (Fisher and Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A seeded choice of `k` parts of `all`, in their order.
pub fn subset(all: &[PartSpec], k: usize, rng: &mut Rng) -> Vec<PartSpec> {
    let mut idx: Vec<usize> = (0..all.len()).collect();
    rng.shuffle(&mut idx);
    let mut pick = idx[..k].to_vec();
    pick.sort();
    pick.iter().map(|&i| all[i].clone()).collect()
}

/// A filling of `board` (each part's index and cells, piece `i` being part `i`) as the lines
/// of a level's `solution`, in piece order.
pub fn solution_lines(board: &Board, parts: &[PartSpec], filling: &[(usize, Vec<Cell>)]) -> Vec<String> {
    let mut lines: Vec<(usize, String)> = filling
        .iter()
        .map(|(part, cells)| {
            let p = placement_for(board, *part, &parts[*part], cells).expect("a placement of a part's cells");
            (
                *part,
                format!(
                    "                (piece: {part}, rot: {}, flip: {}, at: ({}, {})),",
                    p.rot, p.flip, p.at.0, p.at.1
                ),
            )
        })
        .collect();
    lines.sort();
    lines.into_iter().map(|(_, line)| line).collect()
}
