//! The study layer is general: a kind defined here, in the test, and
//! registered nowhere gets `run`, `--shard I/N` and `merge` for free by
//! implementing `study::Study`, and a merged folder is the whole run's byte
//! for byte.
//!
//! The kind: the sum of the squares of `0..n`, one unit per number, kept
//! in a shard as the rows `id,square` of `squares.csv`.

use dilemma::output::shard_files::{MANIFEST, digest_file, read_manifest, write_manifest};
use dilemma::scale::Shard;
use dilemma::study::merge::{Verify, check_shards, merge};
use dilemma::study::run::run;
use dilemma::study::shard::play_shard;
use dilemma::study::{
    Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Silent, Sink, Study,
    StudyError, Timing, UnitWriter,
};
use std::io::{self, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

struct Squares {
    n: u64,
}

const DATA: &str = "squares.csv";

struct Rows(io::BufWriter<std::fs::File>);

impl UnitWriter<u64> for Rows {
    fn write(&mut self, id: u64, square: &u64) -> Result<(), (&'static str, io::Error)> {
        writeln!(self.0, "{id},{square}").map_err(|e| (DATA, e))
    }
    fn finish(self: Box<Self>) -> Result<Vec<&'static str>, (&'static str, io::Error)> {
        self.0
            .into_inner()
            .map_err(|e| (DATA, e.into_error()))?
            .sync_all()
            .map_err(|e| (DATA, e))?;
        Ok(vec![DATA])
    }
}

impl Study for Squares {
    type Unit = u64;
    type Fold = u64;
    type Done = u64;

