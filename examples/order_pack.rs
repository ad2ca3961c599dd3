//! Level-design tool: puts a pack's levels in the order of their measured difficulty and
//! writes the stars the measure gives (`content::difficulty`), so neither is typed by hand.
//!
//!   cargo run --no-default-features --release --example order_pack -- levels/animals.ron ...
//!
//! The file is rewritten in place: each level's block (from its `(` line to its `),` line, as
//! the pack generators write them) moves as a whole, and its `difficulty:` line is replaced.
//! Levels with equal scores keep their order, and a ladder (`ladder:`) keeps its own. It
//! prints each level's score and stars.

use tessera::content::difficulty::measure;

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let id = std::path::Path::new(&path).file_stem().and_then(|s| s.to_str()).unwrap_or("pack").to_string();
        let pack = tessera::level::parse_pack(&text, &path, &id).unwrap_or_else(|e| panic!("{e}"));
        let lines: Vec<&str> = text.lines().collect();
        let starts: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] == "        (").collect();
        let ends: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] == "        ),").collect();
        assert!(
            starts.len() == pack.levels.len() && ends.len() == pack.levels.len(),
            "{path}: {} levels but {} blocks written as the generators write them",
            pack.levels.len(),
            starts.len()
        );
        let mut blocks: Vec<(f64, usize, Vec<String>)> = pack
            .levels
            .iter()
            .enumerate()
            .map(|(k, level)| {
                let m = measure(level);
                println!("{id}/{:<28} score {:>6.2}  stars {}", level.id, m.score, m.stars);
                let block = lines[starts[k]..=ends[k]]
                    .iter()
                    .map(|l| {
                        if l.trim_start().starts_with("difficulty:") {
                            format!("            difficulty: {},", m.stars)
                        } else {
                            l.to_string()
                        }
                    })
                    .collect();
                (m.score, k, block)
            })
            .collect();
        // A ladder keeps its order (each rung is the one below and a piece): only its stars.
        if pack.ladder.is_none() {
            blocks.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap().then(a.1.cmp(&b.1)));
        }
        let mut out: Vec<String> = lines[..starts[0]].iter().map(|l| l.to_string()).collect();
        for (_, _, block) in blocks {
            out.extend(block);
        }
        out.extend(lines[ends[ends.len() - 1] + 1..].iter().map(|l| l.to_string()));
        std::fs::write(&path, out.join("\n") + "\n").unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
