//! The engine options `usi` announces and `setoption` sets: the table size (USI's own
//! `USI_Hash`, in MB), a cap on every mate search's time, and the length convention.

use std::fmt;
use std::time::Duration;

use shogi_rules::tsume::Mode;

/// The options in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// `USI_Hash`: the transposition table's size in MiB.
    pub hash_mib: u64,
    /// `MateTimeLimit`: the longest any mate search may take, in milliseconds (0: no cap);
    /// it bounds `go mate infinite` too.
    pub time_limit_ms: u64,
    /// `MateMode`: the exact shortest mate, every defence counted (`shortest`, the default:
    /// its line always ends in a position the GUI can check is mate), or the composers'
    /// conventions (`tsume`), whose line stops where only useless interpositions (無駄合)
    /// are left.
    pub mode: Mode,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mib: 1024,
            time_limit_ms: 0,
            mode: Mode::Shortest,
        }
    }
}

/// Smallest and largest `USI_Hash` accepted, in MiB.
const HASH_RANGE: (u64, u64) = (1, 65_536);
/// Largest `MateTimeLimit`, in milliseconds (a day).
const MAX_TIME_MS: u64 = 86_400_000;

/// A `setoption` that names no option of ours or gives a value it cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionError {
    /// The name is none of the options `usi` lists.
    Unknown(String),
    /// The value is out of range or of the wrong kind; the text says what is expected.
    BadValue {
        /// The option.
        name: &'static str,
        /// The value as given.
        value: String,
        /// What the option takes.
        expected: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "no option named {name:?}"),
            OptionError::BadValue {
                name,
                value,
                expected,
            } => write!(f, "{name} takes {expected}, not {value:?}"),
        }
    }
}

impl std::error::Error for OptionError {}

impl EngineOptions {
    /// The `option` lines of the answer to `usi`.
    pub fn announce(&self) -> Vec<String> {
        vec![
            format!(
                "option name USI_Hash type spin default {} min {} max {}",
                self.hash_mib, HASH_RANGE.0, HASH_RANGE.1
            ),
            format!(
                "option name MateTimeLimit type spin default {} min 0 max {MAX_TIME_MS}",
                self.time_limit_ms
            ),
            format!(
                "option name MateMode type combo default {} var shortest var tsume",
                mode_name(self.mode)
            ),
        ]
    }

    /// Sets one option by name; USI option names are matched without regard to case, as
    /// GUIs differ in how they echo them.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let number = |name: &'static str, (min, max): (u64, u64)| {
            value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| OptionError::BadValue {
                    name,
                    value: value.to_string(),
                    expected: format!("a whole number from {min} to {max}"),
                })
        };
        if name.eq_ignore_ascii_case("USI_Hash") {
            self.hash_mib = number("USI_Hash", HASH_RANGE)?;
        } else if name.eq_ignore_ascii_case("MateTimeLimit") {
            self.time_limit_ms = number("MateTimeLimit", (0, MAX_TIME_MS))?;
        } else if name.eq_ignore_ascii_case("MateMode") {
            self.mode = value.trim().parse().map_err(|_| OptionError::BadValue {
                name: "MateMode",
                value: value.to_string(),
                expected: "tsume or shortest".to_string(),
            })?;
        } else {
            return Err(OptionError::Unknown(name.to_string()));
        }
        Ok(())
    }

    /// Table entries such that the table's largest array fits in `USI_Hash`, by the
    /// solver's own sizing rule.
    pub fn table_entries(&self) -> usize {
        shogi_rules::tsume::table_entries_within(self.hash_mib << 20)
    }

    /// The time a `go mate` with `requested` (None: infinite) may take, after the cap.
    pub fn time_limit(&self, requested: Option<Duration>) -> Option<Duration> {
        let cap = (self.time_limit_ms > 0).then(|| Duration::from_millis(self.time_limit_ms));
        match (requested, cap) {
            (Some(r), Some(c)) => Some(r.min(c)),
            (r, c) => r.or(c),
        }
    }
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Tsume => "tsume",
        Mode::Shortest => "shortest",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's largest array, `(2 * entries).next_power_of_two()` slots of
    /// `TABLE_SLOT_BYTES` (the doubling rule of shogi-rules' tsume table), fits in `USI_Hash`
    /// and uses more than half of it (from 16 MiB on: below that the solver's minimum table
    /// decides).
    #[test]
    fn the_table_fits_in_usi_hash() {
        use shogi_rules::tsume::TABLE_SLOT_BYTES as SLOT_BYTES;
        for mib in [16, 256, 1000, 1024, 4096] {
            let options = EngineOptions {
                hash_mib: mib,
                ..EngineOptions::default()
            };
            let bytes = (2 * options.table_entries() as u64).next_power_of_two() * SLOT_BYTES;
            assert!(bytes <= mib << 20, "{mib} MiB: {bytes} bytes");
            assert!(2 * bytes > mib << 20, "{mib} MiB: only {bytes} bytes");
        }
    }

    #[test]
    fn setoption_checks_names_and_values() {
        let mut o = EngineOptions::default();
        o.set("usi_hash", "64").unwrap();
        assert_eq!(o.hash_mib, 64);
        o.set("MateMode", "tsume").unwrap();
        assert_eq!(o.mode, Mode::Tsume);
        assert!(matches!(
            o.set("USI_Hash", "0"),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("USI_Hash", "lots"),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("Threads", "4"),
            Err(OptionError::Unknown(_))
        ));
    }

    #[test]
    fn the_cap_bounds_every_search() {
        let mut o = EngineOptions::default();
        let second = Some(Duration::from_secs(1));
        assert_eq!(o.time_limit(None), None);
        assert_eq!(o.time_limit(second), second);
        o.set("MateTimeLimit", "500").unwrap();
        assert_eq!(o.time_limit(None), Some(Duration::from_millis(500)));
        assert_eq!(o.time_limit(second), Some(Duration::from_millis(500)));
    }
}
