//! Static analysis of a finished position: dead stones removed, empty regions and who borders
//! them, living units (棋块: chains joined by shared eyes or territory), seki, the document's
//! essential eyes (基本眼位) and roads (路).
//!
//! Classification of every empty point, following 第二十七条:
//! - points of a region bordered by one colour belong to the units of that colour; each
//!   independently living unit keeps two of them as essential eyes, a unit in seki that has
//!   such points keeps one; the rest are that colour's roads;
//! - points of a region bordered by both colours are settled by trying to fill them: a point
//!   only one colour can fill without leaving its chain in atari (counting the chains it can
//!   join by first filling a point of its own area) is that colour's road
//!   ("双活棋中单方权利的官子是有权方的路点"); a point both can fill safely is an unfilled
//!   dame (单官), half a road to each side, and is taken as filled before the remaining points
//!   are looked at again (of three shared liberties of an eyeless seki, one is a dame and two
//!   stay 公气); a point neither can fill is a shared liberty of a seki (公气), an essential
//!   eye of both sides, half each. Where the order in which dame are taken would decide the
//!   count (an open region, a point that joins a chain to a wall), every scan order of the
//!   board's symmetries is tried and the points they settle differently are dame, half each,
//!   so that no count depends on how the board is turned.
//!
//! Eyes: the document's 眼位 is any empty point whose orthogonal neighbours are all one
//! side's stones; it has no diagonal (false-eye) rule, so every enclosed point counts alike
//! towards a unit's points. Its 基本眼位 are what the stones live on in the final position
//! ("基本眼位是棋子存活在盘内的充分必要条件"), so the two essential eyes of a unit are chosen
//! such that, with every other point of the unit filled, each resulting chain still touches
//! both: a false eye that only joins two chains becomes a road, and a unit for which no such
//! choice exists (one real eye and a false eye) is flagged as not living on its own points.
//! A ko point left unconnected is surrounded by the holder's stones and is that side's road
//! ("一方劫材有利时不粘劫而持有的打劫处的那个空点是该方的路点") by the same choice.
//!
//! A unit is in seki when one of its chains is in atari on a point both colours border, or
//! it touches a shared seki liberty (KataGo's independent-life test, except that unfilled
//! dame both sides can fill do not make seki: a finished position may leave them empty).
//!
//! Limits: shared points are judged by trying one fill of each side, without reading
//! further; capturing races that one side wins (stones that should have been marked dead)
//! and seki that need approach moves to read are not searched out.

pub mod close;

use crate::color::{Color, PerColor, Stone};
use crate::madeup::MadeUpBoard;
use crate::position::Position;
use crate::topology::{NeighboursOf, Point, Shape};
use board_geometry::Point as GeoPoint;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// What an empty point or stone counts as after the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointClass {
    /// A living stone.
    Stone(Color),
    /// An essential eye kept empty for one side's unit.
    Eye(Color),
    /// A road: a point where a stone of that colour could still live.
    Road(Color),
    /// A shared liberty of a seki: an essential eye of both sides, half each.
    SharedEye,
    /// An unfilled dame both sides could fill, or a shared point whose settlement depended
    /// on the order dame were taken in: half a road to each side.
    Dame,
    /// An empty point bordered by no stone at all (empty board regions).
    Neutral,
}

/// An empty region: a maximal connected set of empty points (after dead stones are removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The points of the region.
    pub points: Vec<Point>,
    /// Bordering colours: bit 0 Black, bit 1 White.
    pub border: u8,
}

impl Region {
    /// The only colour bordering the region, if exactly one does.
    pub fn owner(&self) -> Option<Color> {
        match self.border {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }
    /// True if both colours border the region.
    pub fn is_shared(&self) -> bool {
        self.border == 3
    }
}

/// A living unit (one 棋头): chains of one colour connected through own stones and the empty
/// regions only that colour borders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The colour of the unit's stones.
    pub color: Color,
    /// Every stone of the unit.
    pub stones: Vec<Point>,
    /// How many chains the unit joins.
    pub chains: usize,
    /// Empty points of regions only this colour borders.
    pub territory: Vec<Point>,
    /// In seki (not independently alive).
    pub seki: bool,
    /// The essential eyes chosen among `territory`.
    pub eyes: Vec<Point>,
    /// False when the unit cannot live on its own points: an independent unit with fewer
    /// than two points, or no two of its points it could keep as eyes with the rest filled
    /// (one real eye and a false eye, for example). Such stones are dead or in a seki the
    /// analysis did not see; they are counted as given, and reports should say so.
    pub lives: bool,
}

/// Dead stones given for a position that are not stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadStoneError {
    /// Names of the empty points marked dead.
    pub empty_points: Vec<String>,
}

impl fmt::Display for DeadStoneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "dead stones must be stones, but {} {} empty",
            self.empty_points.join(","),
            if self.empty_points.len() == 1 {
                "is"
            } else {
                "are"
            }
        )
    }
}

impl std::error::Error for DeadStoneError {}

/// The analysis of a position with its dead stones.
#[derive(Clone, Debug)]
pub struct Analysis {
    topology: Arc<Shape>,
    original: Vec<Stone>,
    live: Vec<Stone>,
    dead: Vec<Point>,
    class: Vec<PointClass>,
    regions: Vec<Region>,
    units: Vec<Unit>,
    unit_of: Vec<u32>,
    /// Points per class (indexed by [`PointClass::slot`]).
    counts: [u32; PointClass::SLOTS],
    /// Per-colour sums over regions and units, taken once so that counting reads them.
    tallies: Tallies,
    /// The classes as a made-up board before any change, built when first asked for:
    /// counting needs only `counts`, diagrams need the board.
    template: OnceLock<MadeUpBoard>,
}

impl PointClass {
    const SLOTS: usize = 9;
    fn slot(self) -> usize {
        match self {
            PointClass::Stone(c) => c.index(),
            PointClass::Eye(c) => 2 + c.index(),
            PointClass::Road(c) => 4 + c.index(),
            PointClass::SharedEye => 6,
            PointClass::Dame => 7,
            PointClass::Neutral => 8,
        }
    }
}

const NO_UNIT: u32 = u32::MAX;

