//! The build script (Cargo's `build`, named in Cargo.toml): deflates each level pack under
//! `levels/` into the build's output directory, where `level::EMBEDDED` takes them in. The
//! packs are text a player never reads raw: stored deflated they are an eighth of the size
//! (80 KB of the program, in the browser's module too, instead of 0.70 MB), and they are
//! inflated once, when the game starts.
//!
//! On Debian it also points the program at the single-threaded build of OpenBLAS, when that is
//! installed (scripts/deps installs it). The SDP links OpenBLAS, and Debian's default build
//! starts a thread per core when the program loads, which spins for about a tenth of a second
//! before it sleeps, whether or not any matrix is ever multiplied: `tessera pack` on 6 x 10
//! used 168 ms of processor in an 88 ms run with it, 83 ms in 85 ms without, and a search on
//! two threads lost one core to it. The SDP asks OpenBLAS for one thread anyway (its matrices
//! are small: `solve::sdp::one_blas_thread`).

fn main() {
    serial_blas();
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

/// Puts Debian's single-threaded OpenBLAS (same library name, same functions) first on the
/// program's library path. Where that folder is missing the loader skips it and takes the
/// system's default build.
fn serial_blas() {
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu" {
        let arch = var("CARGO_CFG_TARGET_ARCH");
        println!("cargo::rustc-link-arg=-Wl,-rpath,/usr/lib/{arch}-linux-gnu/openblas-serial");
    }
}
