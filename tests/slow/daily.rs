//! The daily puzzle: the same file for the same family and date, a different one for another
//! date, and every one a level that checks (parses, its solution verifies, the solver solves it).

use tessera::content::daily::daily;
use tessera::level::{parse_pack, write_pack};
use tessera::support::dates::Date;

fn pack_text(family: &str, date: &str) -> String {
    let d = daily(family, Date::parse(date).unwrap()).unwrap();
    write_pack(&d.entry.name, std::slice::from_ref(&d.entry))
}

#[test]
fn a_week_of_dailies_is_stable_distinct_and_checks() {
    for family in tessera::content::daily::DAILY_FAMILIES {
        let mut seen: Vec<String> = Vec::new();
        for day in 23..=29 {
            let date = format!("2026-11-{day}");
            let text = pack_text(family, &date);
            assert_eq!(text, pack_text(family, &date), "{family} {date}: two runs differ");
            assert!(!seen.contains(&text), "{family} {date}: the same puzzle as an earlier day");
            let pack = parse_pack(&text, "daily.ron", "daily").unwrap_or_else(|e| panic!("{family} {date}: {e}"));
            let level = &pack.levels[0];
            level.check_solution().unwrap_or_else(|e| panic!("{family} {date}: {e}"));
            level.prove().unwrap_or_else(|e| panic!("{family} {date}: {e}"));
            // Monday 1 to Sunday 5.
            assert_eq!(level.difficulty, [1, 2, 2, 3, 4, 4, 5][day as usize - 23], "{family} {date}");
            seen.push(text);
        }
    }
}

#[test]
fn bad_dates_and_families_are_refused() {
    assert!(daily("tangram", Date::parse("2026-11-23").unwrap()).is_ok());
    assert!(daily("sudoku", Date::parse("2026-11-23").unwrap()).unwrap_err().contains("unknown family"));
    let bin = env!("CARGO_BIN_EXE_tessera");
    let out =
        std::process::Command::new(bin).args(["daily", "--family", "edge", "--date", "2026-02-30"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a day of the calendar"));
}

/// `tessera daily` writes the same pack as the library, and `--json` describes it.
#[test]
fn the_daily_command_writes_the_days_pack() {
    let bin = env!("CARGO_BIN_EXE_tessera");
    let file = std::env::temp_dir().join(format!("tessera-daily-{}.ron", std::process::id()));
    let out = std::process::Command::new(bin)
        .args(["daily", "--family", "polyomino", "--date", "2026-11-28", "--json", "--out", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["family"].as_str(), v["date"].as_str(), v["weekday"].as_u64()),
        (Some("polyomino"), Some("2026-11-28"), Some(5))
    );
    assert_eq!(v["id"], "daily-polyomino-2026-11-28");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), pack_text("polyomino", "2026-11-28"));
    std::fs::remove_file(&file).unwrap();
}

/// Every day of a year has its tangram, and its solution verifies: a figure the lattice solver cannot fill gives way to
/// the nearest one it can (33 days of 2026 had none).
#[test]
fn every_day_of_a_year_has_a_daily_tangram() {
    let start = Date::parse("2026-01-01").unwrap().days();
    let missing: Vec<String> = (0..366)
        .map(|k| Date::from_days(start + k))
        .filter_map(|d| {
            let made = daily("tangram", d).and_then(|x| {
                let text = write_pack(&x.entry.name, std::slice::from_ref(&x.entry));
                let pack = parse_pack(&text, "daily", "daily").map_err(|e| e.to_string())?;
                pack.levels[0].check_solution()
            });
            made.err().map(|e| format!("{d}: {e}"))
        })
        .collect();
    assert!(missing.is_empty(), "{} days without a tangram: {missing:?}", missing.len());
}
