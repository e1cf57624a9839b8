//! Progress of a long study, reported through a small trait the command
//! line implements (with indicatif, on a terminal) so that this layer
//! prints nothing. A study reports per batch of units, never per turn.

/// Where a study reports how far it is.
pub trait Progress: Sync {
    /// The work begins: `total` units called `noun` ("matches", "runs",
    /// "steps"), labelled `label`; with `parts`, the study names the part
    /// it is in ([`Progress::part`]: a grid point, a shard, a folder read).
    fn start(&self, total: u64, noun: &str, label: &str, parts: bool);
    /// The part now running (`point 3/11`).
    fn part(&self, message: &str);
    /// Units done so far.
    fn set(&self, done: u64);
    /// The work is over.
    fn finish(&self);
}

/// No progress shown (tests, `--quiet`, output piped).
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _: u64, _: &str, _: &str, _: bool) {}
    fn part(&self, _: &str) {}
    fn set(&self, _: u64) {}
    fn finish(&self) {}
}

/// A shard's progress: every part is said within the shard (`shard 2/8,
/// point 3/11`), and the shard alone when the study names no part.
pub struct InShard<'a> {
    /// Where the progress goes.
    pub inner: &'a dyn Progress,
    /// `shard I/N`.
    pub shard: String,
}

impl Progress for InShard<'_> {
    fn start(&self, total: u64, noun: &str, label: &str, _: bool) {
        self.inner.start(total, noun, label, true);
        self.inner.part(&self.shard);
    }
    fn part(&self, message: &str) {
        self.inner.part(&format!("{}, {message}", self.shard));
    }
    fn set(&self, done: u64) {
        self.inner.set(done);
    }
    fn finish(&self) {
        self.inner.finish();
    }
}
