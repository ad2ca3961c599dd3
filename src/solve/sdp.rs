//! The rank-one SDP (edge-matching paper, section 5.2.2, Algorithm 2): pieces that translate
//! are placed without knowing where they may go.
//!
//! Piece i's unknown translation t_i becomes its moment matrix Z_i, indexed by a set B of
//! multi-indices (rows and columns), whose entry (a, b) stands for exp((a + b) . t_i): the
//! first entry is 1, entries with the same a + b are one variable, and at a solution
//! Z_i = v v' with v = (exp(a . t_i)) over B, a rank-one positive semidefinite matrix. The
//! puzzle's equations ([`crate::algebra`]) are linear in those variables, for every k in
//! B + B. Rank one is not convex, so each step solves the semidefinite program
//!
//!   minimise sum_i <W_i, Z_i>  subject to  the equations,  Z_i PSD,
//!
//! with W_i = 0 first, then W_i = V_i diag(0, 1, .., 1) V_i' from the eigenvectors of the last
//! optimiser's Z_i (largest eigenvalue first, equation 5.15): each step pushes down the
//! eigenvalues of every Z_i but the largest. The objective reported per step is the sum of
//! those eigenvalues for the optimiser found (0 exactly at rank one), relative to the sum of
//! the traces. Once it is small, each piece's translation is read from Z_i's degree-one
//! entries (log of the entries for (1, 0) and (0, 1)) and refined by Gauss-Newton on the
//! exact equations; the caller then judges the result. There is no search over places and no
//! fallback: a run that has not reached rank one within the step limit says so. After a
//! stalled run of pieces that translate, the pieces of its last reading that look right are
//! kept and the SDP runs again on the others alone ([`crate::solve::completion`]). With pieces
//! that turn, the turns read off an iterate are rounded to a few nearby sets of turns that
//! balance the figure's sides ([`crate::solve::turn_rounding`]), each placed by the
//! translation-only SDP.
//!
//! The semidefinite programs are Clarabel's (an interior-point conic solver): variables are
//! the monomials of every piece; the equations are a zero cone, each Z_i a PSD cone in
//! Clarabel's triangle form (upper triangle by columns, off-diagonal entries times sqrt 2).
//!
//! Long: the method is one story (moment matrices, their programs, the rank-one iteration,
//! then the dissections built on it), and its parts share the index sets and sizes defined
//! here; split apart, each piece would need the others open beside it.

use crate::algebra::{polygon_sides, Equations, Index, IndexSet, Kinds, Side};
use crate::geom::{Pt, Vertex};
use crate::solve::turn_rounding::Balance;
use crate::support::budget::Budget;
#[cfg(c_solvers)]
use clarabel::algebra::CscMatrix;
#[cfg(c_solvers)]
use clarabel::solver::{DefaultSettingsBuilder, DefaultSolver, IPSolver, SolverStatus, SupportedConeT};
use rand_chacha::rand_core::SeedableRng;
use std::sync::Arc;
#[cfg(c_solvers)]
use web_time::Instant;

// Clarabel's SDP needs a LAPACK, which this crate links from Debian's OpenBLAS. Neither
// builds for the browser: there [`run`] says the method is the desktop build's.
#[cfg(c_solvers)]
extern crate openblas_src;

/// This build has the SDP solver (the browser build does not).
pub const AVAILABLE: bool = cfg!(c_solvers);

/// Why the SDP is missing in the browser build.
pub const MISSING: &str = "the rank-one SDP (Clarabel with LAPACK) is in the desktop build only";

/// Steps without halving the objective after which a run is called stalled.
pub const STALL: usize = 6;

/// The same when restarts go on until a deadline: a stalled degree2 run has reached its floor
/// a few steps in (the six-pentomino misses of `sdp_random` sat at 1e-5 to 1e-4 from their
/// fifth step on), and a shorter run leaves time for more restarts (about 1.7 times as many).
pub const QUICK_STALL: usize = 3;

/// Most pieces one SDP takes (its variables grow with pieces times the index set's sums).
pub const MAX_PIECES: usize = 200;

/// The most memory the SDP solver may be asked to use by default, in bytes (estimated by
/// [`solver_bytes`]); a [`Budget`]'s `bytes` replaces it.
pub const MAX_SOLVER_BYTES: usize = 512 << 20;

/// What Clarabel needs for `pieces` moment matrices over `index`: each PSD cone of order n
/// has a dense block of n(n+1)/2 squared entries in the linear systems it factors. Measured
/// on this machine (peak resident memory over that count times 8 bytes): about 10, so 80
/// bytes per entry (tangram, degree6: 102 MB; degree8: 563 MB).
pub fn solver_bytes(index: IndexSet, pieces: usize) -> f64 {
    let order = index.members().len() as f64;
    let tri = order * (order + 1.0) / 2.0;
    80.0 * pieces as f64 * tri * tri
}

/// Refuses an index set whose semidefinite programs would need more than the budget's bytes
/// ([`MAX_SOLVER_BYTES`] when it sets none).
pub fn check_size(index: IndexSet, pieces: usize, budget: &Budget) -> Result<(), String> {
    let bytes = solver_bytes(index, pieces);
    let most = budget.bytes_or(MAX_SOLVER_BYTES) as f64;
    if bytes > most {
        return Err(format!(
            "index set {} makes {pieces} moment matrices of order {}: the SDP solver would need about {} MB, more than the {} MB it may use; take a smaller index set",
            index.name(),
            index.members().len(),
            (bytes / 1048576.0).round(),
            (most / 1048576.0).round()
        ));
    }
    Ok(())
}

/// Called after each step with the step's number and every piece's translation as read
/// from its matrix then (in the equations' coordinates).
pub type Watch = Arc<dyn Fn(usize, &[(f64, f64)]) + Send + Sync>;

#[derive(Clone)]
pub struct Options {
    pub index: IndexSet,
    /// Most steps (semidefinite programs).
    pub limit: usize,
    /// Rank one reached: the relative objective below this.
    pub tol: f64,
    /// Translations are read, refined and offered to the caller once the relative objective
    /// is below this (the caller's check decides).
    pub try_below: f64,
    /// Deadline, cancel flag and the bytes the SDP solver may use (its nodes are not read:
    /// `limit` counts the steps).
    pub budget: Budget,
    pub watch: Option<Watch>,
    /// Start from the weights of these translations' rank-one matrices instead of W = 0
    /// (a solution is then a fixed point: the first step returns it).
    pub start: Option<Vec<(f64, f64)>>,
    /// Lower bounds on monomials, (piece i, k, v): m_i(k) >= v (a nonnegative cone). With
    /// turning pieces one piece is kept in the figure's first copy this way.
    pub at_least: Vec<(usize, Index, f64)>,
    /// Steps without halving the objective after which the run is called stalled.
    pub stall: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            index: IndexSet::Degree(3),
            limit: 40,
            tol: 1e-7,
            try_below: 1e-3,
            budget: Budget::default(),
            watch: None,
            start: None,
            at_least: Vec::new(),
            stall: STALL,
        }
    }
}

/// The problem's sizes, as reported.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Sizes {
    /// Moment matrices (one per piece) and their order.
    pub matrices: usize,
    pub order: usize,
    /// Linear equations (rows of the zero cone).
    pub constraints: usize,
    /// Scalar variables (distinct monomials of every piece).
    pub variables: usize,
}

