//! One way to run solver work off the frame, shared by hints, show-thinking and the solver
//! lab: a task on `AsyncComputeTaskPool`, a cancel flag the task polls, and a generation
//! number. Results come back over a crossbeam channel tagged with the generation of the task
//! that sent them; starting or stopping a job moves to a new generation, so anything an older
//! task still sends (a hint for the previous position, a lab run from the previous level) is
//! dropped, never shown. In the browser the task shares the page's one thread: its budget
//! then ends after [`BROWSER_SLICE`].

use crate::support::budget::Budget;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use crossbeam_channel::{Receiver, Sender};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The longest a solver task may hold the page's thread in the browser build, which has no
/// other thread to run it on.
pub const BROWSER_SLICE: std::time::Duration = std::time::Duration::from_millis(40);

/// What a running task holds: the flag to poll, and a way to send results (any number).
pub struct JobCtx<T> {
    pub cancel: Arc<AtomicBool>,
    generation: u64,
    tx: Sender<(u64, T)>,
}

impl<T> Clone for JobCtx<T> {
    fn clone(&self) -> Self {
        JobCtx { cancel: self.cancel.clone(), generation: self.generation, tx: self.tx.clone() }
    }
}

impl<T> JobCtx<T> {
    /// The solver's budget: no limit of the game's own (each family keeps its hint and count
    /// budgets), stopped when the job moves on. In the browser, where the task runs on the
    /// page's only thread between two frames, it also ends [`BROWSER_SLICE`] after it is asked
    /// for, so no frame waits longer on a solver.
    pub fn budget(&self) -> Budget {
        let budget = Budget::default().with_cancel(Some(self.cancel.clone()));
        if crate::support::threads::AVAILABLE {
            return budget;
        }
        budget.with_deadline(Some(web_time::Instant::now() + BROWSER_SLICE))
    }

    /// Sends one result; it is dropped on arrival if the job has moved on.
    pub fn send(&self, value: T) {
        let _ = self.tx.send((self.generation, value));
    }
}

/// A job slot: at most one task at a time is current.
pub struct Job<T> {
    generation: u64,
    cancel: Option<Arc<AtomicBool>>,
    task: Option<Task<()>>,
    tx: Sender<(u64, T)>,
    rx: Receiver<(u64, T)>,
}

impl<T: Send + 'static> Default for Job<T> {
    fn default() -> Self {
        let (tx, rx) = crossbeam_channel::unbounded();
        Job { generation: 0, cancel: None, task: None, tx, rx }
    }
}

impl<T: Send + 'static> Job<T> {
    /// Raises the running task's flag and moves to a new generation: whatever it still sends
    /// is stale.
    pub fn stop(&mut self) {
        self.generation += 1;
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        self.task = None;
    }

    /// Stops any current task and runs `work` on the pool as the current one.
    pub fn start(&mut self, work: impl FnOnce(JobCtx<T>) + Send + 'static) {
        self.stop();
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(cancel.clone());
        let ctx = JobCtx { cancel, generation: self.generation, tx: self.tx.clone() };
        self.task = Some(AsyncComputeTaskPool::get().spawn(async move { work(ctx) }));
    }

    /// The current task's results that have arrived, in order; stale ones are dropped.
    pub fn drain(&mut self) -> Vec<T> {
        let current = self.generation;
        self.rx.try_iter().filter(|(g, _)| *g == current).map(|(_, v)| v).collect()
    }

    /// Forgets the finished task (its results stay readable until drained).
    pub fn finished(&mut self) {
        self.task = None;
        self.cancel = None;
    }

    /// Whether a task was started and has not been stopped or marked finished.
    pub fn running(&self) -> bool {
        self.task.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::tasks::TaskPool;
    use web_time::{Duration, Instant};

    /// Waits until `f` holds (the pool runs tasks on its own threads); a guard against a
    /// hang, not a speed limit.
    fn wait_for(mut f: impl FnMut() -> bool) {
        let t0 = Instant::now();
        while !f() {
            assert!(t0.elapsed() < Duration::from_secs(300), "the task never ran");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_result_from_a_stopped_task_is_dropped() {
        AsyncComputeTaskPool::get_or_init(TaskPool::default);
        let mut job: Job<&'static str> = Job::default();
        // A task of the previous level (a lab run, say) answers, but nobody has read it yet.
        let first = Arc::new(AtomicBool::new(false));
        let f = first.clone();
        job.start(move |ctx| {
            ctx.send("stale");
            f.store(true, Ordering::Relaxed);
        });
        wait_for(|| first.load(Ordering::Relaxed));
        // Leaving the level stops it; the next level's task answers too.
        job.stop();
        assert!(!job.running());
        let second = Arc::new(AtomicBool::new(false));
        let s2 = second.clone();
        job.start(move |ctx| {
            assert!(!ctx.cancel.load(Ordering::Relaxed));
            ctx.send("fresh");
            s2.store(true, Ordering::Relaxed);
        });
        wait_for(|| second.load(Ordering::Relaxed));
        assert_eq!(job.drain(), vec!["fresh"]);
        assert!(job.running());
        job.finished();
        assert!(!job.running());
    }

    #[test]
    fn stopping_raises_the_running_task_flag() {
        AsyncComputeTaskPool::get_or_init(TaskPool::default);
        let mut job: Job<()> = Job::default();
        let flag = Arc::new(std::sync::Mutex::new(None));
        let f = flag.clone();
        job.start(move |ctx| *f.lock().unwrap() = Some(ctx.cancel.clone()));
        wait_for(|| flag.lock().unwrap().is_some());
        let cancel = flag.lock().unwrap().clone().unwrap();
        assert!(!cancel.load(Ordering::Relaxed));
        job.stop();
        assert!(cancel.load(Ordering::Relaxed));
    }
}
