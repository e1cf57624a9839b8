//! The `dilemma` binary: parse the command line, run it, map errors to exit
//! codes (0 success, 1 failure while running, 2 bad input, 70 a bug: a
//! panic, reported in one short message by [`report_bugs_plainly`]).

use clap::Parser;
use dilemma::cli::{Cli, execute};

/// Restores the default action for SIGPIPE, so that `dilemma ... | head`
/// ends quietly when the reader closes the pipe instead of panicking on a
/// failed write (Rust ignores SIGPIPE by default).
#[cfg(unix)]
fn quit_quietly_on_closed_pipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: setting a signal's disposition to the default is always sound.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quit_quietly_on_closed_pipe() {}

/// Exit code of a panic (a bug): 70, EX_SOFTWARE in sysexits.h.
const EXIT_BUG: i32 = 70;

/// Replaces Rust's panic output (thread name, source line, backtrace hint)
/// with one short message: what failed, that it is a bug, how to report it.
/// The process then exits with [`EXIT_BUG`] from whichever thread panicked,
/// so a panic in a worker thread cannot leave the others running. Results
/// are untouched: they move into place only after everything is written,
/// and the hook removes this process's staging folders before it exits
/// (`output::atomic::remove_staging_folders`).
/// With `RUST_BACKTRACE=1` (for developers) a backtrace follows the message.
fn report_bugs_plainly() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an unexpected failure".to_string());
        let place = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        let command: Vec<String> = std::env::args().collect();
        dilemma::cli::eprint_message(&format!(
            "error: internal error in dilemma {}: {what}{place}\n\
             This is a bug in dilemma, not a mistake in your input. No results folder was changed.\n\
             Please report it with this message, the command line (`{}`) and the scenario or strategy files it reads.",
            env!("CARGO_PKG_VERSION"),
            command.join(" ")
        ));
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            eprintln!("{}", std::backtrace::Backtrace::force_capture());
        }
        dilemma::output::atomic::remove_staging_folders();
        std::process::exit(EXIT_BUG);
    }));
}

/// Test-only (debug builds): `DILEMMA_TEST_PANIC=start` panics before any
/// work, to test the hook; `=commit` panics just before results move into
/// place (`output::atomic`). Release builds ignore the variable.
fn test_panic_trigger() {
    if cfg!(debug_assertions)
        && std::env::var_os("DILEMMA_TEST_PANIC").is_some_and(|v| v == "start")
    {
        panic!("DILEMMA_TEST_PANIC=start: a panic before any work");
    }
}

fn main() {
    quit_quietly_on_closed_pipe();
    report_bugs_plainly();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // Help and version are not errors; usage mistakes are bad input.
            let code = if error.use_stderr() { 2 } else { 0 };
            let _ = error.print();
            std::process::exit(code);
        }
    };
    test_panic_trigger();
    if let Err(error) = execute(cli) {
        // Wrapped on a terminal, one line per error when piped.
        dilemma::cli::eprint_message(&format!("error: {error}"));
        std::process::exit(error.exit_code());
    }
}
