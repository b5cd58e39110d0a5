//! Where the tests write their files: each test gets a directory of its own under cargo's
//! temporary directory for integration tests (`CARGO_TARGET_TMPDIR`, inside `target/`), and
//! the directory goes, with everything in it, when the test ends, passed or failed.
//!
//! libtest runs every test on a thread of its own, so the directory is held by a thread-local
//! guard: its `Drop` runs as the test's thread exits. The helpers of each test file
//! (`tmp`, `temp_file`, `svg_path`, ...) keep their names and paths are only moved here, so
//! what each test checks does not change.

use std::cell::OnceCell;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A directory that is removed with its contents when dropped.
pub struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    /// A fresh, empty directory named after the test binary, the process and a counter, so
    /// that tests running at once (in this process or in another `cargo test`) never share one.
    pub fn new() -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "arbiter-{}-{}-{}",
            env!("CARGO_CRATE_NAME"),
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("the scratch directory can be made");
        Scratch { dir }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // best effort: a file still open elsewhere must not turn a passed test into a panic
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

thread_local! {
    static THIS_TEST: OnceCell<Scratch> = const { OnceCell::new() };
}

/// The running test's directory, made on first use and removed when the test ends.
pub fn dir() -> PathBuf {
    THIS_TEST.with(|cell| cell.get_or_init(Scratch::new).path().to_path_buf())
}

/// A path named `name` in the running test's directory (nothing is written).
pub fn path(name: &str) -> PathBuf {
    dir().join(name)
}

/// Writes `bytes` to `name` in the running test's directory and returns the file's path.
pub fn write(name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = path(name);
    std::fs::write(&path, bytes).expect("a scratch file can be written");
    path
}