    fn name(&self) -> &str {
        "squares"
    }
    fn seed(&self) -> u64 {
        7
    }
    fn resolved_toml(&self) -> String {
        format!("name = \"squares\"\nn = {}\n", self.n)
    }
    fn plan(&self) -> Plan {
        Plan {
            units: self.n,
            noun: "numbers",
            parts: false,
            shown: true,
        }
    }
    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, u64>,
    ) -> Result<(), StudyError> {
        for id in ids {
            sink(id, id * id)?;
            progress.set(id);
        }
        Ok(())
    }
    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<u64, StudyError> {
        Ok(0)
    }
    fn fold(
        &self,
        sum: &mut u64,
        _: u64,
        square: u64,
        _: &ResultsFolder,
    ) -> Result<(), StudyError> {
        *sum += square;
        Ok(())
    }
    fn finish(&self, sum: u64) -> Result<u64, StudyError> {
        Ok(sum)
    }
    fn write(&self, sum: u64, folder: &ResultsFolder, _: Timing) -> Result<Report, StudyError> {
        folder.text("total.csv", &format!("units,sum\n{},{sum}\n", self.n))?;
        folder.text("scenario.toml", &self.resolved_toml())?;
        Ok(Report {
            name: "squares".into(),
            summary_key: "summary",
            summary: serde_json::json!({ "sum": sum }),
            run: serde_json::json!({}),
            text: format!("sum of squares below {}: {sum}\n", self.n),
            page: None,
        })
    }
    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "squares",
            data: DATA,
            unit_key: "numbers",
            ids_key: "number_ids",
            unit_words: "numbers",
        })
    }
    fn shard_writer<'a>(
        &'a self,
        dir: &Path,
        _: Range<u64>,
    ) -> Result<Box<dyn UnitWriter<u64> + Send + 'a>, (&'static str, io::Error)> {
        let file = std::fs::File::create(dir.join(DATA)).map_err(|e| (DATA, e))?;
        Ok(Box::new(Rows(io::BufWriter::new(file))))
    }
    fn same_unit(&self, replayed: &u64, kept: &u64) -> Option<bool> {
        Some(replayed == kept)
    }
    fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, u64>,
    ) -> Result<(), ShardRead> {
        let text = std::fs::read_to_string(dir.join(DATA))
            .map_err(|e| ShardRead::Damaged(DATA.into(), format!("cannot read: {e}")))?;
        let mut next = ids.start;
        for (k, line) in text.lines().enumerate() {
            let damaged =
                |what: &str| ShardRead::Damaged(DATA.into(), format!("line {}: {what}", k + 1));
            let (id, square) = line.split_once(',').ok_or_else(|| damaged("no comma"))?;
            let id: u64 = id.parse().map_err(|_| damaged("id"))?;
            let square: u64 = square.parse().map_err(|_| damaged("square"))?;
            if id != next || id >= ids.end {
                return Err(damaged("not the unit its id names"));
            }
            each(id, square).map_err(ShardRead::Fold)?;
            next += 1;
        }
        if next != ids.end {
            return Err(ShardRead::Damaged(DATA.into(), "rows missing".into()));
        }
        Ok(())
    }
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dilemma-study-layer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn files(folder: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            (name, std::fs::read(e.path()).unwrap())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_kind_defined_outside_the_crate_runs_shards_and_merges() {
    let d = scratch("squares");
    let study = Squares { n: 1000 };
    let whole = run(&study, &d.join("whole/squares"), &Silent).unwrap();
    let n = 1000u64;
    let expected = (n - 1) * n * (2 * n - 1) / 6;
    assert_eq!(whole.report.summary["sum"], expected);
    let total = std::fs::read_to_string(whole.folder.join("total.csv")).unwrap();
    assert_eq!(total, format!("units,sum\n1000,{expected}\n"));
    assert!(whole.folder.join("report.html").exists());

    for count in [1u64, 3, 7] {
        let mut folders = Vec::new();
        for index in 0..count {
            let shard = Shard::new(index, count).unwrap();
            let dest = d.join(format!("shards-{count}/squares.{}", shard.folder_suffix()));
            let written = play_shard(&study, &dest, (shard, None), &Silent).unwrap();
            assert_eq!(written.total, n);
            folders.push(written.folder);
        }
        // Given in any order: merge puts them in index order.
        folders.reverse();
        let checked = check_shards(&folders).unwrap();
        let out = d.join(format!("merged-{count}"));
        let verify = Verify {
            per_shard: 3,
            seed: count,
        };
        let begun = (std::time::Instant::now(), verify);
        let merged = merge(&study, &checked, begun, &out, &Silent, &|_| Ok(())).unwrap();
        assert_eq!(
            files(&merged.folder),
            files(&whole.folder),
            "{count} shards"
        );
    }

    // The generic checks hold for this kind too: a missing shard, and a
    // damaged row, are refused with nothing written.
    let dir = d.join("shards-3");
    let mut some: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    some.sort();
    let missing = check_shards(&some[..2]).err().unwrap().to_string();
    assert!(missing.contains("missing"), "{missing}");
    let data = some[1].join(DATA);
    let original = std::fs::read_to_string(&data).unwrap();
    std::fs::write(&data, original.replacen(',', ";", 1)).unwrap();
    let damaged = check_shards(&some).err().unwrap().to_string();
    assert!(damaged.contains("SHA-256"), "{damaged}");
    // A forged shard: every square off by one, digests recomputed. The
    // digests hold; replaying units (any one will do) catches it.
    let forged: String = original
        .lines()
        .map(|l| {
            let (id, square) = l.split_once(',').unwrap();
            format!("{id},{}\n", square.parse::<u64>().unwrap() + 1)
        })
        .collect();
    std::fs::write(&data, forged).unwrap();
    let mut manifest = read_manifest(&some[1].join(MANIFEST)).unwrap();
    manifest
        .files
        .insert(DATA.into(), digest_file(&data).unwrap());
    write_manifest(&some[1].join(MANIFEST), &manifest).unwrap();
    let checked = check_shards(&some).unwrap();
    let begun = (std::time::Instant::now(), Verify::NONE);
    let unverified = merge(&study, &checked, begun, &d.join("forged"), &Silent, &|_| {
        Ok(())
    });
    assert!(unverified.is_ok(), "without a replay the forgery passes");
    let verify = Verify {
        per_shard: 1,
        seed: 9,
    };
    let begun = (std::time::Instant::now(), verify);
    let refused = merge(
        &study,
        &checked,
        begun,
        &d.join("refused"),
        &Silent,
        &|_| Ok(()),
    );
    let message = refused.err().unwrap().to_string();
    assert!(message.contains("played again"), "{message}");
    assert!(!d.join("refused").exists(), "nothing is written");
    let _ = std::fs::remove_dir_all(&d);
}
