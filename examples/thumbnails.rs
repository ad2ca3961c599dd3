//! Level-design tool: every shipped level's thumbnail as the level list draws it, one PAM
//! picture per level, for contact sheets.
//!
//!   cargo run --no-default-features --release --example thumbnails -- OUT_DIR [PACK ...] [--solved]
//!   montage -label '%t' OUT_DIR/animals/*.pam -tile 8x -geometry 128x128+6+6 animals.png
//!
//! Files are named `NN-ID.pam` in the pack's order, in `OUT_DIR/PACK/`.

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = std::path::PathBuf::from(args.first().expect("usage: thumbnails OUT_DIR [PACK ...] [--solved]"));
    let solved = args.iter().any(|a| a == "--solved");
    let only: Vec<&String> = args[1..].iter().filter(|a| !a.starts_with("--")).collect();
    for pack in tessera::level::embedded_packs() {
        if !only.is_empty() && !only.contains(&&pack.id) {
            continue;
        }
        let dir = out.join(&pack.id);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for (k, level) in pack.levels.iter().enumerate() {
            let pic = tessera::content::thumbnail::thumbnail(level, solved, 128);
            let path = dir.join(format!("{:02}-{}.pam", k + 1, level.id));
            let mut f = std::fs::File::create(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            write!(f, "P7\nWIDTH {0}\nHEIGHT {0}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", pic.size)
                .unwrap();
            f.write_all(&pic.rgba).unwrap();
        }
        println!("{}: {} thumbnails in {}", pack.id, pack.levels.len(), dir.display());
    }
}
