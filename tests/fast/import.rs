//! SVG import: drawings of shipped levels, turned, scaled, y down, as polygons and paths in a
//! transformed group or in page coordinates, come back as the same figure; drawings that are
//! not the set's pieces are refused saying why.

use tessera::content::import::import_svg;
use tessera::geom::{pt, Motion, Pt};
use tessera::level::{embedded_packs, parse_pack, write_pack, Level};
use tessera::pieces::PieceSet;
use tessera::verify::{matching::find_motion, Target};

fn classic(id: &str) -> Level {
    let packs = embedded_packs();
    packs.iter().flat_map(|p| p.levels.iter()).find(|l| l.id == id).unwrap().clone()
}

/// The level's solution as SVG: in a group with `transform` (piece units inside, 4 decimals),
/// or in page coordinates (transformed here, 2 decimals).
fn drawing(level: &Level, in_group: bool, angle: f64) -> String {
    let m = Motion { mirror: false, angle, shift: pt(0.0, 0.0) };
    let mut body = String::new();
    for (i, rings) in level.place(&level.solution).iter().enumerate() {
        let pts: Vec<Pt> = rings[0].iter().map(|v| v.at).collect();
        let page = |p: Pt| {
            let q = m.apply(p);
            pt(300.0 + 40.0 * q.x, 200.0 - 40.0 * q.y)
        };
        let (pts, digits): (Vec<Pt>, usize) =
            if in_group { (pts, 4) } else { (pts.into_iter().map(page).collect(), 2) };
        let fmt = |p: &Pt| format!("{:.*},{:.*}", digits, p.x, digits, p.y);
        if i % 2 == 0 {
            let list: Vec<String> = pts.iter().map(fmt).collect();
            body += &format!("<polygon id=\"p{i}\" fill=\"#c33\" points=\"{}\"/>\n", list.join(" "));
        } else {
            let list: Vec<String> = pts.iter().map(|p| fmt(p).replace(',', " ")).collect();
            body += &format!("<path id=\"p{i}\" fill=\"#3c3\" d=\"M {} Z\"/>\n", list.join(" L "));
        }
    }
    let body = if in_group {
        format!("<g transform=\"translate(300 200) rotate({}) scale(40 -40)\">\n{body}</g>", -angle.to_degrees())
    } else {
        body
    };
    format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"400\">\n{body}</svg>\n")
}

fn same_figure(a: &Level, b: &Level) -> bool {
    let (ta, tb) = (Target::from_vertices(&a.target).unwrap(), Target::from_vertices(&b.target).unwrap());
    find_motion(&ta.contours, &tb.contours, false, 1e-3).is_some()
}

#[test]
fn drawings_of_shipped_levels_come_back_as_the_same_figure() {
    let set = PieceSet::builtin("tangram").unwrap();
    for (id, in_group, angle) in [
        ("arrow", true, 0.0),
        ("arrow", false, 0.5),
        ("rocket", true, 1.1),
        ("ship", false, -0.3),
        ("steps", false, 0.0),
    ] {
        let level = classic(id);
        let svg = drawing(&level, in_group, angle);
        let entry = import_svg(svg.as_bytes(), &set, "Imported").unwrap_or_else(|e| panic!("{id}: {e}\n{svg}"));
        let text = write_pack("Imported", std::slice::from_ref(&entry));
        let pack = parse_pack(&text, "imported.ron", "imported").unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        let back = &pack.levels[0];
        back.check_solution().unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        assert!(same_figure(&level, back), "{id} ({in_group}, {angle}): another figure\n{text}");
    }
}

#[test]
fn drawings_that_are_not_the_pieces_are_refused_with_the_reason() {
    let set = PieceSet::builtin("tangram").unwrap();
    let level = classic("arrow");
    let good = drawing(&level, false, 0.2);
    let cases = [
        ("not svg at all".to_string(), "not a readable SVG"),
        (good.replacen("<polygon", "<polygon display=\"none\"", 1), "has 6 filled polygon(s)"),
        // The first piece drawn a third bigger: the scale is then off for every piece.
        (
            good.replacen("<polygon id=\"p0\"", "<polygon id=\"p0\" transform=\"scale(1.3)\"", 1),
            "does not fit any piece",
        ),
        (
            good.replacen(
                "<path id=\"p1\" fill=\"#3c3\" d=\"M",
                "<path id=\"p1\" fill=\"#3c3\" d=\"M 0 0 Q 5 5 10 0 M",
                1,
            ),
            "curved",
        ),
    ];
    for (svg, why) in cases {
        let e = import_svg(svg.as_bytes(), &set, "x").expect_err(why);
        assert!(e.contains(why), "expected `{why}`, got `{e}`");
    }
}

