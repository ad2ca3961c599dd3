//! Progress carried to another device, or kept safe from a browser that clears its storage:
//! one file holding the save (solved levels, best times and moves, best scores, the player's
//! solutions), the settings and the player's own level packs. The same text travels as a
//! code (`tessera-progress:` and the text deflated, in URL-safe base64) where a file cannot.
//!
//! Reading one back merges it into what the device has and loses nothing on either side: a
//! level solved on either is solved, each record keeps the better time, the fewer moves and
//! the higher score, and a pack whose name is taken by a different pack arrives under a new
//! name. A damaged file, another program's file or a newer Tessera's is refused whole, saying
//! which and where.

use crate::support::save::{Record, SaveData};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a progress file says it is, on its first field.
pub const FORMAT: &str = "tessera-progress";
/// The newest layout this build writes and reads.
pub const VERSION: u32 = 1;
/// How a progress code begins.
pub const CODE_PREFIX: &str = "tessera-progress:";
/// The file name an export suggests (the date is added before the extension).
pub const FILE_STEM: &str = "tessera-progress";

/// A progress file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub format: String,
    pub version: u32,
    pub save: SaveData,
    /// The player's own level packs: file name (`name.ron`) to the file's text.
    #[serde(default)]
    pub levels: BTreeMap<String, String>,
}

/// The progress file's text for this save and these packs.
pub fn write(save: &SaveData, levels: BTreeMap<String, String>) -> String {
    let progress = Progress { format: FORMAT.into(), version: VERSION, save: save.clone(), levels };
    ron::ser::to_string_pretty(&progress, ron::ser::PrettyConfig::default()).expect("a save always serialises")
}

/// The same text as a code: one line to paste.
pub fn code(text: &str) -> String {
    format!("{CODE_PREFIX}{}", URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9)))
}

/// Reads a progress file's text or a progress code; `name` names it in messages (a file's
/// name, or "the pasted code").
pub fn read(text: &str, name: &str) -> Result<Progress, String> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err(format!("{name} is empty"));
    }
    if text.len() as u64 > crate::format::MAX_FILE_BYTES {
        return Err(format!(
            "{name} is {} bytes, more than the limit of {}",
            text.len(),
            crate::format::MAX_FILE_BYTES
        ));
    }
    let inflated;
    let text = match text.strip_prefix(CODE_PREFIX) {
        Some(code) => {
            let damaged = |why: &str| format!("{name} is a damaged progress code ({why}): copy it again, whole");
            let bytes = URL_SAFE_NO_PAD.decode(code.trim()).map_err(|_| damaged("not URL-safe base64"))?;
            let raw =
                miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, crate::format::MAX_FILE_BYTES as usize)
                    .map_err(|_| damaged("it does not inflate"))?;
            inflated = String::from_utf8(raw).map_err(|_| damaged("not text"))?;
            inflated.as_str()
        }
        None => text,
    };
    // The header first, so that another program's file is told apart from a damaged one.
    #[derive(Deserialize)]
    struct Header {
        format: String,
        version: u32,
    }
    let foreign = || format!("{name} is not a Tessera progress file (Export progress, in the settings, writes one)");
    let damaged = |e: ron::error::SpannedError| {
        format!("{name} is damaged: line {}: {}", e.span.start.line, crate::format::ron_problem(&e.code))
    };
    match crate::format::ron_options().from_str::<Header>(text) {
        Ok(h) if h.format != FORMAT => return Err(foreign()),
        Ok(h) if h.version > VERSION => {
            return Err(format!(
                "{name} was written by a newer Tessera (progress version {}; this one reads up to {VERSION}): update the game",
                h.version
            ))
        }
        Ok(_) => {}
        // Cut short or garbled: ours when it begins as ours does.
        Err(e) if text.chars().take(200).collect::<String>().contains(&format!("\"{FORMAT}\"")) => {
            return Err(damaged(e))
        }
        Err(_) => return Err(foreign()),
    }
    let mut progress: Progress = crate::format::ron_options().from_str(text).map_err(damaged)?;
    crate::support::save::tidy(&mut progress.save);
    for (file, pack) in &progress.levels {
        let id = pack_id(file).ok_or_else(|| format!("{name} is damaged: `{file}` is not a level pack's file name"))?;
        crate::level::parse_pack(pack, file, id).map_err(|e| format!("{name} is damaged: its pack {e}"))?;
    }
    Ok(progress)
}

