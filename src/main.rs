fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(code) = tessera::cli::run(&args) {
        std::process::exit(code);
    }
    play();
}

#[cfg(feature = "game")]
fn play() {
    tessera::game::run();
}

#[cfg(not(feature = "game"))]
fn play() {
    eprintln!("tessera: built without the `game` feature; only the headless commands work.\n{}", tessera::cli::USAGE);
    std::process::exit(2);
}
