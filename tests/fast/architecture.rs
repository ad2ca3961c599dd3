//! The shape of the house, held by tests: no file reaches itself through its imports, files
//! stay short enough to read, and only a family's own folder (and the drawing plugin it brings
//! to the game) may name a particular family. Everything else asks a level's
//! `Family` (its caps, judge, hint, watch, lab, solid, titles), so a new family touches its
//! folder, its lines in the family list, its drawing plugin, its level pack and its catalogue
//! lines. The families themselves are read from the code (`families`).
//!
//! What counts as naming a family:
//! * a path into a family's folder (`family::tangram`, `family::polyomino`, `family::tiles`);
//! * a family's own type (`Tangram`, `PolyLevel`, `TilesLevel`: what its folder implements
//!   `Family` for);
//! * in the game layer, the content, support and the packs, a family's name compared or
//!   matched as a string (`== "edge"`, `"tangram" =>`, `Some("polyomino")`,
//!   `family.name() ==`): the names are the level files' words, and only the registry reads
//!   them. (The core's other uses of
//!   these words name other things: the piece set "tangram", the `edge` command, the `edge`
//!   pack.)
//!
//! Files are read without their comments.

use std::path::{Path, PathBuf};

/// One family as the code says it: its folder under `src/family`, its own type (the one its
/// folder implements `Family` for), and the name level files give it (`FAMILIES` in
/// `src/family/mod.rs`). Read from the code, so a new family is guarded without a line here.
struct Known {
    module: String,
    ty: String,
    name: String,
}

fn families() -> &'static [Known] {
    static KNOWN: std::sync::OnceLock<Vec<Known>> = std::sync::OnceLock::new();
    KNOWN.get_or_init(read_families)
}

fn read_families() -> Vec<Known> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/family");
    let list = code_of(&std::fs::read_to_string(root.join("mod.rs")).unwrap());
    let list = &list[list.find("pub const FAMILIES").expect("the list of families")..];
    let list = &list[..list.find("];").unwrap()];
    let quoted = |line: &str| line.split('"').nth(1).map(String::from);
    let names: Vec<String> = list.lines().filter(|l| l.trim().starts_with("name:")).filter_map(quoted).collect();
    let parses: Vec<String> = list
        .lines()
        .filter_map(|l| l.trim().strip_prefix("parse:")?.trim().split("::").next().map(String::from))
        .collect();
    assert_eq!(names.len(), parses.len(), "each family in the list has a name and a reader");
    let mut found = Vec::new();
    for (name, module) in names.into_iter().zip(parses) {
        let mut files = Vec::new();
        rust_files(&root.join(&module), &mut files);
        let ty = files
            .iter()
            .find_map(|f| {
                let code = code_of(&std::fs::read_to_string(f).unwrap());
                let at = code.find("impl Family for ")? + "impl Family for ".len();
                Some(code[at..].split(|c: char| !is_word_char(c)).next()?.to_string())
            })
            .unwrap_or_else(|| panic!("no `impl Family for` in src/family/{module}"));
        found.push(Known { module, ty, name });
    }
    found
}

/// Files outside `src/family` that may name a family: the game's drawing plugins, each naming
/// one family only (its own), and the level writer, which hands each grid family's draft to
/// the editor.
const OWN_PLUGINS: &str = "src/game/draw/";
const EDITOR: &str = "src/content/editor.rs";

/// Where family names as strings are checked too: the game layer, the content, support and
/// the packs.
fn names_checked(path: &str) -> bool {
    ["src/game/", "src/content/", "src/support/", "src/level/"].iter().any(|f| path.starts_with(f))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The text without `//` comments (strings holding `//` are rare enough here not to matter:
/// a string cut short only hides words, it never adds any).
fn code_of(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The code with every string literal's contents taken out (`"..."` stays as `""`).
fn without_strings(code: &str) -> String {
    let (mut out, mut inside, mut escaped) = (String::new(), false, false);
    for c in code.chars() {
        match (inside, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, '"') => {
                inside = false;
                out.push(c);
            }
            (true, false, _) => {}
            (false, _, '"') => {
                inside = true;
                out.push(c);
            }
            (false, _, _) => out.push(c),
        }
    }
    out
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether `word` stands in `code` as a whole identifier.
fn has_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + word.len()..].chars().next();
        !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char)
    })
}

