//! The linear programs behind Algorithm 1 ([`super::lp`]): one feasible set (bounds on the
//! variables, rows held between two values) maximised for a new objective each iteration.
//!
//! Two solvers read the same program. HiGHS (the default) runs its interior-point method
//! without the crossover, on one thread: its answer is the centre of the optimal face, which
//! is a permutation when that is the only optimum. The model is made once and kept: each
//! iteration changes only the objective (and, escaping a stall, a bound); the interior-point
//! method itself starts afresh each time (it has no warm start; the simplex, which has one,
//! was many times slower on these programs). microlp, a small pure-Rust simplex, builds the
//! program afresh each time; it stays so the two can be measured on the same boards, and it
//! is the only one in the browser build (HiGHS is C++).

use web_time::Instant;

/// This build has HiGHS (the browser build does not).
pub const HIGHS: bool = cfg!(c_solvers);

/// Which linear-programming code solves the iterations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    Highs,
    Microlp,
}

impl Solver {
    /// HiGHS where it is built (the desktop), else microlp.
    pub const DEFAULT: Solver = if HIGHS { Solver::Highs } else { Solver::Microlp };

    pub fn name(self) -> &'static str {
        match self {
            Solver::Highs => "highs",
            Solver::Microlp => "microlp",
        }
    }
}

/// One row: its coefficients (variable, value) and the range lo..=hi its sum must fall in.
pub type Row = (Vec<(usize, f64)>, f64, f64);

/// max c.x subject to lo <= A x <= hi and the bounds on x.
pub struct Program {
    /// Per variable: (lower, upper).
    pub bounds: Vec<(f64, f64)>,
    pub rows: Vec<Row>,
}

/// What one linear program came to.
pub enum Answer {
    Optimal {
        x: Vec<f64>,
        objective: f64,
    },
    Infeasible,
    /// Out of time (the deadline), or the solver failed: the message says which.
    Stopped(String),
}

/// A program solved again and again with new objectives.
pub struct Session {
    program: Program,
    solver: Solver,
    /// HiGHS's model, made at the first solve and changed in place after.
    #[cfg(c_solvers)]
    highs: Option<highs::Model>,
    /// HiGHS's handles for the variables, in their order.
    #[cfg(c_solvers)]
    cols: Vec<highs::Col>,
    /// When HiGHS's model was made: its time limit counts from then, across solves.
    #[cfg(c_solvers)]
    born: Instant,
}

impl Session {
    pub fn new(program: Program, solver: Solver) -> Self {
        #[cfg(c_solvers)]
        return Session { program, solver, highs: None, cols: Vec::new(), born: Instant::now() };
        #[cfg(not(c_solvers))]
        Session { program, solver }
    }

    /// Changes one variable's bounds for the programs to come.
    pub fn set_bounds(&mut self, v: usize, lo: f64, hi: f64) {
        self.program.bounds[v] = (lo, hi);
        #[cfg(c_solvers)]
        if let Some(model) = &mut self.highs {
            model.change_column_bounds(self.cols[v], lo..=hi);
        }
    }

    pub fn bounds(&self, v: usize) -> (f64, f64) {
        self.program.bounds[v]
    }

    /// How many variables the program has.
    pub fn variables(&self) -> usize {
        self.program.bounds.len()
    }

    /// Maximises `cost . x`, giving up at `deadline`.
    pub fn maximize(&mut self, cost: &[f64], deadline: Option<Instant>) -> Answer {
        match self.solver {
            #[cfg(c_solvers)]
            Solver::Highs => self.highs(cost, deadline),
            #[cfg(not(c_solvers))]
            Solver::Highs => {
                let _ = deadline;
                Answer::Stopped("HiGHS is in the desktop build only (use microlp)".into())
            }
            Solver::Microlp => microlp_solve(&self.program, cost),
        }
    }

