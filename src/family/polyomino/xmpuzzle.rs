//! BurrTools' puzzle files (`.xmpuzzle`), read and written: how polycube designers exchange
//! their puzzles.
//!
//! The file is XML, usually gzip-compressed. Under `<puzzle>`: `<gridType type="0"/>` (0 is
//! the grid of cubes; 1, triangular prisms, is read when everything lies in one layer:
//! [`super::prisms`]; the others are refused naming the grid), `<shapes>` with one `<voxel x y z>` per shape
//! (its text holds one character per cell of the x by y by z box, cell (x, y, z) at
//! x + X (y + Y z): `_` empty, `#` filled, `+` variable, each optionally followed by a colour
//! number), and `<problems>`: each `<problem name>` lists its pieces as
//! `<shape id count>` (or `min` and `max`) under `<shapes>`, and the shape to assemble as
//! `<result id>`. A result's variable cells may stay empty: they become optional cells.
//! Colours (`<colors>`, one `<color>` each; a cell's colour number follows its character, 0 or
//! none the default) constrain a problem whose pieces and result both have some: a problem's
//! `<bitmap>` lists the `<pair piece result>`s allowed (numbered from 0 for colour 1), and a
//! level keeps them as its board's colours and colour rules ([`crate::polyform::colour`]).
//! `maxHoles` is honoured when it allows every variable cell to stay empty, and refused
//! otherwise. Groups (which pieces may come apart together) only matter
//! for taking a puzzle apart and are not read.
//!
//! Each problem becomes a polyomino level when the result and every piece lie in one layer
//! (turned into the plane; BurrTools turns such pieces over in space, which in the plane is
//! a mirror image, as Tessera's flat parts do), else a polycube level.

use crate::format::entry::{Entry, RawBoard};
use crate::format::Node;
use crate::polyform::colour::MAX_COLOUR;
use crate::polyform::grid::Grid;
use crate::polyform::{format_part, normalize, Cell};
use std::io::{Read, Write};

/// BurrTools' grid of cubes (`gridType` 0).
pub const CUBES: u64 = 0;
/// BurrTools' grid of triangular prisms (`gridType` 1): triangles stacked in layers. Read and
/// written when everything lies in one layer, as polyiamonds ([`super::prisms`]).
pub const PRISMS: u64 = 1;
/// BurrTools' grids by their `gridType` number, as its interface names them.
const GRIDS: [&str; 5] = ["cubes", "triangular prisms", "spheres", "rhombic tetrahedra", "tetrahedra and octahedra"];

/// Most bytes a file may come to once decompressed.
pub const MAX_XML_BYTES: u64 = 64 << 20;
/// Most cells of one shape's box (X Y Z).
pub const MAX_SHAPE_CELLS: usize = 1 << 20;
/// Most XML nodes read.
const MAX_NODES: u32 = 2_000_000;
/// Deepest nesting of elements, and most attributes on one element (BurrTools writes five
/// levels and at most a handful of attributes). Checked on the text before the XML reader
/// sees it: 20,000 levels overflowed its stack, and 500,000 attributes on one element took it
/// minutes (it compares each with those before).
const MAX_DEPTH: usize = 64;
const MAX_ATTRIBUTES: usize = 64;

/// One shape: its name, its box, and its cells that are not empty.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub name: String,
    pub size: [usize; 3],
    pub cells: Vec<Voxel>,
}

/// A cell of a shape that is not empty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Voxel {
    pub at: Cell,
    /// BurrTools' variable cell (`+`): in a result, it may stay empty.
    pub variable: bool,
    /// 0 is the default colour, which fits anywhere.
    pub colour: u32,
}

/// A problem's piece: a shape, used from `min` to `max` times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Part {
    pub shape: usize,
    pub min: u32,
    pub max: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub name: String,
    pub parts: Vec<Part>,
    pub result: Option<usize>,
    /// At most this many variable cells of the result stay empty.
    pub max_holes: Option<u64>,
    /// The `(piece colour, result colour)` pairs allowed (`<pair>`s under `<bitmap>`), numbered
    /// as the cells' colours (from 1).
    pub rules: Vec<(u32, u32)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// BurrTools' grid: [`CUBES`] or [`PRISMS`].
    pub grid: u64,
    /// How many colours `<colors>` defines (the cells' colours 1 to this).
    pub colours: u32,
    pub shapes: Vec<Shape>,
    pub problems: Vec<Problem>,
}