/// Sums over the regions and units that several counting methods read.
#[derive(Clone, Copy, Debug, Default)]
struct Tallies {
    own_empty: PerColor<u32>,
    shared_empty: u32,
    independent_territory: PerColor<u32>,
    independent_units: PerColor<u32>,
    units: PerColor<u32>,
}

impl Tallies {
    fn of(regions: &[Region], units: &[Unit]) -> Tallies {
        let mut t = Tallies::default();
        for r in regions {
            let n = r.points.len() as u32;
            match r.owner() {
                Some(c) => *t.own_empty.get_mut(c) += n,
                None if r.is_shared() => t.shared_empty += n,
                None => {}
            }
        }
        for u in units {
            if !u.seki {
                *t.independent_territory.get_mut(u.color) += u.territory.len() as u32;
            }
            if !u.stones.is_empty() {
                *t.units.get_mut(u.color) += 1;
                if !u.seki {
                    *t.independent_units.get_mut(u.color) += 1;
                }
            }
        }
        t
    }
}

impl Analysis {
    /// Analyses `position` with the stones on `dead` removed. A chain lives or dies as a
    /// whole, so one listed stone marks its entire chain dead.
    pub fn new(position: &Position, dead: &[Point]) -> Result<Analysis, DeadStoneError> {
        let topology = position.topology_arc().clone();
        let original = position.stones().to_vec();
        let mut live = original.clone();
        let mut bad = Vec::new();
        let mut dead_sorted: Vec<Point> = Vec::new();
        let mut stack = Vec::new();
        for &p in dead {
            let s = original[p as usize];
            if s == Stone::Empty {
                bad.push(p);
                continue;
            }
            if live[p as usize] == Stone::Empty {
                continue;
            }
            live[p as usize] = Stone::Empty;
            stack.push(p);
            while let Some(x) = stack.pop() {
                dead_sorted.push(x);
                for &GeoPoint(q) in topology.neighbours_of(x) {
                    if live[q as usize] == s {
                        live[q as usize] = Stone::Empty;
                        stack.push(q);
                    }
                }
            }
        }
        if !bad.is_empty() {
            bad.sort_unstable();
            bad.dedup();
            return Err(DeadStoneError {
                empty_points: bad
                    .into_iter()
                    .map(|p| topology.name(GeoPoint(p)))
                    .collect(),
            });
        }
        dead_sorted.sort_unstable();
        let n = live.len();
        let (regions, region_of) = label_regions(&topology, &live);
        let mut class = vec![PointClass::Neutral; n];
        for p in 0..n {
            if let Some(c) = live[p].color() {
                class[p] = PointClass::Stone(c);
            }
        }
        let any_shared = regions.iter().any(|r| r.is_shared());
        if any_shared {
            classify_shared(&topology, &live, &regions, &mut class);
        }
        // Units: components of own stones and own-only regions. Per point: the colour
        // whose area it is (0 none, else the colour's bit), and whether it is an empty
        // point both colours border.
        let mut area_bits = vec![0u8; n];
        for p in 0..n {
            match live[p] {
                Stone::Empty => {
                    let b = regions[region_of[p] as usize].border;
                    if b != 3 {
                        area_bits[p] = b;
                    }
                }
                s => area_bits[p] = s as u8,
            }
        }
        // Units are the components of that graph. Two chains never touch and two regions
        // never touch, so a unit is a set of chains joined through the own-only regions
        // they border: chains are labelled, joined per region with a union-find, and the
        // units numbered in order of their lowest point.
        let mut pieces = Pieces::new(n);
        pieces.label_chains(&topology, &live);
        let mut joined = DisjointSets::new(n);
        // One chain next to each own-only region, which stands for the region's unit.
        let mut region_chain = vec![NO_CHAIN; regions.len()];
        for (r, region) in regions.iter().enumerate() {
            let Some(owner) = region.owner() else {
                continue;
            };
            let own = Stone::of(owner);
            let mut first = NO_CHAIN;
            for &p in &region.points {
                for &GeoPoint(q) in topology.neighbours_of(p) {
                    if live[q as usize] == own {
                        let c = pieces.chain_of[q as usize];
                        if first == NO_CHAIN {
                            first = c;
                        } else {
                            joined.join(first, c);
                        }
                    }
                }
            }
            region_chain[r] = first;
        }
        let mut unit_of = vec![NO_UNIT; n];
        let mut units: Vec<Unit> = Vec::new();
        // Unit id per union-find root, and per unit its stone and point counts.
        let mut unit_of_root = vec![NO_UNIT; n];
        let mut sizes: Vec<(usize, usize)> = Vec::new();
        for p in 0..n {
            let bits = area_bits[p];
            if bits == 0 {
                continue;
            }
            let chain = if live[p] == Stone::Empty {
                region_chain[region_of[p] as usize]
            } else {
                pieces.chain_of[p]
            };
            let root = joined.root(chain) as usize;
            let mut id = unit_of_root[root];
            if id == NO_UNIT {
                id = units.len() as u32;
                unit_of_root[root] = id;
                units.push(Unit {
                    color: if bits == 1 {
                        Color::Black
                    } else {
                        Color::White
                    },
                    stones: Vec::new(),
                    chains: 0,
                    territory: Vec::new(),
                    seki: false,
                    eyes: Vec::new(),
                    lives: true,
                });
                sizes.push((0, 0));
            }
            unit_of[p] = id;
            let size = &mut sizes[id as usize];
            if live[p] == Stone::Empty {
                size.1 += 1;
            } else {
                size.0 += 1;
                if pieces.chain_of[p] == p as Point {
                    units[id as usize].chains += 1;
                }
            }
        }
        // The point lists are filled in index order below; sized once here.
        for (unit, &(stones, territory)) in units.iter_mut().zip(&sizes) {
            unit.stones = Vec::with_capacity(stones);
            unit.territory = Vec::with_capacity(territory);
        }
        // Seki needs an empty point both colours border: a unit touching a shared seki
        // liberty is in seki, and so is a unit with a chain in atari whose last liberty is
        // such a point. If the last liberty is a point of the unit's own area, the owner
        // simply fills it (closing a tiger's mouth) and the unit lives on.
        if any_shared {
            let shared_empty = |q: Point| {
                live[q as usize] == Stone::Empty
                    && regions[region_of[q as usize] as usize].is_shared()
            };
            for (p, _) in class
                .iter()
                .enumerate()
                .filter(|(_, k)| **k == PointClass::SharedEye)
            {
                for &GeoPoint(q) in topology.neighbours_of(p as Point) {
                    let u = unit_of[q as usize];
                    if u != NO_UNIT {
                        units[u as usize].seki = true;
                    }
                }
            }
            let liberties = chain_liberty_counts(&topology, &live);
            for p in 0..n {
                if live[p] != Stone::Empty
                    && liberties.count[liberties.head[p] as usize] == 1
                    && topology
                        .neighbours_of(p as Point)
                        .iter()
                        .any(|&GeoPoint(q)| shared_empty(q))
                {
                    units[unit_of[p] as usize].seki = true;
                }
            }
        }
        // Point lists in increasing order, read off the unit map in one scan.
        for p in 0..n {
            let u = unit_of[p];
            if u != NO_UNIT {
                let unit = &mut units[u as usize];
                if live[p] == Stone::Empty {
                    unit.territory.push(p as Point);
                } else {
                    unit.stones.push(p as Point);
                }
            }
        }
        for (id, unit) in units.iter_mut().enumerate() {
            if unit.stones.is_empty() {
                continue;
            }
            let need = if unit.seki { 1 } else { 2 };
            let area = UnitArea {
                unit_of: &unit_of,
                id: id as u32,
            };
            (unit.eyes, unit.lives) = choose_eyes(
                &topology,
                &live,
                &regions,
                &region_of,
                unit,
                area,
                &mut pieces,
                need,
            );
            for &p in &unit.territory {
                class[p as usize] = PointClass::Road(unit.color);
            }
            for &p in &unit.eyes {
                class[p as usize] = PointClass::Eye(unit.color);
            }
        }
        // Points per class, from the lists rather than a scan of every point: a unit's
        // stones, its eyes and the rest of its points (roads); shared regions as settled;
        // what is left is neutral.
        let mut counts = [0u32; PointClass::SLOTS];
        for unit in units.iter().filter(|u| !u.stones.is_empty()) {
            let c = unit.color;
            counts[PointClass::Stone(c).slot()] += unit.stones.len() as u32;
            counts[PointClass::Eye(c).slot()] += unit.eyes.len() as u32;
            counts[PointClass::Road(c).slot()] += (unit.territory.len() - unit.eyes.len()) as u32;
        }
        if any_shared {
            for r in regions.iter().filter(|r| r.is_shared()) {
                for &p in &r.points {
                    counts[class[p as usize].slot()] += 1;
                }
            }
        }
        let classified: u32 = counts.iter().sum();
        counts[PointClass::Neutral.slot()] += n as u32 - classified;
        debug_assert_eq!(counts, {
            let mut all = [0u32; PointClass::SLOTS];
            for k in &class {
                all[k.slot()] += 1;
            }
            all
        });
        let tallies = Tallies::of(&regions, &units);
        Ok(Analysis {
            tallies,
            template: OnceLock::new(),
            topology,
            original,
            live,
            dead: dead_sorted,
            class,
            regions,
            units,
            unit_of,
            counts,
        })
    }