    #[cfg(c_solvers)]
    fn highs(&mut self, cost: &[f64], deadline: Option<Instant>) -> Answer {
        let mut model = match self.highs.take() {
            Some(mut model) => {
                for (v, &c) in cost.iter().enumerate() {
                    model.change_column_cost(self.cols[v], c);
                }
                model
            }
            None => {
                let mut p = highs::RowProblem::default();
                self.cols =
                    self.program.bounds.iter().zip(cost).map(|(&(lo, hi), &c)| p.add_column(c, lo..=hi)).collect();
                for (row, lo, hi) in &self.program.rows {
                    let terms: Vec<(highs::Col, f64)> = row.iter().map(|&(v, a)| (self.cols[v], a)).collect();
                    p.add_row(*lo..=*hi, &terms);
                }
                self.born = Instant::now();
                let mut model = p.optimise(highs::Sense::Maximise);
                model.make_quiet();
                // One core. The interior-point method without crossover: it answers with the
                // centre of the optimal face, so where several vertices tie the iterate weighs
                // them alike instead of taking one at random (and it is several times faster
                // than the simplex on these degenerate programs; measured in the note of
                // issue 35). A permutation that is the only optimum comes back as itself.
                model.set_option("threads", 1);
                model.set_option("solver", "ipm");
                model.set_option("run_crossover", "off");
                model
            }
        };
        if let Some(d) = deadline {
            if d <= Instant::now() {
                return Answer::Stopped("out of time".into());
            }
            model.set_option("time_limit", d.saturating_duration_since(self.born).as_secs_f64());
        }
        let mut solved = match model.try_solve() {
            Ok(s) => s,
            Err(e) => return Answer::Stopped(format!("HiGHS failed: {e:?}")),
        };
        use highs::HighsModelStatus as S;
        let retry = !matches!(solved.status(), S::Optimal | S::Infeasible | S::ReachedTimeLimit);
        if retry {
            // The interior-point method can lose its way on a nearly degenerate program (HiGHS
            // says "unknown"): solve it once more with the crossover to a vertex.
            let mut again: highs::Model = solved.into();
            again.set_option("run_crossover", "on");
            solved = match again.try_solve() {
                Ok(s) => s,
                Err(e) => return Answer::Stopped(format!("HiGHS failed: {e:?}")),
            };
        }
        let answer = match solved.status() {
            S::Optimal => {
                Answer::Optimal { x: solved.get_solution().columns().to_vec(), objective: solved.objective_value() }
            }
            S::Infeasible => Answer::Infeasible,
            S::ReachedTimeLimit => Answer::Stopped("out of time".into()),
            other => Answer::Stopped(format!("HiGHS stopped: {other:?}")),
        };
        let mut model: highs::Model = solved.into();
        if retry {
            model.set_option("run_crossover", "off");
        }
        self.highs = Some(model);
        answer
    }
}

fn microlp_solve(program: &Program, cost: &[f64]) -> Answer {
    use microlp::{ComparisonOp, OptimizationDirection, Problem};
    let mut lp = Problem::new(OptimizationDirection::Maximize);
    let x: Vec<microlp::Variable> = program.bounds.iter().zip(cost).map(|(&b, &c)| lp.add_var(c, b)).collect();
    for (row, lo, hi) in &program.rows {
        let r: Vec<(microlp::Variable, f64)> = row.iter().map(|&(v, a)| (x[v], a)).collect();
        if lo == hi {
            lp.add_constraint(r.as_slice(), ComparisonOp::Eq, *lo);
        } else {
            lp.add_constraint(r.as_slice(), ComparisonOp::Ge, *lo);
            lp.add_constraint(r.as_slice(), ComparisonOp::Le, *hi);
        }
    }
    match lp.solve() {
        Ok(sol) => Answer::Optimal { x: x.iter().map(|v| sol[*v]).collect(), objective: sol.objective() },
        Err(microlp::Error::Infeasible) => Answer::Infeasible,
        Err(e) => Answer::Stopped(format!("microlp: {e}")),
    }
}