/// Reads a puzzle file, gzip-compressed or plain.
pub fn read(data: &[u8]) -> Result<Puzzle, String> {
    let xml = if data.starts_with(&[0x1f, 0x8b]) {
        // Every member of the gzip stream (a file may be several, one after the other); bytes
        // after the last that do not start another are damage.
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(data)
            .take(MAX_XML_BYTES + 1)
            .read_to_end(&mut out)
            .map_err(|e| format!("the gzip data is damaged: {e}"))?;
        if out.len() as u64 > MAX_XML_BYTES {
            return Err(format!("it decompresses to more than {} MiB", MAX_XML_BYTES >> 20));
        }
        out
    } else {
        data.to_vec()
    };
    // BurrTools writes names as the system's 8-bit text does ("Götz" in Latin-1, one byte for
    // the ö): text that is not UTF-8 is read as Latin-1, in which every byte is a character
    // (a file of neither is then refused as not XML).
    let text: std::borrow::Cow<str> = match std::str::from_utf8(&xml) {
        Ok(text) => text.into(),
        Err(_) => xml.iter().map(|&b| b as char).collect::<String>().into(),
    };
    let text = &*text;
    markup_within_limits(text)?;
    let opts = roxmltree::ParsingOptions { allow_dtd: false, nodes_limit: MAX_NODES };
    let doc = roxmltree::Document::parse_with_options(text, opts).map_err(|e| format!("it is not XML: {e}"))?;
    let root = doc.root_element();
    if root.tag_name().name() != "puzzle" {
        return Err(format!("it is not a BurrTools puzzle: its root element is <{}>", root.tag_name().name()));
    }
    let grid = match child(root, "gridType") {
        Some(g) => number(g, "type", "gridType")?.unwrap_or(0),
        None => 0,
    };
    if grid != CUBES && grid != PRISMS {
        let name = GRIDS.get(grid as usize).map_or(String::new(), |n| format!(" ({n})"));
        return Err(format!(
            "its grid is of type {grid}{name}: only the grids of cubes (type 0) and of triangular prisms (type 1) are read"
        ));
    }
    let colours = child(root, "colors").map_or(0, |c| c.children().filter(|c| c.has_tag_name("color")).count());
    let colours = colours.min(u32::MAX as usize) as u32;
    let mut shapes = Vec::new();
    if let Some(list) = child(root, "shapes") {
        for (k, v) in list.children().filter(|c| c.has_tag_name("voxel")).enumerate() {
            shapes.push(shape(v).map_err(|e| format!("shape {}: {e}", k + 1))?);
        }
    }
    let mut problems = Vec::new();
    if let Some(list) = child(root, "problems") {
        for (k, p) in list.children().filter(|c| c.has_tag_name("problem")).enumerate() {
            problems.push(problem(p, shapes.len()).map_err(|e| format!("problem {}: {e}", k + 1))?);
        }
    }
    if problems.is_empty() {
        return Err("it holds no problem".into());
    }
    Ok(Puzzle { grid, colours, shapes, problems })
}

