//! The pace of a run of the scan ([`super`]): tiles showing chosen (hard) colours must be laid
//! ahead of their share in the first rows, so that the last rows are left tiles that match
//! more easily.

use crate::support::random::shuffle;
use crate::tiles::Puzzle;

/// The hard colours (the rarest on middle tiles), and the pace at which tiles showing one of
/// them must be laid: by the time a share `x` of the free cells is laid, at least `x` times
/// [`HARD_PACE`] of those tiles, until [`HARD_UNTIL`] of the cells are laid. After
/// Blackwood's heuristic of laying tiles of chosen colours early, so that fewer are left for
/// the last rows. Tried on Eternity II's board, 30 s on seeds 1 to 6: 458, 459, 460, 458,
/// 459, 460 against 458, 457, 459, 458, 457, 460 without; the five most common colours
/// instead never found a full board; five rarest at pace 1.15, or pace 1.3 until 0.5, no
/// better than without. With the tail by columns and the hard tiles offered first, 60 s on
/// seeds 1 and 2: two, three, four or five hard colours reached 461 461, 461 461, 460 461, 462
/// 460; pace 1.0, 1.2 and 1.4: 461 460, 461 461, 460 460; the pace kept until 0.75, 461 460.
pub const HARD_COLOURS: usize = 3;
pub const HARD_PACE: f64 = 1.2;
pub const HARD_UNTIL: f64 = 0.62;
/// A big board's pace: (share of the cells laid, least share of the hard colours' sides laid
/// by then), after Blackwood's table for Eternity II (28 of 122 sides by cell 26, 71 by 56,
/// 89 by 76, 106 by 102, 119 by 160). Far steeper than [`HARD_PACE`]: most of those sides go
/// into the first rows. Some sets of colours cannot keep it: 60 s with Blackwood's colours
/// (two middle ones and one of the rim) reached 463, 464; middle colours 10 and 8, 464, 463;
/// 2 and 8, 463, 463; 16 and 10, 463, 463; but 10 and 2, 10, 2 and 8, or 13, 10 and 2 found no
/// full board, their runs stalling in the first 80 cells; asking 90 % of the pace of 10 and
/// 2 reached 461, 461 in 30 s, and 80 %, no full board and 460. So a run draws its colours,
/// keeps them while its heads get past the pace, and draws others when one stalls
/// ([`super::PROBE_NODES`]). Colours drawn anew each run and runs cut after 10,000,000 tiles reached
/// 461, 462 at 10 s, 463, 464 at 60 s, 465, 464 at 300 s and at 600 s.
pub const BIG_PACE: [(f64, f64); 6] =
    [(0.0625, 0.0), (0.1016, 0.2295), (0.2188, 0.582), (0.2969, 0.7295), (0.3984, 0.8689), (0.625, 0.9754)];
pub const BIG_HARD_COLOURS: usize = 2;

/// What a run's pace asks: per tile its weight (what it adds to the count) and the sides of
/// a hard colour it shows (the candidates' order), and per count of cells laid the least
/// count by then.
#[derive(Clone)]
pub(super) struct Pace {
    pub(super) weight: Vec<u8>,
    pub(super) sides: Vec<u8>,
    pub(super) need: Vec<usize>,
}

impl Pace {
    /// Per tile, the sides it shows of the colours in `hard`.
    fn sides_of(p: &Puzzle, hard: &[usize]) -> Vec<u8> {
        p.tiles.iter().map(|t| t.iter().filter(|&&c| hard.contains(&(c as usize))).count() as u8).collect()
    }

    /// The quick design's pace: the tiles showing one of the [`HARD_COLOURS`] rarest colours on
    /// middle tiles, at [`HARD_PACE`] until [`HARD_UNTIL`] of the `m` free cells are laid.
    pub(super) fn quick(p: &Puzzle, used: &[bool], colours: usize, m: usize) -> Pace {
        let mut count = vec![0usize; colours];
        for t in p.tiles.iter().filter(|t| !t.contains(&0)) {
            for &c in t {
                count[c as usize] += 1;
            }
        }
        let mut rare: Vec<usize> = (1..colours).filter(|&c| count[c] > 0).collect();
        rare.sort_by_key(|&c| (count[c], c));
        rare.truncate(HARD_COLOURS);
        let sides = Pace::sides_of(p, &rare);
        let weight: Vec<u8> = sides.iter().map(|&n| u8::from(n > 0)).collect();
        let total = (0..p.tiles.len()).filter(|&t| weight[t] > 0 && !used[t]).count();
        let need = (0..=m)
            .map(|i| match i as f64 / m.max(1) as f64 {
                x if x <= HARD_UNTIL => (total as f64 * HARD_PACE * x) as usize,
                _ => 0,
            })
            .collect();
        Pace { weight, sides, need }
    }

    /// [`BIG_HARD_COLOURS`] colours drawn from those on middle tiles.
    pub(super) fn draw(p: &Puzzle, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<usize> {
        let mut middle: Vec<usize> =
            p.tiles.iter().filter(|t| !t.contains(&0)).flatten().map(|&c| c as usize).collect();
        middle.sort_unstable();
        middle.dedup();
        shuffle(rng, &mut middle);
        middle.truncate(BIG_HARD_COLOURS);
        middle
    }

    /// A big board's pace for the colours `hard`: their sides counted, and the least share of
    /// them laid by each share of the cells read off [`BIG_PACE`] (a straight line between its
    /// points, nothing asked past its last).
    pub(super) fn big(p: &Puzzle, used: &[bool], m: usize, hard: &[usize]) -> Pace {
        let sides = Pace::sides_of(p, hard);
        let total: usize = (0..p.tiles.len()).filter(|&t| !used[t]).map(|t| sides[t] as usize).sum();
        let share = |x: f64| {
            let last = BIG_PACE[BIG_PACE.len() - 1];
            if x > last.0 {
                return 0.0;
            }
            BIG_PACE.windows(2).find(|w| x <= w[1].0).map_or(0.0, |w| {
                let ((x0, y0), (x1, y1)) = (w[0], w[1]);
                (y0 + (y1 - y0) * ((x - x0) / (x1 - x0)).max(0.0)).max(0.0)
            })
        };
        let need = (0..=m).map(|i| (total as f64 * share(i as f64 / m.max(1) as f64)) as usize).collect();
        Pace { weight: sides.clone(), sides, need }
    }

    /// The count of cells laid after which nothing more is asked.
    pub(super) fn end(&self) -> usize {
        self.need.iter().rposition(|&n| n > 0).unwrap_or(0)
    }
}
