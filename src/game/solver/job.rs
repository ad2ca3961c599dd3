//! One way to run solver work off the frame, shared by hints, show-thinking, the solver lab
//! and the editor: a [`Request`] (the level and what is asked of it), run on
//! `AsyncComputeTaskPool` on the desktop with a cancel flag the task polls, and in the browser
//! (one thread per page) on a Web Worker of the job's own ([`super::worker`] over the platform's), stopped by
//! ending the worker. Each job has a generation number: replies come back over a crossbeam
//! channel tagged with the generation of the run that sent them, and starting or stopping a
//! job moves to a new generation, so anything an older run still sends (a hint for the
//! previous position, a lab run from the previous level) is dropped, never shown.

use crate::content::work::{Reply, Request};
use crate::support::budget::Budget;
use crossbeam_channel::{Receiver, Sender};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

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
    /// budgets), stopped when the job moves on, searching on every core (a solver that can
    /// share its search out, such as the packer, does: a hint that must prove a position dead
    /// is a whole search). The browser's worker searches on its own thread alone.
    pub fn budget(&self) -> Budget {
        Budget::default().with_cancel(Some(self.cancel.clone())).with_threads(crate::support::threads::cores())
    }

    /// Sends one result; it is dropped on arrival if the job has moved on.
    pub fn send(&self, value: T) {
        let _ = self.tx.send((self.generation, value));
    }
}

/// A job slot: at most one run at a time is current.
pub struct Job<T> {
    /// Which job this is (the browser keeps each job's worker under it).
    id: u64,
    generation: u64,
    cancel: Option<Arc<AtomicBool>>,
    /// A run was started and has not been stopped or marked finished.
    running: bool,
    /// The desktop's task (dropped when stopped: one that has not begun never does).
    task: Option<bevy::tasks::Task<()>>,
    tx: Sender<(u64, T)>,
    rx: Receiver<(u64, T)>,
}

impl<T: Send + 'static> Default for Job<T> {
    fn default() -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let (tx, rx) = crossbeam_channel::unbounded();
        Job {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            generation: 0,
            cancel: None,
            running: false,
            task: None,
            tx,
            rx,
        }
    }
}

impl<T: Send + 'static> Job<T> {
    /// Raises the running task's flag (in the browser: ends its worker) and moves to a new
    /// generation: whatever it still sends is stale.
    pub fn stop(&mut self) {
        self.generation += 1;
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        if self.running {
            crate::platform::worker::end(self.id);
        }
        self.task = None;
        self.running = false;
    }

    /// Stops any current run and starts `request` as the current one. `keep` turns each reply
    /// into what the job's owner reads from [`Job::drain`] (`None`: not wanted).
    pub fn run(&mut self, request: Request, keep: impl Fn(Reply) -> Option<T> + Send + Sync + 'static) {
        if !crate::platform::THREADS {
            self.stop();
            self.running = true;
            super::worker::post(self.id, self.generation, &request, self.tx.clone(), keep);
            return;
        }
        self.start(move |ctx| {
            let budget = ctx.budget();
            request.run(
                &budget,
                Arc::new(move |reply| {
                    if let Some(value) = keep(reply) {
                        ctx.send(value);
                    }
                }),
            );
        });
    }

    /// Stops any current task and runs `work` on the pool as the current one.
    pub fn start(&mut self, work: impl FnOnce(JobCtx<T>) + Send + 'static) {
        self.stop();
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(cancel.clone());
        self.running = true;
        let ctx = JobCtx { cancel, generation: self.generation, tx: self.tx.clone() };
        self.task = Some(bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { work(ctx) }));
    }

    /// The current run's results that have arrived, in order; stale ones are dropped.
    pub fn drain(&mut self) -> Vec<T> {
        let current = self.generation;
        self.rx.try_iter().filter(|(g, _)| *g == current).map(|(_, v)| v).collect()
    }

    /// Forgets the finished run (its results stay readable until drained).
    pub fn finished(&mut self) {
        self.running = false;
        self.cancel = None;
        self.task = None;
    }

    /// Forgets a run that failed. In the browser its worker is ended too: a module that
    /// stopped with an error is not asked again, the next run starts a fresh one.
    pub fn failed(&mut self) {
        crate::platform::worker::end(self.id);
        self.finished();
    }

    /// Whether a run was started and has not been stopped or marked finished.
    pub fn running(&self) -> bool {
        self.running
    }

    /// Which run is current: it moves on with every run started or stopped.
    pub fn generation(&self) -> u64 {
        self.generation
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::tasks::{AsyncComputeTaskPool, TaskPool};
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