/// Walks the markup once, without reading it, to refuse nesting deeper than [`MAX_DEPTH`] and an
/// element with more than [`MAX_ATTRIBUTES`] attributes. Comments, CDATA sections and
/// processing instructions are skipped whole; quoted values may hold `>` and `/`.
fn markup_within_limits(text: &str) -> Result<(), String> {
    let b = text.as_bytes();
    let find = |from: usize, what: &str| text[from..].find(what).map(|k| from + k + what.len());
    let (mut depth, mut i) = (0usize, 0usize);
    while let Some(k) = text[i..].find('<') {
        let at = i + k;
        let rest = &text[at..];
        // Where the markup that starts here ends (just past it), or the end of the text.
        i = if rest.starts_with("<!--") {
            find(at, "-->")
        } else if rest.starts_with("<![CDATA[") {
            find(at, "]]>")
        } else if rest.starts_with("<?") {
            find(at, "?>")
        } else if rest.starts_with("</") {
            depth = depth.saturating_sub(1);
            find(at, ">")
        } else if rest.starts_with("<!") {
            find(at, ">")
        } else {
            // A start tag: up to its `>` outside quotes, counting its `=` signs.
            let (mut quote, mut attributes, mut j) = (None, 0, at + 1);
            while j < b.len() && (quote.is_some() || b[j] != b'>') {
                match (quote, b[j]) {
                    (None, q @ (b'"' | b'\'')) => quote = Some(q),
                    (Some(q), c) if c == q => quote = None,
                    (None, b'=') => attributes += 1,
                    _ => {}
                }
                j += 1;
            }
            if attributes > MAX_ATTRIBUTES {
                return Err(format!("an element has {attributes} attributes, more than {MAX_ATTRIBUTES}"));
            }
            if b[j.min(b.len()) - 1] != b'/' {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(format!("its elements nest more than {MAX_DEPTH} deep"));
                }
            }
            Some(j + 1)
        }
        .unwrap_or(b.len())
        .min(b.len());
    }
    Ok(())
}

/// The first child element named `name`.
fn child<'a, 'i>(n: roxmltree::Node<'a, 'i>, name: &str) -> Option<roxmltree::Node<'a, 'i>> {
    n.children().find(|c| c.has_tag_name(name))
}

/// A whole-number attribute, if given.
fn number(n: roxmltree::Node<'_, '_>, attr: &str, what: &str) -> Result<Option<u64>, String> {
    n.attribute(attr)
        .map(|v| {
            v.trim().parse::<u64>().map_err(|_| format!("<{what}> has {attr}=\"{}\": not a whole number", excerpt(v)))
        })
        .transpose()
}

/// A short, printable excerpt of text from the file.
fn excerpt(s: &str) -> String {
    let mut out: String = s.chars().filter(|c| !c.is_control()).take(24).collect();
    if s.chars().count() > 24 {
        out.push('…');
    }
    out
}

fn shape(v: roxmltree::Node<'_, '_>) -> Result<Shape, String> {
    let side = |a: &str| -> Result<usize, String> {
        match number(v, a, "voxel")? {
            Some(k) if (1..=4096).contains(&k) => Ok(k as usize),
            Some(k) => Err(format!("its side {a} is {k}: sides are 1 to 4096")),
            None => Err(format!("<voxel> has no `{a}`")),
        }
    };
    let size = [side("x")?, side("y")?, side("z")?];
    let total = size[0] * size[1] * size[2];
    if total > MAX_SHAPE_CELLS {
        return Err(format!("its box of {total} cells is larger than {MAX_SHAPE_CELLS}"));
    }
    let text = v.text().unwrap_or("");
    let mut cells = Vec::new();
    let mut index = 0usize;
    let mut chars = text.chars().filter(|c| !c.is_whitespace()).peekable();
    while let Some(c) = chars.next() {
        let variable = match c {
            '_' => None,
            '#' => Some(false),
            '+' => Some(true),
            other => return Err(format!("`{}` is not a cell (`_`, `#` or `+`)", other.escape_default())),
        };
        let mut colour = 0u32;
        while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
            colour = colour.saturating_mul(10).saturating_add(d);
            chars.next();
        }
        if index >= total {
            return Err(format!("it lists more than the {total} cells of its box"));
        }
        if let Some(variable) = variable {
            let (x, y, z) = (index % size[0], index / size[0] % size[1], index / (size[0] * size[1]));
            cells.push(Voxel { at: [x as i32, y as i32, z as i32], variable, colour });
        }
        index += 1;
    }
    if index != total {
        return Err(format!(
            "it lists {index} cells, but its box of {} x {} x {} has {total}",
            size[0], size[1], size[2]
        ));
    }
    let name = v.attribute("name").unwrap_or("").to_string();
    Ok(Shape { name, size, cells })
}

