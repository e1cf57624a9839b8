//! How the large per-match files (`matches.csv`, `interactions.csv`) are
//! written: plain, or gzip-compressed (`[output] compress = "gzip"`, the
//! file then ends in `.gz`; pandas, polars and R's `read.csv` read it as it
//! is). The gzip stream is deterministic: no file name, modification time
//! 0, default level, so the same rows give the same bytes on every run and
//! a merge of shards writes the single run's file.

use flate2::write::GzEncoder;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

/// How a data file is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Compression {
    /// As is.
    #[default]
    None,
    /// gzip (RFC 1952), `.gz` appended to the name.
    Gzip,
}

/// The values `[output] compress` takes.
pub const COMPRESSIONS: [&str; 2] = ["none", "gzip"];

impl Compression {
    /// The setting's name (`[output] compress`).
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Gzip => "gzip",
        }
    }

    /// From `[output] compress`; `None` when the name is unknown.
    pub fn from_name(name: &str) -> Option<Compression> {
        match name {
            "none" => Some(Compression::None),
            "gzip" => Some(Compression::Gzip),
            _ => None,
        }
    }

    /// The file name a data file is written under (`matches.csv` ->
    /// `matches.csv.gz`).
    pub fn file_name(self, name: &str) -> String {
        match self {
            Compression::None => name.to_string(),
            Compression::Gzip => format!("{name}.gz"),
        }
    }

    /// Creates `path` (already named by [`Compression::file_name`]).
    pub fn create(self, path: &Path) -> io::Result<DataFile> {
        let file = BufWriter::with_capacity(1 << 20, File::create(path)?);
        Ok(DataFile(match self {
            Compression::None => Sink::Plain(file),
            Compression::Gzip => Sink::Gzip(
                flate2::GzBuilder::new()
                    .mtime(0)
                    .write(file, flate2::Compression::default()),
            ),
        }))
    }
}

enum Sink {
    Plain(BufWriter<File>),
    Gzip(GzEncoder<BufWriter<File>>),
}

/// A data file being written; [`DataFile::finish`] ends the stream and
/// syncs the file.
pub struct DataFile(Sink);

impl Write for DataFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.0 {
            Sink::Plain(w) => w.write(buf),
            Sink::Gzip(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.0 {
            Sink::Plain(w) => w.write_all(buf),
            Sink::Gzip(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.0 {
            Sink::Plain(w) => w.flush(),
            // A gzip flush would end a deflate block: the bytes would then
            // depend on where the writer flushed. Data reaches the file at
            // `finish`.
            Sink::Gzip(_) => Ok(()),
        }
    }
}

impl DataFile {
    /// Ends the stream (the gzip trailer), flushes and syncs the file.
    pub fn finish(self) -> io::Result<()> {
        let buffered = match self.0 {
            Sink::Plain(w) => w,
            Sink::Gzip(w) => w.finish()?,
        };
        buffered
            .into_inner()
            .map_err(|e| e.into_error())?
            .sync_all()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dilemma-compression-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn gzip_reads_back_and_its_bytes_do_not_depend_on_how_rows_were_written() {
        let rows: Vec<String> = (0..5000)
            .map(|i| format!("{i},Tit For Tat,{}\n", i * 7))
            .collect();
        let whole = scratch("whole.csv.gz");
        let mut f = Compression::Gzip.create(&whole).unwrap();
        f.write_all(rows.concat().as_bytes()).unwrap();
        f.finish().unwrap();
        let pieces = scratch("pieces.csv.gz");
        let mut f = Compression::Gzip.create(&pieces).unwrap();
        for row in &rows {
            f.write_all(row.as_bytes()).unwrap();
            f.flush().unwrap();
        }
        f.finish().unwrap();
        let (a, b) = (
            std::fs::read(&whole).unwrap(),
            std::fs::read(&pieces).unwrap(),
        );
        assert_eq!(a, b, "same rows, same bytes");
        assert_eq!(&a[..2], &[0x1f, 0x8b], "gzip magic");
        assert_eq!(&a[4..8], &[0, 0, 0, 0], "modification time 0");
        let mut text = String::new();
        flate2::read::GzDecoder::new(&a[..])
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, rows.concat());
        assert!(a.len() * 3 < text.len(), "it compresses");
        let plain = scratch("plain.csv");
        let mut f = Compression::None.create(&plain).unwrap();
        f.write_all(b"a,b\n").unwrap();
        f.finish().unwrap();
        assert_eq!(std::fs::read(&plain).unwrap(), b"a,b\n");
        assert_eq!(Compression::Gzip.file_name("matches.csv"), "matches.csv.gz");
        assert_eq!(Compression::from_name("zstd"), None);
    }
}