    /// The board the position is on.
    pub fn topology(&self) -> &Shape {
        &self.topology
    }
    /// The made-up board every shortcut method starts from: the classes as marks.
    pub fn made_up_template(&self) -> &MadeUpBoard {
        self.template
            .get_or_init(|| MadeUpBoard::from_analysis(self))
    }
    /// The board, shared.
    pub fn topology_arc(&self) -> &Arc<Shape> {
        &self.topology
    }
    /// The position as given, dead stones included.
    pub fn original(&self) -> &[Stone] {
        &self.original
    }
    /// The position with dead stones removed.
    pub fn live(&self) -> &[Stone] {
        &self.live
    }
    /// The dead stones, sorted.
    pub fn dead(&self) -> &[Point] {
        &self.dead
    }
    /// Dead stones of a colour.
    pub fn dead_count(&self, c: Color) -> u32 {
        self.dead
            .iter()
            .filter(|&&p| self.original[p as usize] == Stone::of(c))
            .count() as u32
    }
    /// The class of every point.
    pub fn classes(&self) -> &[PointClass] {
        &self.class
    }
    /// What point `p` is for the count: a stone, a road, an eye, a dame point...
    pub fn class(&self, p: Point) -> PointClass {
        self.class[p as usize]
    }
    /// The empty regions of the position.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }
    /// Living units (both colours), in order of their first point.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// The unit a stone or territory point belongs to.
    pub fn unit_at(&self, p: Point) -> Option<&Unit> {
        let u = self.unit_of[p as usize];
        (u != NO_UNIT).then(|| &self.units[u as usize])
    }

    /// Number of points of a class.
    pub fn class_count(&self, k: PointClass) -> u32 {
        self.counts[k.slot()]
    }
    /// Living stones on the board.
    pub fn stones(&self, c: Color) -> u32 {
        self.class_count(PointClass::Stone(c))
    }
    /// Own road points (territory roads and one-sided seki points), dame not included.
    pub fn roads(&self, c: Color) -> u32 {
        self.class_count(PointClass::Road(c))
    }
    /// Own essential eyes, shared seki liberties not included.
    pub fn eyes(&self, c: Color) -> u32 {
        self.class_count(PointClass::Eye(c))
    }
    /// Essential eyes shared by both colours (seki).
    pub fn shared_eyes(&self) -> u32 {
        self.class_count(PointClass::SharedEye)
    }
    /// Dame: empty points that are no side's road or eye.
    pub fn dame(&self) -> u32 {
        self.class_count(PointClass::Dame)
    }
    /// Units that cannot live on their own points (see [`Unit::lives`]).
    pub fn doubtful_units(&self) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(|u| !u.lives && !u.stones.is_empty())
    }
    /// Units that live independently (not in seki).
    pub fn independent_units(&self, c: Color) -> u32 {
        *self.tallies.independent_units.get(c)
    }
    /// All units of a colour that have stones.
    pub fn unit_count(&self, c: Color) -> u32 {
        *self.tallies.units.get(c)
    }
    /// Empty points in regions only `c` borders.
    pub fn own_empty(&self, c: Color) -> u32 {
        *self.tallies.own_empty.get(c)
    }
    /// Empty points in regions both colours border.
    pub fn shared_empty(&self) -> u32 {
        self.tallies.shared_empty
    }
    /// Territory of independently living units: own-only empty points outside seki.
    pub fn independent_territory(&self, c: Color) -> u32 {
        *self.tallies.independent_territory.get(c)
    }
    /// Points listed per class for a colour (for reports).
    pub fn points_of(&self, k: PointClass) -> Vec<Point> {
        (0..self.class.len() as Point)
            .filter(|&p| self.class[p as usize] == k)
            .collect()
    }
    /// Stones per colour, roads and eyes per colour: a short summary.
    pub fn summary(&self) -> PerColor<(u32, u32, u32)> {
        PerColor::new(
            (
                self.stones(Color::Black),
                self.roads(Color::Black),
                self.eyes(Color::Black),
            ),
            (
                self.stones(Color::White),
                self.roads(Color::White),
                self.eyes(Color::White),
            ),
        )
    }
}

