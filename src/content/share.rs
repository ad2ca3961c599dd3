//! Share codes: a level as one line of URL-safe text, and back.
//!
//! A code is `base64url(bytes)` (no padding). Byte 0 is [`MAGIC`], byte 1 the format version
//! ([`VERSION`]), byte 2 the kind of body:
//! - kind 0, a dissection with a built-in set and a figure of straight edges: the set's index,
//!   flags (mode, mirror, difficulty, turned by 45 degrees, placements in piece order), the
//!   name, the rings and the placements. The name starts with a varint: twice its length in
//!   bytes, its text following; or, for a daily tangram's name, twice its date's day number
//!   (days from 1970-01-01) plus one, the name being made again from the date. (Format 1
//!   wrote every name as its length and text; codes of format 1 are still read.) A figure a step off the lattice is written turned back
//!   onto it. Every number is a short varint where it is a half integer or
//!   `(a + b sqrt 2) / 2` with whole `a`, `b`, else its eight bytes;
//! - kind 1, anything else: the level entry as RON, deflated.
//!
//! From format 3 the bytes end with a check: the first [`CHECK_BYTES`] bytes of the 64-bit
//! FNV-1a hash of everything before it, so a changed or lost character is refused as damage
//! rather than read as another level (one change in 16.7 million would pass unseen). Codes of
//! formats 1 and 2 have no check and are still read, when the level they give loads and its
//! stored solution verifies.
//!
//! Decoding gives back a level [`Entry`] whose id is made from its name; the id is not in the
//! code, so encoding the decoded level gives the same code again.

use crate::format::entry::id_from_name;
use crate::format::Node;
use crate::level::Entry;
use crate::pieces::{Placement, BUILTIN};
use crate::verify::Mode;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// The first byte of every code (`T`), so that other base64 text is told apart.
pub const MAGIC: u8 = b'T';
/// The format version written in every code.
pub const VERSION: u8 = 3;
/// Bytes of the check at the end of a code (format 3 on).
pub const CHECK_BYTES: usize = 3;

/// The check of a code's bytes.
fn check(bytes: &[u8]) -> [u8; CHECK_BYTES] {
    let b = crate::support::random::fnv1a(bytes).to_le_bytes();
    [b[0], b[1], b[2]]
}
/// The longest code accepted (a larger level belongs in a pack file).
pub const MAX_CODE: usize = 64 * 1024;

const KIND_COMPACT: u8 = 0;
const KIND_RON: u8 = 1;

/// The share code of a level entry.
pub fn encode(e: &Entry) -> String {
    let mut out = vec![MAGIC, VERSION];
    match compact(e) {
        Some(body) => {
            out.push(KIND_COMPACT);
            out.extend(body);
        }
        None => {
            out.push(KIND_RON);
            let mut plain = e.clone();
            plain.id = String::new();
            let text = ron::to_string(&plain).expect("an entry always serialises");
            out.extend(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9));
        }
    }
    let sum = check(&out);
    out.extend(sum);
    URL_SAFE_NO_PAD.encode(out)
}

/// A link that opens the level of `code` from the page at `page` (the web build's address,
/// without its query): `page?code=CODE`. Codes are URL-safe, so they go in as they are.
/// What "Copy code" copies: in the browser a link to the page that opens the level, else the
/// code.
pub fn text_to_copy(code: String) -> String {
    match crate::platform::page::address() {
        Some(page) => link(&page, &code),
        None => code,
    }
}

pub fn link(page: &str, code: &str) -> String {
    format!("{page}?code={code}")
}

/// The code in what a player pasted: a code, or a [`link`] holding one (its `code`
/// parameter); anything else is given back as it is, for [`decode`] to judge.
/// Percent-escapes (`%41`) are read as the address bar reads them, so a link or code pasted
/// opens as it opens from the address.
pub fn code_in(text: &str) -> String {
    let text = text.trim();
    let code = match text.split_once('?') {
        None => text,
        Some((_, query)) => {
            let query = query.split('#').next().unwrap_or_default();
            query.split('&').find_map(|pair| pair.strip_prefix("code=")).unwrap_or(text)
        }
    };
    percent_decoded(code)
}

