//! `tessera verify FILE... [--json]`: the headless command and its contract.

use crate::common::cli::run;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/verify");

fn data(name: &str) -> String {
    format!("{DATA}/{name}")
}

#[test]
fn json_lines_in_order_with_the_contract_fields() {
    let files = [data("tangram_square.json"), data("tangram_square_partial.json"), data("tombstone_free.ron")];
    let (code, out, err) = run(&["verify", &files[0], &files[1], &files[2], "--json"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    for (line, file) in lines.iter().zip(&files) {
        assert_eq!(line["file"], file.as_str());
        for key in ["solved", "progress", "overlap", "holes", "contours"] {
            assert!(line.get(key).is_some(), "{key} missing in {line}");
        }
    }
    assert_eq!(lines[0]["solved"], true);
    assert_eq!(lines[0]["progress"], 1.0);
    assert_eq!(lines[1]["solved"], false);
    let p = lines[1]["progress"].as_f64().unwrap();
    assert!(p > 0.0 && p < 1.0);
    assert_eq!(lines[2]["solved"], true);
}

#[test]
fn every_malformed_file_is_named_with_its_problem_and_the_rest_still_judged() {
    let cases = [
        ("bad_unclosed.json", "not closed"),
        ("bad_self_intersecting.json", "self-intersecting"),
        ("bad_zero_area.json", "zero area"),
        ("bad_nan.ron", "NaN or infinite"),
        ("bad_infinite.ron", "NaN or infinite"),
        ("bad_types.json", "a point is two numbers"),
        ("bad_mode.json", "mode: expected"),
        ("bad_empty.json", "file is empty"),
        ("bad_syntax.ron", "Unexpected"),
        ("bad_arc.json", "centre is not equally far"),
        ("does_not_exist.json", "cannot read"),
    ];
    for (name, problem) in cases {
        let bad = data(name);
        let good = data("tangram_square.json");
        let (code, out, err) = run(&["verify", &bad, &good, "--json"]);
        assert_eq!(code, 2, "{name}");
        assert!(err.contains(&bad) && err.contains(problem), "{name}: stderr was {err}");
        let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 2, "{name}");
        assert_eq!(lines[0]["file"], bad.as_str());
        assert!(lines[0]["error"].as_str().unwrap().contains(problem));
        assert_eq!(lines[1]["solved"], true, "the good file after {name} is still judged");
    }
}

#[test]
fn human_output_and_usage_errors() {
    let (code, out, _) = run(&["verify", &data("tangram_square.json")]);
    assert_eq!(code, 0);
    assert!(out.contains("solved (progress 100%"), "{out}");
    let (code, _, err) = run(&["verify"]);
    assert_eq!(code, 2);
    assert!(err.contains("no FILE"));
    let (code, _, err) = run(&["verify", "--jsn", &data("tangram_square.json")]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown option"));
    let (code, _, err) = run(&["frobnicate"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown command"));
}

#[test]
fn check_levels_passes_the_shipped_packs_and_fails_bad_ones() {
    // The shipped packs once, as JSON: the levels tier of scripts/test runs the same command
    // in text (every level verified and solved, "0 failed", exit code 0).
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/levels");
    let (code, out, _) = run(&["check-levels", shipped, "--json"]);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(lines.len() >= 40);
    assert!(lines.iter().all(|l| l["solution_verifies"] == true && l["solver_solves"] == true));

    // A pack whose reference solution is wrong and whose figure cannot be built, and a broken pack.
    let dir = std::env::temp_dir().join(format!("tessera-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bad.ron"),
        r#"(name: "bad", levels: [
  (id: "anvil", name: "Anvil", pieces: "tangram", mode: anchored,
   target: [[(0,0),(3,0),(3,1),(2,1),(2,2),(4,2),(4,3),(0,3),(0,2),(1,2),(1,1),(0,1)]],
   solution: [(piece: 0, at: (0, 0))]),
])"#,
    )
    .unwrap();
    std::fs::write(dir.join("broken.ron"), "(name: \"x\", levels: [(id: ").unwrap();
    let (code, out, _) = run(&["check-levels", dir.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("broken.ron:1"), "{out}");
    assert!(out.contains("bad/anvil") && out.contains("does not verify"), "{out}");
    let (_, json, _) = {
        let dir2 = std::env::temp_dir().join(format!("tessera-check2-{}", std::process::id()));
        std::fs::create_dir_all(&dir2).unwrap();
        std::fs::write(
            dir2.join("bad.ron"),
            r#"(name: "bad", levels: [(id: "anvil", name: "Anvil", pieces: "tangram", mode: anchored,
   target: [[(0,0),(3,0),(3,1),(2,1),(2,2),(4,2),(4,3),(0,3),(0,2),(1,2),(1,1),(0,1)]])])"#,
        )
        .unwrap();
        let r = run(&["check-levels", dir2.to_str().unwrap(), "--json"]);
        std::fs::remove_dir_all(&dir2).unwrap();
        r
    };
    let line: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(line["solver_solves"], false);
    assert!(line["error"].as_str().unwrap().contains("no reference solution"), "{line}");
    assert!(out.contains("2 failed"), "{out}");
}
