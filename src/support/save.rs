//! Saved progress: completed levels with best times and move counts, and settings. Stored as
//! RON, written atomically (temporary file, then rename). A save file that cannot be read is
//! moved aside and the game starts fresh, saying so.

use super::files;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How many unsolved levels of a pack are open at once.
pub const OPEN_AHEAD: usize = 3;

/// Best result on one level.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// [`NO_TIME`] when no solve was timed (one made while a lesson held the clock).
    pub best_ms: u64,
    pub best_moves: u32,
}

/// A record's time when no solve of the level was timed: larger than any time, so that the
/// first timed solve beats it and merging records keeps the timed one.
pub const NO_TIME: u64 = u64::MAX;

impl Record {
    /// The best time, when a solve was timed.
    pub fn time(&self) -> Option<u64> {
        (self.best_ms != NO_TIME).then_some(self.best_ms)
    }
}

/// Light or dark: the system's (the default), or one chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    #[default]
    System,
    Dark,
    Light,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Dark, Theme::Light];

    /// The message id that names it.
    pub fn id(self) -> &'static str {
        match self {
            Theme::System => "theme-system",
            Theme::Dark => "theme-dark",
            Theme::Light => "theme-light",
        }
    }
}

/// Player settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Scale of the menus and HUD (0.5 to 3).
    pub ui_scale: f32,
    pub sound: bool,
    /// No glides, turns, lifts or celebration: pieces are drawn in place at once.
    pub reduce_motion: bool,
    /// Edges drawn smooth (four samples a pixel). Off, one sample: less work for a slow device
    /// (in a software renderer about half of a frame's), the edges show their steps.
    pub smooth_edges: bool,
    /// The game's language; `None` until the first launch picks the system's.
    pub language: Option<crate::support::i18n::Lang>,
    /// The tutorial was played to its end or skipped (it shows once).
    pub tutorial_done: bool,
    /// Light or dark.
    pub theme: Theme,
    /// The level's clock shown while playing (hidden, the time is still kept: a screen showing
    /// seconds is drawn once a second, a still one not at all).
    pub show_clock: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ui_scale: 1.0,
            sound: true,
            reduce_motion: false,
            smooth_edges: true,
            language: None,
            tutorial_done: false,
            theme: Theme::System,
            show_clock: true,
        }
    }
}

/// Everything the game saves.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SaveData {
    /// Completed levels by `PACK/ID`.
    pub completed: BTreeMap<String, Record>,
    pub settings: Settings,
    /// The id of the pack last played: the level list opens there after a restart.
    pub last_pack: Option<String>,
    /// The families' introductions played to their end or skipped (each shows once).
    pub intros: Vec<String>,
    /// Each solved level's pieces as the player last solved it, by `PACK/ID`: the level list
    /// draws the player's own solution, not the level's reference one.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub solutions: BTreeMap<String, Vec<crate::pieces::Placement>>,
    /// Boards played for the score: the best score laid, by `PACK/ID`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub scores: BTreeMap<String, usize>,
    /// The levels solved at least once without asking for a hint, by `PACK/ID`.
    #[serde(skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub unhinted: std::collections::BTreeSet<String>,
}

impl SaveData {
    /// Records a solve; returns true when it is a new best time.
    /// Records a solve, timed (`Some(ms)`) or not (made while a lesson held the clock: it
    /// counts as solved, never as a best time); returns whether its time is a new best.
    pub fn record(&mut self, key: &str, ms: Option<u64>, moves: u32) -> bool {
        let ms = ms.unwrap_or(NO_TIME);
        match self.completed.get_mut(key) {
            Some(r) => {
                r.best_moves = r.best_moves.min(moves);
                if ms < r.best_ms {
                    r.best_ms = ms;
                    true
                } else {
                    false
                }
            }
            None => {
                self.completed.insert(key.into(), Record { best_ms: ms, best_moves: moves });
                ms != NO_TIME
            }
        }
    }

    /// Records a full board's score; returns the best score now, and whether this one is a
    /// new best.
    pub fn record_score(&mut self, key: &str, score: usize) -> (usize, bool) {
        let new = self.scores.get(key).is_none_or(|&best| score > best);
        let best = self.scores.entry(key.into()).or_insert(score);
        *best = (*best).max(score);
        (*best, new)
    }

    pub fn is_done(&self, key: &str) -> bool {
        self.completed.contains_key(key)
    }

