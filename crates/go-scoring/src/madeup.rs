//! Made-up boards (做棋): the counting boards the shortcut methods build by filling roads,
//! lifting stones, returning stones and splitting points, with a record of every change.

use crate::analysis::{Analysis, PointClass};
use crate::color::Color;
use crate::topology::{NeighboursOf, Point, Shape};
use board_geometry::Point as GeoPoint;
use std::fmt::Write as _;
use std::sync::Arc;

/// What a point of a made-up board holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A stone (real, or made up by the method) of this colour.
    Stone(Color),
    /// A road of this colour.
    Road(Color),
    /// An essential eye of this colour.
    Eye(Color),
    /// A shared seki liberty: an essential eye of both sides, half each.
    SharedEye,
    /// A point split half and half: an unfilled dame, or a stone lifted by an A-class
    /// negative move ("视为未收的单官由双方均分").
    Split,
    /// An empty point no side counts.
    Neutral,
}

/// One step of the making-up procedure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// A stone of this colour put on one of its roads.
    Filled(Color, Point),
    /// A stone of this colour taken off into one of its roads.
    Lifted(Color, Point),
    /// A stone of this colour taken off at the border; the point is split half and half.
    LiftedToSplit(Color, Point),
    /// An essential eye's virtual stone given to the other colour (or shared, `half`).
    EyeGiven {
        /// The colour whose eye it was.
        from: Color,
        /// The eye.
        point: Point,
        /// Shared half and half rather than given.
        half: bool,
    },
    /// A road of this colour split half and half (art version, when no stone is left).
    RoadSplit(Color, Point),
    /// A border stone given to the other colour (returned head or art-version stone).
    Recoloured {
        /// The stone's colour before.
        from: Color,
        /// The stone.
        point: Point,
    },
}

/// A made-up counting board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MadeUpBoard {
    topology: Arc<Shape>,
    marks: Vec<Mark>,
    /// How many points hold each mark (indexed by [`Mark::slot`]), kept up to date so
    /// that every count is read in constant time.
    counts: [u32; Mark::SLOTS],
    changes: Vec<Change>,
}

impl Mark {
    const SLOTS: usize = 9;
    fn slot(self) -> usize {
        match self {
            Mark::Stone(c) => c.index(),
            Mark::Road(c) => 2 + c.index(),
            Mark::Eye(c) => 4 + c.index(),
            Mark::SharedEye => 6,
            Mark::Split => 7,
            Mark::Neutral => 8,
        }
    }
}

/// The steps of the making-up procedure, done either on a full [`MadeUpBoard`] (which
/// picks the points and records every change, for diagrams) or on a [`Tally`] of how many
/// points hold each mark (for the figures alone). Every step changes the counts the same
/// way on both, since each takes as many points as asked for or as there are: the methods
/// are written once and give the same figures either way.
pub(crate) trait MakeUp {
    fn count(&self, m: Mark) -> u32;
    fn fill_roads(&mut self, c: Color, k: u32) -> u32;
    fn lift_to_roads(&mut self, c: Color, k: u32) -> u32;
    fn recolour_border(&mut self, giver: Color, k: u32) -> u32;
    fn lift_border_to_split(&mut self, giver: Color, k: u32) -> u32;
    fn split_roads(&mut self, c: Color, k: u32) -> u32;
    fn give_eyes(&mut self, giver: Color, k: u32, half: bool) -> u32;
    /// The changes in words (empty for a tally, which has no points).
    fn describe_changes(&self) -> String;
    /// The board for diagrams, if this is one.
    fn into_diagram(self) -> Option<MadeUpBoard>;

