fn main() {
    #[cfg(all(target_os = "linux", c_solvers))]
    tessera::solve::sdp::stop_idle_blas_threads();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(code) = tessera::cli::run(&args) {
        std::process::exit(code);
    }
    match args.first().map(String::as_str) {
        Some("screenshot") => screenshot(&args[1..]),
        _ => play(),
    }
}

/// In the browser, a solver's Web Worker runs one request here (`assets/web/worker.js`).
#[cfg(all(feature = "game", target_arch = "wasm32"))]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn work(request: &str, reply: &js_sys::Function) {
    tessera::game::solver::worker::serve(request, tessera::platform::worker::replier(reply));
}

#[cfg(feature = "game")]
fn play() {
    tessera::game::run();
}

#[cfg(feature = "game")]
fn screenshot(args: &[String]) {
    std::process::exit(tessera::game::screenshot::run(args));
}

#[cfg(not(feature = "game"))]
fn screenshot(_: &[String]) {
    play();
}

#[cfg(not(feature = "game"))]
fn play() {
    eprintln!("tessera: built without the `game` feature; only the headless commands work.\n{}", tessera::cli::USAGE);
    std::process::exit(2);
}
