//! Solutions as one line of text, the way Lang's JPuzzle writes them and PuzzleShow reads
//! them: `X Y Z CHARS`, the box's sides, then one character per cell of the box, x fastest,
//! then y, then z: a letter for the part covering the cell, `_` for a cell that is not on the
//! board. A flat board has Z = 1.

use super::pack::{Board, Solution};
use super::Cell;

/// One letter per part: the parts' own names when each is one distinct letter (the built-in
/// sets' F, I, L…), else A, B, C… in order (then a, b, c…, then digits).
pub fn letters(names: &[&str]) -> Vec<char> {
    let own: Vec<char> = names.iter().filter_map(|n| n.chars().next().filter(|_| n.chars().count() == 1)).collect();
    let distinct = own.len() == names.len()
        && own.iter().all(|c| c.is_ascii_alphanumeric())
        && own.iter().enumerate().all(|(i, c)| !own[..i].contains(c));
    if distinct {
        return own;
    }
    ('A'..='Z').chain('a'..='z').chain('0'..='9').cycle().take(names.len()).collect()
}

/// The line for a solution on `board`.
pub fn write(board: &Board, sol: &Solution, letters: &[char]) -> String {
    let e = board.extent();
    let mut owner = std::collections::HashMap::new();
    for (p, cells) in sol {
        for c in cells {
            owner.insert(*c, letters.get(*p).copied().unwrap_or('?'));
        }
    }
    let mut chars = String::with_capacity((e[0] * e[1] * e[2]) as usize);
    for z in 0..e[2] {
        for y in 0..e[1] {
            for x in 0..e[0] {
                chars.push(owner.get(&[x, y, z]).copied().unwrap_or('_'));
            }
        }
    }
    format!("{} {} {} {chars}", e[0], e[1], e[2])
}

/// Most cells a line may describe.
pub const MAX_LINE_CELLS: i64 = 4096;

/// Reads a line back: the board (the cells not marked `_`) and the parts, one per letter in
/// the order they first appear.
pub fn read(line: &str) -> Result<(Board, Solution, Vec<char>), String> {
    let mut it = line.split_whitespace();
    let mut side = |name: &str| -> Result<i32, String> {
        let t = it.next().ok_or(format!("a line is `X Y Z CHARS`: {name} is missing"))?;
        t.parse::<i32>()
            .ok()
            .filter(|v| (1..=MAX_LINE_CELLS as i32).contains(v))
            .ok_or(format!("{name} is `{t}`: a side is a whole number from 1 to {MAX_LINE_CELLS}"))
    };
    let (x, y, z) = (side("X")?, side("Y")?, side("Z")?);
    let n = x as i64 * y as i64 * z as i64;
    if n > MAX_LINE_CELLS {
        return Err(format!("a {x} x {y} x {z} box has more than {MAX_LINE_CELLS} cells"));
    }
    let chars: Vec<char> = it.flat_map(|t| t.chars()).collect();
    if chars.len() as i64 != n {
        return Err(format!("a {x} x {y} x {z} box needs {n} characters, the line has {}", chars.len()));
    }
    let mut letters: Vec<char> = Vec::new();
    let mut parts: Vec<Vec<Cell>> = Vec::new();
    let mut cells = Vec::new();
    for (i, ch) in chars.iter().enumerate() {
        let i = i as i32;
        let c = [i % x, (i / x) % y, i / (x * y)];
        if *ch == '_' {
            continue;
        }
        cells.push(c);
        match letters.iter().position(|l| l == ch) {
            Some(k) => parts[k].push(c),
            None => {
                letters.push(*ch);
                parts.push(vec![c]);
            }
        }
    }
    let dim = if z > 1 { 3 } else { 2 };
    let board = Board::from_cells(dim, cells)?;
    // `from_cells` moves the board to start at 0; move the parts the same way.
    let lo = super::lowest(parts.iter().flatten());
    let sol = parts
        .into_iter()
        .enumerate()
        .map(|(k, cs)| (k, cs.into_iter().map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]]).collect()))
        .collect();
    Ok((board, sol, letters))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written() {
        let board = Board::boxed(2, 2, 2).unwrap();
        let sol: Solution = vec![
            (0, vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]),
            (1, vec![[1, 1, 0], [1, 0, 1], [0, 1, 1], [1, 1, 1]]),
        ];
        let line = write(&board, &sol, &['P', 'Q']);
        assert_eq!(line, "2 2 2 PPPQPQQQ");
        let (b, s, l) = read(&line).unwrap();
        assert_eq!((b, l), (board, vec!['P', 'Q']));
        let sorted = |mut v: Solution| {
            v.iter_mut().for_each(|(_, c)| c.sort());
            v
        };
        assert_eq!(sorted(s), sorted(sol));
        assert!(read("2 2 2 PPP").unwrap_err().contains("needs 8 characters"));
        assert!(read("2 x 2 P").unwrap_err().contains("Y is `x`"));
        assert_eq!(letters(&["F", "I"]), vec!['F', 'I']);
        assert_eq!(letters(&["#1", "#2", "#3"]), vec!['A', 'B', 'C']);
    }
}