    fn stones(&self, c: Color) -> u32 {
        self.count(Mark::Stone(c))
    }
    fn roads(&self, c: Color) -> u32 {
        self.count(Mark::Road(c))
    }
    fn eyes(&self, c: Color) -> u32 {
        self.count(Mark::Eye(c))
    }
    fn split(&self) -> u32 {
        self.count(Mark::Split)
    }
    fn shared_eyes(&self) -> u32 {
        self.count(Mark::SharedEye)
    }
    fn roads_half(&self, c: Color) -> i64 {
        2 * self.roads(c) as i64 + self.split() as i64
    }
    fn living_half(&self, c: Color) -> i64 {
        2 * self.stones(c) as i64 + self.roads_half(c)
    }
    fn compound_half(&self, c: Color) -> i64 {
        2 * (self.stones(c) + self.roads(c) + self.eyes(c)) as i64
            + self.split() as i64
            + self.shared_eyes() as i64
    }
    fn pay_split(&mut self, giver: Color, k: u32) -> u32 {
        let lifted = self.lift_border_to_split(giver, k);
        lifted + self.split_roads(giver, k - lifted)
    }
}

/// How many points of a made-up board hold each mark, without the board: what the
/// methods need for their figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tally {
    counts: [u32; Mark::SLOTS],
}

impl Tally {
    /// The tally of the analysis' classes (the starting board of every method).
    pub(crate) fn of_analysis(analysis: &Analysis) -> Tally {
        let mut counts = [0u32; Mark::SLOTS];
        for (class, mark) in CLASS_MARKS {
            counts[mark.slot()] += analysis.class_count(class);
        }
        Tally { counts }
    }
    /// Moves up to `k` points from mark `from` to mark `to`; returns how many moved.
    fn shift(&mut self, from: Mark, to: Mark, k: u32) -> u32 {
        let done = k.min(self.counts[from.slot()]);
        self.counts[from.slot()] -= done;
        self.counts[to.slot()] += done;
        done
    }
}

/// Every analysis class and the mark it starts as on a made-up board.
const CLASS_MARKS: [(PointClass, Mark); Mark::SLOTS] = [
    (PointClass::Stone(Color::Black), Mark::Stone(Color::Black)),
    (PointClass::Stone(Color::White), Mark::Stone(Color::White)),
    (PointClass::Eye(Color::Black), Mark::Eye(Color::Black)),
    (PointClass::Eye(Color::White), Mark::Eye(Color::White)),
    (PointClass::Road(Color::Black), Mark::Road(Color::Black)),
    (PointClass::Road(Color::White), Mark::Road(Color::White)),
    (PointClass::SharedEye, Mark::SharedEye),
    (PointClass::Dame, Mark::Split),
    (PointClass::Neutral, Mark::Neutral),
];

fn mark_of_class(class: PointClass) -> Mark {
    match class {
        PointClass::Stone(c) => Mark::Stone(c),
        PointClass::Eye(c) => Mark::Eye(c),
        PointClass::Road(c) => Mark::Road(c),
        PointClass::SharedEye => Mark::SharedEye,
        PointClass::Dame => Mark::Split,
        PointClass::Neutral => Mark::Neutral,
    }
}

impl MakeUp for Tally {
    fn count(&self, m: Mark) -> u32 {
        self.counts[m.slot()]
    }
    fn fill_roads(&mut self, c: Color, k: u32) -> u32 {
        self.shift(Mark::Road(c), Mark::Stone(c), k)
    }
    fn lift_to_roads(&mut self, c: Color, k: u32) -> u32 {
        self.shift(Mark::Stone(c), Mark::Road(c), k)
    }
    fn recolour_border(&mut self, giver: Color, k: u32) -> u32 {
        self.shift(Mark::Stone(giver), Mark::Stone(giver.opponent()), k)
    }
    fn lift_border_to_split(&mut self, giver: Color, k: u32) -> u32 {
        self.shift(Mark::Stone(giver), Mark::Split, k)
    }
    fn split_roads(&mut self, c: Color, k: u32) -> u32 {
        self.shift(Mark::Road(c), Mark::Split, k)
    }
    fn give_eyes(&mut self, giver: Color, k: u32, half: bool) -> u32 {
        let to = if half {
            Mark::SharedEye
        } else {
            Mark::Eye(giver.opponent())
        };
        self.shift(Mark::Eye(giver), to, k)
    }
    fn describe_changes(&self) -> String {
        String::new()
    }
    fn into_diagram(self) -> Option<MadeUpBoard> {
        None
    }
}

