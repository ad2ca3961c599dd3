//! The daily puzzle: one level per family per date, the same on every machine.
//!
//! Seed rule: the FNV-1a 64-bit hash of the text `tessera-daily-v1/FAMILY/YYYY-MM-DD` (for
//! example `tessera-daily-v1/tangram/2026-11-23`) seeds a ChaCha8 generator (`rand_chacha`,
//! pinned), which makes every random choice below in order. Difficulty follows the weekday:
//! Monday is the gentlest (difficulty 1), Sunday the hardest (5).
//!
//! - tangram: random edge-to-edge assemblies of the seven pieces on the lattice, sorted by
//!   their number of corners; Monday takes the plainest, Sunday the most jagged. The lattice
//!   solver proves it and gives the reference solution.
//! - polyomino: 3 (Monday) to 9 (Sunday) pentominoes drawn at random and a rectangle of their
//!   area; drawn again until the packer fills it.
//! - edge: from 3 x 3 (Monday) to 6 x 6 (Sunday), turning tiles on Wednesday, Friday and
//!   Sunday, always with one solution (proved by the generator's exact search).

use crate::format::Node;
use crate::level::Entry;
use crate::pieces::{PieceSet, Placement};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The families a daily puzzle is made for.
pub const FAMILIES: [&str; 3] = ["tangram", "polyomino", "edge"];

/// A calendar date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// Reads `YYYY-MM-DD` (a real date, years 2000 to 9999).
    pub fn parse(s: &str) -> Result<Date, String> {
        let bad = || format!("`{s}` is not a date written YYYY-MM-DD");
        let parts: Vec<&str> = s.trim().split('-').collect();
        let [y, m, d] = parts.as_slice() else { return Err(bad()) };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let (year, month, day) = (
            y.parse::<i32>().map_err(|_| bad())?,
            m.parse::<u32>().map_err(|_| bad())?,
            d.parse::<u32>().map_err(|_| bad())?,
        );
        if !(2000..=9999).contains(&year) {
            return Err(format!("`{s}`: the year must be from 2000 to 9999"));
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
        if !(1..=12).contains(&month) || day == 0 || day > days[month as usize - 1] {
            return Err(format!("`{s}` is not a day of the calendar"));
        }
        Ok(Date { year, month, day })
    }

    /// Days since 1970-01-01 (Howard Hinnant's days-from-civil).
    pub fn days(&self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// 0 for Monday to 6 for Sunday.
    pub fn weekday(&self) -> u8 {
        // 1970-01-01 was a Thursday.
        (self.days() + 3).rem_euclid(7) as u8
    }

    /// The date on the computer's clock (UTC).
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Date::from_days((secs / 86_400) as i64)
    }

    /// The date `days` after 1970-01-01.
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        Date { year: (yoe + era * 400 + i64::from(month <= 2)) as i32, month, day }
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The seed of a family's puzzle on a date (see the module note).
pub fn seed(family: &str, date: Date) -> u64 {
    let text = format!("tessera-daily-v1/{family}/{date}");
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// A daily puzzle: its level and where it came from.
#[derive(Clone, Debug)]
pub struct Daily {
    pub family: &'static str,
    pub date: Date,
    pub seed: u64,
    pub entry: Entry,
}

/// The level id of `family`'s puzzle on `date` (`daily-FAMILY-DATE`).
pub fn level_id(family: &str, date: Date) -> String {
    format!("daily-{family}-{date}")
}

/// The family and date of a daily puzzle's level id; `None` for any other id.
pub fn parse_level_id(id: &str) -> Option<(&'static str, Date)> {
    let (family, date) = id.strip_prefix("daily-")?.split_once('-')?;
    let family = FAMILIES.into_iter().find(|f| *f == family)?;
    Some((family, Date::parse(date).ok()?))
}

/// The puzzle of `family` on `date`.
pub fn daily(family: &str, date: Date) -> Result<Daily, String> {
    let family = *FAMILIES
        .iter()
        .find(|f| **f == family)
        .ok_or_else(|| format!("unknown family `{family}` (daily puzzles: {})", FAMILIES.join(", ")))?;
    let seed = seed(family, date);
    let mut rng = Rng(ChaCha8Rng::seed_from_u64(seed));
    let day = date.weekday();
    let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    let mut entry = match family {
        "tangram" => tangram(day, &mut rng)?,
        "polyomino" => polyomino(day, &mut rng)?,
        _ => edge(day, seed)?,
    };
    entry.id = level_id(family, date);
    entry.name = format!("Daily {family}, {} {date}", names[day as usize]);
    entry.difficulty = 1 + (day * 4 + 3) / 6;
    Ok(Daily { family, date, seed, entry })
}

struct Rng(ChaCha8Rng);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        crate::random::below(&mut self.0, n)
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        crate::random::shuffle(&mut self.0, v)
    }
}

fn entry(family: Option<&str>, pieces: Node, solution: Vec<Placement>) -> Entry {
    Entry { pieces: Some(pieces), solution, ..Entry::blank(family) }
}

// ---------------------------------------------------------------- tangram