#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Semidefinite programs solved.
    pub iterations: usize,
    /// Per step: the sum over pieces of all eigenvalues of Z_i but the largest, divided by
    /// the sum of the traces.
    pub objectives: Vec<f64>,
    /// The last step's objective.
    pub rank_residual: f64,
    /// Every Z_i reached rank one (objective below the tolerance).
    pub converged: bool,
    /// The translations the caller's check accepted (refined).
    pub solution: Option<Vec<(f64, f64)>>,
    pub sizes: Sizes,
    /// Milliseconds per semidefinite program.
    pub sdp_ms: Vec<f64>,
    /// Why the run ended before its limit without a solution: the time, a cancel, or the
    /// solver reporting no feasible point (numerically: not a proof).
    pub stopped: Option<String>,
}

/// Runs Algorithm 2 on the equations of `pieces` pieces. `check` is offered refined
/// translations once the objective is small; it returns whether they solve the puzzle.
#[cfg(c_solvers)]
pub fn run(eq: &Equations, opts: &Options, mut check: impl FnMut(&[(f64, f64)]) -> bool) -> Outcome {
    let n = eq.pieces;
    let basis = opts.index.members();
    let ks = opts.index.sums();
    let order = basis.len();
    let var = |i: usize, k: Index| ks.binary_search(&k).ok().map(|p| i * ks.len() + p);
    let nvar = n * ks.len();
    let mut out = Outcome {
        sizes: Sizes { matrices: n, order, constraints: eq.rows.len(), variables: nvar },
        ..Default::default()
    };
    if let Err(e) = check_size(opts.index, n, &opts.budget) {
        out.stopped = Some(e);
        return out;
    }
    // The constraint matrix, by columns: the equations, then each piece's PSD triangle.
    let mut cols: Vec<Vec<(usize, f64)>> = vec![Vec::new(); nvar];
    let mut b = Vec::new();
    for (r, terms) in eq.terms.iter().enumerate() {
        for &(i, m, c) in terms {
            match var(i, m) {
                Some(v) => cols[v].push((r, c)),
                None => panic!("the equations use a monomial {m:?} outside the index set's sums"),
            }
        }
        b.push(eq.rhs[r]);
    }
    // m_i(k) >= v as -m_i(k) + s = -v, s >= 0.
    for &(i, k, v) in &opts.at_least {
        match var(i, k) {
            Some(x) => cols[x].push((b.len(), -1.0)),
            None => panic!("a bound on a monomial {k:?} outside the index set's sums"),
        }
        b.push(-v);
    }
    let tri = order * (order + 1) / 2;
    for i in 0..n {
        for j in 0..order {
            for l in 0..=j {
                let row = b.len();
                let s = (basis[l].0 + basis[j].0, basis[l].1 + basis[j].1);
                let scale = if l == j { 1.0 } else { std::f64::consts::SQRT_2 };
                match var(i, s) {
                    Some(v) => {
                        cols[v].push((row, -scale));
                        b.push(0.0);
                    }
                    None => b.push(scale),
                }
            }
        }
    }
    let a = csc(b.len(), &cols);
    let p = CscMatrix::zeros((nvar, nvar));
    let mut cones = vec![SupportedConeT::ZeroConeT(eq.rows.len())];
    if !opts.at_least.is_empty() {
        cones.push(SupportedConeT::NonnegativeConeT(opts.at_least.len()));
    }
    cones.extend((0..n).map(|_| SupportedConeT::PSDTriangleConeT(order)));
    debug_assert_eq!(b.len(), eq.rows.len() + opts.at_least.len() + n * tri);

    // W_i, as the objective's coefficients per variable: 0, or I - u u' for the unit vector
    // u along (exp(a . t_i)) over the basis.
    let mut q = vec![0.0; nvar];
    let add_weights = |q: &mut [f64], i: usize, u: &[f64]| {
        for j in 0..order {
            for l in 0..order {
                let w = f64::from(u8::from(j == l)) - u[j] * u[l];
                if let Some(v) = var(i, (basis[l].0 + basis[j].0, basis[l].1 + basis[j].1)) {
                    q[v] += w;
                }
            }
        }
    };
    for (i, t) in opts.start.iter().flatten().enumerate().take(n) {
        let v: Vec<f64> = basis.iter().map(|a| (a.0 as f64 * t.0 + a.1 as f64 * t.1).exp()).collect();
        let len = v.iter().map(|x| x * x).sum::<f64>().sqrt();
        add_weights(&mut q, i, &v.iter().map(|x| x / len).collect::<Vec<_>>());
    }
    for step in 1..=opts.limit.max(1) {
        if opts.budget.cancelled() {
            out.stopped = Some("cancelled".into());
            break;
        }
        let left = opts.budget.seconds_left();
        if left.is_some_and(|s| s <= 0.0) {
            out.stopped = Some("out of time".into());
            break;
        }
        let settings = DefaultSettingsBuilder::default()
            .verbose(false)
            .time_limit(left.unwrap_or(f64::INFINITY))
            .build()
            .expect("valid Clarabel settings");
        let t0 = Instant::now();
        let (status, x) = match solve_once(&p, &q, &a, &b, &cones, settings, opts.budget.deadline) {
            Ok(answer) => answer,
            Err(why) => {
                out.stopped = Some(why);
                break;
            }
        };
        // A step cut short by the time limit is not a step.
        if status == SolverStatus::MaxTime {
            out.stopped = Some("out of time".into());
            break;
        }
        out.sdp_ms.push(t0.elapsed().as_secs_f64() * 1000.0);
        out.iterations = step;
        match status {
            // Not a proof: the equations are rounded to floating point, and a solvable
            // figure's have been refused this way. The run ends; the caller may go on with
            // another index set or a restart.
            SolverStatus::PrimalInfeasible | SolverStatus::AlmostPrimalInfeasible => {
                out.stopped = Some(format!(
                    "the SDP solver found no feasible point ({status:?}); numerically, not a proof that the figure has no solution"
                ));
                break;
            }
            SolverStatus::DualInfeasible | SolverStatus::AlmostDualInfeasible => {
                out.stopped = Some(format!("the SDP solver failed ({status:?})"));
                break;
            }
            _ => {}
        }
        if x.iter().any(|v| !v.is_finite()) {
            out.stopped = Some(format!("the SDP solver gave no usable answer ({status:?})"));
            break;
        }
        // Each Z_i, its eigenvectors, the next W_i and the step's objective.
        let (mut rest, mut trace) = (0.0, 0.0);
        q.iter_mut().for_each(|v| *v = 0.0);
        let mut tops: Vec<Vec<f64>> = Vec::with_capacity(n);
        for i in 0..n {
            let z = matrix(&basis, |s| var(i, s).map_or(1.0, |v| x[v]));
            let (vals, vecs) = eigen(&z);
            let top = (0..order).max_by(|&u, &w| vals[u].total_cmp(&vals[w])).unwrap_or(0);
            trace += vals.iter().sum::<f64>();
            rest += vals.iter().enumerate().filter(|&(u, _)| u != top).map(|(_, v)| v.max(0.0)).sum::<f64>();
            // W = I - u u' for the top eigenvector u: the sum of the other eigenvectors'
            // projections.
            let u: Vec<f64> = (0..order).map(|j| vecs[j][top]).collect();
            add_weights(&mut q, i, &u);
            tops.push(u);
        }
        let objective = if trace > 0.0 { rest / trace } else { f64::INFINITY };
        // Past 1 the matrices are not positive semidefinite: the solver's answer is unusable
        // (it still often is after a reported numerical error, when this holds).
        if objective > 1.0 + 1e-6 {
            out.stopped = Some(format!("the SDP solver failed ({status:?})"));
            break;
        }
        out.objectives.push(objective);
        out.rank_residual = objective;
        let t: Vec<(f64, f64)> = (0..n)
            .map(|i| {
                let read = |k: Index| var(i, k).map_or(1.0, |v| x[v]).max(1e-12).ln();
                (read((1, 0)), read((0, 1)))
            })
            .collect();
        if let Some(w) = &opts.watch {
            w(step, &t);
        }
        out.converged = objective < opts.tol;
        if objective < opts.try_below {
            // The degree-one entries, then (where it differs) the top eigenvector's reading:
            // near rank one it keeps the dominant placement where the entries average a
            // piece's places (with turning pieces, its places in several copies).
            let mut tried = vec![t.clone()];
            tried.extend(read_top(&basis, &tops).filter(|e| e != &t));
            if let Some(refined) = tried.iter().map(|t| refine(eq, t)).find(|r| check(r)) {
                out.solution = Some(refined);
                break;
            }
        }
        // Stalled: the best objective of the last `stall` steps is not half the best before.
        let (k, stall) = (out.objectives.len(), opts.stall.max(1));
        if !out.converged && k > 2 * stall {
            let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
            if best(&out.objectives[k - stall..]) > 0.5 * best(&out.objectives[..k - stall]) {
                out.stopped = Some(format!("stalled above rank one (objective {objective:.1e})"));
                break;
            }
        }
        if out.converged {
            // Rank one, yet the check refused it: the equations are met by no real solution.
            out.stopped = Some("reached rank one, but the placement read from it does not solve the puzzle".into());
            break;
        }
    }
    out
}