impl MakeUp for MadeUpBoard {
    fn count(&self, m: Mark) -> u32 {
        MadeUpBoard::count(self, m)
    }
    fn fill_roads(&mut self, c: Color, k: u32) -> u32 {
        MadeUpBoard::fill_roads(self, c, k)
    }
    fn lift_to_roads(&mut self, c: Color, k: u32) -> u32 {
        MadeUpBoard::lift_to_roads(self, c, k)
    }
    fn recolour_border(&mut self, giver: Color, k: u32) -> u32 {
        MadeUpBoard::recolour_border(self, giver, k)
    }
    fn lift_border_to_split(&mut self, giver: Color, k: u32) -> u32 {
        MadeUpBoard::lift_border_to_split(self, giver, k)
    }
    fn split_roads(&mut self, c: Color, k: u32) -> u32 {
        MadeUpBoard::split_roads(self, c, k)
    }
    fn give_eyes(&mut self, giver: Color, k: u32, half: bool) -> u32 {
        MadeUpBoard::give_eyes(self, giver, k, half)
    }
    fn describe_changes(&self) -> String {
        MadeUpBoard::describe_changes(self)
    }
    fn into_diagram(self) -> Option<MadeUpBoard> {
        Some(self)
    }
}

impl MadeUpBoard {
    /// The board as the analysis classifies it (roads marked, essential eyes kept).
    pub fn from_analysis(analysis: &Analysis) -> MadeUpBoard {
        MadeUpBoard::of_classes(analysis.topology_arc().clone(), analysis.classes())
    }

    /// The board of `analysis`'s classes (built once per analysis; see
    /// [`Analysis::made_up_template`]).
    pub(crate) fn of_classes(topology: Arc<Shape>, classes: &[PointClass]) -> MadeUpBoard {
        let marks = classes.iter().map(|&c| mark_of_class(c)).collect();
        MadeUpBoard::from_marks(topology, marks)
    }

    /// A board with the given marks and no changes yet.
    pub fn from_marks(topology: Arc<Shape>, marks: Vec<Mark>) -> MadeUpBoard {
        let mut counts = [0u32; Mark::SLOTS];
        for m in &marks {
            counts[m.slot()] += 1;
        }
        MadeUpBoard {
            topology,
            marks,
            counts,
            changes: Vec::new(),
        }
    }

    /// Changes the mark of `p`, keeping the counts.
    fn set(&mut self, p: Point, m: Mark) {
        let old = std::mem::replace(&mut self.marks[p as usize], m);
        self.counts[old.slot()] -= 1;
        self.counts[m.slot()] += 1;
    }

    /// The board.
    pub fn topology(&self) -> &Shape {
        &self.topology
    }
    /// The mark on every point.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }
    /// The changes made, in order.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// How many points carry mark `m`.
    pub fn count(&self, m: Mark) -> u32 {
        self.counts[m.slot()]
    }
    /// Stones of colour `c`.
    pub fn stones(&self, c: Color) -> u32 {
        self.count(Mark::Stone(c))
    }
    /// Roads of colour `c`.
    pub fn roads(&self, c: Color) -> u32 {
        self.count(Mark::Road(c))
    }
    /// Essential eyes of colour `c`.
    pub fn eyes(&self, c: Color) -> u32 {
        self.count(Mark::Eye(c))
    }
    /// Points split half and half.
    pub fn split(&self) -> u32 {
        self.count(Mark::Split)
    }
    /// Essential eyes shared by both colours.
    pub fn shared_eyes(&self) -> u32 {
        self.count(Mark::SharedEye)
    }
    /// Roads in half-points: own roads count 2, split points 1 for each side.
    pub fn roads_half(&self, c: Color) -> i64 {
        2 * self.roads(c) as i64 + self.split() as i64
    }
    /// Living stones in half-points: stones plus roads (子路合计).
    pub fn living_half(&self, c: Color) -> i64 {
        2 * self.stones(c) as i64 + self.roads_half(c)
    }
    /// Compound stones (复子) in half-points: stones, roads and eyes, half of each shared point.
    pub fn compound_half(&self, c: Color) -> i64 {
        2 * (self.stones(c) + self.roads(c) + self.eyes(c)) as i64
            + self.split() as i64
            + self.shared_eyes() as i64
    }