fn problem(p: roxmltree::Node<'_, '_>, shapes: usize) -> Result<Problem, String> {
    let mut parts = Vec::new();
    let mut result = None;
    let mut rules = Vec::new();
    for c in p.children().filter(|c| c.is_element()) {
        match c.tag_name().name() {
            "shapes" => {
                for s in c.children().filter(|s| s.has_tag_name("shape")) {
                    let id = number(s, "id", "shape")?.ok_or("a <shape> has no `id`")?;
                    if id as usize >= shapes {
                        return Err(format!("a piece names shape {id}, but the file has {shapes} shapes"));
                    }
                    let count = |a| number(s, a, "shape").map(|k| k.map(|k| k.min(u32::MAX as u64) as u32));
                    let (min, max) = match (count("count")?, count("min")?, count("max")?) {
                        (Some(k), _, _) => (k, k),
                        (None, Some(lo), Some(hi)) if lo <= hi => (lo, hi),
                        (None, Some(_), Some(_)) => return Err(format!("shape {id} has min above max")),
                        _ => (1, 1),
                    };
                    parts.push(Part { shape: id as usize, min, max });
                }
            }
            "result" => {
                let id = number(c, "id", "result")?.ok_or("<result> has no `id`")?;
                if id as usize >= shapes {
                    return Err(format!("its result names shape {id}, but the file has {shapes} shapes"));
                }
                result = Some(id as usize);
            }
            "bitmap" => {
                for pair in c.children().filter(|p| p.has_tag_name("pair")) {
                    let side = |a| -> Result<u32, String> {
                        match number(pair, a, "pair")? {
                            Some(k) if k < u64::from(MAX_COLOUR) => Ok(k as u32 + 1),
                            Some(k) => Err(format!("a colour rule names colour {}: at most {MAX_COLOUR}", k + 1)),
                            None => Err(format!("a <pair> has no `{a}`")),
                        }
                    };
                    rules.push((side("piece")?, side("result")?));
                }
            }
            _ => {}
        }
    }
    Ok(Problem {
        name: p.attribute("name").unwrap_or("").to_string(),
        parts,
        result,
        max_holes: number(p, "maxHoles", "problem")?,
        rules,
    })
}

/// One level per problem, each named from the problem (or from `title` and its number when
/// it has no name); a problem that cannot become a level gives its reason instead.
pub fn levels(puzzle: &Puzzle, title: &str) -> Vec<Result<Entry, String>> {
    let mut taken: Vec<String> = Vec::new();
    (0..puzzle.problems.len())
        .map(|k| {
            let mut e = level(puzzle, k)?;
            let p = &puzzle.problems[k];
            let name = p.name.trim();
            e.name = if name.is_empty() { format!("{title}, problem {}", k + 1) } else { excerpt_name(name) };
            let id = crate::format::entry::id_from_name(&e.name);
            e.id = crate::format::entry::free_id(&id, |id| taken.iter().any(|t| t == id));
            taken.push(e.id.clone());
            Ok(e)
        })
        .collect()
}

/// A name as a level may have it: printable, at most 60 characters.
fn excerpt_name(s: &str) -> String {
    s.chars().filter(|c| !c.is_control()).take(60).collect()
}