/// The browser build's Algorithm 2: Clarabel's PSD cones need LAPACK, which does not build for
/// wasm32, so the run stops at once and says so.
#[cfg(not(c_solvers))]
pub fn run(eq: &Equations, opts: &Options, _check: impl FnMut(&[(f64, f64)]) -> bool) -> Outcome {
    let (order, ks) = (opts.index.members().len(), opts.index.sums().len());
    Outcome {
        sizes: Sizes { matrices: eq.pieces, order, constraints: eq.rows.len(), variables: eq.pieces * ks },
        stopped: Some(MISSING.into()),
        ..Default::default()
    }
}

/// One semidefinite program: its status and solution. With a deadline it runs on a thread of
/// its own, and the deadline is kept even inside one of Clarabel's steps (its own time limit
/// is looked at between steps only, and a large step can take minutes): past the deadline
/// the run is given up as out of time and the thread, left to finish, is dropped.
#[cfg(c_solvers)]
fn solve_once(
    p: &CscMatrix<f64>,
    q: &[f64],
    a: &CscMatrix<f64>,
    b: &[f64],
    cones: &[SupportedConeT<f64>],
    settings: clarabel::solver::DefaultSettings<f64>,
    deadline: Option<Instant>,
) -> Result<(SolverStatus, Vec<f64>), String> {
    one_blas_thread();
    let once = move |p: &CscMatrix<f64>, q: &[f64], a: &CscMatrix<f64>, b: &[f64], cones: &[SupportedConeT<f64>]| {
        // Clarabel panics when LAPACK fails on a step's matrices (met on a balanced turn set
        // that no translation completes): that ends the run as a failure, not the program.
        // Its panic message is not printed: the run says what happened.
        quiet_panics();
        QUIET.with(|q| q.set(true));
        let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut solver = DefaultSolver::new(p, q, a, b, cones, settings)
                .map_err(|e| format!("the SDP solver refused the problem: {e:?}"))?;
            solver.solve();
            Ok((solver.solution.status, std::mem::take(&mut solver.solution.x)))
        }))
        .unwrap_or_else(|_| Err("the SDP solver failed (its eigenvalue routine did not converge)".into()));
        QUIET.with(|q| q.set(false));
        answer
    };
    if deadline.is_none() {
        return once(p, q, a, b, cones);
    }
    let (p, q, a, b, cones) = (p.clone(), q.to_vec(), a.clone(), b.to_vec(), cones.to_vec());
    crate::support::budget::within(deadline, move || once(&p, &q, &a, &b, &cones)).unwrap_or(Err("out of time".into()))
}

#[cfg(c_solvers)]
thread_local! {
    /// Set while this thread runs a semidefinite program, whose panics are caught and told.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Puts a panic hook before the one in place (once per process) that prints nothing for a
/// thread running a semidefinite program and hands every other panic on.
#[cfg(c_solvers)]
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                before(info);
            }
        }));
    });
}

/// Keeps OpenBLAS (which Clarabel's PSD cones call for their eigen-decompositions) on one
/// thread. Its matrices here are small (order 13 for ball2), and its worker threads wait by
/// spinning: on two cores shared with another job, or with the game's frame, they took the
/// time from the solver (measured in issue 35's note).
#[cfg(c_solvers)]
fn one_blas_thread() {
    extern "C" {
        fn openblas_set_num_threads(n: std::os::raw::c_int);
    }
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: OpenBLAS's own setter, called once before any of its routines runs here.
    ONCE.call_once(|| unsafe { openblas_set_num_threads(1) });
}

/// Stops OpenBLAS's idle worker threads, for a program that starts with it loaded. Debian's
/// default OpenBLAS starts a thread per core as the program loads, whether or not a matrix is
/// ever used, and each spins for about a tenth of a second before it sleeps: on two cores,
/// the second core was taken from every command's first tenth of a second (`perf stat` on a
/// 6 x 10 pentomino count: 168 ms of processor in an 88 ms run). Matrices here run on one
/// thread anyway ([`one_blas_thread`]), on the caller's. The pool is stopped through
/// `blas_thread_shutdown_`, looked up when the program runs: a build of OpenBLAS without
/// threads has none, and then there is nothing to stop.
#[cfg(all(target_os = "linux", c_solvers))]
pub fn stop_idle_blas_threads() {
    use std::os::raw::{c_char, c_int, c_void};
    extern "C" {
        fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    }
    one_blas_thread();
    // SAFETY: dlsym with RTLD_DEFAULT (a null handle) and a NUL-terminated name; the symbol,
    // when found, is OpenBLAS's `int blas_thread_shutdown_(void)`, which joins its idle
    // workers (a later call on more threads would start them again; none is made).
    unsafe {
        let f = dlsym(std::ptr::null_mut(), c"blas_thread_shutdown_".as_ptr());
        if !f.is_null() {
            let shutdown: extern "C" fn() -> c_int = std::mem::transmute(f);
            shutdown();
        }
    }
}

/// Each piece's translation read from its moment matrix's top eigenvector u, scaled so that
/// its entry for (0, 0) is 1 (at rank one, u is exp(a . t) over the basis): the mean of
/// ln u(1, 0) and -ln u(-1, 0) where the basis has both (likewise for y). `None` when an
/// entry needed is not positive.
#[cfg(c_solvers)]
fn read_top(basis: &[Index], tops: &[Vec<f64>]) -> Option<Vec<(f64, f64)>> {
    let at = |a: Index| basis.iter().position(|&b| b == a);
    let origin = at((0, 0))?;
    tops.iter()
        .map(|u| {
            let entry = |a: Index| -> Option<Option<f64>> {
                let Some(j) = at(a) else { return Some(None) };
                let v = u[j] / u[origin];
                (v > 0.0 && v.is_finite()).then_some(Some(v.ln()))
            };
            let axis = |plus: Index, minus: Index| -> Option<f64> {
                match (entry(plus)?, entry(minus)?) {
                    (Some(p), Some(m)) => Some((p - m) / 2.0),
                    (Some(p), None) => Some(p),
                    (None, Some(m)) => Some(-m),
                    (None, None) => None,
                }
            };
            Some((axis((1, 0), (-1, 0))?, axis((0, 1), (0, -1))?))
        })
        .collect()
}

/// A symmetric matrix over the basis from a value per multi-index sum.
#[cfg(c_solvers)]
fn matrix(basis: &[Index], value: impl Fn(Index) -> f64) -> Vec<Vec<f64>> {
    basis.iter().map(|a| basis.iter().map(|b| value((a.0 + b.0, a.1 + b.1))).collect()).collect()
}