/// `text` with each `%XY` escape (two hex digits) read as its byte; anything else as it is.
fn percent_decoded(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |k: usize| b.get(k).and_then(|c| (*c as char).to_digit(16));
        match (b[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// The kind of refusal [`decode`] gave, as a message id of `assets/i18n` (the game says it in
/// the player's language and leaves the English details to the command line); `None` for
/// anything else.
pub fn refusal(why: &str) -> Option<&'static str> {
    Some(match why {
        "the code is empty" => "code-empty",
        w if w.contains("characters long; codes are at most") => "code-too-long",
        w if w.starts_with("the code is damaged") => "code-damaged",
        w if w.starts_with("the code was made by a newer Tessera") => "code-newer",
        w if w.starts_with("this is not a Tessera level code") => "code-not-ours",
        w if w.starts_with("the level it holds cannot be played") => "code-unplayable",
        _ => return None,
    })
}

/// The level entry a code holds, or what is wrong with the code. A pasted [`link`] reads as
/// the code it holds.
pub fn decode(code: &str) -> Result<Entry, String> {
    let code = code_in(code);
    if code.is_empty() {
        return Err("the code is empty".into());
    }
    if code.len() > MAX_CODE {
        return Err(format!("the code is {} characters long; codes are at most {MAX_CODE}", code.len()));
    }
    let bytes = match URL_SAFE_NO_PAD.decode(&code) {
        Ok(b) => b,
        Err(_) => {
            // Cut at a length base64 cannot have: damaged when what is left is one of ours.
            let alphabet = code.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_');
            let ours =
                alphabet && URL_SAFE_NO_PAD.decode(&code[..code.len() - 1]).is_ok_and(|b| b.first() == Some(&MAGIC));
            return Err(if ours {
                "the code is damaged: it is cut short".into()
            } else {
                "this is not a Tessera level code (it is not URL-safe base64 text)".into()
            });
        }
    };
    let version = match bytes.get(..2) {
        Some(&[MAGIC, v @ 1..=VERSION]) => v,
        Some(&[MAGIC, v]) if v > VERSION => {
            return Err(format!("the code was made by a newer Tessera (format {v}; this one reads {VERSION})"))
        }
        _ => return Err("this is not a Tessera level code".into()),
    };
    let broken = |why: &str| format!("the code is damaged: {why}");
    let mut bytes = bytes;
    if version >= 3 {
        let Some(at) = bytes.len().checked_sub(CHECK_BYTES).filter(|&at| at >= 2) else {
            return Err(broken("it is too short to hold its check"));
        };
        if check(&bytes[..at]) != bytes[at..] {
            return Err(broken("its check does not match (a character was changed or lost)"));
        }
        bytes.truncate(at);
    }
    let body = &bytes[3.min(bytes.len())..];
    let mut e = match bytes.get(2) {
        Some(&KIND_COMPACT) => read_compact(&mut Reader { bytes: body, at: 0 }, version).map_err(|w| broken(&w))?,
        Some(&KIND_RON) => {
            let text = miniz_oxide::inflate::decompress_to_vec_with_limit(body, 16 << 20)
                .map_err(|_| broken("its contents do not unpack"))?;
            let text = String::from_utf8(text).map_err(|_| broken("its contents are not text"))?;
            let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
            options.from_str::<Entry>(&text).map_err(|e| broken(&e.code.to_string()))?
        }
        Some(k) => return Err(broken(&format!("unknown kind {k}"))),
        None => return Err(broken("it ends after its version")),
    };
    e.id = id_from_name(&e.name);
    if version < 3 {
        stands(&e, true).map_err(|why| broken(&format!("the level it holds does not stand ({why})")))?;
    } else {
        // Its check only says the code arrived as written: what was written may still not be
        // a level (made by hand, or by a tool with a fault).
        stands(&e, false).map_err(|why| format!("the level it holds cannot be played: {why}"))?;
    }
    Ok(e)
}

/// A code of a format without a check (1 and 2) is read only if the level it gives stands as
/// `check-levels` would have it: its names are printable, it loads, and its stored solution
/// verifies, which also proves it solvable. One changed character in such a code gives
/// another level, and this is what tells a damaged one. A code with a check (format 3) must
/// give a level that loads and whose stored solution, when it has one, verifies.
fn stands(e: &Entry, solution_required: bool) -> Result<(), String> {
    crate::format::entry::check_printable(&e.name, "its name")?;
    for (tag, name) in &e.names {
        crate::format::entry::check_printable(name, &format!("its name in {tag}"))?;
    }
    let pack = crate::level::pack_of("code", vec![e.clone()], "the code", "code").map_err(|e| e.message)?;
    let level = &pack.levels[0];
    if solution_required || !level.solution.is_empty() {
        level.check_solution()?;
    }
    Ok(())
}

// ---------------------------------------------------------------- the compact body

/// Kind 0 when the entry fits it: a level of the default family (a dissection) with a built-in set, no tolerance of its own,
/// a figure of plain points.
fn compact(e: &Entry) -> Option<Vec<u8>> {
    let default = crate::family::registry::default_name();
    if e.family.as_deref().unwrap_or(default) != default || e.tolerance.is_some() || e.rotation_step != 45.0 {
        return None;
    }
    let Some(Node::Str(set)) = &e.pieces else { return None };
    let set = BUILTIN.iter().position(|b| b == set)?;
    let mut rings: Vec<Vec<(f64, f64)>> = Vec::new();
    for ring in &e.target {
        let Node::List(vs) = ring else { return None };
        let mut r = Vec::new();
        for v in vs {
            let Node::List(xy) = v else { return None };
            let [Node::Num(x), Node::Num(y)] = xy.as_slice() else { return None };
            r.push((*x, *y));
        }
        rings.push(r);
    }
    // A figure drawn a step of 45 degrees from the lattice is written turned back onto it,
    // where its numbers are half integers (a byte each).
    let half = |v: f64| (2.0 * v - (2.0 * v).round()).abs() < 1e-9 && v.abs() < SMALL;
    let all = |f: &dyn Fn((f64, f64)) -> (f64, f64)| {
        rings.iter().flatten().chain(e.solution.iter().map(|p| &p.at)).all(|&p| {
            let (x, y) = f(p);
            half(x) && half(y)
        })
    };
    let turned = !all(&|p| p) && all(&back);
    let lattice = turned || all(&|p| p);
    let frame = |p: (f64, f64)| if turned { back(p) } else { p };
    // On the lattice (as drawn or turned back), every number is written as the half integer
    // it is within 1e-9 of; otherwise each number as it best fits.
    let num = |w: &mut Vec<u8>, v: f64| {
        if lattice {
            put(w, zigzag((2.0 * v).round() as i64) << 2)
        } else {
            put_num(w, v)
        }
    };
    let in_order = e.solution.iter().enumerate().all(|(i, p)| p.piece == i);
    let mode = match e.mode {
        None => 0,
        Some(Mode::Anchored) => 1,
        Some(Mode::Free) => 2,
    };
    let mut w = vec![set as u8];
    w.push(
        mode | (u8::from(e.allow_mirror) << 2)
            | (e.difficulty.min(7) << 3)
            | (u8::from(turned) << 6)
            | (u8::from(in_order) << 7),
    );
    put_name(&mut w, &e.name);
    put(&mut w, rings.len() as u64);
    for r in &rings {
        put(&mut w, r.len() as u64);
        for &p in r {
            let (x, y) = frame(p);
            num(&mut w, x);
            num(&mut w, y);
        }
    }
    put(&mut w, e.solution.len() as u64);
    for p in &e.solution {
        if !in_order {
            put(&mut w, p.piece as u64);
        }
        let rot = if turned { p.rot - 1 } else { p.rot };
        put(&mut w, (zigzag(rot as i64) << 1) | u64::from(p.flip));
        let (x, y) = frame(p.at);
        num(&mut w, x);
        num(&mut w, y);
    }
    Some(w)
}

/// A point turned 45 degrees clockwise (onto the lattice), and back.
fn back((x, y): (f64, f64)) -> (f64, f64) {
    let s = std::f64::consts::FRAC_1_SQRT_2;
    ((x + y) * s, (y - x) * s)
}
fn forth((x, y): (f64, f64)) -> (f64, f64) {
    let s = std::f64::consts::FRAC_1_SQRT_2;
    ((x - y) * s, (x + y) * s)
}

/// A name: a daily tangram's as its date, any other as its text (see the module note).
fn put_name(w: &mut Vec<u8>, name: &str) {
    match crate::content::daily::parse_name(name) {
        Some(("tangram", date)) if date.days() >= 0 => put(w, ((date.days() as u64) << 1) | 1),
        _ => {
            put(w, (name.len() as u64) << 1);
            w.extend_from_slice(name.as_bytes());
        }
    }
}

fn read_name(r: &mut Reader, version: u8) -> Result<String, String> {
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).map_err(|_| "the name is not text".to_string());
    if version == 1 {
        return text(r.bytes()?);
    }
    let tag = r.varint()?;
    if tag & 1 == 1 {
        // Days up to 9999-12-31.
        let days = i64::try_from(tag >> 1).ok().filter(|&d| d <= 2_932_896).ok_or("a date out of range")?;
        return Ok(crate::content::daily::name("tangram", crate::support::dates::Date::from_days(days)));
    }
    let n = usize::try_from(tag >> 1).ok().filter(|&n| n <= 1024).ok_or("a name longer than 1024 bytes")?;
    text(r.take(n)?)
}

fn read_compact(r: &mut Reader, version: u8) -> Result<Entry, String> {
    let set = *BUILTIN.get(r.byte()? as usize).ok_or("an unknown piece set")?;
    let flags = r.byte()?;
    let mode = match flags & 3 {
        0 => None,
        1 => Some(Mode::Anchored),
        2 => Some(Mode::Free),
        _ => return Err("an unknown mode".into()),
    };
    let (turned, in_order) = (flags & 64 != 0, flags & 128 != 0);
    let frame = |p: (f64, f64)| if turned { forth(p) } else { p };
    let name = read_name(r, version)?;
    let mut target = Vec::new();
    for _ in 0..r.count(1000)? {
        let mut ring = Vec::new();
        for _ in 0..r.count(100_000)? {
            let (x, y) = frame((r.num()?, r.num()?));
            ring.push(Node::List(vec![Node::Num(x), Node::Num(y)]));
        }
        target.push(Node::List(ring));
    }
    let mut solution = Vec::new();
    for i in 0..r.count(1000)? {
        let piece = if in_order { i } else { r.count(1000)? };
        let turn = r.varint()?;
        let rot = i32::try_from(unzigzag(turn >> 1)).map_err(|_| "a turn out of range")?;
        let at = frame((r.num()?, r.num()?));
        solution.push(Placement { piece, rot: if turned { rot + 1 } else { rot }, flip: turn & 1 == 1, at });
    }
    if r.at != r.bytes.len() {
        return Err("extra bytes after the level".into());
    }
    Ok(Entry {
        name,
        difficulty: (flags >> 3) & 7,
        pieces: Some(Node::Str(set.into())),
        rotation_step: 45.0,
        target,
        mode,
        allow_mirror: flags & 4 != 0,
        solution,
        ..Entry::blank(None)
    })
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

fn put(w: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        w.push((v as u8) | 0x80);
        v >>= 7;
    }
    w.push(v as u8);
}

/// Whole numbers up to this size are written as varints (larger ones as eight bytes).
const SMALL: f64 = 1e12;

/// `x` as a whole number when it is one to within the last bits of an f64 (numbers from a
/// turned figure carry rounding).
fn near_whole(x: f64) -> Option<i64> {
    let r = x.round();
    ((x - r).abs() <= 4.0 * f64::EPSILON * x.abs().max(1.0) && r.abs() < SMALL).then_some(r as i64)
}

/// A number: tag 0, a half integer `k / 2`; tag 1, `(a + b sqrt 2) / 2`; tag 2, the f64's bits.
/// The tag is the low two bits of the first varint. The first two are taken to within the
/// last bits of the number, and read back as the nearest f64 to the exact value.
fn put_num(w: &mut Vec<u8>, v: f64) {
    if let Some(k) = near_whole(2.0 * v) {
        put(w, zigzag(k) << 2);
        return;
    }
    for b in [1i64, -1, 2, -2, 3, -3, 4, -4, 6, -6, 8, -8] {
        let a = 2.0 * v - b as f64 * std::f64::consts::SQRT_2;
        if let Some(a) = near_whole(a).filter(|&a| (lattice(a, b) - v).abs() <= 4.0 * f64::EPSILON * v.abs().max(1.0)) {
            put(w, (zigzag(a) << 2) | 1);
            put(w, zigzag(b));
            return;
        }
    }
    put(w, 2);
    w.extend_from_slice(&v.to_le_bytes());
}

fn lattice(a: i64, b: i64) -> f64 {
    (a as f64 + b as f64 * std::f64::consts::SQRT_2) / 2.0
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or("it ends too soon")?;
        self.at += 1;
        Ok(b)
    }
    fn varint(&mut self) -> Result<u64, String> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Ok(v);
            }
        }
        Err("a number is too long".into())
    }
    fn count(&mut self, max: usize) -> Result<usize, String> {
        let n = self.varint()?;
        usize::try_from(n).ok().filter(|&n| n <= max).ok_or_else(|| format!("a count of {n} is more than {max}"))
    }
    fn bytes(&mut self) -> Result<&[u8], String> {
        let n = self.count(1024)?;
        self.take(n)
    }
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at + n;
        let b = self.bytes.get(self.at..end).ok_or("it ends too soon")?;
        self.at = end;
        Ok(b)
    }
    fn num(&mut self) -> Result<f64, String> {
        let h = self.varint()?;
        match h & 3 {
            0 => Ok(unzigzag(h >> 2) as f64 / 2.0),
            1 => Ok(lattice(unzigzag(h >> 2), unzigzag(self.varint()?))),
            2 => {
                let b = self.bytes.get(self.at..self.at + 8).ok_or("it ends too soon")?;
                self.at += 8;
                Ok(f64::from_le_bytes(b.try_into().expect("eight bytes")))
            }
            _ => Err("an unknown kind of number".into()),
        }
    }
}
