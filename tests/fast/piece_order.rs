//! A piece list's order of sides is a fact or a stated guess, never a silent one (P1b, fifth
//! sweep): lists written north south west east were read north east south west wherever the
//! corners and the rim could not tell, and `edge solve --rotate` answered such a solvable list
//! `"solved": false, "complete": true`.

use proptest::prelude::*;
use tessera::cli::tiles::run;

/// A solved board of `cols x rows` with `colours` inner colours (the frame is 0), each tile's
/// sides N E S W, shuffled and each turned by the draw.
fn solved_list(cols: usize, rows: usize, colours: u16, draw: &[u16]) -> Vec<[u16; 4]> {
    let mut k = 0;
    let mut next = |m: u16| {
        k += 1;
        draw[k % draw.len()] % m
    };
    // Colours of the sides between cells: east of (x, y), south of (x, y).
    let east: Vec<u16> = (0..cols * rows).map(|_| 1 + next(colours)).collect();
    let south: Vec<u16> = (0..cols * rows).map(|_| 1 + next(colours)).collect();
    let mut tiles = Vec::new();
    for y in 0..rows {
        for x in 0..cols {
            let at = y * cols + x;
            let n = if y == 0 { 0 } else { south[at - cols] };
            let w = if x == 0 { 0 } else { east[at - 1] };
            let e = if x + 1 == cols { 0 } else { east[at] };
            let s = if y + 1 == rows { 0 } else { south[at] };
            let t = [n, e, s, w];
            let r = next(4) as usize;
            tiles.push([t[r % 4], t[(r + 1) % 4], t[(r + 2) % 4], t[(r + 3) % 4]]);
        }
    }
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, next(i as u16 + 1) as usize);
    }
    tiles
}

fn written(cols: usize, rows: usize, tiles: &[[u16; 4]], nswe: bool) -> String {
    let mut text = format!("{cols} {rows}\n");
    for t in tiles {
        let t = if nswe { [t[0], t[2], t[3], t[1]] } else { *t };
        text += &format!("{} {} {} {}\n", t[0], t[1], t[2], t[3]);
    }
    text
}

fn solve(text: &str, extra: &[&str], tag: &str) -> serde_json::Value {
    let f = std::env::temp_dir().join(format!("tessera-order-{}-{tag}.txt", std::process::id()));
    std::fs::write(&f, text).unwrap();
    let mut args: Vec<String> = ["solve", f.to_str().unwrap(), "--rotate", "--json", "--timeout-ms", "0"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(&args, &mut out, &mut err);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    serde_json::from_slice(&out).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Random solvable lists in both orders: every answer is solved (by one reading or the
    /// other), and none says unsolvable-and-complete. Where the reader says the order is known,
    /// it is the order written.
    #[test]
    fn no_solvable_list_is_proved_unsolvable(
        cols in 2usize..=4, rows in 2usize..=3, colours in 1u16..=3, nswe: bool,
        draw in proptest::collection::vec(any::<u16>(), 64),
    ) {
        let tiles = solved_list(cols, rows, colours, &draw);
        let text = written(cols, rows, &tiles, nswe);
        let v = solve(&text, &[], "prop");
        prop_assert!(v["solved"] == true, "{text}\n{v}");
        if v["order_known"] == true {
            prop_assert_eq!(v["order"].as_str(), Some(if nswe { "nswe" } else { "nesw" }), "{}", text);
        }
    }
}

/// A list the corners cannot tell and the rim cannot either, written north south west east:
/// read as a guess, both readings are tried, and the solved one is answered with its order.
/// Given the wrong order, the answer is a proof for that order alone.
#[test]
fn a_guessed_order_tries_both_readings() {
    // Small boards of two colours, written north south west east, until one whose corners and
    // rim cannot tell the order and whose first reading has no solution.
    let mut found = None;
    'search: for (cols, rows) in [(3, 3), (4, 3), (3, 2), (4, 4)] {
        for seed in 0..600u64 {
            let draw: Vec<u16> =
                (0..64u64).map(|k| ((k * 7919 + seed * 104_729 + cols as u64) % 65_521) as u16).collect();
            let text = written(cols, rows, &solved_list(cols, rows, 2, &draw), true);
            if tessera::tiles::read(&text, true).unwrap().known.is_known() {
                continue;
            }
            let v = solve(&text, &["--order", "nesw"], "given");
            if v["solved"] == false && v["complete"] == true {
                found = Some(text);
                break 'search;
            }
        }
    }
    let text = found.expect("a list whose first reading has no solution and whose order nothing tells");
    let v = solve(&text, &[], "guess");
    assert_eq!(
        (v["solved"].as_bool(), v["order"].as_str(), v["order_known"].as_bool()),
        (Some(true), Some("nswe"), Some(false)),
        "{v}"
    );
    assert_eq!(v["order_by"], "guessed");
    let v = solve(&format!("order nswe\n{text}"), &[], "line");
    assert_eq!(
        (v["solved"].as_bool(), v["order_known"].as_bool(), v["order_by"].as_str()),
        (Some(true), Some(true), Some("given")),
        "{v}"
    );
}

/// The reader says how it knows, and a list's `order` line must agree with `--order`.
#[test]
fn the_reader_says_how_it_knows() {
    use tessera::tiles::{read, read_as, Known, Order};
    // A corner written with its frame sides at places 0 and 2: only north south west east
    // makes them neighbours.
    let nswe = "2 2\n0 1 0 2\n0 2 1 0\n1 0 0 2\n2 0 1 0\n";
    assert_eq!(read(nswe, true).map(|r| (r.order, r.known)), Ok((Order::Nswe, Known::Corners)));
    let r = read_as(nswe, true, Some(Order::Nswe)).unwrap();
    assert_eq!((r.known, r.other()), (Known::Given, None));
    let e = read_as(&format!("order nesw\n{nswe}"), true, Some(Order::Nswe)).unwrap_err();
    assert!(e.contains("line 1") && e.contains("order nesw"), "{e}");
    assert!(read("order up\n2 2 0 1 1 0", true).unwrap_err().contains("nesw or nswe"));
}