    fn order_key(&self, p: Point) -> (u32, u32) {
        // Bottom rows first, then left files; on graphs by index.
        match self.topology.xy(GeoPoint(p)) {
            Some((x, y)) => (999 - y as u32, x as u32),
            None => (p as u32, 0),
        }
    }

    /// Neighbours of `p` that are stones of `c`'s opponent, and those that are `c`'s roads
    /// or eyes (its own space).
    fn neighbour_tally(&self, p: Point, c: Color) -> (usize, usize) {
        let (mut opp, mut own_space) = (0, 0);
        for &GeoPoint(q) in self.topology.neighbours_of(p) {
            match self.marks[q as usize] {
                Mark::Stone(x) if x != c => opp += 1,
                Mark::Road(x) | Mark::Eye(x) if x == c => own_space += 1,
                _ => {}
            }
        }
        (opp, own_space)
    }

    /// Fills `k` of `c`'s roads with stones of `c`: interior points before edges, lower rows
    /// first. Returns how many were filled (fewer when roads run out).
    pub fn fill_roads(&mut self, c: Color, k: u32) -> u32 {
        let want = k.min(self.roads(c)) as usize;
        if want == 0 {
            return 0;
        }
        let mut picked: Vec<Point> = Vec::with_capacity(want);
        match self.topology.grid_size() {
            // On grids the order needs no sort: one scan from the bottom row up and left to
            // right, bucketed by degree (4 first); it stops once the interior has enough.
            Some((w, h)) => {
                let mut buckets: [Vec<Point>; 5] = Default::default();
                'scan: for y in (0..h).rev() {
                    for x in 0..w {
                        let p = y as Point * w as Point + x as Point;
                        if self.marks[p as usize] == Mark::Road(c) {
                            let d = self.topology.neighbours_of(p).len().min(4);
                            buckets[d].push(p);
                            if d == 4 && buckets[4].len() == want {
                                break 'scan;
                            }
                        }
                    }
                }
                for b in buckets.iter().rev() {
                    let take = (want - picked.len()).min(b.len());
                    picked.extend_from_slice(&b[..take]);
                }
            }
            None => {
                let mut roads = self.points_with(Mark::Road(c));
                roads.sort_by_key(|&p| {
                    (
                        std::cmp::Reverse(self.topology.neighbours_of(p).len()),
                        self.order_key(p),
                    )
                });
                roads.truncate(want);
                picked = roads;
            }
        }
        for &p in &picked {
            self.set(p, Mark::Stone(c));
            self.changes.push(Change::Filled(c, p));
        }
        picked.len() as u32
    }

    /// The `k` points of `keyed` with the smallest keys, in key order: a partial
    /// selection, so that taking a few stones off a full board does not sort them all.
    fn smallest<K: Ord + Copy>(mut keyed: Vec<(K, Point)>, k: usize) -> Vec<Point> {
        if k == 0 {
            return Vec::new();
        }
        if k < keyed.len() {
            keyed.select_nth_unstable_by_key(k - 1, |e| e.0);
            keyed.truncate(k);
        }
        keyed.sort_unstable_by_key(|e| e.0);
        keyed.into_iter().map(|e| e.1).collect()
    }

    fn points_where(&self, m: Mark) -> impl Iterator<Item = Point> + '_ {
        (0..self.marks.len() as Point).filter(move |&p| self.marks[p as usize] == m)
    }

    fn points_with(&self, m: Mark) -> Vec<Point> {
        (0..self.marks.len() as Point)
            .filter(|&p| self.marks[p as usize] == m)
            .collect()
    }

    /// Takes `k` stones of `c` off the board into roads (子路互换), preferring stones that
    /// touch own roads or eyes and no opposing stone. The stones are ranked once, before any
    /// is lifted, so lifting many stones stays linear.
    pub fn lift_to_roads(&mut self, c: Color, k: u32) -> u32 {
        let keyed: Vec<_> = self
            .points_where(Mark::Stone(c))
            .map(|p| {
                let (opp, own_space) = self.neighbour_tally(p, c);
                ((opp, std::cmp::Reverse(own_space), self.order_key(p)), p)
            })
            .collect();
        let stones = Self::smallest(keyed, k as usize);
        for &p in &stones {
            self.set(p, Mark::Road(c));
            self.changes.push(Change::Lifted(c, p));
        }
        stones.len() as u32
    }

    /// Border stones of `giver` in the order they are given away or lifted: stones that touch
    /// the other colour and none of their own eyes or roads, on the edge first, touching the
    /// most opposing stones, lower rows first. Ranked once per call.
    fn border_stones(&self, giver: Color, k: u32) -> Vec<Point> {
        let keyed: Vec<_> = self
            .points_where(Mark::Stone(giver))
            .map(|p| {
                let (touches_opp, own_space) = self.neighbour_tally(p, giver);
                (
                    (
                        touches_opp == 0,
                        own_space,
                        self.topology.neighbours_of(p).len(),
                        std::cmp::Reverse(touches_opp),
                        self.order_key(p),
                    ),
                    p,
                )
            })
            .collect();
        Self::smallest(keyed, k as usize)
    }

    /// Gives `k` border stones of `giver` to the other colour (还棋头, or the art version's
    /// swap). Returns how many were given.
    pub fn recolour_border(&mut self, giver: Color, k: u32) -> u32 {
        if k == 0 {
            return 0;
        }
        let mut done = 0;
        for p in self.border_stones(giver, k) {
            self.set(p, Mark::Stone(giver.opponent()));
            self.changes.push(Change::Recoloured {
                from: giver,
                point: p,
            });
            done += 1;
        }
        done
    }

    /// Takes `k` border stones of `giver` off and splits their points (A-class negative moves).
    pub fn lift_border_to_split(&mut self, giver: Color, k: u32) -> u32 {
        if k == 0 {
            return 0;
        }
        let mut done = 0;
        for p in self.border_stones(giver, k) {
            self.set(p, Mark::Split);
            self.changes.push(Change::LiftedToSplit(giver, p));
            done += 1;
        }
        done
    }

    /// Splits `k` of `c`'s roads half and half: the art version's payment when `c` has no
    /// stone left to take off (a road stands for a stone, 子路皆子).
    pub fn split_roads(&mut self, c: Color, k: u32) -> u32 {
        let mut roads = self.points_with(Mark::Road(c));
        roads.sort_by_key(|&p| self.order_key(p));
        let mut done = 0;
        for p in roads.into_iter().take(k as usize) {
            self.set(p, Mark::Split);
            self.changes.push(Change::RoadSplit(c, p));
            done += 1;
        }
        done
    }

    /// Takes `k` of `giver`'s stones (else roads) out of its count and splits them half and
    /// half; returns how many could be paid.
    pub fn pay_split(&mut self, giver: Color, k: u32) -> u32 {
        let lifted = self.lift_border_to_split(giver, k);
        lifted + self.split_roads(giver, k - lifted)
    }

    /// Gives `k` of `giver`'s essential eyes (their virtual stones) to the other colour, for
    /// returned heads when no stone is left to give; with `half`, the eyes become shared.
    pub fn give_eyes(&mut self, giver: Color, k: u32, half: bool) -> u32 {
        let mut eyes = self.points_with(Mark::Eye(giver));
        eyes.sort_by_key(|&p| self.order_key(p));
        let mut done = 0;
        for p in eyes.into_iter().take(k as usize) {
            self.set(
                p,
                if half {
                    Mark::SharedEye
                } else {
                    Mark::Eye(giver.opponent())
                },
            );
            self.changes.push(Change::EyeGiven {
                from: giver,
                point: p,
                half,
            });
            done += 1;
        }
        done
    }

    /// The board as a text diagram in the document's drawing: `●`/`○` stones, `b`/`w` roads,
    /// `#` essential eyes (own or shared), `=` split points, `┼`-style glyphs for other empty
    /// points; rank labels on the left, files below. Graph boards are listed point by point.
    pub fn render(&self) -> String {
        render_marks(&self.topology, &self.marks)
    }

    /// The changes as a short text: `filled B A5; lifted W B2; recoloured W F1`.
    pub fn describe_changes(&self) -> String {
        let t = &self.topology;
        let mut parts: Vec<String> = Vec::new();
        for c in &self.changes {
            parts.push(match *c {
                Change::Filled(col, p) => {
                    format!("filled {} {}", col.letter(), t.name(GeoPoint(p)))
                }
                Change::Lifted(col, p) => {
                    format!("lifted {} {}", col.letter(), t.name(GeoPoint(p)))
                }
                Change::LiftedToSplit(col, p) => {
                    format!("lifted {} {} (split)", col.letter(), t.name(GeoPoint(p)))
                }
                Change::EyeGiven { from, point, half } => format!(
                    "eye {} {} {}",
                    t.name(GeoPoint(point)),
                    from.letter(),
                    if half { "shared" } else { "given" }
                ),
                Change::RoadSplit(col, p) => {
                    format!("split {} road {}", col.letter(), t.name(GeoPoint(p)))
                }
                Change::Recoloured { from, point } => format!(
                    "{} {} -> {}",
                    t.name(GeoPoint(point)),
                    from.letter(),
                    from.opponent().letter()
                ),
            });
        }
        parts.join("; ")
    }
}

