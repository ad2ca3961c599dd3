//! `tessera screenshot`'s command line: what it asks for, read and checked before anything is
//! drawn.

use super::Shot;

pub const USAGE: &str =
    "usage: tessera screenshot --level PACK/ID --size WxH --out FILE [--state start|progress|hint|check|blocked|turned|thinking|lab|solved|glide|celebrate|tutorial|menu|packs|levels|settings|stats|create|editor] (editor: --level new/SET for a new draft) [--solved N] [--lang en|pt-BR] [--theme dark|light] [--touch] [--layout] [--window] [--force]\n       tessera screenshot --shots FILE --size WxH [--solved N] [--lang en|pt-BR] [--theme dark|light] [--touch] [--layout] [--force] (FILE: a line `STATE PACK/ID OUT` per shot; OUT ends in .png; --force: replace pictures that exist)";

/// The states `--state` names.
const STATES: [(&str, Shot); 19] = [
    ("start", Shot::Start),
    ("progress", Shot::Progress),
    ("hint", Shot::Hint),
    ("check", Shot::Check),
    ("blocked", Shot::Blocked),
    ("turned", Shot::Turned),
    ("thinking", Shot::Thinking),
    ("lab", Shot::Lab),
    ("solved", Shot::Solved),
    ("glide", Shot::Glide),
    ("celebrate", Shot::Celebrate),
    ("tutorial", Shot::Tutorial),
    ("menu", Shot::Menu),
    ("levels", Shot::Levels),
    ("packs", Shot::Packs),
    ("settings", Shot::Settings),
    ("stats", Shot::Stats),
    ("create", Shot::Create),
    ("editor", Shot::Editor),
];

/// What the command line asks for.
pub(super) struct Args {
    pub(super) level: String,
    pub(super) size: (u32, u32),
    pub(super) out: std::path::PathBuf,
    pub(super) shot: Shot,
    pub(super) window: bool,
    /// The first this many levels of each pack count as solved (the level list's look).
    pub(super) solved: usize,
    pub(super) lang: crate::support::i18n::Lang,
    pub(super) theme: crate::support::save::Theme,
    /// `--touch`: laid out for a finger (a coarse pointer), whatever the size.
    pub(super) touch: bool,
    /// `--layout`: for a check of the layout (the probe's report), not a picture to look at:
    /// drawn without multisampling, which in a software renderer is half of a frame's work.
    /// The widgets lie where they would; only the edges are rougher.
    pub(super) layout: bool,
    /// `--shots`: the shots after the first.
    pub(super) more: Vec<(Shot, String, std::path::PathBuf)>,
}

/// Says what is wrong with the arguments, with the usage; the exit code to leave with.
fn bad(why: &str) -> i32 {
    eprintln!("tessera screenshot: {why}\n{USAGE}");
    2
}

/// The arguments, or the exit code to leave with (0 after `--help`, 2 with the problem said).
pub(super) fn parse(args: &[String]) -> Result<Args, i32> {
    let (mut level, mut out, mut force) = (None, None, false);
    let mut a = Args {
        level: String::new(),
        size: (1280, 800),
        out: std::path::PathBuf::new(),
        shot: Shot::Start,
        window: false,
        solved: 0,
        lang: crate::support::i18n::Lang::En,
        theme: crate::support::save::Theme::Dark,
        touch: false,
        layout: false,
        more: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut val = || it.next().cloned();
        match arg.as_str() {
            "--help" | "-h" => {
                println!("Render one frame of the game to a PNG (off-screen; --window: in a real window)\n\n{USAGE}");
                return Err(0);
            }
            "--level" => level = val(),
            "--window" => a.window = true,
            "--touch" => a.touch = true,
            "--layout" => a.layout = true,
            "--solved" => {
                a.solved = val().and_then(|v| v.parse().ok()).ok_or_else(|| bad("--solved takes a number of levels"))?
            }
            "--out" => out = val().map(std::path::PathBuf::from),
            "--shots" => {
                let names: Vec<&str> = STATES.iter().map(|s| s.0).collect();
                let shots = crate::cli::shots::read(&val().unwrap_or_default(), &names)
                    .map_err(|why| bad(&format!("--shots: {why}")))?;
                let mut shots = shots.into_iter().map(|l| (STATES[l.state].1, l.level, l.out));
                let (shot, first, file) = shots.next().expect("a list has a shot");
                (a.shot, level, out, a.more) = (shot, Some(first), Some(file), shots.collect());
            }
            "--force" => force = true,
            "--theme" => {
                a.theme = match val().as_deref() {
                    Some("dark") => crate::support::save::Theme::Dark,
                    Some("light") => crate::support::save::Theme::Light,
                    _ => return Err(bad("--theme takes dark or light")),
                }
            }
            "--lang" => {
                a.lang = val()
                    .as_deref()
                    .and_then(crate::support::i18n::Lang::from_tag)
                    .ok_or_else(|| bad("--lang takes en or pt-BR"))?
            }
            "--size" => match val().and_then(|s| s.split_once('x').map(|(w, h)| (w.parse(), h.parse()))) {
                Some((Ok(w), Ok(h))) if w >= 64 && h >= 64 && w <= 8192 && h <= 8192 => a.size = (w, h),
                _ => return Err(bad("--size takes WxH, e.g. 390x844")),
            },
            "--state" => {
                let name = val();
                a.shot = match name.as_deref().and_then(|n| STATES.iter().find(|s| s.0 == n)) {
                    Some(&(_, shot)) => shot,
                    None => return Err(bad(&format!("unknown state {:?}", name.as_deref()))),
                }
            }
            other => return Err(bad(&format!("unknown argument `{other}`"))),
        }
    }
    a.out = out.ok_or_else(|| bad("--out FILE is required"))?;
    // Every picture can be saved, before anything is drawn or any file replaced.
    for file in std::iter::once(&a.out).chain(a.more.iter().map(|m| &m.2)) {
        crate::cli::shots::may_save(file, force).map_err(|why| bad(&why))?;
    }
    a.level = level.unwrap_or_else(|| "classic/convex-square".into());
    Ok(a)
}