/// Settles the empty points of regions both colours border (第二十七条): a point only one
/// side can fill safely is that side's road, a point both can fill is a dame taken as filled
/// before the rest is looked at again, and what neither can fill is a shared seki liberty.
///
/// Dame are taken one at a time, so when taking one changes what can be done elsewhere (the
/// liberties of an eyeless seki, an open region), the order could decide the count. The
/// settlement is then repeated in the scan orders of every symmetry of the grid: when all of
/// them count the same (same points per class, same chains beside a shared liberty), the
/// first stands; when they differ, the points they classify differently are settled as a
/// whole, as dame, half each ("双方活棋之间的空点各得一半"), so the result does not depend on
/// how the board is turned.
fn classify_shared(topology: &Shape, live: &[Stone], regions: &[Region], class: &mut [PointClass]) {
    let mut shared: Vec<Point> = regions
        .iter()
        .filter(|r| r.is_shared())
        .flat_map(|r| r.points.iter().copied())
        .collect();
    // Row by row, the scan order of the board as it is turned.
    shared.sort_unstable();
    let mut settlement = Settlement::new(topology, live, regions);
    let sensitive = settlement.run(&shared, class);
    let Some((w, h)) = topology.grid_size().filter(|_| sensitive) else {
        return;
    };
    let first: Vec<PointClass> = shared.iter().map(|&p| class[p as usize]).collect();
    let mut pieces = Pieces::new(live.len());
    pieces.label_chains(topology, live);
    let signature =
        |classes: &[PointClass]| shared_signature(topology, live, &pieces, &shared, classes);
    let first_signature = signature(class);
    let mut disputed = vec![false; shared.len()];
    let mut differs = false;
    let mut other = class.to_vec();
    for transform in 1..8u8 {
        // The scan order of the board turned by `transform`: flips of either axis and a
        // transposition, read row by row.
        let key = |p: Point| {
            let (x, y) = topology.xy(GeoPoint(p)).unwrap_or_default();
            let fx = if transform & 1 != 0 { w - 1 - x } else { x };
            let fy = if transform & 2 != 0 { h - 1 - y } else { y };
            if transform & 4 != 0 {
                (fx, fy)
            } else {
                (fy, fx)
            }
        };
        let mut order = shared.clone();
        order.sort_unstable_by_key(|&p| key(p));
        settlement.run(&order, &mut other);
        if signature(&other) != first_signature {
            differs = true;
        }
        for (i, &p) in shared.iter().enumerate() {
            disputed[i] |= other[p as usize] != first[i];
        }
    }
    if differs {
        for (&p, _) in shared.iter().zip(&disputed).filter(|(_, d)| **d) {
            class[p as usize] = PointClass::Dame;
        }
    }
}

/// What the counts read off a settlement of the shared points: points per class, and the
/// chains (by their lowest stone) beside a shared liberty, which decide the seki.
fn shared_signature(
    topology: &Shape,
    live: &[Stone],
    pieces: &Pieces,
    shared: &[Point],
    class: &[PointClass],
) -> ([u32; PointClass::SLOTS], Vec<Point>) {
    let mut counts = [0u32; PointClass::SLOTS];
    for &p in shared {
        counts[class[p as usize].slot()] += 1;
    }
    let mut chains: Vec<Point> = shared
        .iter()
        .filter(|&&p| class[p as usize] == PointClass::SharedEye)
        .flat_map(|&p| topology.neighbours_of(p).iter().map(|&GeoPoint(q)| q))
        .filter(|&q| live[q as usize] != Stone::Empty)
        .map(|q| pieces.chain_of[q as usize])
        .collect();
    chains.sort_unstable();
    chains.dedup();
    (counts, chains)
}

/// One settlement of the shared points in a given scan order, with its scratch boards.
struct Settlement<'a> {
    topology: &'a Shape,
    live: &'a [Stone],
    /// Own-area marks: the border bits of empty regions only one colour borders.
    territory: Vec<u8>,
    visit: Visit,
}