/// Whether problem `p`'s colours constrain its placements, once its colours, holes and
/// pieces are checked against what a level can say.
fn checked(puzzle: &Puzzle, p: &Problem, result: &Shape, parts: &[&Part]) -> Result<bool, String> {
    // Colours are kept whenever the file defines them and some cell is painted: they
    // constrain placements where both sides have some, and on one side alone they still tell
    // fillings apart (a painted board has fewer symmetries, so more fillings differ). A file
    // defining none allows every placement, as BurrTools does.
    let coloured = |s: &Shape| s.cells.iter().any(|v| v.colour != 0);
    let constrained =
        puzzle.colours > 0 && (coloured(result) || parts.iter().any(|q| coloured(&puzzle.shapes[q.shape])));
    if constrained {
        let shapes = parts.iter().map(|q| &puzzle.shapes[q.shape]).chain([result]);
        if let Some(v) = shapes.flat_map(|s| &s.cells).find(|v| v.colour > puzzle.colours.min(MAX_COLOUR)) {
            return Err(format!("a cell has colour {}, but the file defines {}", v.colour, puzzle.colours));
        }
        if let Some(k) = p.rules.iter().map(|&(a, b)| a.max(b)).find(|&k| k > puzzle.colours) {
            return Err(format!("a colour rule names colour {k}, but the file defines {}", puzzle.colours));
        }
    }
    let variable = result.cells.iter().filter(|v| v.variable).count() as u64;
    if let Some(h) = p.max_holes.filter(|&h| h < variable) {
        return Err(format!(
            "it lets at most {h} of its {variable} variable cells stay empty, which Tessera cannot express"
        ));
    }
    for q in parts {
        let s = &puzzle.shapes[q.shape];
        if s.cells.is_empty() {
            return Err(format!("piece shape {} is empty", q.shape + 1));
        }
        if s.cells.iter().any(|v| v.variable) {
            return Err(format!("piece shape {} has variable cells, which only a result may have", q.shape + 1));
        }
    }
    Ok(constrained)
}

/// Problem `k` as a level entry (without its name, id or solution).
fn level(puzzle: &Puzzle, k: usize) -> Result<Entry, String> {
    let p = &puzzle.problems[k];
    let result =
        &puzzle.shapes[p.result.ok_or("it names no result (a <result id=...> giving the shape the pieces fill)")?];
    let parts: Vec<&Part> = p.parts.iter().filter(|q| q.max > 0).collect();
    if parts.is_empty() {
        return Err("it has no pieces".into());
    }
    if result.cells.is_empty() {
        return Err("its result shape is empty".into());
    }
    let constrained = checked(puzzle, p, result, &parts)?;
    let colour = |v: &Voxel| if constrained { v.colour } else { 0 };
    if puzzle.grid == PRISMS {
        return prisms(puzzle, result, &parts, constrained);
    }
    // Flat when the result and every piece lie in one layer.
    let cells_of = |s: &Shape| s.cells.iter().map(|v| v.at).collect::<Vec<Cell>>();
    let board = cells_of(result);
    let flat = flatten(&board).is_some() && parts.iter().all(|q| flatten(&cells_of(&puzzle.shapes[q.shape])).is_some());
    let dim: u8 = if flat { 2 } else { 3 };
    // The board keeps its cells' places (the variable ones go with them), flattened if flat.
    let axes = if flat { flatten(&board).expect("flat").1 } else { [0, 1, 2] };
    let place = |v: &Voxel| if flat { [v.at[axes[0]], v.at[axes[1]], 0] } else { v.at };
    let board: Vec<Cell> = result.cells.iter().map(place).collect();
    let lo = board.iter().fold([i32::MAX; 3], |m, c| [m[0].min(c[0]), m[1].min(c[1]), m[2].min(c[2])]);
    let at = |c: Cell| -> Vec<i32> {
        let c = [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]];
        if flat {
            vec![c[0], c[1]]
        } else {
            c.to_vec()
        }
    };
    let limit = if flat { 64 } else { 16 };
    if board.iter().any(|c| (0..3).any(|a| c[a] - lo[a] >= limit)) {
        return Err(format!("its result is wider than {limit} cells, the most a {}D board may be", dim));
    }
    let with_colour = |v: &Voxel| {
        let mut c = at(place(v));
        c.push(colour(v) as i32);
        c
    };
    let mut e = Entry::blank(Some("polyomino"));
    e.board = Some(RawBoard {
        cells: result.cells.iter().map(|v| at(place(v))).collect(),
        optional: result.cells.iter().filter(|v| v.variable).map(|v| at(place(v))).collect(),
        colours: result.cells.iter().filter(|v| colour(v) != 0).map(with_colour).collect(),
        colour_rules: if constrained { p.rules.iter().map(|&(a, b)| vec![a, b]).collect() } else { Vec::new() },
        ..Default::default()
    });
    let pieces = parts
        .iter()
        .map(|q| {
            let shape = &puzzle.shapes[q.shape];
            // The part as a level has it (flattened, or moved to 0 on each axis), its colours moved
            // the same way.
            let own = if flat { flatten(&cells_of(shape)).expect("flat").1 } else { [0, 1, 2] };
            let put = |v: &Voxel| if flat { [v.at[own[0]], v.at[own[1]], 0] } else { v.at };
            let moved: Vec<(Cell, u32)> = shape.cells.iter().map(|v| (put(v), colour(v))).collect();
            let lo = crate::polyform::lowest(moved.iter().map(|(c, _)| c));
            let shift = |c: Cell| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]];
            let mut cells: Vec<Cell> = moved.iter().map(|&(c, _)| shift(c)).collect();
            cells.sort_unstable();
            let colours: Vec<(Cell, u32)> =
                moved.iter().filter(|(_, k)| *k != 0).map(|&(c, k)| (shift(c), k)).collect();
            let node = super::counted_node(Node::Str(format_part(&cells, dim)), q.max, q.min);
            super::with_colours(node, &colours, dim)
        })
        .collect();
    e.pieces = Some(Node::List(pieces));
    Ok(e)
}