    /// Days in a row, ending `today` (or yesterday, when today's are still to do), on which
    /// at least one daily puzzle was solved. Dailies are saved like any level, under
    /// `daily/daily-FAMILY-YYYY-MM-DD`.
    pub fn daily_streak(&self, today: crate::support::dates::Date) -> u32 {
        let days = self.daily_days();
        let mut day = today.days();
        if !days.contains(&day) {
            day -= 1;
        }
        let mut n = 0;
        while days.contains(&day) {
            n += 1;
            day -= 1;
        }
        n
    }

    /// The longest run of days in a row on which a daily puzzle was solved.
    pub fn best_daily_streak(&self) -> u32 {
        let days = self.daily_days();
        let mut best = 0;
        for &d in &days {
            if !days.contains(&(d - 1)) {
                best = best.max((d..).take_while(|x| days.contains(x)).count() as u32);
            }
        }
        best
    }

    /// The days (counted as [`crate::support::dates::Date::days`]) a daily puzzle was solved.
    fn daily_days(&self) -> std::collections::BTreeSet<i64> {
        self.completed
            .keys()
            .filter_map(|k| k.strip_prefix("daily/daily-"))
            .filter_map(|rest| rest.get(rest.len().saturating_sub(10)..))
            .filter_map(|d| crate::support::dates::Date::parse(d).ok())
            .map(|d| d.days())
            .collect()
    }

    /// Levels open in the order the pack teaches: the first [`OPEN_AHEAD`] of a pack, one more
    /// for each level solved (so solving a level always unlocks the next), and all of them once
    /// the pack's first level is solved: a player who knows the game picks what to play. A
    /// ladder (climbs `ladder` levels long) opens one rung at a time: each climb's first, and
    /// each other once the one below it is solved.
    pub fn unlocked(&self, keys: &[String], index: usize, ladder: Option<usize>) -> bool {
        if let Some(climb) = ladder {
            return index.is_multiple_of(climb.max(1)) || self.is_done(&keys[index]) || self.is_done(&keys[index - 1]);
        }
        let done = keys.iter().filter(|k| self.is_done(k)).count();
        self.is_done(&keys[index]) || index < done + OPEN_AHEAD || keys.first().is_some_and(|k| self.is_done(k))
    }
}

/// What loading found.
#[derive(Debug, PartialEq)]
pub enum Loaded {
    /// No save file yet.
    Fresh,
    Ok(SaveData),
    /// The file was unreadable; it was moved to `moved_to` (if it could be moved).
    Recovered {
        problem: String,
        moved_to: Option<PathBuf>,
    },
}

pub fn load(path: &Path) -> Loaded {
    if !files::exists(path) {
        return Loaded::Fresh;
    }
    // The same limits as every other file: regular files only, at most 16 MiB read.
    let text = match files::read_text(path) {
        Ok(t) => t,
        Err(e) => return recover(path, format!("{}: {e}", path.display())),
    };
    match parse(&text) {
        Ok(d) => Loaded::Ok(d),
        Err(e) => {
            recover(path, format!("{}:{}: {}", path.display(), e.span.start.line, crate::format::ron_problem(&e.code)))
        }
    }
}

/// Reads a save file's text; settings out of range are brought back into it, and records of
/// levels that moved to another pack follow them ([`moved`]).
pub fn parse(text: &str) -> Result<SaveData, ron::error::SpannedError> {
    let mut d = crate::format::ron_options().from_str::<SaveData>(text)?;
    tidy(&mut d);
    Ok(d)
}

/// Brings settings out of range back into it, and moves the records of levels that moved to
/// another pack with them: a save read from anywhere (a file, an imported progress file).
pub fn tidy(d: &mut SaveData) {
    // A time of 0:00 was a solve made while the tutorial held the clock (saved as a best time
    // no solve could beat): no time.
    for r in d.completed.values_mut().filter(|r| r.best_ms == 0) {
        r.best_ms = NO_TIME;
    }
    d.settings.ui_scale = if d.settings.ui_scale.is_finite() { d.settings.ui_scale.clamp(0.5, 3.0) } else { 1.0 };
    let old: Vec<String> = d.completed.keys().filter(|k| moved(k).is_some()).cloned().collect();
    for key in old {
        let record = d.completed.remove(&key).expect("listed above");
        d.completed.entry(moved(&key).expect("listed above")).or_insert(record);
    }
    let old: Vec<String> = d.solutions.keys().filter(|k| moved(k).is_some()).cloned().collect();
    for key in old {
        let pieces = d.solutions.remove(&key).expect("listed above");
        d.solutions.entry(moved(&key).expect("listed above")).or_insert(pieces);
    }
    d.last_pack = d.last_pack.take().map(|p| match p.as_str() {
        "sets" => "tpuzzle".into(),
        "curved" => "egg".into(),
        _ => p,
    });
}