impl<'a> Settlement<'a> {
    fn new(topology: &'a Shape, live: &'a [Stone], regions: &[Region]) -> Settlement<'a> {
        let n = live.len();
        let mut territory = vec![0u8; n];
        for r in regions.iter().filter(|r| r.owner().is_some()) {
            for &p in &r.points {
                territory[p as usize] = r.border;
            }
        }
        Settlement {
            topology,
            live,
            territory,
            visit: Visit::new(n),
        }
    }

    /// Classifies the `shared` points, taking dame in their order; true when taking a dame
    /// changed what could be done on another point while another dame could have been taken
    /// instead (the order may then matter).
    fn run(&mut self, shared: &[Point], class: &mut [PointClass]) -> bool {
        let (topology, territory, visit) = (self.topology, &self.territory, &mut self.visit);
        let n = self.live.len();
        let mut scratch = self.live.to_vec();
        let mut settled = vec![false; n];
        // Points a dame fill has taken: occupied for liberties, but joined to no chain,
        // since either side may be the one that fills it.
        let mut blocked = vec![false; n];
        // Whether a dame taken changed what could be done elsewhere, and whether there was
        // ever more than one dame to take: together they let the order matter.
        let (mut interacted, mut choice) = (false, false);
        // The dame open before the last one was taken, that one excluded.
        let mut expected: Option<Vec<Point>> = None;
        loop {
            // One-sided points first: the entitled side fills them. Each round finds them all
            // on the same board, so the result does not depend on the scan order; a fill that
            // stops being safe once the other side's fills of that round are on the board is
            // contested (`.X..O.`: whoever fills first leaves the other point a seki liberty)
            // and the region's contested points are settled as a whole, as shared liberties
            // of both sides (half each).
            let dame = loop {
                let mut fills: Vec<(Point, Color)> = Vec::new();
                let mut dame: Vec<Point> = Vec::new();
                for &p in shared {
                    if settled[p as usize] {
                        continue;
                    }
                    let [sb, sw] = [Color::Black, Color::White].map(|c| {
                        safe_to_fill(topology, &scratch, &blocked, territory, visit, p, c)
                    });
                    match (sb, sw) {
                        (true, false) => fills.push((p, Color::Black)),
                        (false, true) => fills.push((p, Color::White)),
                        (true, true) => dame.push(p),
                        (false, false) => {}
                    }
                }
                if fills.is_empty() {
                    break dame;
                }
                interacted |= expected.is_some();
                let mut together = scratch.clone();
                for &(p, c) in &fills {
                    together[p as usize] = Stone::of(c);
                }
                let contested: Vec<bool> = fills
                    .iter()
                    .map(|&(p, c)| {
                        together[p as usize] = Stone::Empty;
                        let safe =
                            safe_to_fill(topology, &together, &blocked, territory, visit, p, c);
                        together[p as usize] = Stone::of(c);
                        !safe
                    })
                    .collect();
                for (&(p, c), &contested) in fills.iter().zip(&contested) {
                    settled[p as usize] = true;
                    if contested {
                        class[p as usize] = PointClass::SharedEye;
                    } else {
                        class[p as usize] = PointClass::Road(c);
                        scratch[p as usize] = Stone::of(c);
                    }
                }
            };
            interacted |= expected.as_ref().is_some_and(|e| *e != dame);
            choice |= dame.len() > 1;
            // Then the first dame both can fill: filling it may take a liberty the others
            // need (three shared liberties of an eyeless seki leave one dame and two 公气), so
            // the rest is looked at again with this point occupied.
            let Some((&p, rest)) = dame.split_first() else {
                break;
            };
            expected = Some(rest.to_vec());
            class[p as usize] = PointClass::Dame;
            blocked[p as usize] = true;
            settled[p as usize] = true;
        }
        // What no side can fill is a shared liberty of a seki.
        for &p in shared {
            if !settled[p as usize] {
                class[p as usize] = PointClass::SharedEye;
            }
        }
        interacted && choice
    }
}

/// Maximal connected empty regions and the colours that border them.
pub fn find_regions(topology: &Shape, stones: &[Stone]) -> Vec<Region> {
    label_regions(topology, stones).0
}

/// The empty regions and, per point, the index of its region (`u32::MAX` on stones). Each
/// region's points are listed in increasing order, read off the labels in one scan.
fn label_regions(topology: &Shape, stones: &[Stone]) -> (Vec<Region>, Vec<u32>) {
    let n = stones.len();
    let mut region_of = vec![u32::MAX; n];
    let mut out: Vec<Region> = Vec::new();
    let mut stack = Vec::new();
    for start in 0..n {
        if stones[start] != Stone::Empty || region_of[start] != u32::MAX {
            continue;
        }
        let id = out.len() as u32;
        let mut border = 0u8;
        let mut size = 0usize;
        region_of[start] = id;
        stack.push(start as Point);
        while let Some(p) = stack.pop() {
            size += 1;
            for &GeoPoint(q) in topology.neighbours_of(p) {
                match stones[q as usize] {
                    Stone::Empty => {
                        if region_of[q as usize] == u32::MAX {
                            region_of[q as usize] = id;
                            stack.push(q);
                        }
                    }
                    s => border |= s as u8,
                }
            }
        }
        out.push(Region {
            points: Vec::with_capacity(size),
            border,
        });
    }
    for (p, &r) in region_of.iter().enumerate() {
        if r != u32::MAX {
            out[r as usize].points.push(p as Point);
        }
    }
    (out, region_of)
}

/// Chain heads and exact liberty counts per head.
struct Liberties {
    head: Vec<Point>,
    count: Vec<u32>,
}

fn chain_liberty_counts(topology: &Shape, stones: &[Stone]) -> Liberties {
    let n = stones.len();
    let mut head: Vec<Point> = (0..n as Point).collect();
    let mut count = vec![0u32; n];
    let mut seen = vec![false; n];
    let mut mark = vec![u32::MAX; n];
    let mut stack = Vec::new();
    for start in 0..n {
        if stones[start] == Stone::Empty || seen[start] {
            continue;
        }
        let color = stones[start];
        seen[start] = true;
        stack.push(start as Point);
        let mut libs = 0;
        while let Some(p) = stack.pop() {
            head[p as usize] = start as Point;
            for &GeoPoint(q) in topology.neighbours_of(p) {
                let s = stones[q as usize];
                if s == Stone::Empty {
                    if mark[q as usize] != start as u32 {
                        mark[q as usize] = start as u32;
                        libs += 1;
                    }
                } else if s == color && !seen[q as usize] {
                    seen[q as usize] = true;
                    stack.push(q);
                }
            }
        }
        count[start] = libs;
    }
    Liberties { head, count }
}

/// Would a stone of `c` at empty `p` keep at least two liberties or capture something?
/// `territory` holds, per point, the colour bits of the empty region's border when only one
/// colour borders it: the owner may first fill such a point to join another of its chains
/// (closing a tiger's mouth in its own area), so the joined chain's liberties count too.
fn safe_to_fill(
    topology: &Shape,
    stones: &[Stone],
    blocked: &[bool],
    territory: &[u8],
    visit: &mut Visit,
    p: Point,
    c: Color,
) -> bool {
    let opp = Stone::of(c.opponent());
    // Capture: an adjacent opposing chain whose only liberty is p.
    for &GeoPoint(q) in topology.neighbours_of(p) {
        if stones[q as usize] == opp && !has_liberty_besides(topology, stones, blocked, visit, q, p)
        {
            return true;
        }
    }
    liberties_after_fill(topology, stones, blocked, None, visit, p, c)
        || liberties_after_fill(topology, stones, blocked, Some(territory), visit, p, c)
}