/// A problem of triangular prisms as a level of the triangle grid ([`super::prisms`]): its
/// result and pieces must lie in one layer; painted cells are not read on this grid.
fn prisms(puzzle: &Puzzle, result: &Shape, parts: &[&Part], painted: bool) -> Result<Entry, String> {
    let shapes: Vec<&Shape> = parts.iter().map(|q| &puzzle.shapes[q.shape]).chain([result]).collect();
    if shapes.iter().any(|s| s.cells.iter().any(|v| v.at[2] != s.cells[0].at[2])) {
        return Err("its shapes stand in more than one layer of triangular prisms: only flat ones \
                    (polyiamonds) are read"
            .into());
    }
    if painted {
        return Err("it paints cells, which are not read on the grid of triangular prisms".into());
    }
    let pieces: Vec<(Vec<Cell>, u32, u32)> =
        parts.iter().map(|q| (puzzle.shapes[q.shape].cells.iter().map(|v| v.at).collect(), q.max, q.min)).collect();
    Ok(super::prisms::entry(&result.cells.iter().map(|v| (v.at, v.variable)).collect::<Vec<_>>(), &pieces))
}

/// Cells that lie in one layer, turned into the plane z = 0 (normalised), with the two axes
/// kept (in order); `None` when they span every axis.
fn flatten(cells: &[Cell]) -> Option<(Vec<Cell>, [usize; 3])> {
    let same = |a: usize| cells.iter().all(|c| c[a] == cells[0][a]);
    let axes = [[0, 1, 2], [0, 2, 1], [1, 2, 0]].into_iter().find(|ax| same(ax[2]))?;
    Some((normalize(&cells.iter().map(|c| [c[axes[0]], c[axes[1]], 0]).collect::<Vec<_>>()), axes))
}

/// A packing level as a BurrTools file (one problem, named as the level); an error for a
/// level of another family.
pub fn export(level: &crate::family::Level) -> Result<Vec<u8>, String> {
    let poly = level
        .data::<super::PolyLevel>()
        .ok_or_else(|| format!("level `{}` is not a polyomino or polycube level", level.id))?;
    if poly.board.grid == Grid::Hexagon {
        return Err(format!("level `{}` is of hexagons, and BurrTools has no grid of hexagons", level.id));
    }
    Ok(write(&of_level(&poly.board, &poly.parts, &level.name)))
}