/// A sparse matrix from its columns' (row, value) lists.
#[cfg(c_solvers)]
fn csc(rows: usize, cols: &[Vec<(usize, f64)>]) -> CscMatrix<f64> {
    let mut colptr = vec![0];
    let (mut rowval, mut nzval) = (Vec::new(), Vec::new());
    for c in cols {
        let mut c = c.clone();
        c.sort_by_key(|e| e.0);
        for (r, v) in c {
            rowval.push(r);
            nzval.push(v);
        }
        colptr.push(rowval.len());
    }
    CscMatrix::new(rows, cols.len(), colptr, rowval, nzval)
}

/// Eigenvalues and eigenvectors (as columns) of a small symmetric matrix, by cyclic Jacobi
/// rotations.
pub fn eigen(m: &[Vec<f64>]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = m.len();
    let mut a: Vec<Vec<f64>> = m.to_vec();
    let mut v: Vec<Vec<f64>> = (0..n).map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect()).collect();
    for _sweep in 0..100 {
        let off: f64 = (0..n)
            .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
            .map(|(i, j)| a[i][j] * a[i][j])
            .sum();
        let norm: f64 = a.iter().flatten().map(|x| x * x).sum();
        if off <= 1e-30 * norm.max(1e-300) {
            break;
        }
        for p in 0..n {
            for r in p + 1..n {
                if a[p][r].abs() < 1e-300 {
                    continue;
                }
                // The rotation that zeroes a[p][r].
                let theta = (a[r][r] - a[p][p]) / (2.0 * a[p][r]);
                let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
                let t = if theta == 0.0 { 1.0 } else { t };
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                for row in a.iter_mut() {
                    let (akp, akr) = (row[p], row[r]);
                    row[p] = c * akp - s * akr;
                    row[r] = s * akp + c * akr;
                }
                let (low, high) = a.split_at_mut(r);
                for (x, y) in low[p].iter_mut().zip(high[0].iter_mut()) {
                    let (apk, ark) = (*x, *y);
                    *x = c * apk - s * ark;
                    *y = s * apk + c * ark;
                }
                for row in v.iter_mut() {
                    let (vkp, vkr) = (row[p], row[r]);
                    row[p] = c * vkp - s * vkr;
                    row[r] = s * vkp + c * vkr;
                }
            }
        }
    }
    ((0..n).map(|i| a[i][i]).collect(), v)
}

/// Gauss-Newton (damped) on the exact equations, from `t`: a few steps make a nearly right
/// answer exact.
pub fn refine(eq: &Equations, t: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let n = t.len();
    let mut t = t.to_vec();
    let norm = |r: &[f64]| r.iter().map(|x| x * x).sum::<f64>();
    let mut r = eq.residual(&t);
    let mut mu = 1e-9;
    for _ in 0..30 {
        if norm(&r) < 1e-28 {
            break;
        }
        // Normal equations J'J d = -J'r over the 2n unknowns.
        let m = 2 * n;
        let mut jtj = vec![vec![0.0; m]; m];
        let mut jtr = vec![0.0; m];
        for (row, terms) in eq.terms.iter().enumerate() {
            let mut grads: Vec<(usize, f64)> = Vec::new();
            for &(i, m, c) in terms {
                let e = c * (m.0 as f64 * t[i].0 + m.1 as f64 * t[i].1).exp();
                grads.push((2 * i, e * m.0 as f64));
                grads.push((2 * i + 1, e * m.1 as f64));
            }
            grads.retain(|g| g.1 != 0.0);
            for &(u, gu) in &grads {
                jtr[u] += gu * r[row];
                for &(w, gw) in &grads {
                    jtj[u][w] += gu * gw;
                }
            }
        }
        let mut improved = false;
        for _ in 0..8 {
            let mut a = jtj.clone();
            for (u, row) in a.iter_mut().enumerate() {
                row[u] += mu * (1.0 + jtj[u][u]);
            }
            let Some(d) = solve_linear(a, jtr.iter().map(|x| -x).collect()) else { break };
            let next: Vec<(f64, f64)> = (0..n).map(|i| (t[i].0 + d[2 * i], t[i].1 + d[2 * i + 1])).collect();
            let rn = eq.residual(&next);
            if norm(&rn) < norm(&r) {
                t = next;
                r = rn;
                mu = (mu / 10.0).max(1e-12);
                improved = true;
                break;
            }
            mu *= 10.0;
        }
        if !improved {
            break;
        }
    }
    t
}