/// True if the chain a stone of `c` at `p` makes has two liberties or more; with `connect`,
/// own-area points next to further own chains are taken as filled, joining those chains.
///
/// The joins are found in rounds on the whole chain built so far, so that the answer does not
/// depend on the order the points are visited in: each round fills every own-area point next
/// to the chain that touches an own stone outside it, and takes those stones' chains in. A
/// round may fill more such points than the joins need (two points joining the same chain);
/// the spare ones stay liberties. They are counted as the round's points less the chains the
/// points reach, which is exact unless one point reaches two chains and another point one of
/// those (the least number of points that reach them all is then smaller): such a round
/// counts a liberty too few, never one too many, so a fill may be judged unsafe, never safe
/// by mistake.
fn liberties_after_fill(
    topology: &Shape,
    stones: &[Stone],
    blocked: &[bool],
    connect: Option<&[u8]>,
    visit: &mut Visit,
    p: Point,
    c: Color,
) -> bool {
    let own = Stone::of(c);
    visit.start();
    visit.insert(p);
    let mut chain = vec![p];
    // Own stones joined to the points of `chain` from index `from` on.
    let grow = |chain: &mut Vec<Point>, visit: &mut Visit, from: usize| {
        let mut i = from;
        while i < chain.len() {
            for &GeoPoint(q) in topology.neighbours_of(chain[i]) {
                if stones[q as usize] == own && visit.insert(q) {
                    chain.push(q);
                }
            }
            i += 1;
        }
    };
    grow(&mut chain, visit, 0);
    let mut spare = 0usize;
    if let Some(area) = connect {
        loop {
            let mut joins: Vec<Point> = Vec::new();
            for &s in &chain {
                for &GeoPoint(q) in topology.neighbours_of(s) {
                    let qu = q as usize;
                    if stones[qu] == Stone::Empty
                        && !blocked[qu]
                        && area[qu] == own as u8
                        && !visit.contains(q)
                        && !joins.contains(&q)
                        && topology
                            .neighbours_of(q)
                            .iter()
                            .any(|&GeoPoint(r)| stones[r as usize] == own && !visit.contains(r))
                    {
                        joins.push(q);
                    }
                }
            }
            if joins.is_empty() {
                break;
            }
            // The chains outside reached by this round's points: one fill per chain joins
            // them all, the other points stay liberties.
            let mut reached = 0usize;
            for &q in &joins {
                visit.insert(q);
                chain.push(q);
            }
            for &q in &joins {
                for &GeoPoint(r) in topology.neighbours_of(q) {
                    if stones[r as usize] == own && !visit.contains(r) {
                        reached += 1;
                        visit.insert(r);
                        let start = chain.len();
                        chain.push(r);
                        grow(&mut chain, visit, start);
                    }
                }
            }
            spare += joins.len().saturating_sub(reached);
        }
    }
    if spare >= 2 {
        return true;
    }
    let mut liberties: [Point; 2] = [Point::MAX; 2];
    let mut found = spare;
    for &s in &chain {
        for &GeoPoint(q) in topology.neighbours_of(s) {
            if stones[q as usize] == Stone::Empty
                && !blocked[q as usize]
                && !visit.contains(q)
                && !liberties[..found.min(2)].contains(&q)
            {
                liberties[found] = q;
                found += 1;
                if found >= 2 {
                    return true;
                }
            }
        }
    }
    false
}

/// True if the chain through `start` has a liberty other than `filled` (blocked points are
/// occupied).
fn has_liberty_besides(
    topology: &Shape,
    stones: &[Stone],
    blocked: &[bool],
    visit: &mut Visit,
    start: Point,
    filled: Point,
) -> bool {
    let color = stones[start as usize];
    visit.start();
    let mut stack = vec![start];
    visit.insert(start);
    while let Some(s) = stack.pop() {
        for &GeoPoint(q) in topology.neighbours_of(s) {
            let qs = stones[q as usize];
            if qs == Stone::Empty {
                if q != filled && !blocked[q as usize] {
                    return true;
                }
            } else if qs == color && visit.insert(q) {
                stack.push(q);
            }
        }
    }
    false
}

/// A unit of one chain on a grid of at least 2x2 lives on eyes that do not touch each other
/// and each touch the chain: a grid stays connected when one point is taken out, so the
/// points filled around the eyes can be cut off from the chain only by both eyes at once,
/// and then they touch both.
fn single_chain_lives_on(topology: &Shape, live: &[Stone], unit: &Unit, eyes: &[Point]) -> bool {
    let grid = topology.grid_size().is_some_and(|(w, h)| w >= 2 && h >= 2);
    let own = Stone::of(unit.color);
    grid && unit.chains == 1
        && eyes.iter().enumerate().all(|(i, &a)| {
            let nb = topology.neighbours_of(a);
            nb.iter().any(|&GeoPoint(q)| live[q as usize] == own)
                && !eyes[i + 1..].iter().any(|&b| nb.contains(&GeoPoint(b)))
        })
}

/// Number of distinct chains next to `p` (an empty neighbour counts as one by itself).
fn chains_around(topology: &Shape, live: &[Stone], pieces: &Pieces, p: Point) -> usize {
    let mut roots = [Point::MAX; 8];
    let mut k = 0;
    for &GeoPoint(q) in topology.neighbours_of(p) {
        let r = pieces.node(live, q);
        if !roots[..k].contains(&r) {
            if k == roots.len() {
                // Graph points of high degree: count the rest without the small table.
                return usize::MAX;
            }
            roots[k] = r;
            k += 1;
        }
    }
    k
}

/// Union-find over points with path halving: which stones form one chain.
struct DisjointSets {
    parent: Vec<Point>,
}

