//! The build script (Cargo's `build`, named in Cargo.toml): deflates each level pack under
//! `levels/` into the build's output directory, where `level::EMBEDDED` takes them in. The
//! packs are text a player never reads raw: stored deflated they are an eighth of the size
//! (80 KB of the program, in the browser's module too, instead of 0.70 MB), and they are
//! inflated once, when the game starts.

fn main() {
    // The C, C++ and Fortran solvers (HiGHS, Clarabel with LAPACK, CaDiCaL) are linked where
    // Cargo.toml's target table gives them, everywhere but the browser: `cfg(c_solvers)`.
    println!("cargo::rustc-check-cfg=cfg(c_solvers)");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("wasm32") {
        println!("cargo::rustc-cfg=c_solvers");
    }
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("Cargo sets OUT_DIR")).join("levels");
    std::fs::create_dir_all(&out).expect("the build's output directory is writable");
    println!("cargo::rerun-if-changed=levels");
    for entry in std::fs::read_dir("levels").expect("levels/ is beside Cargo.toml") {
        let path = entry.expect("levels/ can be listed").path();
        if path.extension().is_some_and(|e| e == "ron") {
            println!("cargo::rerun-if-changed={}", path.display());
            let text = std::fs::read(&path).expect("a level pack can be read");
            let packed = miniz_oxide::deflate::compress_to_vec(&text, 10);
            let name = format!("{}.z", path.file_name().expect("a file").to_string_lossy());
            std::fs::write(out.join(name), packed).expect("the build's output directory is writable");
        }
    }
}