/// The ways a file names a family, each with the family's folder and what was found.
fn namings(path: &str, code: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let bare = without_strings(code);
    for f in families() {
        let mut saw = |what: String| found.push((f.module.clone(), what));
        if bare.contains(&format!("family::{}", f.module)) {
            saw(format!("the path `family::{}`", f.module));
        }
        if has_word(&bare, &f.ty) {
            saw(format!("the type `{}`", f.ty));
        }
        if names_checked(path) {
            let compact: String = code.split_whitespace().collect();
            let q = format!("\"{}\"", f.name);
            for pattern in [format!("=={q}"), format!("!={q}"), format!("{q}=>"), format!("Some({q})")] {
                if compact.contains(&pattern) {
                    saw(format!("the family name {q} compared or matched (`{pattern}`)"));
                }
            }
        }
    }
    if names_checked(path) {
        let compact: String = code.split_whitespace().collect();
        if compact.contains("family.name()==") || compact.contains("family.name(){") {
            found.push((String::new(), "a branch on `family.name()`".into()));
        }
    }
    found
}

#[test]
fn only_a_familys_own_files_name_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let rel = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        if rel.starts_with("src/family/") || rel == EDITOR {
            continue;
        }
        let found = namings(&rel, &code_of(&std::fs::read_to_string(&file).unwrap()));
        // A drawing plugin names its own family, and no other.
        let own = rel.starts_with(OWN_PLUGINS) && found.iter().all(|(m, _)| !m.is_empty() && *m == found[0].0);
        if !own {
            wrong.extend(found.into_iter().map(|(_, what)| format!("{rel} names a family: {what}")));
        }
    }
    assert!(wrong.is_empty(), "ask the level's family instead:\n{}", wrong.join("\n"));
}

/// The families are read from the code, and the list is whole: every folder of `src/family`
/// whose code implements `Family` is in `FAMILIES` (and no other), each with its own type and
/// name; and a drawing plugin that names two families is caught.
#[test]
fn the_families_are_read_from_the_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/family");
    let mut folders: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| {
            let path = e.ok()?.path();
            if !path.is_dir() {
                return None;
            }
            let mut files = Vec::new();
            rust_files(&path, &mut files);
            let implements =
                files.iter().any(|f| code_of(&std::fs::read_to_string(f).unwrap()).contains("impl Family for "));
            implements.then(|| path.file_name()?.to_str().map(String::from)).flatten()
        })
        .collect();
    folders.sort();
    let mut listed: Vec<String> = families().iter().map(|f| f.module.clone()).collect();
    listed.sort();
    assert_eq!(listed, folders, "FAMILIES lists each folder that implements `Family`");
    assert!(listed.len() >= 2, "{listed:?}");
    for pick in [|f: &Known| f.ty.clone(), |f: &Known| f.name.clone()] {
        let mut v: Vec<String> = families().iter().map(pick).collect();
        v.sort();
        v.dedup();
        assert_eq!(v.len(), families().len(), "each family has its own type and name");
    }
    let (a, b) = (&families()[0].ty, &families()[1].ty);
    let two = namings("src/game/draw/tiles.rs", &format!("fn f(t: &{a}, p: &{b}) {{}}"));
    assert!(two.len() == 2 && two[0].0 != two[1].0, "{two:?}");
}

/// The guard itself: it sees the namings it is meant to see, and not the core's other words.
#[test]
fn the_guard_sees_a_family_named() {
    let g = "src/game/board/placement.rs";
    assert!(!namings(g, "if level.family.name() == \"tangram\" { }").is_empty());
    assert!(!namings(g, "match name { \"edge\" => 1, _ => 0 }").is_empty());
    assert!(!namings(g, "let t = level.data::<crate::family::tiles::TilesLevel>();").is_empty());
    assert!(!namings("src/content/thumbnail.rs", "let p: &PolyLevel = x;").is_empty());
    assert!(namings(g, "let caps = level.caps(); let s = level.solid();").is_empty());
    assert!(namings("src/pieces/mod.rs", "\"tangram\" => Some(set)").is_empty(), "the piece set");
    assert!(namings(g, "let p = PolyLevelish;").is_empty(), "whole words only");
    assert!(namings("src/support/i18n.rs", "(\"family\", \"Tangram\".into())").is_empty(), "words in strings");
}