fn tangram(day: u8, rng: &mut Rng) -> Result<Entry, String> {
    let set = PieceSet::builtin("tangram").expect("built in");
    let mut found: Vec<Vec<(f64, f64)>> = Vec::new();
    for _ in 0..2000 {
        if found.len() == 24 {
            break;
        }
        if let Some(f) = crate::solve::lattice::random_assembly(&set, &mut |n| rng.below(n)) {
            found.push(f.iter().map(|p| (p.x.round(), p.y.round())).collect());
        }
    }
    if found.is_empty() {
        return Err("no tangram figure came out of the generator".into());
    }
    // Plain to jagged: by the number of corners (a stable sort keeps the draw order on ties).
    found.sort_by_key(Vec::len);
    let pick = &found[(day as usize * (found.len() - 1) + 3) / 6];
    // Centred near the origin on whole units.
    let n = pick.len() as f64;
    let (cx, cy) = pick.iter().fold((0.0, 0.0), |s, p| (s.0 + p.0 / n, s.1 + p.1 / n));
    let ring: Vec<(f64, f64)> = pick.iter().map(|p| (p.0 - cx.round(), p.1 - cy.round())).collect();
    let vertices: Vec<crate::geom::Vertex> = ring.iter().map(|&(x, y)| crate::geom::pt(x, y).into()).collect();
    let solution = crate::solve::lattice::solve(&set, &[vertices], 1)
        .and_then(|s| s.into_iter().next())
        .ok_or("the lattice solver could not fill the day's figure")?;
    let mut e = entry(None, Node::Str("tangram".into()), solution);
    e.target = vec![Node::List(ring.iter().map(|&(x, y)| Node::List(vec![Node::Num(x), Node::Num(y)])).collect())];
    e.mode = Some(crate::verify::Mode::Anchored);
    e.allow_mirror = true;
    Ok(e)
}

// ---------------------------------------------------------------- polyomino

fn polyomino(day: u8, rng: &mut Rng) -> Result<Entry, String> {
    use crate::polyform::pack::{Board, PartSpec};
    let all = crate::polyform::builtin_set("pentominoes").expect("built in").parts;
    let k = 3 + day as usize;
    let sides: Vec<(i32, i32)> = (3..=k as i32 * 5 / 3)
        .filter(|w| (5 * k as i32) % w == 0)
        .map(|w| (w, 5 * k as i32 / w))
        .filter(|&(_, h)| h >= 3)
        .collect();
    for _ in 0..200 {
        let (w, h) = sides[rng.below(sides.len())];
        let mut order: Vec<usize> = (0..all.len()).collect();
        rng.shuffle(&mut order);
        let mut chosen: Vec<usize> = order[..k].to_vec();
        chosen.sort_unstable();
        let parts: Vec<PartSpec> = chosen
            .iter()
            .map(|&i| PartSpec { name: all[i].0.clone(), cells: all[i].1.clone(), count: Some(1) })
            .collect();
        let board = Board::boxed(w, h, 0)?;
        let Some(solution) = crate::polyform::place::first_solution(&board, &parts, 5_000_000) else { continue };
        let pieces = Node::List(parts.iter().map(|p| Node::Str(crate::polyform::format_part(&p.cells, 2))).collect());
        let mut e = entry(Some("polyomino"), pieces, solution);
        e.board = Some(crate::level::RawBoard { size: vec![w, h], cells: Vec::new(), holes: Vec::new() });
        return Ok(e);
    }
    Err("no pentomino rectangle came out of the generator".into())
}

// ---------------------------------------------------------------- edge matching

fn edge(day: u8, seed: u64) -> Result<Entry, String> {
    use crate::tiles::generate::{generate, Spec};
    let (size, colors, rotate) =
        [(3, 3, false), (4, 4, false), (4, 6, true), (5, 5, false), (5, 7, true), (6, 6, false), (6, 8, true)]
            [day as usize];
    let g = generate(&Spec {
        cols: size,
        rows: size,
        colors,
        frame_colors: None,
        rotate,
        unique: true,
        seed,
        max_nodes: 20_000_000,
    })?;
    let tiles =
        g.puzzle.tiles.iter().map(|t| (i64::from(t[0]), i64::from(t[1]), i64::from(t[2]), i64::from(t[3]))).collect();
    let mut solution: Vec<Placement> = g
        .solution
        .iter()
        .enumerate()
        .map(|(cell, &(tile, rot))| crate::family::tiles::cells::placement_of(&g.puzzle, tile, cell, rot))
        .collect();
    solution.sort_by_key(|p| p.piece);
    let mut e = entry(Some("edge"), Node::List(Vec::new()), solution);
    e.pieces = None;
    e.unique = true;
    e.edge = Some(crate::tiles::RawPuzzle { cols: size, rows: size, rotate, tiles, clues: Vec::new() });
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_ids_name_family_and_date() {
        let d = Date::parse("2026-11-24").unwrap();
        for family in FAMILIES {
            let id = level_id(family, d);
            assert_eq!(parse_level_id(&id), Some((family, d)), "{id}");
        }
        assert_eq!(daily("edge", d).unwrap().entry.id, "daily-edge-2026-11-24");
        for id in ["daily-chess-2026-11-24", "daily-tangram-2026-13-01", "tangram-2026-11-24", "daily-tangram", "arrow"]
        {
            assert_eq!(parse_level_id(id), None, "{id}");
        }
    }

    #[test]
    fn dates_and_weekdays() {
        let d = Date::parse("2026-11-23").unwrap();
        assert_eq!(d.weekday(), 0, "a Monday");
        assert_eq!(Date::parse("2000-01-01").unwrap().weekday(), 5, "a Saturday");
        assert_eq!(Date::parse("2024-02-29").unwrap().weekday(), 3, "a Thursday");
        for s in ["2026-02-29", "2026-13-01", "26-11-23", "2026-11-23x", "", "1999-12-31"] {
            assert!(Date::parse(s).is_err(), "{s}");
        }
        for days in [0, 10_957, 20_415, 2_932_896] {
            assert_eq!(Date::from_days(days).days(), days);
        }
        assert_eq!(Date::from_days(d.days()), d);
    }
}