/// A packing level as a one-problem puzzle: a shape for each part, the board last, named
/// `name`.
pub fn of_level(board: &crate::polyform::pack::Board, parts: &[crate::polyform::pack::PartSpec], name: &str) -> Puzzle {
    // Cells as they are (a part's are normalised; a board's start at 0 on each axis).
    // A board of triangles goes on BurrTools' triangular prisms, in one layer.
    use crate::polyform::colour::colour_of;
    let triangles = board.grid == Grid::Triangle;
    let place = |c: Cell| if triangles { super::prisms::voxel(c) } else { c };
    let as_shape = |cells: &[Cell], optional: &[Cell], colours: &[(Cell, u32)], name: &str| {
        let hi = cells.iter().map(|&c| place(c)).fold([0; 3], |m, c| [m[0].max(c[0]), m[1].max(c[1]), m[2].max(c[2])]);
        let size = [hi[0] as usize + 1, hi[1] as usize + 1, hi[2] as usize + 1];
        let voxel =
            |c| Voxel { at: place(c), variable: optional.binary_search(&c).is_ok(), colour: colour_of(colours, c) };
        Shape { name: name.into(), size, cells: cells.iter().map(|&c| voxel(c)).collect() }
    };
    let mut shapes: Vec<Shape> = parts.iter().map(|p| as_shape(&p.cells, &[], &p.colours, &p.name)).collect();
    shapes.push(as_shape(&board.cells, &board.optional, &board.colours, name));
    let colours = shapes.iter().flat_map(|s| &s.cells).map(|v| v.colour).max().unwrap_or(0);
    let colours = board.rules.iter().fold(colours, |m, &(a, b)| m.max(a).max(b));
    let problem = Problem {
        name: name.into(),
        parts: parts
            .iter()
            .enumerate()
            .map(|(k, p)| Part { shape: k, min: p.fewest(), max: p.count.unwrap_or(1) })
            .collect(),
        result: Some(parts.len()),
        max_holes: None,
        rules: board.rules.clone(),
    };
    Puzzle { grid: if triangles { PRISMS } else { CUBES }, colours, shapes, problems: vec![problem] }
}

/// The puzzle as BurrTools writes it: gzip-compressed XML.
pub fn write(p: &Puzzle) -> Vec<u8> {
    let mut xml = format!("<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"{}\"/><colors>", p.grid);
    for k in 1..=p.colours {
        let [r, g, b] = crate::polyform::colour::rgb(k);
        xml += &format!("<color red=\"{r}\" green=\"{g}\" blue=\"{b}\"/>");
    }
    xml += "</colors><shapes>";
    for s in &p.shapes {
        let [x, y, z] = s.size;
        let mut grid = vec![String::from("_"); x * y * z];
        for v in &s.cells {
            let [a, b, c] = v.at.map(|k| k as usize);
            let colour = if v.colour == 0 { String::new() } else { v.colour.to_string() };
            grid[a + x * (b + y * c)] = format!("{}{colour}", if v.variable { '+' } else { '#' });
        }
        let name = if s.name.is_empty() { String::new() } else { format!(" name=\"{}\"", escape(&s.name)) };
        let grid: String = grid.concat();
        xml += &format!("<voxel x=\"{x}\" y=\"{y}\" z=\"{z}\" type=\"{}\"{name}>{grid}</voxel>", p.grid);
    }
    xml += "</shapes><problems>";
    for q in &p.problems {
        xml += &format!("<problem name=\"{}\" state=\"0\"><shapes>", escape(&q.name));
        for part in &q.parts {
            xml += &if part.min == part.max {
                format!("<shape id=\"{}\" count=\"{}\"/>", part.shape, part.max)
            } else {
                format!("<shape id=\"{}\" min=\"{}\" max=\"{}\"/>", part.shape, part.min, part.max)
            };
        }
        xml += "</shapes>";
        if let Some(r) = q.result {
            xml += &format!("<result id=\"{r}\"/>");
        }
        xml += "<bitmap>";
        for &(piece, result) in &q.rules {
            xml += &format!("<pair piece=\"{}\" result=\"{}\"/>", piece - 1, result - 1);
        }
        xml += "</bitmap></problem>";
    }
    xml += "</problems><comment/></puzzle>\n";
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(xml.as_bytes()).expect("writing to memory");
    gz.finish().expect("writing to memory")
}