/// Gaussian elimination with partial pivoting; `None` for a singular matrix.
fn solve_linear(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[p][c].abs() < 1e-300 {
            return None;
        }
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..n {
            let f = a[r][c] / a[c][c];
            if f != 0.0 {
                let (top, rest) = a.split_at_mut(r);
                for (x, y) in rest[0][c..].iter_mut().zip(&top[c][c..]) {
                    *x -= f * y;
                }
                b[r] -= f * b[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|k| a[r][k] * x[k]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    Some(x)
}

/// A dissection put as sides: a figure to fill with pieces that translate, or also turn by
/// quarter turns (section 6.3's duplication).
pub struct Dissection {
    /// Each piece's outline around its centroid, and the figure's outlines (outer rings
    /// counter-clockwise, holes clockwise), in the equations' coordinates.
    rings: Vec<Vec<(f64, f64)>>,
    figure: Vec<Vec<(f64, f64)>>,
    /// The figure as given, judged by the verification engine.
    target: Vec<Vec<Vertex>>,
    pieces: Vec<Vec<Vertex>>,
    /// The equations' coordinates: (p - centre) / size.
    centre: Pt,
    size: f64,
    centroids: Vec<Pt>,
    /// 1 (pieces translate) or 4 (they also turn by quarter turns).
    turns: usize,
    /// With turning pieces: which turns balance the figure's sides.
    balance: Option<Balance>,
}

/// Where a piece goes: turned by `quarter_turns` (counter-clockwise) about its centroid,
/// which lands at `at`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub quarter_turns: i32,
    pub at: Pt,
}

/// With turning pieces the figure's copy p sits at R(p) times this offset (in the equations'
/// coordinates, the figure being half a unit wide): the copies stay apart.
const COPY_OFFSET: (f64, f64) = (0.6, 0.0);

/// The index sets tried in turn when none is named: the small one first (fast, and it
/// solves most figures), then the paper-sized one (it solves most of the rest).
pub const AUTO: [IndexSet; 2] = [IndexSet::Degree(2), IndexSet::Degree(3)];

/// With quarter turns: the index sets must be closed under them.
pub const AUTO_TURNING: [IndexSet; 2] = [IndexSet::Ball(1), IndexSet::Ball(2)];

/// What a dissection run found: each index set's run and, when solved, each piece's place.
pub struct DissectionOutcome {
    pub runs: Vec<(IndexSet, Outcome)>,
    pub placed: Option<Vec<Placed>>,
    /// Turning pieces: the balanced sets of turns tried as translation-only puzzles, and, for
    /// the one that solved the figure, how many pieces' turns differ from those read off.
    pub turn_sets_tried: usize,
    pub turns_changed: Option<usize>,
    /// Restarts from random translations begun (0: the first start answered).
    pub restarts: usize,
    /// Escapes from a stall tried (pieces that looked right kept, the SDP run on the others;
    /// see [`crate::solve::completion`]), and whether one solved the figure.
    pub completions: usize,
    pub completed: bool,
}

impl Dissection {
    /// Takes straight-edged pieces (one outline each) and a figure (outlines and holes);
    /// `turns` 1: pieces only translate; 4: they turn by quarter turns too.
    pub fn new(target: &[Vec<Vertex>], pieces: &[Vec<Vec<Vertex>>], turns: usize) -> Result<Dissection, String> {
        if pieces.is_empty() {
            return Err("no pieces".into());
        }
        if turns != 1 && turns != 4 {
            return Err(format!(
                "the SDP method takes pieces that translate, or turn by quarter turns; not {turns} turns"
            ));
        }
        if pieces.len() > MAX_PIECES {
            return Err(format!("{} pieces is more than the SDP method takes ({MAX_PIECES})", pieces.len()));
        }
        let arcs = |rings: &[Vec<Vertex>]| rings.iter().flatten().any(|v| v.arc.is_some());
        if arcs(target) || pieces.iter().any(|p| arcs(p)) {
            return Err("the SDP method takes straight edges only; this figure or a piece has arcs".into());
        }
        if let Some(k) = pieces.iter().position(|p| p.len() != 1) {
            return Err(format!("piece {k}: the SDP method takes pieces with one outline and no holes"));
        }
        let pts = |r: &[Vertex]| -> Vec<Pt> { r.iter().map(|v| v.at).collect() };
        let bb = crate::geom::BBox::of_rings(target);
        // Turning: the figure half a unit wide, so its copies (see COPY_OFFSET) stay apart.
        let size = bb.size() * if turns == 1 { 1.0 } else { 2.0 };
        if !(size.is_finite() && size > 0.0) {
            return Err("the figure has no extent".into());
        }
        let centre = bb.center();
        let norm = |p: Pt, origin: Pt| ((p.x - origin.x) / size, (p.y - origin.y) / size);
        // The figure: outlines counter-clockwise, holes (inside an odd number of other
        // rings) clockwise.
        let outlines: Vec<Vec<Pt>> = target.iter().map(|r| pts(r)).collect();
        let mut figure = Vec::new();
        for (i, r) in outlines.iter().enumerate() {
            if r.len() < 3 {
                return Err(format!("figure ring {i} has fewer than 3 corners"));
            }
            let depth = outlines.iter().enumerate().filter(|&(j, o)| j != i && ring_inside(r, o, 1e-9 * size)).count();
            let ccw = signed_area(r) > 0.0;
            let mut ring: Vec<(f64, f64)> = r.iter().map(|&p| norm(p, centre)).collect();
            if ccw != (depth % 2 == 0) {
                ring.reverse();
            }
            figure.push(ring);
        }
        let mut rings = Vec::new();
        let mut centroids = Vec::new();
        for (k, p) in pieces.iter().enumerate() {
            let r = pts(&p[0]);
            if r.len() < 3 || signed_area(&r).abs() < 1e-12 * size * size {
                return Err(format!("piece {k} has no area"));
            }
            let c = centroid(&r);
            let mut ring: Vec<(f64, f64)> = r.iter().map(|&q| norm(q, c)).collect();
            if signed_area(&r) < 0.0 {
                ring.reverse();
            }
            rings.push(ring);
            centroids.push(c);
        }
        let balance = (turns == 4).then(|| Balance::new(&rings, &figure));
        Ok(Dissection {
            balance,
            rings,
            figure,
            target: target.to_vec(),
            pieces: pieces.iter().map(|p| p[0].clone()).collect(),
            centre,
            size,
            centroids,
            turns,
        })
    }

    /// The equations over an index set's sums (summed over the figure's turned copies when
    /// pieces turn).
    pub fn equations(&self, index: IndexSet) -> Result<Equations, String> {
        let mut kinds = Kinds::new(1e-6);
        let ks = index.sums();
        if self.turns == 1 {
            let sides: Vec<Vec<Side>> = self.rings.iter().map(|r| polygon_sides(r, &mut kinds, 0.0)).collect();
            let figure: Vec<Side> = self.figure.iter().flat_map(|r| polygon_sides(r, &mut kinds, 0.0)).collect();
            return Ok(Equations::new(&sides, &figure, &ks));
        }
        if !index.turn_closed() {
            return Err(format!(
                "index set {} is not closed under quarter turns: turning pieces need ballN",
                index.name()
            ));
        }
        let quarter = std::f64::consts::FRAC_PI_2;
        let copies: Vec<crate::algebra::Copy> = (0..self.turns)
            .map(|p| {
                let turn = quarter * p as f64;
                let sides = self.rings.iter().map(|r| polygon_sides(r, &mut kinds, turn)).collect();
                let figure = self
                    .figure
                    .iter()
                    .flat_map(|r| {
                        let moved: Vec<(f64, f64)> =
                            r.iter().map(|q| (q.0 + COPY_OFFSET.0, q.1 + COPY_OFFSET.1)).collect();
                        polygon_sides(&moved, &mut kinds, turn)
                    })
                    .collect();
                crate::algebra::Copy { pieces: sides, figure, turns: p }
            })
            .collect();
        // Each equation comes once per copy: kept once, or Clarabel's systems are singular.
        Ok(Equations::summed(self.rings.len(), &copies, &ks, self.turns).independent())
    }

    /// Each piece's translation (its centroid, in the equations' coordinates) when it is
    /// placed as given, unturned.
    pub fn translations(&self, placed: &[Placed]) -> Vec<(f64, f64)> {
        placed.iter().map(|p| ((p.at.x - self.centre.x) / self.size, (p.at.y - self.centre.y) / self.size)).collect()
    }

    /// The pieces as given: each centroid where it is, unturned.
    pub fn as_given(&self) -> Vec<Placed> {
        self.centroids.iter().map(|&at| Placed { quarter_turns: 0, at }).collect()
    }

    /// Each piece's place for translations in the equations' coordinates. Turning: a piece
    /// lies in the copy of the figure nearest to it, copy q turned by q quarter turns; turned
    /// back with it, it is the piece turned by -q in the figure.
    pub fn placed(&self, t: &[(f64, f64)]) -> Vec<Placed> {
        t.iter()
            .map(|&(x, y)| {
                let q = if self.turns == 1 {
                    0
                } else {
                    let along = along_copies((x, y));
                    (0..4).max_by(|&a, &b| along[a].total_cmp(&along[b])).unwrap_or(0)
                };
                let (u, v) = crate::algebra::turn((x, y), (4 - q) % 4);
                let (u, v) = if self.turns == 1 { (u, v) } else { (u - COPY_OFFSET.0, v - COPY_OFFSET.1) };
                Placed {
                    quarter_turns: -(q as i32),
                    at: crate::geom::pt(self.centre.x + u * self.size, self.centre.y + v * self.size),
                }
            })
            .collect()
    }

    /// With turning pieces: which sets of turns balance the figure's sides.
    pub fn balance(&self) -> Option<&Balance> {
        self.balance.as_ref()
    }

    /// Piece `i`'s centroid as given.
    pub fn centroid(&self, i: usize) -> Pt {
        self.centroids[i]
    }

    /// Piece `i`'s outline as placed.
    pub fn ring(&self, i: usize, p: &Placed) -> Vec<Vertex> {
        let c = self.centroids[i];
        let (sin, cos) = (p.quarter_turns as f64 * std::f64::consts::FRAC_PI_2).sin_cos();
        self.pieces[i]
            .iter()
            .map(|v| {
                let (dx, dy) = (v.at.x - c.x, v.at.y - c.y);
                crate::geom::pt(p.at.x + cos * dx - sin * dy, p.at.y + sin * dx + cos * dy).into()
            })
            .collect()
    }

    /// Whether the verification engine calls the pieces, so placed, the figure.
    pub fn verifies(&self, placed: &[Placed]) -> bool {
        self.judge(placed).is_some_and(|v| v.solved)
    }

    /// The verification engine's verdict on the pieces so placed (`None` when a piece
    /// cannot be judged).
    fn judge(&self, placed: &[Placed]) -> Option<crate::verify::Verdict> {
        let target = crate::verify::Target::from_vertices(&self.target).ok()?;
        let pieces: Option<Vec<crate::verify::Piece>> = placed
            .iter()
            .enumerate()
            .map(|(k, p)| crate::verify::Piece::from_vertices(&[self.ring(k, p)], target.tol, k).ok())
            .collect();
        Some(crate::verify::Puzzle::new(target, crate::verify::Mode::Anchored, false).judge(&pieces?))
    }

    /// Runs Algorithm 2 over each index set in turn until one solves the figure (`opts.index`
    /// is ignored; the budget covers them all); a placement counts once the
    /// verification engine accepts it. When every index set stalls or fails (a numerical
    /// status of the conic solver included: never a proof), the runs start again from
    /// perturbed weights: the first step's W_i are those of a random translation of each piece
    /// inside the figure (seeded, so the same on every machine), and the reweighting goes on
    /// from there. With a deadline the restarts go on until it passes (the whole budget is
    /// spent, P2a), runs are called stalled sooner ([`QUICK_STALL`]), and every other restart
    /// starts instead from the reading the verification engine found most complete so far,
    /// with [`MOVED`] of its pieces put at random places: a stalled reading of a figure of
    /// many like pieces (pentominoes) often has most of them right, and a fresh start would
    /// throw them away. Without a deadline there are [`RESTARTS`] fresh restarts, and runs
    /// stall after [`STALL`] steps. Either way, each run of pieces that translate that ends
    /// without a solution is followed by an escape ([`Dissection::complete`]), which draws its
    /// random places from a stream of its own: the restarts are those of a search without it.
    pub fn solve(&self, opts: &Options, indexes: &[IndexSet]) -> Result<DissectionOutcome, String> {
        let mut out = DissectionOutcome {
            runs: Vec::new(),
            placed: None,
            turn_sets_tried: 0,
            turns_changed: None,
            restarts: 0,
            completions: 0,
            completed: false,
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35);
        // The escapes draw from their own stream, so that the restarts are those of a search
        // without them.
        let mut escape_rng = rand_chacha::ChaCha8Rng::seed_from_u64(36);
        for &index in indexes {
            check_size(index, self.rings.len(), &opts.budget)?;
        }
        let given = opts.start.clone();
        let equations = indexes.iter().map(|&i| self.equations(i)).collect::<Result<Vec<_>, _>>()?;
        let mut tried = std::collections::HashSet::new();
        let mut tried_kept = std::collections::HashSet::new();
        let restarts = if self.turns == 4 { TURNING_RESTARTS } else { RESTARTS };
        let timed = opts.budget.deadline.is_some();
        // Pieces that translate only, until a deadline: shorter runs, restarts that keep most of
        // a reading, the dearer sets seldom (turning pieces keep the plain schedule).
        let quick = timed && self.turns == 1;
        let stall = if quick { QUICK_STALL } else { opts.stall };
        // The most complete reading so far (the verification engine's level) and its
        // translations: where the restarts that keep most pieces start.
        let mut most_complete: Option<(f64, Vec<(f64, f64)>)> = None;
        for restart in 0.. {
            // The first run is always made, so that a deadline already past is told as such.
            if (!timed && restart > restarts) || (restart > 0 && opts.budget.expired()) {
                break;
            }
            out.restarts = restart;
            let start = match (&most_complete, restart) {
                (_, 0) => given.clone(),
                (Some((_, t)), r) if quick && r % 2 == 1 => Some(self.moved(t, &mut rng)),
                _ => Some((0..self.rings.len()).map(|i| self.random_place(i, &mut rng)).collect()),
            };
            for (k, (&index, eq)) in indexes.iter().zip(&equations).enumerate() {
                // The later index sets are dearer (degree3: about ten times degree2's time per
                // run); restarts until a deadline go on with the first, the others tried every
                // few (without a deadline each of the few restarts tries them all).
                let every = if quick { DEAR_EVERY } else { TURNING_DEAR_EVERY };
                if timed && k > 0 && restart % every != 0 {
                    continue;
                }
                let at_least = self.pinned();
                // Turning pieces: the turns read off settle long before rank one, and each new
                // set of them is worth a translation-only try.
                let try_below = if self.turns == 4 { opts.try_below.max(TURNS_TRY_BELOW) } else { opts.try_below };
                let options = Options { index, start: start.clone(), at_least, try_below, stall, ..opts.clone() };
                let mut last = None;
                let run = run(eq, &options, |t| {
                    last = Some(t.to_vec());
                    let mut placed = self.placed(t);
                    let verdict = self.judge(&placed);
                    let mut ok = verdict.as_ref().is_some_and(|v| v.solved);
                    let level = verdict.map_or(0.0, |v| v.progress);
                    if quick && most_complete.as_ref().is_none_or(|m| level > m.0) {
                        most_complete = Some((level, t.to_vec()));
                    }
                    // Turning pieces: the turns read may be right where the translations are
                    // not yet. They are rounded to the nearest sets of turns that balance the
                    // figure's sides, and each new one is tried as a translation-only puzzle.
                    if let (false, Some(balance)) = (ok, &self.balance) {
                        let sets = balance.nearest(&self.turn_costs(t), TURN_SETS_PER_READING, |k| tried.contains(k));
                        for turns in sets {
                            tried.insert(balance.key(&turns));
                            out.turn_sets_tried += 1;
                            let turned: Vec<Placed> = placed
                                .iter()
                                .zip(&turns)
                                .map(|(p, &r)| Placed { quarter_turns: r as i32, at: p.at })
                                .collect();
                            if let Some(p) = self.with_turns(&turned, opts) {
                                let read = placed.iter().map(|p| p.quarter_turns.rem_euclid(4) as usize);
                                out.turns_changed = Some(read.zip(&turns).filter(|(a, b)| a != *b).count());
                                (placed, ok) = (p, true);
                                break;
                            }
                        }
                    }
                    if ok {
                        out.placed = Some(placed);
                    }
                    ok
                });
                let stop = run.stopped.as_deref().is_some_and(|s| s == "cancelled" || s == "out of time");
                out.runs.push((index, run));
                if out.placed.is_some() || stop {
                    return Ok(out);
                }
                // A stalled reading of pieces that translate: keep the pieces that look right
                // and run again on the others.
                if let (1, Some(t)) = (self.turns, last) {
                    let placed = self.complete(eq, index, &t, &options, &mut tried_kept, &mut escape_rng);
                    out.completions = tried_kept.len();
                    if placed.is_some() {
                        (out.placed, out.completed) = (placed, true);
                        return Ok(out);
                    }
                }
            }
        }
        Ok(out)
    }
}

impl Dissection {
    /// Tries a set of turns (balanced, see [`Balance`]): each piece turned as `placed` has
    /// it, the translations found by the translation-only SDP started from `placed`'s
    /// ([`TURNS_INDEX`], at most [`TURNS_STEPS`] steps, no restarts); `None` unless that
    /// verifies.
    fn with_turns(&self, placed: &[Placed], opts: &Options) -> Option<Vec<Placed>> {
        let pieces: Vec<Vec<Vec<Vertex>>> = placed
            .iter()
            .enumerate()
            .map(|(i, p)| vec![self.ring(i, &Placed { quarter_turns: p.quarter_turns, at: self.centroids[i] })])
            .collect();
        let fixed = Dissection::new(&self.target, &pieces, 1).ok()?;
        let eq = fixed.equations(TURNS_INDEX).ok()?;
        let sub = Options {
            index: TURNS_INDEX,
            limit: opts.limit.min(TURNS_STEPS),
            start: Some(fixed.translations(placed)),
            at_least: Vec::new(),
            watch: None,
            ..opts.clone()
        };
        let mut found = None;
        run(&eq, &sub, |t| {
            let moved = fixed.placed(t);
            let ok = fixed.verifies(&moved);
            if ok {
                found = Some(moved);
            }
            ok
        });
        let moved = found?;
        Some(moved.iter().zip(placed).map(|(m, p)| Placed { quarter_turns: p.quarter_turns, at: m.at }).collect())
    }

    /// Per piece and quarter turn r: how much farther its translation `t` is (along the
    /// copies' offsets) from the copy of the figure that turn puts it in than from the copy
    /// it lies nearest (0 for the turn [`Dissection::placed`] reads).
    fn turn_costs(&self, t: &[(f64, f64)]) -> Vec<[f64; 4]> {
        t.iter()
            .map(|&t| {
                let along = along_copies(t);
                let best = along.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                // Copy q holds the piece turned back by q quarter turns: r = -q.
                std::array::from_fn(|r| best - along[(4 - r) % 4])
            })
            .collect()
    }

    /// With turning pieces, turning every translation by a quarter turn gives another
    /// solution (the copies trade places), and the relaxation's centre averages the four.
    /// Piece 0 is kept in the figure's first copy, which some of the four always has it in:
    /// its centroid's x at least 0.3 (copy 0 spans 0.35 to 0.85, the others end at 0.25),
    /// as exp(x) >= exp(0.3) on its monomial for (1, 0).
    fn pinned(&self) -> Vec<(usize, Index, f64)> {
        if self.turns == 1 {
            return Vec::new();
        }
        vec![(0, (1, 0), (COPY_OFFSET.0 - 0.3).exp())]
    }

    /// A restart's start that keeps most of a reading: [`MOVED`] pieces (fewer when there are
    /// not that many), drawn at random, put at random places; the others kept.
    fn moved(&self, t: &[(f64, f64)], rng: &mut rand_chacha::ChaCha8Rng) -> Vec<(f64, f64)> {
        let mut t = t.to_vec();
        let mut order: Vec<usize> = (0..t.len()).collect();
        for k in 0..MOVED.min(t.len()) {
            let pick = k + crate::support::random::below(rng, order.len() - k);
            order.swap(k, pick);
            t[order[k]] = self.random_place(order[k], rng);
        }
        t
    }

    /// The escape from a stalled reading `t` ([`crate::solve::completion`]): the pieces that
    /// look right are kept where `t` has them, and the SDP runs on the others alone over the
    /// region left ([`COMPLETION_STARTS`] starts: no weights, then random places); whatever it
    /// reads is refined with every piece free and judged. `None` when no piece or every piece
    /// looks right, when this set of kept pieces was tried before (`tried`), or when nothing
    /// verifies.
    fn complete(
        &self,
        eq: &Equations,
        index: IndexSet,
        t: &[(f64, f64)],
        opts: &Options,
        tried: &mut std::collections::HashSet<Vec<(usize, i64, i64)>>,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Option<Vec<Placed>> {
        let t = &crate::solve::completion::snap(&self.rings, &self.figure, t, SNAP_REACH);
        let keep = crate::solve::completion::kept(&self.rings, &self.figure, t, KEPT_EPS);
        let kept: Vec<usize> = (0..t.len()).filter(|&i| keep[i]).collect();
        if kept.is_empty() || kept.len() == t.len() {
            return None;
        }
        // The same pieces at the same places (to a thousandth of the figure) are tried once.
        let key = kept.iter().map(|&i| (i, (t[i].0 * 1e3).round() as i64, (t[i].1 * 1e3).round() as i64)).collect();
        if !tried.insert(key) {
            return None;
        }
        let fixed: Vec<Option<(f64, f64)>> = (0..t.len()).map(|i| keep[i].then_some(t[i])).collect();
        let (sub, free) = eq.fixing(&fixed);
        let mut found = None;
        for start in 0..COMPLETION_STARTS {
            if opts.budget.expired() || opts.budget.cancelled() {
                break;
            }
            let start = (start > 0).then(|| free.iter().map(|&i| self.random_place(i, rng)).collect());
            let options = Options { index, start, at_least: Vec::new(), watch: None, ..opts.clone() };
            run(&sub, &options, |s| {
                let mut all = t.to_vec();
                for (k, &i) in free.iter().enumerate() {
                    all[i] = s[k];
                }
                let placed = self.placed(&refine(eq, &all));
                let ok = self.verifies(&placed);
                if ok {
                    found = Some(placed);
                }
                ok
            });
            if found.is_some() {
                break;
            }
        }
        found
    }

    /// A restart's translation for piece `i`: a random point of the figure's box (about
    /// 0.8 units wide), or, with turning pieces, of a random copy's box (piece 0's always in
    /// copy 0, as [`Dissection::pinned`] keeps it).
    fn random_place(&self, i: usize, rng: &mut rand_chacha::ChaCha8Rng) -> (f64, f64) {
        let mut unit = || crate::support::random::unit(rng) - 0.5;
        if self.turns == 1 {
            return (0.8 * unit(), 0.8 * unit());
        }
        let (u, v) = (0.5 * unit() + COPY_OFFSET.0, 0.5 * unit() + COPY_OFFSET.1);
        let q = if i == 0 { 0 } else { ((unit() + 0.5) * 4.0) as usize % 4 };
        crate::algebra::turn((u, v), q)
    }
}

/// How far a translation lies along each turned copy's offset: the copy it is nearest has
/// the largest.
fn along_copies((x, y): (f64, f64)) -> [f64; 4] {
    std::array::from_fn(|q| {
        let o = crate::algebra::turn(COPY_OFFSET, q);
        x * o.0 + y * o.1
    })
}

/// With turning pieces, the objective below which the turns read off are tried.
const TURNS_TRY_BELOW: f64 = 0.05;

/// A translation-only try with the turns read off: its index set and most steps. From a
/// start near its answer the SDP converges in a few steps of the small set (every one of 9
/// figures solved this way in `sdp_figures auto 12 turn90` took degree2 and at most 4
/// steps), and most turns read off are wrong, so a try is kept short.
const TURNS_INDEX: IndexSet = IndexSet::Degree(2);
const TURNS_STEPS: usize = 5;
/// Balanced turn sets tried per reading of an iterate, nearest first.
const TURN_SETS_PER_READING: usize = 3;

/// The runs of an escape from a stall ([`Dissection::complete`]): one without weights, the
/// others from random places of the pieces left.
pub const COMPLETION_STARTS: usize = 2;

/// How far (in the equations' coordinates, the figure one unit wide) a stalled reading's piece
/// is moved to line its corners up with the figure's, and how near a corner must then be to an
/// outline to be on it.
const SNAP_REACH: f64 = 0.05;
const KEPT_EPS: f64 = 1e-6;

/// Restarts from perturbed weights after every index set has failed.
pub const RESTARTS: usize = 3;

/// With a deadline, the index sets after the first run on every this many restarts (the first
/// try included): pieces that translate, and pieces that turn.
pub const DEAR_EVERY: usize = 8;
pub const TURNING_DEAR_EVERY: usize = 4;

/// With a deadline, how many pieces of the most complete reading every other restart moves.
pub const MOVED: usize = 3;

/// Restarts with turning pieces: each run is one more chance for the turns to settle right,
/// and a try of them is short.
pub const TURNING_RESTARTS: usize = 8;

fn signed_area(r: &[Pt]) -> f64 {
    (0..r.len()).map(|i| r[i].x * r[(i + 1) % r.len()].y - r[(i + 1) % r.len()].x * r[i].y).sum::<f64>() / 2.0
}

fn centroid(r: &[Pt]) -> Pt {
    let a = signed_area(r);
    let (mut cx, mut cy) = (0.0, 0.0);
    for i in 0..r.len() {
        let (p, q) = (r[i], r[(i + 1) % r.len()]);
        let w = p.x * q.y - q.x * p.y;
        cx += (p.x + q.x) * w;
        cy += (p.y + q.y) * w;
    }
    if a.abs() < 1e-300 {
        return r[0];
    }
    crate::geom::pt(cx / (6.0 * a), cy / (6.0 * a))
}

/// Whether ring `r` lies inside ring `o`, judged at a corner of `r` off `o`'s outline (a hole
/// may touch its outline at a corner, where the even-odd test at that corner says either).
fn ring_inside(r: &[Pt], o: &[Pt], eps: f64) -> bool {
    let off = |p: &Pt| (0..o.len()).all(|k| segment_distance(*p, o[k], o[(k + 1) % o.len()]) > eps);
    r.iter().find(|p| off(p)).is_some_and(|&p| inside(p, o))
}

/// The distance from `p` to the segment `a`-`b`.
fn segment_distance(p: Pt, a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let s = if len2 > 0.0 { (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    ((p.x - a.x - s * dx).powi(2) + (p.y - a.y - s * dy).powi(2)).sqrt()
}

/// Whether `p` lies inside the polygon `r` (even-odd).
fn inside(p: Pt, r: &[Pt]) -> bool {
    let mut c = false;
    for i in 0..r.len() {
        let (a, b) = (r[i], r[(i + 1) % r.len()]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) {
            c = !c;
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64) -> Vec<Vertex> {
        [(x, 0.0), (x + 1.0, 0.0), (x + 1.0, 1.0), (x, 1.0)]
            .iter()
            .map(|&(x, y)| crate::geom::pt(x, y).into())
            .collect()
    }

    #[test]
    fn a_restart_that_keeps_a_reading_moves_only_a_few_pieces() {
        let bar: Vec<Vertex> = [(0.0, 0.0), (5.0, 0.0), (5.0, 1.0), (0.0, 1.0)]
            .iter()
            .map(|&(x, y)| crate::geom::pt(x, y).into())
            .collect();
        let pieces: Vec<Vec<Vec<Vertex>>> = (0..5).map(|k| vec![square(10.0 * k as f64)]).collect();
        let d = Dissection::new(&[bar], &pieces, 1).unwrap();
        let reading: Vec<(f64, f64)> = (0..5).map(|k| (0.2 * k as f64 - 0.4, 0.0)).collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut moved_ever = [false; 5];
        for _ in 0..50 {
            let t = d.moved(&reading, &mut rng);
            let moved: Vec<usize> = (0..5).filter(|&i| t[i] != reading[i]).collect();
            assert_eq!(moved.len(), MOVED, "{t:?}");
            for &i in &moved {
                moved_ever[i] = true;
                assert!(t[i].0.abs() <= 0.4 && t[i].1.abs() <= 0.4, "a random place inside the figure's box: {t:?}");
            }
        }
        assert_eq!(moved_ever, [true; 5], "every piece is moved some time");
        // Fewer pieces than MOVED: all of them.
        let one = Dissection::new(&[square(0.0)], &pieces[..1], 1).unwrap();
        assert_ne!(one.moved(&[(0.3, 0.3)], &mut rng), vec![(0.3, 0.3)]);
    }

    /// A deadline already past when the search begins still gives one run, which says why it
    /// stopped (the command line reports the last run; there was none, and it panicked).
    #[test]
    fn a_deadline_past_before_the_first_run_is_told_by_that_run() {
        let pieces: Vec<Vec<Vec<Vertex>>> = (0..2).map(|k| vec![square(10.0 * k as f64)]).collect();
        let bar: Vec<Vertex> = [(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)]
            .iter()
            .map(|&(x, y)| crate::geom::pt(x, y).into())
            .collect();
        let d = Dissection::new(&[bar], &pieces, 1).unwrap();
        let opts = Options { budget: Budget::ms(Some(0)), ..Options::default() };
        let out = d.solve(&opts, &[IndexSet::Degree(2)]).unwrap();
        assert_eq!(out.runs.len(), 1, "{:?}", out.runs);
        let run = &out.runs[0].1;
        assert_eq!((run.iterations, run.stopped.as_deref()), (0, Some("out of time")));
        assert!(out.placed.is_none());
    }

    fn ring(cells: &[(f64, f64)]) -> Vec<Vertex> {
        cells.iter().map(|&(x, y)| crate::geom::pt(x, y).into()).collect()
    }

    /// A 3x2 rectangle of two L trominoes. From a reading with the first piece a little off its
    /// place and the second far off, the escape snaps the first into place, keeps it, and the
    /// SDP on the second alone finds it: the placement verifies. From a reading with both far
    /// off nothing looks right and nothing is tried; the same kept piece is tried once.
    #[test]
    fn the_escape_keeps_the_pieces_that_look_right_and_places_the_others() {
        let figure = ring(&[(0.0, 0.0), (3.0, 0.0), (3.0, 2.0), (0.0, 2.0)]);
        let a = ring(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0), (1.0, 2.0), (0.0, 2.0)]);
        let b = ring(&[(2.0, 0.0), (3.0, 0.0), (3.0, 2.0), (1.0, 2.0), (1.0, 1.0), (2.0, 1.0)]);
        let moved = |r: &[Vertex], dx: f64| r.iter().map(|v| Vertex::from(v.at + crate::geom::pt(dx, 7.0))).collect();
        let d = Dissection::new(std::slice::from_ref(&figure), &[vec![moved(&a, 20.0)], vec![moved(&b, -20.0)]], 1)
            .unwrap();
        let solved = Dissection::new(&[figure], &[vec![a], vec![b]], 1).unwrap();
        let right = solved.translations(&solved.as_given());
        let eq = d.equations(IndexSet::Degree(2)).unwrap();
        let opts = Options { index: IndexSet::Degree(2), stall: QUICK_STALL, ..Options::default() };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut tried = std::collections::HashSet::new();
        let reading = [(right[0].0 + 0.01, right[0].1 - 0.02), (right[1].0 - 0.4, right[1].1 + 0.3)];
        let placed = d.complete(&eq, IndexSet::Degree(2), &reading, &opts, &mut tried, &mut rng);
        assert!(placed.as_ref().is_some_and(|p| d.verifies(p)), "{placed:?}");
        assert_eq!(tried.len(), 1);
        assert!(d.complete(&eq, IndexSet::Degree(2), &reading, &opts, &mut tried, &mut rng).is_none(), "tried once");
        let lost = [(right[0].0 + 0.5, right[0].1), (right[1].0 - 0.4, right[1].1 + 0.3)];
        assert!(d.complete(&eq, IndexSet::Degree(2), &lost, &opts, &mut tried, &mut rng).is_none());
        assert_eq!(tried.len(), 1, "nothing looked right");
    }

    #[test]
    fn jacobi_finds_the_eigenvalues() {
        let (vals, vecs) = eigen(&[vec![2.0, 1.0], vec![1.0, 2.0]]);
        let mut v = vals.clone();
        v.sort_by(f64::total_cmp);
        assert!((v[0] - 1.0).abs() < 1e-12 && (v[1] - 3.0).abs() < 1e-12);
        // Each column is an eigenvector.
        for k in 0..2 {
            let (x, y) = (vecs[0][k], vecs[1][k]);
            assert!((2.0 * x + y - vals[k] * x).abs() < 1e-12);
        }
    }
}