/// Where levels went when the packs were reshaped: the generated figures to the Abstract pack,
/// the T puzzle and the three curved sets to packs of their own, the 3D boxes to Polycubes.
/// Rules are tried in order; the first prefix that matches is replaced.
const MOVED: [(&str, &str); 13] = [
    // The 3D boxes open the polycubes pack, from the two tripods to the Soma cube.
    ("polyominoes/cubes-2x2x", "polycubes/cubes-2x2x"),
    ("polyominoes/soma-", "polycubes/soma-"),
    ("polyominoes/tetracubes-", "polycubes/tetracubes-"),
    ("classic/shard-", "abstract/shard-"),
    ("sets/t-shard-", "abstract/t-shard-"),
    ("sets/pentominoes-6x10", "abstract/pentominoes-6x10"),
    ("sets/t-", "tpuzzle/t-"),
    ("curved/egg-", "abstract/egg-"),
    ("curved/heart-", "abstract/heart-"),
    ("curved/circle-", "abstract/circle-"),
    ("curved/egg", "egg/egg"),
    ("curved/heart", "heart/heart"),
    ("curved/circle", "circle/circle"),
];

/// A completed level's key as it is now, when its level moved to another pack.
pub fn moved(key: &str) -> Option<String> {
    MOVED.iter().find_map(|(from, to)| key.strip_prefix(from).map(|rest| format!("{to}{rest}")))
}

fn recover(path: &Path, problem: String) -> Loaded {
    let stamp = web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let aside = path.with_extension(format!("ron.corrupt-{stamp}"));
    let moved_to = files::rename(path, &aside).ok().map(|_| aside);
    Loaded::Recovered { problem, moved_to }
}

