//! The command line as the tests run it: the built `tessera` binary, or one command's
//! function called in this process. Each answers its exit code, stdout and stderr.

use std::path::Path;

/// Runs `tessera ARGS` with extra environment variables.
pub fn run_env(args: &[&str], env: &[(&str, &Path)]) -> (i32, String, String) {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"));
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Runs `tessera ARGS`.
pub fn run(args: &[&str]) -> (i32, String, String) {
    run_env(args, &[])
}

/// Calls a command's function (`tessera::cli::...`) on `args`, in this process.
pub fn call(
    command: impl FnOnce(&[String], &mut Vec<u8>, &mut Vec<u8>) -> i32,
    args: &[&str],
) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = command(&args, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}
