//! serde support (the `serde` feature): the types a report is made of serialize in their
//! text or numeric form, as the command line's JSON output shows them.
//!
//! * colours, versions, methods and rules as their names (`"black"`, `"law"`,
//!   `"equal-stones-refill"`, `"positional-superko"`);
//! * komi and half-point counts as JSON numbers (`7.5`, `12`), quarter points likewise;
//! * a [`Score`] as one object per method: `method`, `black`, `white`, `komi`, `winner`
//!   (`"black"`, `"white"` or `"draw"`), `margin`, `notes`, and when they apply `version`,
//!   `threshold` (`{black, white}`), `board` (the made-up board drawn) and `changes`;
//! * a graph-Go outcome class as its letter (`"B"`, `"W"`, `"N"`, `"P"`);
//! * an [`Unavailable`] method as the same object with null counts and the reason in
//!   `unavailable`;
//! * a ruleset as its name (`"stone-scoring"`), a [`Verdict`](crate::verdict::Verdict) as
//!   one object with its `result` (`"B+3.5"`), `winner`, `margin`, counts, `komi`, handicap
//!   compensation, the document's method beside it and `notes`.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::graph::Outcome;
use crate::rules::Komi;
use crate::score::{HalfPoints, QuarterPoints, Score, Unavailable};

impl Serialize for HalfPoints {
    /// An integer when whole, `x.5` otherwise (exact in binary floating point).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.is_whole() {
            serializer.serialize_i64(self.0 / 2)
        } else {
            serializer.serialize_f64(self.to_json_number())
        }
    }
}

impl Serialize for QuarterPoints {
    /// Always a floating-point number (`12.0`, `12.25`), as the threshold has always been
    /// written.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.to_json_number())
    }
}

impl Serialize for Komi {
    /// The komi in points, like [`HalfPoints`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        HalfPoints(i64::from(self.0)).serialize(serializer)
    }
}

impl Serialize for Outcome {
    /// The class's letter: `"B"`, `"W"`, `"N"` or `"P"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_char(self.letter())
    }
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("method", &self.method)?;
        map.serialize_entry("black", &self.black)?;
        map.serialize_entry("white", &self.white)?;
        map.serialize_entry("komi", &self.komi)?;
        let winner = self.winner().map_or("draw", |c| c.name());
        map.serialize_entry("winner", winner)?;
        map.serialize_entry("margin", &self.margin)?;
        map.serialize_entry("notes", &self.notes)?;
        if let Some(version) = &self.version {
            map.serialize_entry("version", version)?;
        }
        if let Some(threshold) = &self.threshold {
            map.serialize_entry("threshold", threshold)?;
        }
        if let Some(board) = &self.board {
            map.serialize_entry("board", &board.render())?;
            map.serialize_entry("changes", &board.describe_changes())?;
        }
        map.end()
    }
}

impl Serialize for Unavailable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(7))?;
        map.serialize_entry("method", &self.method)?;
        map.serialize_entry("black", &None::<HalfPoints>)?;
        map.serialize_entry("white", &None::<HalfPoints>)?;
        map.serialize_entry("komi", &self.komi)?;
        map.serialize_entry("winner", &None::<&str>)?;
        map.serialize_entry("margin", &None::<HalfPoints>)?;
        map.serialize_entry("unavailable", &self.reason)?;
        map.end()
    }
}

impl Serialize for crate::ruleset::Ruleset {
    /// The ruleset's name.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.name.serialize(serializer)
    }
}

impl Serialize for crate::verdict::Verdict {
    /// One object: `ruleset`, `result` (`"B+3.5"`), `winner` (`"black"`, `"white"` or
    /// `"draw"`), `margin`, `black_lead`, `black`, `white`, `komi`, `handicap`,
    /// `handicap_bonus`, `document` (`{method, black_lead}` or null) and `notes`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ruleset", &self.ruleset)?;
        map.serialize_entry("result", &self.result_text())?;
        map.serialize_entry("winner", self.winner().map_or("draw", |c| c.name()))?;
        map.serialize_entry("margin", &self.margin)?;
        map.serialize_entry("black_lead", &self.black_lead())?;
        map.serialize_entry("black", &self.black)?;
        map.serialize_entry("white", &self.white)?;
        map.serialize_entry("komi", &self.komi)?;
        map.serialize_entry("handicap", &self.handicap)?;
        map.serialize_entry("handicap_bonus", &self.handicap_bonus)?;
        let document = self
            .document
            .map(|(method, black_lead)| DocumentLead { method, black_lead });
        map.serialize_entry("document", &document)?;
        map.serialize_entry("notes", &self.notes)?;
        map.end()
    }
}

/// The document's method beside a verdict, and Black's lead under it.
#[derive(Serialize)]
struct DocumentLead {
    method: crate::score::Method,
    black_lead: HalfPoints,
}
