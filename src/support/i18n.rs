//! The game's words in the player's language: one Project Fluent catalogue per language
//! (`assets/i18n/LANG.ftl`, embedded in the binary), looked up by message id.
//!
//! A [`Tr`] is a language; `tr.s("menu-play")` is a message, `tr.f("streak", &[("days", 3.into())])`
//! one with arguments (plurals are the catalogue's business: Fluent picks the form by the
//! language's plural rules). The catalogues are parsed once, on first use, and shared by every
//! thread. A message missing from a catalogue comes out as its id, so a gap shows on screen;
//! the tests check that both catalogues hold the same ids and that every id the code asks for
//! is in them.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A language the game speaks; saved as its tag (an unknown tag reads as English, so a save
/// file from a newer version still loads).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum Lang {
    #[default]
    En,
    PtBr,
}

impl From<Lang> for String {
    fn from(l: Lang) -> String {
        l.tag().to_string()
    }
}

impl From<String> for Lang {
    fn from(tag: String) -> Lang {
        Lang::from_tag(&tag).unwrap_or_default()
    }
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::PtBr];

    /// The language's tag (BCP 47).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::PtBr => "pt-BR",
        }
    }

    /// The language of a tag (`en`, `pt-BR`), if the game speaks it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.tag() == tag)
    }

    /// The language's name in itself, as the language setting lists it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::PtBr => "Português (Brasil)",
        }
    }

    /// The catalogue's source text.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/i18n/en.ftl"),
            Lang::PtBr => include_str!("../../assets/i18n/pt-BR.ftl"),
        }
    }

    /// The game's language for a system locale such as `pt_BR.UTF-8`, `pt-PT` or `en-US`:
    /// any Portuguese gets Brazilian Portuguese, everything else English.
    pub fn from_locale(locale: &str) -> Lang {
        let primary = locale.split(['-', '_', '.', '@']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("pt") {
            Lang::PtBr
        } else {
            Lang::En
        }
    }

    /// The language of the system the game runs on (English when it cannot tell).
    pub fn system() -> Lang {
        sys_locale::get_locale().map(|l| Lang::from_locale(&l)).unwrap_or_default()
    }
}

type Bundle = FluentBundle<FluentResource>;

/// Both catalogues, parsed on first use.
fn bundles() -> &'static [Bundle; 2] {
    static BUNDLES: OnceLock<[Bundle; 2]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(bundle))
}

fn bundle(lang: Lang) -> Bundle {
    // The catalogues are ours and tested; a syntax error would fail `catalogues_parse`.
    let resource = FluentResource::try_new(lang.source().to_string()).unwrap_or_else(|(r, _)| r);
    let id = lang.tag().parse().unwrap_or_default();
    let mut b = Bundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around arguments: egui would draw them as boxes.
    b.set_use_isolating(false);
    let _ = b.add_resource(resource);
    b
}

/// Translations into one language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tr(pub Lang);

impl Tr {
    /// The language's tag (`"pt-BR"`), as level files name their names.
    pub fn tag(&self) -> &'static str {
        self.0.tag()
    }

    /// The message `id`.
    pub fn s(&self, id: &str) -> String {
        self.f(id, &[])
    }

    /// A calendar date in words, as the language writes it ("November 27, 2026",
    /// "27 de novembro de 2026").
    pub fn date(&self, d: &crate::support::dates::Date) -> String {
        let month = self.s(&format!("month-{}", d.month));
        self.f(
            "date",
            &[("day", d.day.to_string().into()), ("month", month.into()), ("year", d.year.to_string().into())],
        )
    }

    /// The message `id` with its arguments.
    pub fn f(&self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let bundle = &bundles()[self.0 as usize];
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else { return id.to_string() };
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            fargs.set(*k, v.clone());
        }
        let mut errors = vec![];
        bundle.format_pattern(pattern, Some(&fargs), &mut errors).into_owned()
    }

    /// A kept message in words.
    pub fn text(&self, t: &Text) -> String {
        let args: Vec<(&str, FluentValue)> = t
            .args
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    Arg::Num(n) => FluentValue::from(*n),
                    Arg::Str(s) => FluentValue::from(s.as_str()),
                };
                (*k, v)
            })
            .collect();
        self.f(t.id, &args)
    }
}

/// A message to show later, in whatever language the player has then: its id and arguments.
/// Systems that only report (hints, the solver's progress, the editor's status) keep these,
/// and the UI puts them in words. It travels as text too (a solver's answer from a Web
/// Worker): read back, its names are interned.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// A [`Text`] as it travels.
#[derive(Serialize, Deserialize)]
struct OwnedText {
    id: String,
    args: Vec<(String, Arg)>,
}

impl Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let args = self.args.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
        OwnedText { id: self.id.into(), args }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Text, D::Error> {
        let t = OwnedText::deserialize(d)?;
        Ok(Text { id: intern(&t.id), args: t.args.into_iter().map(|(k, v)| (intern(&k), v)).collect() })
    }
}

/// The one `'static` copy of a message id or argument name read back from text: each distinct
/// name is kept once (there are as many as the catalogue has), however often it arrives.
fn intern(name: &str) -> &'static str {
    static NAMES: std::sync::Mutex<std::collections::BTreeSet<&'static str>> =
        std::sync::Mutex::new(std::collections::BTreeSet::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&known) = names.get(name) {
        return known;
    }
    let kept: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.insert(kept);
    kept
}

/// An argument of a [`Text`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Arg {
    Num(f64),
    Str(String),
}

