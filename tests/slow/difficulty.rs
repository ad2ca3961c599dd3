//! The difficulty measure over every shipped pack (it counts solutions: a slow check).

use tessera::level::embedded_packs;

/// The stars every shipped level shows are the ones the difficulty measure gives, and every
/// shipped pack but a ladder lists its levels from the lowest score up (`examples/order_pack.rs`
/// writes both; `tessera levels --measure` prints them).
#[test]
fn every_shipped_pack_is_ordered_and_starred_by_the_measured_difficulty() {
    use tessera::content::difficulty::measure;
    let packs = embedded_packs();
    // The measure counts solutions: two threads share the packs.
    let problems: Vec<String> = std::thread::scope(|s| {
        let halves: Vec<_> = (0..2)
            .map(|t| {
                let packs = &packs;
                s.spawn(move || {
                    let mut problems = Vec::new();
                    for pack in packs.iter().skip(t).step_by(2) {
                        let m: Vec<_> = pack.levels.iter().map(measure).collect();
                        for (l, m) in pack.levels.iter().zip(&m) {
                            if l.difficulty != m.stars {
                                problems.push(format!(
                                    "{}/{}: {} stars typed, the measure gives {} (score {:.2})",
                                    pack.id, l.id, l.difficulty, m.stars, m.score
                                ));
                            }
                        }
                        // A ladder keeps its climbs' order: each rung is the one below and a piece.
                        let ordered = pack.ladder.is_none();
                        if let Some(k) = (1..m.len()).filter(|_| ordered).find(|&k| m[k].score < m[k - 1].score - 1e-9)
                        {
                            problems.push(format!("{}: {} comes after a harder level", pack.id, pack.levels[k].id));
                        }
                    }
                    problems
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    assert!(problems.is_empty(), "{problems:#?}");
}
