//! The scratch directories of `tests/common/scratch.rs` keep their promise: a test's files
//! are there while it runs and gone, directory and all, when its thread ends, whether it
//! passed or panicked. (The expectation is the module's own contract; before it, the CLI tests
//! left hundreds of files and directories in the system's temporary directory.)

// The scratch directories of tests/common, alone: no binary is run here.
#[path = "common/scratch.rs"]
mod scratch;

use std::path::PathBuf;

/// Runs `body` on a thread of its own, as libtest runs a test, and returns the scratch
/// directory it used.
fn on_a_test_thread(body: fn() -> PathBuf) -> PathBuf {
    let handle = std::thread::spawn(body);
    match handle.join() {
        Ok(dir) => dir,
        Err(_) => PANICKED_DIR
            .lock()
            .unwrap()
            .clone()
            .expect("the thread named its directory"),
    }
}

static PANICKED_DIR: std::sync::Mutex<Option<PathBuf>> = std::sync::Mutex::new(None);

#[test]
fn a_tests_files_go_when_the_test_ends() {
    let dir = on_a_test_thread(|| {
        let file = scratch::write("game.sgf", "(;GM[1]SZ[9])");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "(;GM[1]SZ[9])");
        assert!(file.starts_with(env!("CARGO_TARGET_TMPDIR")));
        let nested = scratch::path("out");
        std::fs::create_dir_all(nested.join("deeper")).unwrap();
        scratch::dir()
    });
    assert!(!dir.exists(), "{} is left behind", dir.display());
}

#[test]
fn a_failed_tests_files_go_too() {
    let dir = on_a_test_thread(|| {
        scratch::write("record.kif", "   1 ７六歩(77)\n");
        *PANICKED_DIR.lock().unwrap() = Some(scratch::dir());
        panic!("a failing test");
    });
    assert!(!dir.exists(), "{} is left behind", dir.display());
}

#[test]
fn tests_running_at_once_never_share_a_directory() {
    let first = std::thread::spawn(scratch::dir);
    let second = std::thread::spawn(scratch::dir);
    let (first, second) = (first.join().unwrap(), second.join().unwrap());
    assert_ne!(first, second);
    assert_eq!(
        scratch::dir(),
        scratch::dir(),
        "one test keeps one directory"
    );
}