impl From<u64> for Arg {
    fn from(v: u64) -> Arg {
        Arg::Num(v as f64)
    }
}
impl From<usize> for Arg {
    fn from(v: usize) -> Arg {
        Arg::Num(v as f64)
    }
}
impl From<u32> for Arg {
    fn from(v: u32) -> Arg {
        Arg::Num(v as f64)
    }
}
impl From<String> for Arg {
    fn from(v: String) -> Arg {
        Arg::Str(v)
    }
}
impl From<&str> for Arg {
    fn from(v: &str) -> Arg {
        Arg::Str(v.to_string())
    }
}

impl Text {
    pub fn new(id: &'static str) -> Text {
        Text { id, args: vec![] }
    }

    /// The same message with one more argument.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Text {
        self.args.push((name, value.into()));
        self
    }
}

/// The message ids a catalogue defines, in file order.
pub fn ids(lang: Lang) -> Vec<String> {
    let resource = FluentResource::try_new(lang.source().to_string()).unwrap_or_else(|(r, _)| r);
    resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// P1b item 10: dates read as each language writes them, not in ISO form.
    #[test]
    fn dates_are_written_in_words() {
        let d = crate::support::dates::Date { year: 2026, month: 11, day: 7 };
        assert_eq!(Tr(Lang::En).date(&d), "November 7, 2026");
        assert_eq!(Tr(Lang::PtBr).date(&d), "7 de novembro de 2026");
    }

    #[test]
    fn catalogues_parse() {
        for lang in Lang::ALL {
            if let Err((_, errors)) = FluentResource::try_new(lang.source().to_string()) {
                panic!("{}.ftl: {errors:?}", lang.tag());
            }
        }
    }

    #[test]
    fn both_catalogues_hold_the_same_messages() {
        let en = ids(Lang::En);
        let pt = ids(Lang::PtBr);
        assert!(en.len() > 50, "{} messages", en.len());
        let missing: Vec<_> = en.iter().filter(|id| !pt.contains(id)).collect();
        let extra: Vec<_> = pt.iter().filter(|id| !en.contains(id)).collect();
        assert!(missing.is_empty(), "not in pt-BR.ftl: {missing:?}");
        assert!(extra.is_empty(), "only in pt-BR.ftl: {extra:?}");
    }

    #[test]
    fn every_message_formats_without_errors() {
        // Every argument any message takes, with a value of its kind.
        let args: Vec<(&str, FluentValue)> = vec![
            ("n", 2.into()),
            ("days", 1.into()),
            ("done", 3.into()),
            ("total", 7.into()),
            ("moves", 12.into()),
            ("steps", 40.into()),
            ("layer", 2.into()),
            ("shown", 3.into()),
            ("count", 2.into()),
            ("date", "2026-11-24".into()),
            ("name", "Arrow".into()),
            ("author", "Ana".into()),
            ("time", "1:05".into()),
            ("why", "reason".into()),
            ("what", "thing".into()),
            ("path", "/tmp/x".into()),
            ("id", "my/level".into()),
            ("method", "LP".into()),
            ("result", "solved".into()),
            ("work", "3 LPs".into()),
            ("ms", "1.5".into()),
            ("key", "R".into()),
            ("verdict", "unique".into()),
            ("difficulty", 3.into()),
            ("of", 4.into()),
            ("i", 1.into()),
            ("family", "Tangram".into()),
            ("day", "Monday".into()),
            ("month", "May".into()),
            ("year", "2026".into()),
            ("score", 412.into()),
            ("max", 480.into()),
            ("best", 420.into()),
            ("where", "tessera-progress-2026-11-29.ron".into()),
            ("solved", 3.into()),
            ("better", 1.into()),
            ("packs", 0.into()),
            ("pieces", 7.into()),
            ("piece", 2.into()),
            ("percent", 45.into()),
            ("levels", 30.into()),
            ("level", "Arrow".into()),
        ];
        for lang in Lang::ALL {
            let bundle = &bundles()[lang as usize];
            let mut fargs = FluentArgs::new();
            for (k, v) in &args {
                fargs.set(*k, v.clone());
            }
            for id in ids(lang) {
                let m = bundle.get_message(&id).unwrap();
                let mut errors = vec![];
                let text = bundle.format_pattern(m.value().expect("a value"), Some(&fargs), &mut errors);
                assert!(errors.is_empty(), "{}: {id}: {errors:?}", lang.tag());
                assert!(!text.trim().is_empty(), "{}: {id} is empty", lang.tag());
            }
        }
    }

    #[test]
    fn plurals_follow_the_language() {
        let en = Tr(Lang::En);
        let pt = Tr(Lang::PtBr);
        assert_eq!(en.f("menu-streak", &[("days", 1.into())]), "Daily streak: 1 day");
        assert_eq!(en.f("menu-streak", &[("days", 4.into())]), "Daily streak: 4 days");
        assert_eq!(pt.f("menu-streak", &[("days", 1.into())]), "Sequência diária: 1 dia");
        assert_eq!(pt.f("menu-streak", &[("days", 4.into())]), "Sequência diária: 4 dias");
        assert_eq!(en.s("menu-play"), "Play");
        assert_eq!(pt.s("menu-play"), "Jogar");
        assert_eq!(en.s("no-such-message"), "no-such-message");
    }

    #[test]
    fn locales_map_to_languages() {
        assert_eq!(Lang::from_locale("pt_BR.UTF-8"), Lang::PtBr);
        assert_eq!(Lang::from_locale("pt-PT"), Lang::PtBr);
        assert_eq!(Lang::from_locale("PT"), Lang::PtBr);
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("de_DE"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
        // Saved by tag; a tag this version does not know reads as English.
        assert_eq!(ron::to_string(&Lang::PtBr).unwrap(), "\"pt-BR\"");
        assert_eq!(ron::from_str::<Lang>("\"pt-BR\"").unwrap(), Lang::PtBr);
        assert_eq!(ron::from_str::<Lang>("\"fr\"").unwrap(), Lang::En);
    }
}