/// A pack file's id (its name without `.ron`), when the name is one a pack may have: no
/// folders, nothing hidden.
fn pack_id(file: &str) -> Option<&str> {
    let id = file.strip_suffix(".ron")?;
    let plain = |c: char| c.is_alphanumeric() || "-_ ".contains(c);
    (!id.is_empty() && !id.starts_with([' ', '-']) && id.chars().all(plain)).then_some(id)
}

/// What a merge brought in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Merged {
    /// Levels solved in the file and not here.
    pub solved: usize,
    /// Levels solved on both whose record the file improved (time, moves or score).
    pub better: usize,
    /// Pack files to write: (name here, text). A name taken by a different pack is changed.
    pub packs: Vec<(String, String)>,
}

/// Merges `theirs` into `mine`; `have` gives the text of a pack file of that name already
/// here. Settings are the file's (the player asked for them), except that a tutorial done on
/// either side stays done and a language chosen on neither stays unchosen.
pub fn merge(mine: &mut SaveData, theirs: &Progress, have: impl Fn(&str) -> Option<String>) -> Merged {
    let mut merged = Merged::default();
    let t = &theirs.save;
    for (key, r) in &t.completed {
        match mine.completed.get_mut(key) {
            None => {
                mine.completed.insert(key.clone(), *r);
                merged.solved += 1;
            }
            Some(m) => {
                let best = Record { best_ms: m.best_ms.min(r.best_ms), best_moves: m.best_moves.min(r.best_moves) };
                if best != *m {
                    *m = best;
                    merged.better += 1;
                }
            }
        }
    }
    for (key, &score) in &t.scores {
        match mine.scores.get_mut(key) {
            Some(m) if score > *m => {
                *m = score;
                merged.better += 1;
            }
            Some(_) => {}
            None => drop(mine.scores.insert(key.clone(), score)),
        }
    }
    mine.unhinted.extend(t.unhinted.iter().cloned());
    for (key, pieces) in &t.solutions {
        mine.solutions.entry(key.clone()).or_insert_with(|| pieces.clone());
    }
    for intro in &t.intros {
        if !mine.intros.contains(intro) {
            mine.intros.push(intro.clone());
        }
    }
    if mine.last_pack.is_none() {
        mine.last_pack.clone_from(&t.last_pack);
    }
    let tutorial_done = mine.settings.tutorial_done || t.settings.tutorial_done;
    let language = t.settings.language.or(mine.settings.language);
    mine.settings = t.settings;
    mine.settings.tutorial_done = tutorial_done;
    mine.settings.language = language;
    for (file, text) in &theirs.levels {
        if have(file).as_deref() == Some(text.as_str()) {
            continue;
        }
        let free = |name: &str| have(name).is_none() && merged.packs.iter().all(|(n, _)| n != name);
        let stem = file.trim_end_matches(".ron");
        let name = match free(file) {
            true => file.clone(),
            false => (2..).map(|n| format!("{stem}-{n}.ron")).find(|n| free(n)).expect("an unused name"),
        };
        merged.packs.push((name, text.clone()));
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn save(records: &[(&str, u64, u32)]) -> SaveData {
        let mut d = SaveData::default();
        for &(key, ms, moves) in records {
            d.record(key, Some(ms), moves);
        }
        d
    }

    /// A pack file with one level, and another.
    fn pack(name: &str) -> String {
        let level = &crate::level::embedded_packs()[0].levels[0];
        crate::level::write_pack(name, &[(*level.entry).clone()])
    }

    #[test]
    fn a_file_and_its_code_read_back_as_written() {
        let mut d = save(&[("classic/swan", 61_000, 14)]);
        d.settings.sound = false;
        let levels = BTreeMap::from([("mine.ron".to_string(), pack("Mine"))]);
        let text = write(&d, levels.clone());
        let want = Progress { format: FORMAT.into(), version: VERSION, save: d, levels };
        assert_eq!(read(&text, "f").unwrap(), want);
        let code = code(&text);
        assert!(code.starts_with(CODE_PREFIX) && !code.contains(char::is_whitespace));
        assert_eq!(read(&format!("  {code}\n"), "the code").unwrap(), want);
    }

    #[test]
    fn a_merge_keeps_the_better_of_both_sides() {
        let mut mine = save(&[("classic/swan", 61_000, 14), ("classic/cat", 20_000, 9)]);
        mine.scores.insert("edge/scored".into(), 40);
        let mut t = save(&[("classic/swan", 75_000, 10), ("classic/boat", 5_000, 7), ("classic/cat", 25_000, 12)]);
        t.scores.insert("edge/scored".into(), 38);
        t.settings.tutorial_done = false;
        mine.settings.tutorial_done = true;
        mine.unhinted.insert("classic/cat".into());
        t.unhinted.insert("classic/boat".into());
        let theirs = Progress { format: FORMAT.into(), version: VERSION, save: t, levels: BTreeMap::new() };
        let merged = merge(&mut mine, &theirs, |_| None);
        assert_eq!(mine.completed["classic/swan"], Record { best_ms: 61_000, best_moves: 10 });
        assert_eq!(mine.completed["classic/cat"], Record { best_ms: 20_000, best_moves: 9 }, "mine was better");
        assert_eq!(mine.completed["classic/boat"], Record { best_ms: 5_000, best_moves: 7 });
        assert_eq!(mine.scores["edge/scored"], 40, "the higher score stays");
        assert!(mine.settings.tutorial_done, "a tutorial done on either side stays done");
        let unhinted: Vec<&str> = mine.unhinted.iter().map(String::as_str).collect();
        assert_eq!(unhinted, ["classic/boat", "classic/cat"], "solved without a hint on either side");
        assert_eq!((merged.solved, merged.better), (1, 1));
        // Merging the same file again changes nothing.
        let again = mine.clone();
        assert_eq!(merge(&mut mine, &theirs, |_| None), Merged::default());
        assert_eq!(mine, again);
    }

    #[test]
    fn a_pack_name_taken_by_another_pack_is_changed() {
        let (mine, other) = (pack("Mine"), pack("Other"));
        let levels = BTreeMap::from([
            ("mine.ron".to_string(), mine.clone()),
            ("same.ron".to_string(), mine.clone()),
            ("new.ron".to_string(), mine.clone()),
        ]);
        let theirs = Progress { format: FORMAT.into(), version: VERSION, save: SaveData::default(), levels };
        let have = |name: &str| match name {
            "mine.ron" | "mine-2.ron" => Some(other.clone()),
            "same.ron" => Some(mine.clone()),
            _ => None,
        };
        let merged = merge(&mut SaveData::default(), &theirs, have);
        let names: Vec<&str> = merged.packs.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(names, ["mine-3.ron", "new.ron"], "the same pack is not written twice");
    }

    #[test]
    fn damaged_foreign_and_newer_files_are_refused_saying_which() {
        let text = write(&save(&[("classic/swan", 1, 1)]), BTreeMap::new());
        let said = |t: &str| read(t, "p.ron").unwrap_err();
        assert!(said("").contains("p.ron is empty"));
        assert!(said("(name: \"A pack\", levels: [])").contains("not a Tessera progress file"));
        assert!(said("PNG\u{1a}\0garbage").contains("not a Tessera progress file"));
        assert!(said(&text.replace("\"tessera-progress\"", "\"other\"")).contains("not a Tessera progress file"));
        assert!(said(&text.replace("version: 1", "version: 9")).contains("newer Tessera"));
        let cut = &text[..text.len() * 2 / 3];
        assert!(said(cut).contains("p.ron is damaged: line"), "{}", said(cut));
        let bad_pack = write(&SaveData::default(), BTreeMap::from([("x.ron".into(), "(name: 5)".into())]));
        assert!(said(&bad_pack).contains("damaged: its pack"), "{}", said(&bad_pack));
        let bad_name = write(&SaveData::default(), BTreeMap::from([("../x.ron".into(), pack("X"))]));
        assert!(said(&bad_name).contains("not a level pack's file name"));
        let c = code(&text);
        assert!(said(&c[..c.len() - 5]).contains("damaged progress code"));
        assert!(said("tessera-progress:!!!").contains("damaged progress code"));
    }
}
