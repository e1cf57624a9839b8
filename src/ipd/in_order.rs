//! Parallel work handed over in order: jobs `0..n` run on the current rayon
//! pool, each claimed by the next free thread, and a consumer on its own
//! thread sees every result in job order.
//!
//! There is no barrier between groups of jobs: a thread that finishes a job
//! claims the next one at once, so an expensive job (a meta player's match
//! costs a thousand plain ones) keeps one thread busy while the others go
//! on. Memory stays bounded: no job more than `window` places ahead of the
//! oldest result the consumer still waits for is started, and the
//! consumer holds only the results that arrived early. Results do not
//! depend on timing: the consumer folds them in job order.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

/// How far the consumer has got, shared with the workers that wait for it.
struct Progress {
    /// Jobs handed to the consumer so far (`0..done`).
    done: Mutex<usize>,
    /// Signalled when `done` grows or the run stops.
    moved: Condvar,
    /// Set when the consumer stopped (an error or a panic) or a worker
    /// panicked: no new job starts.
    stop: AtomicBool,
}

impl Progress {
    fn halt(&self) {
        self.stop.store(true, Ordering::SeqCst);
        let _guard = self.done.lock().unwrap_or_else(|e| e.into_inner());
        self.moved.notify_all();
    }
}

/// Stops the run when dropped while unwinding (a panic in a worker or the
/// consumer), so that no thread waits for a result that will not come.
struct HaltOnPanic<'a>(&'a Progress);

impl Drop for HaltOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.halt();
        }
    }
}

/// Runs `work(0..jobs)` on the current rayon pool and hands each result to
/// `consume` in job order, at most `window` (at least 1) jobs ahead of the
/// consumer. `consume` may stop the run with an error: jobs already started
/// finish, no other starts, and the error is returned. A panic in a job or
/// in `consume` is resumed on the caller's thread after every thread has
/// stopped.
pub fn run_in_order<T: Send, E: Send>(
    jobs: usize,
    window: usize,
    work: impl Fn(usize) -> T + Sync,
    mut consume: impl FnMut(usize, T) -> Result<(), E> + Send,
) -> Result<(), E> {
    let window = window.max(1);
    let progress = Progress {
        done: Mutex::new(0),
        moved: Condvar::new(),
        stop: AtomicBool::new(false),
    };
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, T)>();
    std::thread::scope(|scope| {
        let progress = &progress;
        let consumer = scope.spawn(move || -> Result<(), E> {
            let _halt = HaltOnPanic(progress);
            // Results that arrived before their turn: slot k holds job
            // `done + k`.
            let mut early: VecDeque<Option<T>> = VecDeque::new();
            let mut done = 0usize;
            for (job, result) in receiver {
                let slot = job - done;
                if early.len() <= slot {
                    early.resize_with(slot + 1, || None);
                }
                early[slot] = Some(result);
                let before = done;
                while let Some(Some(_)) = early.front() {
                    let result = early.pop_front().flatten().expect("checked above");
                    if let Err(error) = consume(done, result) {
                        progress.halt();
                        return Err(error);
                    }
                    done += 1;
                }
                if done != before {
                    *progress.done.lock().unwrap_or_else(|e| e.into_inner()) = done;
                    progress.moved.notify_all();
                }
            }
            Ok(())
        });
        let next = &next;
        let work = &work;
        rayon::scope(|pool| {
            for _ in 0..rayon::current_num_threads() {
                let sender = sender.clone();
                pool.spawn(move |_| {
                    let _halt = HaltOnPanic(progress);
                    loop {
                        if progress.stop.load(Ordering::SeqCst) {
                            return;
                        }
                        let job = next.fetch_add(1, Ordering::SeqCst);
                        if job >= jobs {
                            return;
                        }
                        {
                            let mut done = progress.done.lock().unwrap_or_else(|e| e.into_inner());
                            while job >= *done + window && !progress.stop.load(Ordering::SeqCst) {
                                done = progress.moved.wait(done).unwrap_or_else(|e| e.into_inner());
                            }
                        }
                        if progress.stop.load(Ordering::SeqCst) {
                            return;
                        }
                        if sender.send((job, work(job))).is_err() {
                            return;
                        }
                    }
                });
            }
        });
        drop(sender);
        match consumer.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    #[test]
    fn results_arrive_in_job_order_on_any_thread_count() {
        for threads in [1, 2, 5] {
            for window in [1, 3, 64] {
                let mut seen = Vec::new();
                pool(threads)
                    .install(|| {
                        run_in_order::<_, ()>(
                            500,
                            window,
                            |job| {
                                // Uneven costs: some jobs take far longer.
                                if job % 37 == 0 {
                                    std::thread::sleep(std::time::Duration::from_millis(2));
                                }
                                job * job
                            },
                            |job, square| {
                                seen.push((job, square));
                                Ok(())
                            },
                        )
                    })
                    .unwrap();
                let expected: Vec<_> = (0..500).map(|j| (j, j * j)).collect();
                assert_eq!(seen, expected, "{threads} threads, window {window}");
            }
        }
    }

    #[test]
    fn no_job_starts_more_than_the_window_ahead_of_the_consumer() {
        let consumed = AtomicUsize::new(0);
        let window = 4;
        pool(3)
            .install(|| {
                run_in_order::<_, ()>(
                    200,
                    window,
                    |job| {
                        let consumed = consumed.load(Ordering::SeqCst);
                        assert!(
                            job < consumed + window,
                            "job {job} with {consumed} consumed"
                        );
                    },
                    |_, ()| {
                        consumed.fetch_add(1, Ordering::SeqCst);
                        Ok(())
                    },
                )
            })
            .unwrap();
        assert_eq!(consumed.load(Ordering::SeqCst), 200);
    }

    #[test]
    fn an_error_stops_the_run_and_is_returned() {
        let started = AtomicUsize::new(0);
        let result = pool(2).install(|| {
            run_in_order(
                100_000,
                8,
                |_| {
                    started.fetch_add(1, Ordering::SeqCst);
                },
                |job, ()| if job == 10 { Err(job) } else { Ok(()) },
            )
        });
        assert_eq!(result, Err(10));
        assert!(started.load(Ordering::SeqCst) < 100, "the run went on");
    }

    #[test]
    fn a_panicking_job_reaches_the_caller_without_a_hang() {
        let result = std::panic::catch_unwind(|| {
            pool(2).install(|| {
                run_in_order::<_, ()>(
                    1000,
                    4,
                    |job| assert!(job != 5, "job five fails"),
                    |_, ()| Ok(()),
                )
            })
        });
        assert!(result.is_err());
    }

    #[test]
    fn no_jobs_consume_nothing() {
        let mut calls = 0;
        run_in_order::<(), ()>(
            0,
            4,
            |_| (),
            |_, ()| {
                calls += 1;
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(calls, 0);
    }
}
