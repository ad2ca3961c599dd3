//! Every string on screen comes from the catalogues: the game layer's source passes no English
//! literal to a widget, and every message id it names is in both catalogues.

use tessera::support::i18n::{ids, Lang};

/// The sources that name messages, by path: the game layer's, and the families' (which name
/// their titles and their lab's words).
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<(String, String)>) {
        for path in std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()).map(|e| e.path()) {
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let name = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                out.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    walk(&root.join("game"), &root, &mut out);
    walk(&root.join("family"), &root, &mut out);
    out.sort();
    assert!(out.len() > 20, "{} files in {}", out.len(), root.display());
    out
}

/// The string literals that follow `call` on each line (`call` ends with its opening quote).
fn literals_after<'a>(text: &'a str, call: &str) -> Vec<&'a str> {
    let mut out = vec![];
    let mut rest = text;
    while let Some(i) = rest.find(call) {
        // `Text::new("` is not `RichText::new("`.
        let whole = !rest[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        rest = &rest[i + call.len()..];
        if !whole {
            continue;
        }
        if let Some(end) = rest.find('"') {
            out.push(&rest[..end]);
        }
    }
    out
}

#[test]
fn widgets_take_their_words_from_the_catalogue() {
    // Calls that put text on screen, given a literal.
    let calls = [
        ".button(\"",
        ".small_button(\"",
        ".label(\"",
        ".weak(\"",
        ".small(\"",
        ".heading(\"",
        "on_hover_text(\"",
        "hint_text(\"",
        "Button::new(\"",
        "RichText::new(\"",
        "colored_label(WARN, \"",
        "colored_label(GOOD, \"",
        "message = Some(\"",
        "status = Some(\"",
    ];
    // Not words: the game's name, symbols and key names.
    let allowed = ["Tessera", "Ctrl+Z", "Ctrl+Y", "Ctrl+R"];
    let mut found = vec![];
    for (file, text) in sources() {
        for call in calls {
            for lit in literals_after(&text, call) {
                if lit.chars().any(|c| c.is_alphabetic()) && !allowed.contains(&lit) {
                    found.push(format!("{file}: {call}{lit}\""));
                }
            }
        }
    }
    assert!(found.is_empty(), "English on screen without the catalogue:\n{}", found.join("\n"));
}

#[test]
fn every_message_the_game_names_is_in_both_catalogues() {
    let en = ids(Lang::En);
    let pt = ids(Lang::PtBr);
    let mut named = vec![];
    for (file, text) in sources() {
        for call in ["tr.s(\"", "tr.f(\"", "Text::new(\""] {
            for id in literals_after(&text, call) {
                named.push((file.clone(), id.to_string()));
            }
        }
    }
    assert!(named.len() > 100, "{} messages named", named.len());
    // Ids the game builds: each step of the tutorial for each input.
    for step in ["move", "turn", "flip", "hint", "undo"] {
        for input in ["mouse", "touch", "pad", "keys"] {
            named.push(("tutorial.rs".into(), format!("tut-{step}-{input}")));
        }
    }
    let missing: Vec<_> = named
        .iter()
        .filter(|(_, id)| !en.contains(id) || !pt.contains(id))
        .map(|(f, id)| format!("{f}: {id}"))
        .collect();
    assert!(missing.is_empty(), "not in the catalogues: {missing:?}");
}

/// The words each family is named by (its title, its daily puzzles' title in the registry,
/// its lab's methods) are in both catalogues.
#[test]
fn every_familys_own_words_are_in_both_catalogues() {
    let (en, pt) = (ids(Lang::En), ids(Lang::PtBr));
    let mut missing = Vec::new();
    for pack in tessera::level::embedded_packs() {
        for level in &pack.levels {
            let f = &level.family;
            let daily = tessera::family::registry::daily_title(f.name()).unwrap_or("(no daily title)");
            let lab = level.offers().lab.map_or(&[][..], |l| l.methods());
            for id in [f.title(), daily].into_iter().chain(lab.iter().copied()) {
                if !en.iter().any(|x| x == id) || !pt.iter().any(|x| x == id) {
                    missing.push(format!("{}: {id}", f.name()));
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "not in the catalogues: {missing:?}");
}

#[test]
fn portuguese_is_not_english() {
    // A catalogue copied without translating would pass the checks above: most messages must
    // differ (names such as "Tangram" or "OK" may not).
    let en = tessera::support::i18n::Tr(Lang::En);
    let pt = tessera::support::i18n::Tr(Lang::PtBr);
    let all = ids(Lang::En);
    let same: Vec<_> = all.iter().filter(|id| en.s(id) == pt.s(id)).collect();
    assert!(same.len() * 10 < all.len(), "{} of {} the same: {same:?}", same.len(), all.len());
}