/// The glyph for an empty grid point, as the document draws board lines.
pub fn box_glyph(x: u8, y: u8, w: u8, h: u8) -> char {
    let top = y == 0;
    let bottom = y + 1 == h;
    let left = x == 0;
    let right = x + 1 == w;
    match (top, bottom, left, right) {
        (true, _, true, _) => '┌',
        (true, _, _, true) => '┐',
        (true, _, _, _) => '┬',
        (_, true, true, _) => '└',
        (_, true, _, true) => '┘',
        (_, true, _, _) => '┴',
        (_, _, true, _) => '├',
        (_, _, _, true) => '┤',
        _ => '┼',
    }
}

fn mark_glyph(m: Mark) -> Option<char> {
    Some(match m {
        Mark::Stone(Color::Black) => '●',
        Mark::Stone(Color::White) => '○',
        Mark::Road(Color::Black) => 'b',
        Mark::Road(Color::White) => 'w',
        Mark::Eye(_) | Mark::SharedEye => '#',
        Mark::Split => '=',
        Mark::Neutral => return None,
    })
}

/// Renders per-point marks on a grid (document style) or as a point list on graphs.
pub fn render_marks(topology: &Shape, marks: &[Mark]) -> String {
    let mut out = String::new();
    match topology.grid_size() {
        Some((w, h)) => {
            let label_width = h.to_string().len();
            for y in 0..h {
                let _ = write!(out, "{:>label_width$}", h - y);
                for x in 0..w {
                    let p = topology.at(x, y).expect("on the grid");
                    let ch = mark_glyph(marks[p.index()]).unwrap_or_else(|| box_glyph(x, y, w, h));
                    out.push(ch);
                }
                out.push('\n');
            }
            out.push_str(&"_".repeat(label_width));
            for x in 0..w {
                let name = topology.name(topology.at(x, 0).expect("on the grid"));
                out.push(name.chars().next().unwrap_or('?').to_ascii_lowercase());
            }
            out.push('\n');
        }
        None => {
            for (p, &m) in marks.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "{} {}",
                    topology.name(GeoPoint(p as Point)),
                    mark_glyph(m).unwrap_or('.')
                );
            }
        }
    }
    out
}
