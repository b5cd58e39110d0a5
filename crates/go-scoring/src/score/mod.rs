//! Every counting method of the living-stones document and the modern rule sets.
//!
//! All counts are integers in half-points ([`HalfPoints`]): a split point or a half stone
//! given by the art version is one half-point, never a float.

mod independent;
mod living;
mod modern;
mod names;

use crate::analysis::Analysis;
use crate::color::{Color, PerColor};
use crate::madeup::{MadeUpBoard, MakeUp, Tally};
use crate::rules::Komi;
use board_core::Outcome;
use std::fmt;

pub use independent::{Area, IndependentLife, SekiCause, independent_life};
pub use living::{equal_roads, equal_stones, equal_stones_refill, living_stones, returned_heads};
pub use modern::{area, group_tax, territory, tromp_taylor};
pub(crate) use names::text_by_name;
pub use names::{Named, UnknownName, parse_name};

/// A score in half-points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HalfPoints(pub i64);

impl HalfPoints {
    /// Whole points as half-points.
    pub fn from_points(points: i64) -> HalfPoints {
        HalfPoints(2 * points)
    }
    /// True when the value is a whole number of points.
    pub fn is_whole(self) -> bool {
        self.0 % 2 == 0
    }
    /// The value as a JSON number: an integer when whole, `x.5` otherwise (exact in binary).
    pub fn to_json_number(self) -> f64 {
        self.0 as f64 / 2.0
    }
}

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        if v % 2 == 0 {
            write!(f, "{}", v / 2)
        } else {
            let sign = if v < 0 { "-" } else { "" };
            write!(f, "{sign}{}.5", v.unsigned_abs() / 2)
        }
    }
}

/// A threshold (归本数) in quarter-points, so that half a komi of 7.5 stays exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuarterPoints(pub i64);

impl QuarterPoints {
    /// The value as a JSON number (a quarter is exact in binary).
    pub fn to_json_number(self) -> f64 {
        self.0 as f64 / 4.0
    }
}

impl fmt::Display for QuarterPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        let sign = if v < 0 { "-" } else { "" };
        let a = v.unsigned_abs();
        let frac = match a % 4 {
            0 => "",
            1 => ".25",
            2 => ".5",
            _ => ".75",
        };
        write!(f, "{sign}{}{frac}", a / 4)
    }
}

/// Art version (艺术版: the side that made n more moves gives n/2 stones to each side before
/// counting, 多下贴子) or law version (律法版: no such step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Version {
    /// 艺术版: the side with more moves gives stones before counting.
    Art,
    /// 律法版: no such step.
    Law,
}

/// A version name other than `art` or `law`.
pub type VersionParseError = UnknownName<Version>;

impl Named for Version {
    const KIND: &'static str = "version";
    const CHOICES: &'static [Version] = &[Version::Art, Version::Law];
    fn name_of(self) -> &'static str {
        match self {
            Version::Art => "art",
            Version::Law => "law",
        }
    }
}

text_by_name!(Version);

/// A counting method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Method {
    /// 子路合计法: stones plus roads.
    LivingStones,
    /// 停路比子: fill roads until both sides have as many, compare stones.
    EqualRoads,
    /// 停子比路, broad form: fill from bowls to equal stones on the board, compare roads.
    EqualStones,
    /// 停子比路, narrow form: refill captured, dead and virtual-move stones, balance, compare roads.
    EqualStonesRefill,
    /// 停虚比子 / 还棋头: return stones for extra units, compare compound stones.
    ReturnedHeads,
    /// Chinese area: stones plus territory, shared points half each.
    Area,
    /// Japanese territory: territory plus prisoners, no points in seki.
    Territory,
    /// KataGo stone scoring: area minus 2 per independently living unit, no points in seki.
    GroupTax,
    /// Tromp-Taylor: every stone on the board alive, empty regions reaching one colour.
    TrompTaylor,
}

impl Method {
    /// Every method, in the order reports list them.
    pub const ALL: [Method; 9] = [
        Method::LivingStones,
        Method::EqualRoads,
        Method::EqualStones,
        Method::EqualStonesRefill,
        Method::ReturnedHeads,
        Method::Area,
        Method::Territory,
        Method::GroupTax,
        Method::TrompTaylor,
    ];