/// Text as an XML attribute may hold it (control characters left out).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars().filter(|c| !c.is_control()) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"<?xml version="1.0"?>
<!-- a comment with <tags> in it -->
<puzzle version="2"><gridType type="0"/><colors/><shapes>
<voxel x="1" y="1" z="1" type="0">#</voxel><voxel x="2" y="1" z="1" type="0" name="a > b">##</voxel>
</shapes><problems><problem><shapes><shape id="0" count="2"/></shapes><result id="1"/></problem></problems></puzzle>"#;

    fn gzip(text: &[u8]) -> Vec<u8> {
        let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(text).unwrap();
        z.finish().unwrap()
    }

    #[test]
    fn a_plain_puzzle_passes_the_markup_check() {
        assert_eq!(markup_within_limits(SMALL), Ok(()));
        let p = read(SMALL.as_bytes()).unwrap();
        assert_eq!((p.shapes.len(), p.problems.len()), (2, 1));
    }

    #[test]
    fn a_file_in_latin_1_is_read_with_its_names() {
        let latin1: Vec<u8> = SMALL.replace("a > b", "Götz").chars().map(|c| c as u8).collect();
        assert!(std::str::from_utf8(&latin1).is_err(), "the file is not UTF-8");
        for data in [latin1.clone(), gzip(&latin1)] {
            let p = read(&data).unwrap();
            assert_eq!(p.shapes[1].name, "Götz");
        }
        // Bytes that are no text at all are still refused, as not XML.
        let err = read(&[0xff, 0xfe, 0x00, 0x9c, 0x80]).unwrap_err();
        assert!(err.starts_with("it is not XML"), "{err}");
    }

    /// Issue P2c: 20,000 nested elements overflowed the stack; 500,000 attributes on one
    /// element ran for minutes. Both are refused before the XML reader sees them.
    #[test]
    fn deep_nesting_and_crowded_elements_are_refused_saying_why() {
        let deep = format!("<puzzle>{}{}</puzzle>", "<a>".repeat(20_000), "</a>".repeat(20_000));
        let e = read(deep.as_bytes()).unwrap_err();
        assert!(e.contains("nest more than 64 deep"), "{e}");
        // 64 deep in all is fine as far as the markup goes.
        let fine = format!("<puzzle>{}{}</puzzle>", "<a>".repeat(63), "</a>".repeat(63));
        assert_eq!(markup_within_limits(&fine), Ok(()));
        // Empty elements and closed ones do not add up.
        let flat = format!("<puzzle>{}</puzzle>", "<a/><b></b>".repeat(10_000));
        assert_eq!(markup_within_limits(&flat), Ok(()));
        let attrs: String = (0..500_000).map(|k| format!(" a{k}=\"1\"")).collect();
        let crowded = format!("<puzzle{attrs}/>");
        let e = read(&gzip(crowded.as_bytes())).unwrap_err();
        assert!(e.contains("500000 attributes"), "{e}");
    }

    /// Issue P2c: a problem without a result said only "it has no result shape"; one whose result
    /// names a shape the file lacks was read as one without.
    #[test]
    fn a_missing_result_says_what_is_missing() {
        let none = SMALL.replace("<result id=\"1\"/>", "");
        let p = read(none.as_bytes()).unwrap();
        let e = levels(&p, "t")[0].clone().unwrap_err();
        assert!(e.contains("names no result (a <result id=...> giving the shape the pieces fill)"), "{e}");
        let far = SMALL.replace("<result id=\"1\"/>", "<result id=\"7\"/>");
        let e = read(far.as_bytes()).unwrap_err();
        assert!(e.contains("problem 1: its result names shape 7, but the file has 2 shapes"), "{e}");
    }

    /// Issue P2c: a gzip file of two members (as `cat a.gz b.gz` makes) was refused as "not
    /// XML"; bytes after the gzip data passed silently.
    #[test]
    fn every_gzip_member_is_read_and_trailing_bytes_are_damage() {
        let (head, tail) = SMALL.split_at(SMALL.len() / 2);
        let mut two = gzip(head.as_bytes());
        two.extend(gzip(tail.as_bytes()));
        assert_eq!(read(&two).unwrap(), read(SMALL.as_bytes()).unwrap());
        let mut trailing = gzip(SMALL.as_bytes());
        trailing.extend(b"junk after the end");
        let e = read(&trailing).unwrap_err();
        assert!(e.contains("gzip data is damaged"), "{e}");
    }
}
