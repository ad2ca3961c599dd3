//! Calendar dates (the daily puzzles', the saved streaks'): read from `YYYY-MM-DD`, counted in
//! days from 1970-01-01, with their weekday.

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
        let secs = web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
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

#[cfg(test)]
mod tests {
    use super::*;

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