    /// The method's name on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Method::LivingStones => "living-stones",
            Method::EqualRoads => "equal-roads",
            Method::EqualStones => "equal-stones",
            Method::EqualStonesRefill => "equal-stones-refill",
            Method::ReturnedHeads => "returned-heads",
            Method::Area => "area",
            Method::Territory => "territory",
            Method::GroupTax => "group-tax",
            Method::TrompTaylor => "tromp-taylor",
        }
    }

    /// True for the methods of the living-stones document, which the version affects.
    pub const fn is_living_family(self) -> bool {
        matches!(
            self,
            Method::LivingStones
                | Method::EqualRoads
                | Method::EqualStones
                | Method::EqualStonesRefill
                | Method::ReturnedHeads
        )
    }
}

impl Named for Method {
    const KIND: &'static str = "method";
    const CHOICES: &'static [Method] = &Method::ALL;
    const ALSO: &'static str = " or all";
    fn name_of(self) -> &'static str {
        self.name()
    }
}

text_by_name!(Method);

/// A method name that is none of [`Method::ALL`]'s names.
pub type MethodParseError = UnknownName<Method>;

/// What scoring needs besides the position and its dead stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Komi in half-points, added to White.
    pub komi: Komi,
    /// Art or law version of the living-stones methods.
    pub version: Version,
    /// Who moved first (informational; the move counts carry what counting needs).
    pub first: Color,
    /// Stones captured during play by Black and by White, if known.
    pub captures: Option<PerColor<u32>>,
    /// Moves made by each side, real and virtual, if known.
    pub moves: Option<PerColor<u32>>,
    /// Stones per bowl for the broad equal-stones method (default: half the points, rounded up).
    pub bowls: Option<PerColor<u32>>,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            komi: Komi(0),
            version: Version::Law,
            first: Color::White,
            captures: None,
            moves: None,
            bowls: None,
        }
    }
}

/// The result of one method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The method counted.
    pub method: Method,
    /// Each side's count before komi.
    pub black: HalfPoints,
    /// White's count before komi.
    pub white: HalfPoints,
    /// The komi applied.
    pub komi: Komi,
    /// The version counted under, for the living-stones methods (the others have none).
    pub version: Option<Version>,
    /// Who won under this method after komi, in the shared vocabulary of every game (Black
    /// is the first side); [`Score::winner`] gives it as a colour, `margin` by how much.
    pub outcome: Outcome,
    /// Winning margin after komi (0 for a draw).
    pub margin: HalfPoints,
    /// The 归本数: the count each side must exceed to win, where the two counts add up to
    /// the number of points.
    pub threshold: Option<PerColor<QuarterPoints>>,
    /// The made-up board the method compares (shortcut methods) or the counted board.
    pub board: Option<MadeUpBoard>,
    /// How the figures arose, in words.
    pub notes: Vec<String>,
}

/// A method that cannot be computed from the input, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unavailable {
    /// The method that cannot count.
    pub method: Method,
    /// Why not, as a sentence fragment.
    pub reason: String,
    /// The komi the count would have used.
    pub komi: Komi,
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.method, self.reason)
    }
}

/// One method's score, or why it cannot count.
pub type MethodResult = Result<Score, Unavailable>;

impl Score {
    pub(crate) fn new(
        method: Method,
        black: HalfPoints,
        white: HalfPoints,
        params: &Params,
        board: Option<MadeUpBoard>,
        notes: Vec<String>,
    ) -> Score {
        let diff = black.0 - white.0 - i64::from(params.komi.0);
        let outcome = match diff.signum() {
            1 => Outcome::Decisive {
                winner: Color::Black.into(),
            },
            -1 => Outcome::Decisive {
                winner: Color::White.into(),
            },
            _ => Outcome::Draw,
        };
        Score {
            method,
            black,
            white,
            komi: params.komi,
            version: method.is_living_family().then_some(params.version),
            outcome,
            margin: HalfPoints(diff.abs()),
            threshold: None,
            board,
            notes,
        }
    }

    /// Adds the 归本数 when the two counts add up to `total` points: Black wins above
    /// (total + komi) / 2, White above (total − komi) / 2.
    pub(crate) fn with_threshold(mut self, total: u32) -> Score {
        if self.black.0 + self.white.0 == 2 * total as i64 {
            let k = i64::from(self.komi.0);
            self.threshold = Some(PerColor::new(
                QuarterPoints(2 * total as i64 + k),
                QuarterPoints(2 * total as i64 - k),
            ));
        }
        self
    }

    /// The winning colour, `None` for a draw.
    #[inline]
    pub fn winner(&self) -> Option<Color> {
        self.outcome.winner().map(Color::from)
    }

