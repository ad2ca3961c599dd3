fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(code) = tessera::cli::run(&args) {
        std::process::exit(code);
    }
    // No command: play. The game layer arrives with the P1b issue; until then say so plainly.
    eprintln!("tessera: the game window is not built yet; headless commands work now.\n{}", tessera::cli::USAGE);
    std::process::exit(2);
}