impl DisjointSets {
    fn new(n: usize) -> DisjointSets {
        DisjointSets {
            parent: (0..n as Point).collect(),
        }
    }
    fn root(&mut self, mut p: Point) -> Point {
        while self.parent[p as usize] != p {
            let up = self.parent[self.parent[p as usize] as usize];
            self.parent[p as usize] = up;
            p = up;
        }
        p
    }
    /// Joins the sets of `a` and `b`; false if they were one set already.
    fn join(&mut self, a: Point, b: Point) -> bool {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return false;
        }
        self.parent[ra as usize] = rb;
        true
    }
}

/// Visit marks reused by every flood fill of one analysis: a point is visited when its
/// stamp equals the current one, so a new fill starts without clearing anything.
struct Visit {
    stamp: Vec<u32>,
    now: u32,
}

impl Visit {
    fn new(n: usize) -> Visit {
        Visit {
            stamp: vec![0; n],
            now: 0,
        }
    }
    fn start(&mut self) {
        if self.now == u32::MAX {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 0;
        }
        self.now += 1;
    }
    fn contains(&self, p: Point) -> bool {
        self.stamp[p as usize] == self.now
    }
    /// Marks `p`; false if it was marked already.
    fn insert(&mut self, p: Point) -> bool {
        let s = &mut self.stamp[p as usize];
        if *s == self.now {
            false
        } else {
            *s = self.now;
            true
        }
    }
}

/// How good an essential eye a point makes: surrounded by more own stones, more neighbours
/// (interior before edge), then the later file and the higher rank, so that choices are
/// deterministic and roads end up on the edges, as in the document's figures.
fn eye_score(topology: &Shape, live: &[Stone], p: Point, c: Color) -> (usize, usize, u32) {
    let nb = topology.neighbours_of(p);
    let own = nb
        .iter()
        .filter(|&&GeoPoint(q)| live[q as usize] == Stone::of(c))
        .count();
    // Later file first, then the upper row (smaller y); on graphs the later index.
    let order = match topology.xy(GeoPoint(p)) {
        Some((x, y)) => (x as u32) * 1000 + (999 - y as u32),
        None => p as u32,
    };
    (own, nb.len(), order)
}

/// The points of one unit's area (stones and own empty points), read off the unit map.
#[derive(Clone, Copy)]
struct UnitArea<'a> {
    unit_of: &'a [u32],
    id: u32,
}

impl UnitArea<'_> {
    fn contains(&self, p: Point) -> bool {
        self.unit_of[p as usize] == self.id
    }
}

#[allow(clippy::too_many_arguments)]
fn choose_eyes(
    topology: &Shape,
    live: &[Stone],
    regions: &[Region],
    region_of: &[u32],
    unit: &Unit,
    area: UnitArea,
    pieces: &mut Pieces,
    need: usize,
) -> (Vec<Point>, bool) {
    if unit.territory.is_empty() || need == 0 {
        return (Vec::new(), need < 2);
    }
    // No more points than eyes needed: every point is kept, there is nothing to choose.
    if unit.territory.len() <= need {
        let eyes = unit.territory.clone();
        // Whether a unit in seki lives is the seki judgement's business, not the eyes'.
        let lives = need < 2
            || (eyes.len() == need
                && (plainly_lives_on(topology, live, regions, region_of, pieces, unit, &eyes)
                    || lives_on(topology, live, unit, area, pieces, &eyes)));
        return (eyes, lives);
    }
    // The best point of each own region, smaller regions first (a one-point region is an eye).
    // An own-only region lies wholly in one unit, and both point lists are in index order,
    // so a region is met first at its lowest point.
    let best_of = |pts: &mut dyn Iterator<Item = Point>| -> Option<Point> {
        pts.max_by_key(|&p| eye_score(topology, live, p, unit.color))
    };
    let mut candidates: Vec<(usize, (usize, usize, u32), Point)> = unit
        .territory
        .iter()
        .filter_map(|&t| {
            let region = &regions[region_of[t as usize] as usize];
            if region.points[0] != t {
                return None;
            }
            best_of(&mut region.points.iter().copied()).map(|p| {
                (
                    region.points.len(),
                    eye_score(topology, live, p, unit.color),
                    p,
                )
            })
        })
        .collect();
    // The keys are distinct (the score ends in a per-point order), so any sort is stable.
    candidates.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let mut eyes: Vec<Point> = candidates.iter().take(need).map(|c| c.2).collect();
    // One region must hold more than one eye: pick points not next to a chosen eye.
    while eyes.len() < need.min(unit.territory.len()) {
        let free = unit.territory.iter().copied().filter(|p| !eyes.contains(p));
        let apart: Vec<Point> = free
            .clone()
            .filter(|&p| {
                !topology
                    .neighbours_of(p)
                    .iter()
                    .any(|q| eyes.contains(&q.0))
            })
            .collect();
        let pick = if apart.is_empty() {
            best_of(&mut free.into_iter())
        } else {
            best_of(&mut apart.into_iter())
        };
        match pick {
            Some(p) => eyes.push(p),
            None => break,
        }
    }
    let plainly_alive = plainly_lives_on(topology, live, regions, region_of, pieces, unit, &eyes);
    let mut lives = true;
    if eyes.len() == need && !plainly_alive && !lives_on(topology, live, unit, area, pieces, &eyes)
    {
        // The preferred points would cut a chain off the eyes (a false eye, 第二十七条:
        // essential eyes are what the unit lives on once every other point is filled).
        match living_eyes(topology, live, unit, area, pieces, need) {
            Some(found) => eyes = found,
            None => lives = false,
        }
    }
    eyes.sort_unstable();
    let lives = need < 2 || (lives && eyes.len() == need);
    (eyes, lives)
}

/// Cases where the unit plainly lives on `eyes`, without a flood: one-point regions touched
/// by every chain of the unit (after filling, each chain still touches each eye, and no
/// filled point can be cut off, since a one-point region's neighbours are all stones), or
/// a single chain on a grid.
fn plainly_lives_on(
    topology: &Shape,
    live: &[Stone],
    regions: &[Region],
    region_of: &[u32],
    pieces: &Pieces,
    unit: &Unit,
    eyes: &[Point],
) -> bool {
    eyes.iter().all(|&e| {
        regions[region_of[e as usize] as usize].points.len() == 1
            && chains_around(topology, live, pieces, e) == unit.chains
    }) || single_chain_lives_on(topology, live, unit, eyes)
}