    /// Black's lead after komi, in half-points (negative when White leads).
    pub fn black_lead(&self) -> HalfPoints {
        HalfPoints(self.black.0 - self.white.0 - i64::from(self.komi.0))
    }
}

/// Where a method's explanations go: collected for a full score, skipped without being
/// formatted when only the figures are wanted.
pub(crate) struct Notes(Option<Vec<String>>);

impl Notes {
    fn collecting() -> Notes {
        Notes(Some(Vec::new()))
    }
    fn skipping() -> Notes {
        Notes(None)
    }
    /// Adds the note `text` makes, if notes are collected.
    fn push(&mut self, text: impl FnOnce() -> String) {
        if let Some(v) = &mut self.0 {
            v.push(text());
        }
    }
    fn into_vec(self) -> Vec<String> {
        self.0.unwrap_or_default()
    }
}

/// What a method counted: each side's figure, the board it counted on (a made-up board or
/// a tally of one) and, where the two figures add up to the points of the board, that total
/// for the 归本数.
pub(crate) struct Counted<B> {
    black: HalfPoints,
    white: HalfPoints,
    board: Option<B>,
    total: Option<u32>,
}

impl<B: MakeUp> Counted<B> {
    fn into_score(self, method: Method, params: &Params, notes: Notes) -> Score {
        let board = self.board.and_then(MakeUp::into_diagram);
        let s = Score::new(
            method,
            self.black,
            self.white,
            params,
            board,
            notes.into_vec(),
        );
        match self.total {
            Some(t) => s.with_threshold(t),
            None => s,
        }
    }
}

/// Runs one method on the made-up board `B` starts from (a full board or a tally).
fn run<B: MakeUp>(
    analysis: &Analysis,
    method: Method,
    params: &Params,
    start: B,
    notes: &mut Notes,
) -> Result<Counted<B>, Unavailable> {
    match method {
        Method::LivingStones => living::living_stones_on(analysis, params, start, notes),
        Method::EqualRoads => living::equal_roads_on(analysis, params, start, notes),
        Method::EqualStones => living::equal_stones_on(analysis, params, start, notes),
        Method::EqualStonesRefill => living::equal_stones_refill_on(analysis, params, start, notes),
        Method::ReturnedHeads => living::returned_heads_on(analysis, params, start, notes),
        Method::Area => Ok(modern::area_on(analysis, notes)),
        Method::Territory => modern::territory_on(analysis, params, notes),
        Method::GroupTax => Ok(modern::group_tax_on(analysis, notes)),
        Method::TrompTaylor => Ok(modern::tromp_taylor_on(analysis, notes)),
    }
}

/// Scores by one method, with the made-up board (for the shortcut methods) and the notes.
pub fn score(analysis: &Analysis, method: Method, params: &Params) -> MethodResult {
    let mut notes = Notes::collecting();
    let counted = run(
        analysis,
        method,
        params,
        MadeUpBoard::from_analysis(analysis),
        &mut notes,
    )
    .map_err(|u| Unavailable {
        komi: params.komi,
        ..u
    })?;
    Ok(counted.into_score(method, params, notes))
}

/// Scores by every method, in [`Method::ALL`] order.
pub fn score_all(analysis: &Analysis, params: &Params) -> Vec<MethodResult> {
    Method::ALL
        .iter()
        .map(|&m| score(analysis, m, params))
        .collect()
}

/// The figures of one method alone: the same [`Score`] as [`score`] (counts, komi, winner,
/// margin, 归本数, or the same reason it is unavailable) but without the made-up board and
/// the notes. The shortcut methods' procedures run on counts of marks instead of a board,
/// so nothing is allocated per method; ask [`score`] for the diagrams.
pub fn figures(analysis: &Analysis, method: Method, params: &Params) -> MethodResult {
    let mut notes = Notes::skipping();
    let counted = run(
        analysis,
        method,
        params,
        Tally::of_analysis(analysis),
        &mut notes,
    )
    .map_err(|u| Unavailable {
        komi: params.komi,
        ..u
    })?;
    Ok(counted.into_score(method, params, notes))
}

/// The figures of every method, in [`Method::ALL`] order (see [`figures`]).
pub fn figures_all(analysis: &Analysis, params: &Params) -> Vec<MethodResult> {
    Method::ALL
        .iter()
        .map(|&m| figures(analysis, m, params))
        .collect()
}