/// Files stay small enough to read whole: the interface's screens at most 400 lines, every
/// other file at most 700, but for a file that says at its top why it is longer (a line of
/// its opening comment starting `//! Long:`), and a reader can then judge the reason.
#[test]
fn files_stay_readable() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut long = Vec::new();
    for file in files {
        let rel = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(&file).unwrap();
        let lines = text.lines().count();
        let limit = if rel.starts_with("src/game/ui/") { 400 } else { 700 };
        if lines > limit && !says_why_long(&text) {
            long.push(format!("{rel}: {lines} lines (at most {limit}, or a `//! Long:` line saying why)"));
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
    assert!(says_why_long("//! Packing.\n//!\n//! Long: one story.\nuse x;\n"));
    assert!(!says_why_long("//! Packing.\nuse x;\n// Long: a comment further down.\n"));
}

/// One platform seam: what differs between the desktop and the browser is asked of
/// `src/platform` (and `main.rs`, whose browser entry the worker's script calls), never of the
/// target anywhere else; which solvers the build links is the build script's `cfg(c_solvers)`.
#[test]
fn the_browser_is_asked_of_the_platform_seam_alone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut leaks = Vec::new();
    for file in files {
        let rel = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        if rel.starts_with("src/platform/") || rel == "src/main.rs" {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for (i, line) in code.lines().enumerate() {
            if asks_the_target(line) {
                leaks.push(format!("{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(leaks.is_empty(), "ask crate::platform instead:\n{}", leaks.join("\n"));
    assert!(asks_the_target("    #[cfg(target_arch = \"wasm32\")]"));
    assert!(asks_the_target("let web = cfg!(any(unix, target_arch = \"wasm32\"));"));
    assert!(!asks_the_target("#[cfg(c_solvers)]"));
}

/// Whether a line of code asks whether it is built for the browser.
fn asks_the_target(line: &str) -> bool {
    line.contains("target_arch = \"wasm32\"") || line.contains("web_sys::") || line.contains("js_sys::")
}

/// Whether a file's opening comment has a line starting `//! Long:`.
fn says_why_long(text: &str) -> bool {
    text.lines().take_while(|l| l.starts_with("//!")).any(|l| l.starts_with("//! Long:"))
}

/// The lines of each function in a file's code (comments taken out): from its `fn` line to the
/// line that closes its body, braces counted.
fn function_lengths(code: &str) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let head = line.trim_start();
        let head = head.strip_prefix("pub ").or_else(|| head.strip_prefix("pub(crate) ")).unwrap_or(head);
        let head = head.strip_prefix("pub(super) ").unwrap_or(head);
        if !head.starts_with("fn ") {
            continue;
        }
        let mut depth = 0i32;
        let mut opened = false;
        for (j, l) in lines.iter().enumerate().skip(i) {
            depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
            opened |= l.contains('{');
            if (opened && depth <= 0) || (!opened && l.trim_end().ends_with(';')) {
                out.push((i + 1, j - i + 1));
                break;
            }
        }
    }
    out
}

/// The game layer stays thin: no function in `src/game` is over 80 lines (the rules of play
/// live in `play`, without Bevy).
#[test]
fn no_function_in_the_game_layer_is_over_80_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/game"), &mut files);
    let mut long = Vec::new();
    for file in files {
        let rel = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        let code = without_strings(&code_of(&std::fs::read_to_string(&file).unwrap()));
        for (line, n) in function_lengths(&code) {
            if n > 80 {
                long.push(format!("{rel}:{line}: a function of {n} lines"));
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
    // The count sees a long function.
    let body = "    x();\n".repeat(81);
    assert_eq!(function_lengths(&format!("fn long() {{\n{body}}}\n")), [(1, 83)]);
}

/// The module a source file is (`src/game/ui/hud.rs` is `game::ui::hud`; a `mod.rs` is its
/// folder's module; `lib.rs` and `main.rs` are the crate).
fn module_of(rel: &str) -> Vec<String> {
    let path = rel.trim_start_matches("src/").trim_end_matches(".rs");
    let mut parts: Vec<String> = path.split('/').map(String::from).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The file holding module `module`, if there is one.
fn file_of(root: &Path, module: &[String]) -> Option<String> {
    if module.is_empty() {
        return Some("src/lib.rs".into());
    }
    let base = format!("src/{}", module.join("/"));
    [format!("{base}.rs"), format!("{base}/mod.rs")].into_iter().find(|f| root.join(f).is_file())
}

/// The file a path names: the longest prefix of `module` + `path` that is a module's file.
fn target_of(root: &Path, module: &[String], path: &[&str]) -> Option<String> {
    let mut full: Vec<String> = module.to_vec();
    full.extend(path.iter().map(|s| s.to_string()));
    (1..=full.len()).rev().find_map(|n| file_of(root, &full[..n]))
}

/// Every path a file's code names from `crate::` or `super::`, each split into its words; a
/// `{a, b::c}` group gives one path per item. (A module naming its own children, as a folder's
/// `mod.rs` does, is how a folder is built, not an import across the house.)
fn paths_named(code: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let at_word = i == 0 || !(is_word_char(bytes[i - 1]) || bytes[i - 1] == ':');
        if !at_word || !(bytes[i].is_ascii_alphabetic() || bytes[i] == '_') {
            i += 1;
            continue;
        }
        // A run of `word::word::...`, maybe ending in a `{...}` group.
        let start = i;
        while i < bytes.len() && (is_word_char(bytes[i]) || bytes[i] == ':') {
            i += 1;
        }
        let run: String = bytes[start..i].iter().collect();
        let words: Vec<String> = run.split("::").filter(|w| !w.is_empty()).map(String::from).collect();
        let Some(first) = words.first() else { continue };
        if !(first == "crate" || first == "super") {
            continue;
        }
        if run.ends_with("::") && i < bytes.len() && bytes[i] == '{' {
            let mut depth = 0;
            let mut item = String::new();
            let mut items = Vec::new();
            while i < bytes.len() {
                let c = bytes[i];
                i += 1;
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => items.push(std::mem::take(&mut item)),
                    _ if depth == 1 && !c.is_whitespace() => item.push(c),
                    _ => {}
                }
            }
            items.push(item);
            for it in items.into_iter().filter(|s| !s.is_empty()) {
                let mut w = words.clone();
                w.extend(it.split("::").filter(|x| !x.is_empty() && *x != "self").map(String::from));
                out.push((first.clone(), w));
            }
        } else {
            out.push((first.clone(), words));
        }
    }
    out
}

/// Every file's imports of other files (test modules at a file's end left out).
fn import_graph(root: &Path) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut graph = std::collections::BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(&file).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        let code = without_strings(&code_of(text));
        let module = module_of(&rel);
        let mut edges = std::collections::BTreeSet::new();
        for (first, words) in paths_named(&code) {
            let (base, rest): (Vec<String>, &[String]) = match first.as_str() {
                "crate" => (Vec::new(), &words[1..]),
                "super" => {
                    let ups = words.iter().take_while(|w| *w == "super").count();
                    (module[..module.len().saturating_sub(ups)].to_vec(), &words[ups..])
                }
                _ => unreachable!("paths start at the crate or the parent"),
            };
            let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
            if let Some(target) = target_of(root, &base, &rest).filter(|t| *t != rel) {
                edges.insert(target);
            }
        }
        graph.insert(rel, edges);
    }
    graph
}

/// The layers, from the ground up, by the folder (or file) under `src`: a file imports from its
/// own layer or the ones below. The core's algorithms share a layer (a solver reads the pieces
/// and the budget, pieces ask a solver for hints), where the file graph has no circle.
const LAYERS: [&[&str]; 7] = [
    &["geom", "verify"],
    &["pieces", "format", "algebra", "solve", "polyform", "tiles", "support", "platform"],
    &["family"],
    &["level"],
    &["content", "play"],
    &["cli"],
    &["game"],
];

/// A file's layer (`None` for the crate's roots, `lib.rs` and `main.rs`, and the build script).
fn layer_of(rel: &str) -> Option<usize> {
    let top = rel.strip_prefix("src/")?.split('/').next()?.trim_end_matches(".rs");
    LAYERS.iter().position(|l| l.contains(&top))
}

/// Within the lower layer, the level file's data comes before what reads it: `format` (the
/// entry as written, an edge puzzle's RON form too) imports nothing of `tiles`, which reads it.
#[test]
fn the_formats_come_before_the_tiles() {
    let graph = import_graph(Path::new(env!("CARGO_MANIFEST_DIR")));
    let up: Vec<String> = graph
        .iter()
        .filter(|(file, _)| file.starts_with("src/format/"))
        .flat_map(|(file, targets)| {
            targets.iter().filter(|t| t.starts_with("src/tiles/")).map(move |t| format!("{file} -> {t}"))
        })
        .collect();
    assert!(up.is_empty(), "{}", up.join("\n"));
    assert!(graph.iter().any(|(f, t)| f.starts_with("src/tiles/") && t.iter().any(|t| t.starts_with("src/format/"))));
}

/// No import runs from a layer up to a higher one.
#[test]
fn no_import_runs_up_a_layer() {
    let graph = import_graph(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert_eq!(layer_of("src/family/polyomino/xmpuzzle.rs"), Some(2));
    assert_eq!(layer_of("src/format/entry.rs"), Some(1));
    let mut up = Vec::new();
    for (file, targets) in &graph {
        // The crate's roots, and the build script's (a program of its own, Cargo's `build`).
        let root = ["src/lib.rs", "src/main.rs", "src/build.rs"].contains(&file.as_str());
        assert!(root || layer_of(file).is_some(), "{file}: a folder in no layer (add it to LAYERS)");
        let Some(from) = layer_of(file) else { continue };
        for target in targets {
            if layer_of(target).is_some_and(|to| to > from) {
                up.push(format!("{file} -> {target}"));
            }
        }
    }
    assert!(up.is_empty(), "imports up a layer:\n{}", up.join("\n"));
}

/// No file reaches itself through its imports: each layer stands on the ones below it.
#[test]
fn no_file_imports_itself_round_a_circle() {
    let graph = import_graph(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(graph["src/game/board/placement.rs"].contains("src/game/shared.rs"), "the graph sees imports");
    // Depth-first search; a file met again while still on the path closes a circle.
    fn visit<'a>(
        f: &'a str,
        graph: &'a std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut std::collections::BTreeSet<&'a str>,
        circles: &mut Vec<String>,
    ) {
        if let Some(k) = path.iter().position(|p| *p == f) {
            circles.push(path[k..].iter().chain([&f]).copied().collect::<Vec<_>>().join(" -> "));
            return;
        }
        if !done.insert(f) {
            return;
        }
        path.push(f);
        for g in graph.get(f).into_iter().flatten() {
            visit(g, graph, path, done, circles);
        }
        path.pop();
    }
    let (mut done, mut circles) = (std::collections::BTreeSet::new(), Vec::new());
    for f in graph.keys() {
        visit(f, &graph, &mut Vec::new(), &mut done, &mut circles);
    }
    assert!(circles.is_empty(), "import circles:\n{}", circles.join("\n"));
}

/// The functions of `src/` over 80 lines (file, name, most lines): at most five, each an
/// algorithm that reads best as one piece. A listed function may shrink, never grow; one cut
/// to 80 lines or fewer leaves the list (the test says so), and no other joins it.
const LONG_FUNCTIONS: [(&str, &str, usize); 4] = [
    // The packer's command: the options' many combinations, in the order they are checked.
    ("src/cli/poly.rs", "pack_inner", 228),
    ("src/cli/tiles.rs", "solve_cmd", 191),
    // Algorithm 2's iteration, as the paper gives it.
    ("src/solve/sdp.rs", "run", 192),
    ("src/solve/sdp.rs", "solve", 109),
];

/// No function in `src/` is over 80 lines but those of [`LONG_FUNCTIONS`], each at most as
/// long as listed.
#[test]
fn no_function_in_src_is_over_80_lines_but_the_listed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut long = Vec::new();
    for file in files {
        let rel = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        let code = without_strings(&code_of(&std::fs::read_to_string(&file).unwrap()));
        let lines: Vec<&str> = code.lines().collect();
        for (line, n) in function_lengths(&code) {
            let name = lines[line - 1]
                .split("fn ")
                .nth(1)
                .unwrap_or("")
                .split(|c: char| !is_word_char(c))
                .next()
                .unwrap_or("");
            if n > 80 {
                long.push((rel.clone(), name.to_string(), n));
            }
        }
    }
    let listed = |f: &str, name: &str| LONG_FUNCTIONS.iter().find(|(g, m, _)| *g == f && *m == name).map(|l| l.2);
    let over: Vec<String> = long
        .iter()
        .filter(|(f, name, n)| listed(f, name).is_none_or(|most| *n > most))
        .map(|(f, name, n)| match listed(f, name) {
            Some(most) => format!("{f}: {name} has {n} lines, listed at {most}: it may only shrink"),
            None => format!("{f}: {name} has {n} lines (at most 80 unless listed)"),
        })
        .collect();
    assert!(over.is_empty(), "functions over 80 lines:\n{}", over.join("\n"));
    let cut: Vec<String> = LONG_FUNCTIONS
        .iter()
        .filter(|(f, name, _)| !long.iter().any(|(g, m, _)| g == f && m == name))
        .map(|(f, name, _)| format!("{f}: {name}"))
        .collect();
    assert!(cut.is_empty(), "no longer over 80 lines: take them off the list\n{}", cut.join("\n"));
    let shrunk: Vec<String> = LONG_FUNCTIONS
        .iter()
        .filter_map(|(f, name, most)| long.iter().find(|(g, m, _)| g == f && m == name).filter(|l| l.2 < *most))
        .map(|(f, name, n)| format!("(\"{f}\", \"{name}\", {n}),"))
        .collect();
    assert!(shrunk.is_empty(), "shorter than listed: write their new lengths\n{}", shrunk.join("\n"));
}
