//! The record of play the statistics screen shows, read from the save: for each pack and for
//! all of them, the levels solved, those solved without a hint, the fastest solve; the daily
//! streak and its best. Nothing here is saved of its own: it is counted again from what the
//! save keeps (solves with their best times, the levels solved without a hint, the dailies), so
//! it travels with an exported progress file and merges with an imported one.

use crate::support::dates::Date;
use crate::support::save::SaveData;

/// One pack's record, or every pack's together.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub levels: usize,
    pub solved: usize,
    /// Solved at least once without asking for a hint.
    pub unhinted: usize,
    /// The fastest timed solve: milliseconds and the level's key (`PACK/ID`).
    pub fastest: Option<(u64, String)>,
}

impl Tally {
    /// Counts the levels of `keys` (`PACK/ID` each) in `save`.
    pub fn of(save: &SaveData, keys: &[String]) -> Tally {
        let mut t = Tally { levels: keys.len(), ..Tally::default() };
        for key in keys {
            let Some(record) = save.completed.get(key) else { continue };
            t.solved += 1;
            t.unhinted += usize::from(save.unhinted.contains(key));
            if let Some(ms) = record.time() {
                if t.fastest.as_ref().is_none_or(|(best, _)| ms < *best) {
                    t.fastest = Some((ms, key.clone()));
                }
            }
        }
        t
    }

    /// Two tallies as one (every pack's).
    fn add(mut self, other: &Tally) -> Tally {
        self.levels += other.levels;
        self.solved += other.solved;
        self.unhinted += other.unhinted;
        if let Some((ms, key)) = &other.fastest {
            if self.fastest.as_ref().is_none_or(|(best, _)| ms < best) {
                self.fastest = Some((*ms, key.clone()));
            }
        }
        self
    }
}

/// The statistics screen's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Each pack's id and tally, in the order given.
    pub packs: Vec<(String, Tally)>,
    /// Every pack's together.
    pub all: Tally,
    /// Daily puzzles solved, days in a row up to today, and the longest run.
    pub dailies: usize,
    pub streak: u32,
    pub best_streak: u32,
}

/// The statistics of `save` over `packs` (each pack's id and its levels' keys), on `today`.
pub fn stats(save: &SaveData, packs: &[(String, Vec<String>)], today: Date) -> Stats {
    let packs: Vec<(String, Tally)> = packs.iter().map(|(id, keys)| (id.clone(), Tally::of(save, keys))).collect();
    let all = packs.iter().fold(Tally::default(), |all, (_, t)| all.add(t));
    Stats {
        packs,
        all,
        dailies: save.completed.keys().filter(|k| k.starts_with("daily/")).count(),
        streak: save.daily_streak(today),
        best_streak: save.best_daily_streak(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_counts_solves_clean_solves_the_fastest_and_the_streaks() {
        let mut save = SaveData::default();
        let keys = |pack: &str, n: usize| (0..n).map(|i| format!("{pack}/l{i}")).collect::<Vec<String>>();
        let packs = vec![("a".to_string(), keys("a", 4)), ("b".to_string(), keys("b", 2))];
        save.record("a/l0", Some(9_000), 5);
        save.record("a/l2", Some(4_000), 5);
        save.record("b/l1", None, 3);
        save.unhinted.insert("a/l2".into());
        for day in ["2026-12-01", "2026-12-02", "2026-12-06"] {
            save.record(&format!("daily/daily-edge-{day}"), Some(1_000), 1);
        }
        let s = stats(&save, &packs, Date::parse("2026-12-07").unwrap());
        let a = Tally { levels: 4, solved: 2, unhinted: 1, fastest: Some((4_000, "a/l2".into())) };
        let b = Tally { levels: 2, solved: 1, unhinted: 0, fastest: None };
        assert_eq!(s.packs, vec![("a".to_string(), a.clone()), ("b".to_string(), b)]);
        assert_eq!(s.all, Tally { levels: 6, solved: 3, ..a });
        assert_eq!((s.dailies, s.streak, s.best_streak), (3, 1, 2));
    }
}