/// True if the unit, with every point of its area filled except `eyes`, keeps each of its
/// resulting chains next to every one of `eyes`, and no two eyes touch (two touching points
/// make one eye space, which the opponent can reduce to a single liberty). This is the
/// document's sufficiency condition for essential eyes (基本眼位是棋子存活在盘内的充分必要
/// 条件) applied to the unit alone: a false eye, a point that only joins two chains, fails it.
fn lives_on(
    topology: &Shape,
    live: &[Stone],
    unit: &Unit,
    area: UnitArea,
    pieces: &mut Pieces,
    eyes: &[Point],
) -> bool {
    if eyes.len() >= 2 {
        for (i, &a) in eyes.iter().enumerate() {
            if eyes[i + 1..]
                .iter()
                .any(|&b| topology.neighbours_of(a).contains(&GeoPoint(b)))
            {
                return false;
            }
        }
    }
    // Once everything but the eyes is filled, the unit's chains and its other points join
    // into components: counted with a second union-find over chain roots and points, so
    // only the points are walked, not the stones.
    let (mut nodes, mut joins) = (unit.chains, 0usize);
    for &t in &unit.territory {
        if eyes.contains(&t) {
            continue;
        }
        nodes += 1;
        for &GeoPoint(q) in topology.neighbours_of(t) {
            if !area.contains(q) || eyes.contains(&q) {
                continue;
            }
            let b = pieces.node(live, q);
            pieces.touched.push(t);
            pieces.touched.push(b);
            if pieces.joined.join(t, b) {
                joins += 1;
            }
        }
    }
    let pieces_count = nodes - joins;
    // Each eye must touch every component.
    let ok = eyes.iter().all(|&e| {
        let mut roots = [Point::MAX; 8];
        let mut k = 0;
        for &GeoPoint(q) in topology.neighbours_of(e) {
            if !area.contains(q) || eyes.contains(&q) {
                continue;
            }
            let node = pieces.node(live, q);
            let r = pieces.joined.root(node);
            if !roots[..k].contains(&r) {
                if k == roots.len() {
                    return false;
                }
                roots[k] = r;
                k += 1;
            }
        }
        k == pieces_count
    });
    pieces.reset();
    ok
}

/// The chains of the position (each stone labelled by the lowest stone of its chain) and a
/// union-find for the components a unit falls into once its non-eye points are filled,
/// reset after each use.
struct Pieces {
    chain_of: Vec<Point>,
    joined: DisjointSets,
    touched: Vec<Point>,
}

/// The chain label of a point not labelled yet.
const NO_CHAIN: Point = Point::MAX;

impl Pieces {
    fn new(n: usize) -> Pieces {
        Pieces {
            chain_of: vec![NO_CHAIN; n],
            joined: DisjointSets::new(n),
            touched: Vec::new(),
        }
    }
    /// Labels every stone with the lowest point of its chain, in one pass over the points:
    /// each stone is joined to its lower-numbered neighbours of its colour (a union-find in
    /// which the lower root always stays the root, so every link points to a lower point),
    /// then each label is read off its parent's, which comes earlier in the pass.
    fn label_chains(&mut self, topology: &Shape, live: &[Stone]) {
        let parent = &mut self.chain_of;
        for p in 0..live.len() {
            let stone = live[p];
            if stone == Stone::Empty {
                continue;
            }
            parent[p] = p as Point;
            for &GeoPoint(q) in topology.neighbours_of(p as Point) {
                if q as usize >= p {
                    // Neighbour lists are in increasing order: the rest come later.
                    break;
                }
                if live[q as usize] != stone {
                    continue;
                }
                let (mut a, mut b) = (q, p as Point);
                // Find both roots with path halving, then hang the higher on the lower.
                while parent[a as usize] != a {
                    let up = parent[parent[a as usize] as usize];
                    parent[a as usize] = up;
                    a = up;
                }
                while parent[b as usize] != b {
                    let up = parent[parent[b as usize] as usize];
                    parent[b as usize] = up;
                    b = up;
                }
                if a < b {
                    parent[b as usize] = a;
                } else if b < a {
                    parent[a as usize] = b;
                }
            }
        }
        for p in 0..live.len() {
            let up = parent[p];
            if up != NO_CHAIN && up as usize != p {
                parent[p] = parent[up as usize];
            }
        }
    }
    /// A stone stands for its chain (the chain's label), an empty point for itself.
    fn node(&self, live: &[Stone], q: Point) -> Point {
        if live[q as usize] == Stone::Empty {
            q
        } else {
            self.chain_of[q as usize]
        }
    }
    fn reset(&mut self) {
        for p in self.touched.drain(..) {
            self.joined.parent[p as usize] = p;
        }
    }
}

/// Searches the unit's area for `need` essential eyes it can live on, best-scored points
/// first; `None` if no choice among the best candidates works (the unit cannot live
/// independently on its own area: such stones are dead or in seki in the final position).
fn living_eyes(
    topology: &Shape,
    live: &[Stone],
    unit: &Unit,
    area: UnitArea,
    pieces: &mut Pieces,
    need: usize,
) -> Option<Vec<Point>> {
    const CANDIDATES: usize = 10;
    // Scores taken once per point; they are distinct (each ends in a per-point order).
    let mut scored: Vec<_> = unit
        .territory
        .iter()
        .map(|&p| {
            (
                std::cmp::Reverse(eye_score(topology, live, p, unit.color)),
                p,
            )
        })
        .collect();
    scored.sort_unstable();
    let pts: Vec<Point> = scored.iter().take(CANDIDATES).map(|e| e.1).collect();
    match need {
        1 => pts
            .iter()
            .find(|&&p| lives_on(topology, live, unit, area, pieces, &[p]))
            .map(|&p| vec![p]),
        2 => {
            for i in 0..pts.len() {
                for j in i + 1..pts.len() {
                    let mut pair = vec![pts[i], pts[j]];
                    if lives_on(topology, live, unit, area, pieces, &pair) {
                        pair.sort_unstable();
                        return Some(pair);
                    }
                }
            }
            None
        }
        _ => None,
    }
}