/// The command writes a pack that `check-levels` accepts.
#[test]
fn the_import_command_writes_a_level_that_checks() {
    let bin = env!("CARGO_BIN_EXE_tessera");
    let dir = std::env::temp_dir().join(format!("tessera-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("rocket.svg");
    std::fs::write(&svg, drawing(&classic("rocket"), true, 0.7)).unwrap();
    let out_file = dir.join("rocket.ron");
    let out = std::process::Command::new(bin)
        .args(["import", svg.to_str().unwrap(), "--set", "tangram", "--out", out_file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::remove_file(&svg).unwrap();
    let check = std::process::Command::new(bin).args(["check-levels", dir.to_str().unwrap()]).output().unwrap();
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue P2b, items 1 and 8: a drawing nested 30,000 elements deep is refused with the reason
/// (the SVG reader would overflow its stack), a drawing inside 200 groups still imports, and
/// the command reads only regular files, through the bounded reader.
#[test]
fn deeply_nested_drawings_and_special_files_are_refused() {
    let set = PieceSet::builtin("tangram").unwrap();
    let level = classic("arrow");
    let good = drawing(&level, false, 0.2);
    let (head, body) = good.split_at(good.find('>').unwrap() + 1);
    let wrapped = |tag: &str, n: usize| {
        let tail = &body[..body.rfind("</svg>").unwrap()];
        format!("{head}{}{tail}{}</svg>", format!("<{tag}>").repeat(n), format!("</{tag}>").repeat(n))
    };
    assert!(import_svg(wrapped("g", 200).as_bytes(), &set, "x").is_ok());
    for tag in ["g", "a"] {
        let e = import_svg(wrapped(tag, 30_000).as_bytes(), &set, "x").unwrap_err();
        assert!(e.contains("nested 30001 deep"), "{e}");
    }
    let bin = env!("CARGO_BIN_EXE_tessera");
    let never = std::env::temp_dir().join(format!("tessera-zero-{}.ron", std::process::id()));
    let out = std::process::Command::new(bin)
        .args(["import", "/dev/zero", "--set", "tangram", "--out", never.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!never.exists());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not a regular file"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Issue P2b, item 9: a piece drawn as one path of 300,000 segments (each side cut into
/// 100,000 straight pieces, in page coordinates) is the same piece: its straight-through
/// points go in one pass (the old pass removed them one at a time, in quadratic time, and
/// took the corners between tiny segments for straight ones too).
#[test]
fn a_piece_drawn_with_hundreds_of_thousands_of_segments_imports() {
    let set = PieceSet::builtin("tangram").unwrap();
    let level = classic("arrow");
    let svg = drawing(&level, false, 0.3);
    let start = svg.find("<polygon id=\"p0\"").unwrap();
    let end = start + svg[start..].find("/>").unwrap() + 2;
    let points = svg[start..end].split("points=\"").nth(1).unwrap().split('"').next().unwrap();
    let corners: Vec<(f64, f64)> = points
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let per_side = 100_000;
    let mut fine = Vec::new();
    for (i, &(x0, y0)) in corners.iter().enumerate() {
        let (x1, y1) = corners[(i + 1) % corners.len()];
        for k in 0..per_side {
            let t = k as f64 / per_side as f64;
            fine.push(format!("{:.5},{:.5}", x0 + (x1 - x0) * t, y0 + (y1 - y0) * t));
        }
    }
    let piece = format!("<polygon id=\"p0\" fill=\"#c33\" points=\"{}\"/>", fine.join(" "));
    let big = format!("{}{piece}{}", &svg[..start], &svg[end..]);
    assert!(big.len() > 3_000_000);
    let entry = import_svg(big.as_bytes(), &set, "Fine").unwrap_or_else(|e| panic!("{e}"));
    let plain = import_svg(svg.as_bytes(), &set, "Plain").unwrap();
    let text = write_pack("Imported", &[entry, plain]);
    let pack = parse_pack(&text, "imported.ron", "imported").unwrap();
    assert!(same_figure(&pack.levels[0], &pack.levels[1]), "{text}");
    assert!(same_figure(&pack.levels[0], &level));
}

/// Found by fuzzing: a path holding a number past single precision (here 40 digits) made the
/// SVG reader's arc conversion run for minutes. Numbers beyond ±1e15 in the geometry are
/// refused, saying which attribute; hex colours and ordinary drawings are untouched.
#[test]
fn numbers_too_large_to_draw_are_refused_before_reading() {
    let set = PieceSet::builtin("tpuzzle").unwrap();
    let huge = "7".repeat(40);
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><path fill="#3c3" d="M 271.7 228.1 L {huge} 1 A271.72,171.22 300.00 1 0 200 10 Z"/></svg>"##
    );
    let e = import_svg(svg.as_bytes(), &set, "x").unwrap_err();
    assert!(e.contains("attribute `d` holds the number 77777777777777777777… (40 characters)"), "{e}");
    let e =
        import_svg(br#"<svg xmlns="http://www.w3.org/2000/svg"><polygon points="0,0 1e16,0 0,1"/></svg>"#, &set, "x")
            .unwrap_err();
    assert!(e.contains("`points` holds the number 1e16"), "{e}");
    // A colour's hex digits are not geometry; the shipped drawing still imports.
    let level = classic("arrow");
    let good = drawing(&level, false, 0.2).replace("#c33", "#1e20ff");
    assert!(import_svg(good.as_bytes(), &PieceSet::builtin("tangram").unwrap(), "x").is_ok());
}