/// Writes the save file atomically: a crash leaves either the old file or the new one.
pub fn store(path: &Path, data: &SaveData) -> std::io::Result<()> {
    let text = ron::ser::to_string_pretty(data, ron::ser::PrettyConfig::default())
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    files::write(path, &text)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_daily_streak_counts_days_in_a_row() {
        use crate::support::dates::Date;
        let mut d = super::SaveData::default();
        let today = Date::parse("2026-11-23").unwrap();
        assert_eq!(d.daily_streak(today), 0);
        for key in ["daily/daily-edge-2026-11-20", "daily/daily-tangram-2026-11-21", "daily/daily-polyomino-2026-11-22"]
        {
            d.record(key, Some(1000), 10);
        }
        d.record("classic/arrow", Some(1000), 10);
        assert_eq!(d.daily_streak(today), 3, "today still to do: the run up to yesterday counts");
        d.record("daily/daily-edge-2026-11-23", Some(1000), 10);
        assert_eq!(d.daily_streak(today), 4);
        assert_eq!(d.daily_streak(Date::parse("2026-11-25").unwrap()), 0, "a day missed");
        assert_eq!(d.best_daily_streak(), 4, "the longest run, whenever it was");
    }

    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tessera-save-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d.join("progress.ron")
    }

    /// P1a: a solve made while the tutorial held the clock was saved as a best time of 0:00
    /// that no later solve could beat.
    #[test]
    fn a_solve_the_clock_did_not_time_is_no_best_time() {
        let mut d = SaveData::default();
        assert!(!d.record("classic/a", None, 9), "no time, no new best");
        assert_eq!((d.is_done("classic/a"), d.completed["classic/a"].time()), (true, None));
        assert!(d.record("classic/a", Some(30_000), 12), "the first timed solve is the best");
        assert_eq!(d.completed["classic/a"].time(), Some(30_000));
        assert!(!d.record("classic/a", None, 5));
        assert_eq!(d.completed["classic/a"], Record { best_ms: 30_000, best_moves: 5 });
        // The 0:00 an earlier build saved reads as no time.
        let d = parse("(completed: {\"classic/b\": (best_ms: 0, best_moves: 7)})").unwrap();
        assert_eq!(d.completed["classic/b"].time(), None);
    }

    #[test]
    fn round_trip_and_records() {
        let p = temp("rt");
        assert_eq!(load(&p), Loaded::Fresh);
        let mut d = SaveData::default();
        assert!(d.record("classic/a", Some(5000), 12));
        assert!(!d.record("classic/a", Some(6000), 9));
        assert!(d.record("classic/a", Some(4000), 20));
        assert_eq!(d.completed["classic/a"], Record { best_ms: 4000, best_moves: 9 });
        d.settings.ui_scale = 1.5;
        d.solutions.insert(
            "classic/a".into(),
            vec![crate::pieces::Placement { piece: 0, rot: 3, flip: true, at: (1.5, -2.0) }],
        );
        store(&p, &d).unwrap();
        assert_eq!(load(&p), Loaded::Ok(d.clone()));
        let keys: Vec<String> = (0..6).map(|i| format!("classic/{}", (b'a' + i) as char)).collect();
        let open = |d: &SaveData| (0..6).filter(|&i| d.unlocked(&keys, i, None)).count();
        assert_eq!(open(&d), 6, "a, the first, is solved: every level is open");
        let mut fresh = SaveData::default();
        assert_eq!(open(&fresh), 3, "nothing solved: the first three are open");
        fresh.record("classic/c", Some(1), 1);
        assert_eq!(open(&fresh), 4, "solving c opens one more");
        fresh.record("classic/d", Some(1), 1);
        assert_eq!(open(&fresh), 5, "and d another");
        // A ladder of two climbs of three: their first rungs, then each rung above one solved.
        let rungs = |d: &SaveData| (0..6).filter(|&i| d.unlocked(&keys, i, Some(3))).collect::<Vec<_>>();
        let mut climbing = SaveData::default();
        assert_eq!(rungs(&climbing), [0, 3]);
        climbing.record("classic/a", Some(1), 1);
        assert_eq!(rungs(&climbing), [0, 1, 3], "the first rung solved opens the second only");
        climbing.record("classic/b", Some(1), 1);
        climbing.record("classic/d", Some(1), 1);
        assert_eq!(rungs(&climbing), [0, 1, 2, 3, 4]);
        std::fs::remove_dir_all(p.parent().unwrap()).unwrap();
    }

    #[test]
    fn records_of_moved_levels_follow_them_to_their_new_packs() {
        let text = r#"(completed: {
            "classic/shard-05": (best_ms: 9000, best_moves: 30),
            "classic/arrow": (best_ms: 1000, best_moves: 7),
            "sets/t-t": (best_ms: 2000, best_moves: 5),
            "sets/t-shard-02": (best_ms: 3000, best_moves: 6),
            "curved/egg": (best_ms: 4000, best_moves: 9),
            "curved/heart-07": (best_ms: 5000, best_moves: 11),
            "polyominoes/soma-cube": (best_ms: 6000, best_moves: 7),
            "polyominoes/pento-5x3": (best_ms: 7000, best_moves: 3),
        }, last_pack: Some("curved"))"#;
        let d = parse(text).unwrap();
        let keys: Vec<&str> = d.completed.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "abstract/heart-07",
                "abstract/shard-05",
                "abstract/t-shard-02",
                "classic/arrow",
                "egg/egg",
                "polycubes/soma-cube",
                "polyominoes/pento-5x3",
                "tpuzzle/t-t"
            ]
        );
        assert_eq!(d.completed["abstract/shard-05"], Record { best_ms: 9000, best_moves: 30 });
        assert_eq!(d.last_pack.as_deref(), Some("egg"));
        // A save written after the move is read as it is.
        assert_eq!(parse(&ron::ser::to_string(&d).unwrap()).unwrap(), d);
    }

    #[test]
    fn a_corrupt_file_is_moved_aside() {
        let p = temp("corrupt");
        std::fs::write(&p, "(completed: {\"x\": (best_ms: \"soon\"").unwrap();
        match load(&p) {
            Loaded::Recovered { problem, moved_to: Some(aside) } => {
                assert!(problem.contains("progress.ron:1"), "{problem}");
                assert!(aside.exists() && !p.exists());
            }
            other => panic!("{other:?}"),
        }
        std::fs::remove_dir_all(p.parent().unwrap()).unwrap();
    }
}
