//! The platform seam: what differs between the desktop and the browser, behind one module.
//! The rest of the crate asks this module and never the target itself (the architecture test
//! holds it: no `target_arch = "wasm32"` outside this folder and `main.rs`).
//!
//! | need            | desktop (`desktop.rs`)          | browser (`browser.rs`)                    |
//! |-----------------|---------------------------------|-------------------------------------------|
//! | [`store`]       | files under the data folder     | the page's `localStorage`                 |
//! | [`page`]        | no page: every answer is `None` | the address, media queries, live region, downloads, the file chooser |
//! | [`worker`]      | none (the task pool's threads)  | a Web Worker per solver job               |
//! | [`probe`]       | `TESSERA_PROBE`'s file          | the page's `tesseraProbe` global          |
//! | quitting        | the menu's Quit                 | none: a tab is closed, not quit           |
//!
//! Which solvers the build links (HiGHS, Clarabel with LAPACK, CaDiCaL: C, C++ and Fortran that
//! do not build for wasm32) is decided once too, by the build script (`src/build.rs`), which
//! sets `cfg(c_solvers)` where Cargo.toml's target table gives them.

#[cfg(not(target_arch = "wasm32"))]
#[path = "desktop.rs"]
mod imp;
#[cfg(target_arch = "wasm32")]
#[path = "browser.rs"]
mod imp;

pub use imp::{page, probe, store, worker};

/// This is the browser build (a page: one thread, no files, no quitting).
pub const BROWSER: bool = cfg!(target_arch = "wasm32");

/// Threads can be started (the browser's module has none; its solvers run in Web Workers).
pub const THREADS: bool = !BROWSER;

/// The game can quit itself: not in a browser's tab, nor on a phone, whose system closes apps.
pub const QUITS: bool = !cfg!(any(target_os = "android", target_os = "ios", target_arch = "wasm32"));
