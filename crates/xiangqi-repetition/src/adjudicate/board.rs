//! A copy-make mailbox board for the "what if" questions of adjudication.
//!
//! Classifying one move asks many hypothetical questions: what if the opponent passed,
//! what if this piece were taken, could it be taken back, is the capturer then mated.
//! A 90-byte array that is copied for every hypothesis answers them simply and without
//! undo bookkeeping; speed matters less here than obviously correct rules.

use std::fmt;

/// The two players. Red moves first and stands on ranks 0-4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Red,
    Black,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// `red` / `black`, as the JSON output spells it.
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// 红 / 黑.
    pub fn zh(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Black => "黑",
        }
    }
}

/// Piece types, in the order of the usual FEN letters K A B N R C P.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Advisor,
    Elephant,
    Horse,
    Rook,
    Cannon,
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];

    /// The FEN letter, upper case.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }

    fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Rook,
            'C' => Kind::Cannon,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }

    /// The Chinese character for a piece of this kind and colour.
    pub fn zh(self, color: Color) -> &'static str {
        match (self, color) {
            (Kind::King, Color::Red) => "帅",
            (Kind::King, Color::Black) => "将",
            (Kind::Advisor, _) => "士",
            (Kind::Elephant, Color::Red) => "相",
            (Kind::Elephant, Color::Black) => "象",
            (Kind::Horse, _) => "马",
            (Kind::Rook, _) => "车",
            (Kind::Cannon, _) => "炮",
            (Kind::Pawn, Color::Red) => "兵",
            (Kind::Pawn, Color::Black) => "卒",
        }
    }

    /// English name used in explanations.
    pub fn en(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Rook => "rook",
            Kind::Cannon => "cannon",
            Kind::Pawn => "pawn",
        }
    }
}

/// A piece: kind and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: Kind,
    pub color: Color,
}

impl Piece {
    pub fn fen_char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// A point of the board: `file` 0-8 from Red's left (a-i), `rank` 0-9 from Red's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq(pub u8);

impl Sq {
    pub fn new(file: u8, rank: u8) -> Sq {
        debug_assert!(file < 9 && rank < 10);
        Sq(rank * 9 + file)
    }
    #[inline]
    pub fn file(self) -> u8 {
        self.0 % 9
    }
    #[inline]
    pub fn rank(self) -> u8 {
        self.0 / 9
    }
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The point `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Sq> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        ((0..9).contains(&f) && (0..10).contains(&r)).then(|| Sq::new(f as u8, r as u8))
    }
    /// ICCS name, e.g. `h2`.
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A move from one point to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mv {
    pub from: Sq,
    pub to: Sq,
}

impl Mv {
    /// ICCS with ranks 0-9, e.g. `h2e2`.
    pub fn iccs(self) -> String {
        format!("{}{}", self.from.name(), self.to.name())
    }
}

impl fmt::Display for Mv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iccs())
    }
}

/// Why a FEN or a move could not be read; positions are byte offsets into the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The FEN is malformed at this byte offset.
    Fen { offset: usize, message: String },
    /// A move token is not ICCS (`h2e2`, ranks 0-9); `index` counts tokens from 0.
    MoveSyntax { index: usize, token: String },
    /// A move is not legal in the position reached; `index` counts moves from 0.
    IllegalMove { index: usize, token: String },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Fen { offset, message } => write!(f, "FEN byte {offset}: {message}"),
            BoardError::MoveSyntax { index, token } => {
                write!(
                    f,
                    "move {}: '{token}' is not an ICCS move like h2e2",
                    index + 1
                )
            }
            BoardError::IllegalMove { index, token } => {
                write!(f, "move {}: '{token}' is not legal here", index + 1)
            }
        }
    }
}

impl std::error::Error for BoardError {}

const HORSE_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];
const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The leg point of a horse step: one step along the long axis.
#[inline]
fn horse_leg(df: i8, dr: i8) -> (i8, i8) {
    if df.abs() == 2 {
        (df / 2, 0)
    } else {
        (0, dr / 2)
    }
}

fn in_palace(sq: Sq, color: Color) -> bool {
    let f = sq.file();
    let r = sq.rank();
    (3..=5).contains(&f)
        && match color {
            Color::Red => r <= 2,
            Color::Black => r >= 7,
        }
}

fn own_half(sq: Sq, color: Color) -> bool {
    match color {
        Color::Red => sq.rank() <= 4,
        Color::Black => sq.rank() >= 5,
    }
}

/// A position: 90 points and the side to move.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Piece>; 90],
    pub turn: Color,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl Board {
    /// An empty board with `turn` to move (for building test positions).
    pub fn empty(turn: Color) -> Board {
        Board {
            cells: [None; 90],
            turn,
        }
    }

    #[inline]
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.cells[sq.index()]
    }

    pub fn put(&mut self, sq: Sq, piece: Option<Piece>) {
        self.cells[sq.index()] = piece;
    }

    /// All occupied points with their pieces.
    pub fn pieces(&self) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Sq(i as u8), p)))
    }

    /// Reads a FEN (xqbase/UCCI: rank 9 first, `w`/`r` or `b` to move; later fields ignored).
    pub fn from_fen(fen: &str) -> Result<Board, BoardError> {
        let err = |offset: usize, message: &str| BoardError::Fen {
            offset,
            message: message.to_string(),
        };
        let fen_trim = fen.trim_start();
        let lead = fen.len() - fen_trim.len();
        let placement_end = fen_trim.find(' ').unwrap_or(fen_trim.len());
        let placement = &fen_trim[..placement_end];
        let mut board = Board::empty(Color::Red);
        let mut rank: i32 = 9;
        let mut file: u8 = 0;
        for (i, c) in placement.char_indices() {
            let at = lead + i;
            match c {
                '/' => {
                    if file != 9 {
                        return Err(err(at, "rank does not have 9 points"));
                    }
                    rank -= 1;
                    if rank < 0 {
                        return Err(err(at, "more than 10 ranks"));
                    }
                    file = 0;
                }
                '1'..='9' => {
                    file += c as u8 - b'0';
                    if file > 9 {
                        return Err(err(at, "rank has more than 9 points"));
                    }
                }
                _ => {
                    let kind =
                        Kind::from_letter(c).ok_or_else(|| err(at, "unknown piece letter"))?;
                    if file >= 9 {
                        return Err(err(at, "rank has more than 9 points"));
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::Red
                    } else {
                        Color::Black
                    };
                    board.cells[Sq::new(file, rank as u8).index()] = Some(Piece { kind, color });
                    file += 1;
                }
            }
        }
        if rank != 0 || file != 9 {
            return Err(err(
                lead + placement.len(),
                "board does not have 10 full ranks",
            ));
        }
        let rest = &fen_trim[placement_end..];
        let side_field = rest.split_whitespace().next();
        let side_offset = lead + placement_end + (rest.len() - rest.trim_start().len());
        board.turn = match side_field {
            None | Some("w") | Some("r") => Color::Red,
            Some("b") => Color::Black,
            Some(_) => return Err(err(side_offset, "side to move must be w, r or b")),
        };
        board.validate().map_err(|m| err(0, &m))?;
        Ok(board)
    }

    /// Checks what a position must satisfy for adjudication: one king each in its palace,
    /// pieces on points they can reach, and the side not to move not in check.
    fn validate(&self) -> Result<(), String> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            let kings = self
                .pieces()
                .filter(|(_, p)| p.color == color && p.kind == Kind::King)
                .count();
            if kings != 1 {
                problems.push(format!("{} has {kings} kings", color.name()));
            }
        }
        for (sq, p) in self.pieces() {
            let ok = match p.kind {
                Kind::King | Kind::Advisor => in_palace(sq, p.color),
                Kind::Elephant => own_half(sq, p.color),
                Kind::Pawn => match p.color {
                    Color::Red => sq.rank() >= 3,
                    Color::Black => sq.rank() <= 6,
                },
                _ => true,
            };
            if !ok {
                problems.push(format!(
                    "{} {} cannot stand on {sq}",
                    p.color.name(),
                    p.kind.en()
                ));
            }
        }
        if problems.is_empty() && self.in_check(self.turn.other()) {
            problems.push("the side not to move is in check".to_string());
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    /// The FEN of this position (placement and side; counters written as `- - 0 1`).
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.at(Sq::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(match self.turn {
            Color::Red => " w - - 0 1",
            Color::Black => " b - - 0 1",
        });
        s
    }

    /// A 64-bit key of placement and side to move (for repetition detection).
    pub fn key(&self) -> u64 {
        let mut h = side_key(self.turn);
        for (sq, p) in self.pieces() {
            h ^= piece_key(sq, p);
        }
        h
    }

    /// The key of `self.after(mv)`, updated from `key` (this position's key) in constant
    /// time, for trackers that follow make/unmake.
    pub fn key_after(&self, key: u64, mv: Mv) -> u64 {
        let mut h = key ^ side_key(self.turn) ^ side_key(self.turn.other());
        if let Some(p) = self.at(mv.from) {
            h ^= piece_key(mv.from, p) ^ piece_key(mv.to, p);
        }
        if let Some(c) = self.at(mv.to) {
            h ^= piece_key(mv.to, c);
        }
        h
    }

    pub fn king(&self, color: Color) -> Option<Sq> {
        self.pieces()
            .find(|(_, p)| p.color == color && p.kind == Kind::King)
            .map(|(s, _)| s)
    }

    /// Does `by` attack `target` (could a piece of `by` move there, occupancy and
    /// movement rules only; own-king safety ignored)? Flying-general attacks of a king
    /// on the other king are included.
    pub fn attacked(&self, target: Sq, by: Color) -> bool {
        self.attackers(target, by).next().is_some()
    }

    /// The points of `by`'s pieces that attack `target` (pseudo-legally).
    pub fn attackers(&self, target: Sq, by: Color) -> impl Iterator<Item = Sq> + '_ {
        let mut found: Vec<Sq> = Vec::new();
        // Rooks, cannons and the flying king along the four lines.
        for (df, dr) in ORTHO {
            let mut screens = 0;
            let mut cur = target;
            while let Some(next) = cur.offset(df, dr) {
                cur = next;
                if let Some(p) = self.at(cur) {
                    if screens == 0 {
                        if p.color == by
                            && (p.kind == Kind::Rook
                                || (p.kind == Kind::King
                                    && df == 0
                                    && matches!(self.at(target), Some(t) if t.kind == Kind::King)))
                        {
                            found.push(cur);
                        }
                        screens = 1;
                    } else {
                        if p.color == by && p.kind == Kind::Cannon {
                            found.push(cur);
                        }
                        break;
                    }
                }
            }
        }
        // Horses: the horse stands at target - step; its leg is next to the horse.
        for (df, dr) in HORSE_STEPS {
            if let Some(h) = target.offset(-df, -dr)
                && matches!(self.at(h), Some(p) if p.color == by && p.kind == Kind::Horse)
            {
                let (lf, lr) = horse_leg(df, dr);
                if let Some(leg) = h.offset(lf, lr)
                    && self.at(leg).is_none()
                {
                    found.push(h);
                }
            }
        }
        // Pawns.
        let fwd: i8 = if by == Color::Red { 1 } else { -1 };
        if let Some(s) = target.offset(0, -fwd)
            && matches!(self.at(s), Some(p) if p.color == by && p.kind == Kind::Pawn)
        {
            found.push(s);
        }
        for df in [-1i8, 1] {
            if let Some(s) = target.offset(df, 0)
                && matches!(self.at(s), Some(p) if p.color == by && p.kind == Kind::Pawn)
                && !own_half(s, by)
            {
                found.push(s);
            }
        }
        // King one step (inside its palace), advisors and elephants.
        for (df, dr) in ORTHO {
            if let Some(s) = target.offset(df, dr)
                && matches!(self.at(s), Some(p) if p.color == by && p.kind == Kind::King)
                && in_palace(target, by)
            {
                found.push(s);
            }
        }
        for (df, dr) in DIAG {
            if let Some(s) = target.offset(df, dr)
                && matches!(self.at(s), Some(p) if p.color == by && p.kind == Kind::Advisor)
                && in_palace(target, by)
            {
                found.push(s);
            }
            if let (Some(eye), Some(s)) = (target.offset(df, dr), target.offset(2 * df, 2 * dr))
                && matches!(self.at(s), Some(p) if p.color == by && p.kind == Kind::Elephant)
                && self.at(eye).is_none()
                && own_half(target, by)
            {
                found.push(s);
            }
        }
        found.into_iter()
    }

    /// Is `color`'s king attacked (including by the facing enemy king)?
    pub fn in_check(&self, color: Color) -> bool {
        match self.king(color) {
            Some(k) => self.attacked(k, color.other()),
            None => false,
        }
    }

    /// Moves of the piece on `from` by movement rules only.
    pub fn pseudo_moves_from(&self, from: Sq, out: &mut Vec<Mv>) {
        let Some(p) = self.at(from) else { return };
        let color = p.color;
        let push = |to: Sq, out: &mut Vec<Mv>| {
            if self.at(to).is_none_or(|q| q.color != color) {
                out.push(Mv { from, to });
            }
        };
        match p.kind {
            Kind::King => {
                for (df, dr) in ORTHO {
                    if let Some(to) = from.offset(df, dr)
                        && in_palace(to, color)
                    {
                        push(to, out);
                    }
                }
            }
            Kind::Advisor => {
                for (df, dr) in DIAG {
                    if let Some(to) = from.offset(df, dr)
                        && in_palace(to, color)
                    {
                        push(to, out);
                    }
                }
            }
            Kind::Elephant => {
                for (df, dr) in DIAG {
                    if let (Some(eye), Some(to)) =
                        (from.offset(df, dr), from.offset(2 * df, 2 * dr))
                        && self.at(eye).is_none()
                        && own_half(to, color)
                    {
                        push(to, out);
                    }
                }
            }
            Kind::Horse => {
                for (df, dr) in HORSE_STEPS {
                    let (lf, lr) = horse_leg(df, dr);
                    if let (Some(leg), Some(to)) = (from.offset(lf, lr), from.offset(df, dr))
                        && self.at(leg).is_none()
                    {
                        push(to, out);
                    }
                }
            }
            Kind::Rook | Kind::Cannon => {
                for (df, dr) in ORTHO {
                    let mut cur = from;
                    let mut screened = false;
                    while let Some(next) = cur.offset(df, dr) {
                        cur = next;
                        match (self.at(cur), p.kind, screened) {
                            (None, _, false) => out.push(Mv { from, to: cur }),
                            (None, _, true) => {}
                            (Some(_), Kind::Rook, _) => {
                                push(cur, out);
                                break;
                            }
                            (Some(_), _, false) => screened = true,
                            (Some(q), _, true) => {
                                if q.color != color {
                                    out.push(Mv { from, to: cur });
                                }
                                break;
                            }
                        }
                    }
                }
            }
            Kind::Pawn => {
                let fwd: i8 = if color == Color::Red { 1 } else { -1 };
                if let Some(to) = from.offset(0, fwd) {
                    push(to, out);
                }
                if !own_half(from, color) {
                    for df in [-1i8, 1] {
                        if let Some(to) = from.offset(df, 0) {
                            push(to, out);
                        }
                    }
                }
            }
        }
    }

    /// The position after `mv` (no legality check), with the turn passed on.
    pub fn after(&self, mv: Mv) -> Board {
        let mut b = self.clone();
        b.cells[mv.to.index()] = b.cells[mv.from.index()];
        b.cells[mv.from.index()] = None;
        b.turn = self.turn.other();
        b
    }

    /// The same placement with the other side to move (a "pass", used to ask what the
    /// side that has just moved threatens to do next).
    pub fn passed(&self) -> Board {
        let mut b = self.clone();
        b.turn = self.turn.other();
        b
    }

    /// Is `mv` legal for the side to move?
    pub fn is_legal(&self, mv: Mv) -> bool {
        let Some(p) = self.at(mv.from) else {
            return false;
        };
        if p.color != self.turn {
            return false;
        }
        let mut v = Vec::new();
        self.pseudo_moves_from(mv.from, &mut v);
        v.contains(&mv) && !self.after(mv).in_check(p.color)
    }

    /// Does the pseudo-legal `mv` leave the mover's king safe?
    #[inline]
    pub fn keeps_king_safe(&self, mv: Mv) -> bool {
        let color = self.at(mv.from).map(|p| p.color).unwrap_or(self.turn);
        !self.after(mv).in_check(color)
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Mv> {
        let mut pseudo = Vec::with_capacity(64);
        for (sq, p) in self.pieces() {
            if p.color == self.turn {
                self.pseudo_moves_from(sq, &mut pseudo);
            }
        }
        pseudo.retain(|&m| self.keeps_king_safe(m));
        pseudo
    }

    /// Does the side to move have any legal move? (Stops at the first one.)
    pub fn has_legal_move(&self) -> bool {
        let mut buf = Vec::with_capacity(16);
        for (sq, p) in self.pieces() {
            if p.color == self.turn {
                buf.clear();
                self.pseudo_moves_from(sq, &mut buf);
                if buf.iter().any(|&m| self.keeps_king_safe(m)) {
                    return true;
                }
            }
        }
        false
    }

    /// Legal captures of the piece on `target` by the side to move.
    pub fn legal_captures_of(&self, target: Sq) -> Vec<Mv> {
        self.attackers(target, self.turn)
            .map(|from| Mv { from, to: target })
            .filter(|&m| {
                // A king's flying attack is not a move it can make.
                !(self.at(m.from).is_some_and(|p| p.kind == Kind::King)
                    && self.at(target).is_some_and(|p| p.kind == Kind::King))
                    && self.keeps_king_safe(m)
            })
            .collect()
    }

    /// Parses one ICCS move (`h2e2`, also `H2-E2`), ranks 0-9.
    pub fn parse_iccs(token: &str) -> Option<Mv> {
        let t: Vec<char> = token
            .chars()
            .filter(|&c| c != '-')
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if t.len() != 4 {
            return None;
        }
        let sq = |f: char, r: char| -> Option<Sq> {
            let file = (f as u32).checked_sub('a' as u32)?;
            let rank = r.to_digit(10)?;
            (file < 9).then(|| Sq::new(file as u8, rank as u8))
        };
        Some(Mv {
            from: sq(t[0], t[1])?,
            to: sq(t[2], t[3])?,
        })
    }
}

fn side_key(c: Color) -> u64 {
    match c {
        Color::Red => 0x9e37_79b9_7f4a_7c15,
        Color::Black => 0x2545_f491_4f6c_dd1d,
    }
}

fn piece_key(sq: Sq, p: Piece) -> u64 {
    let code = ((sq.index() as u64) << 8) | ((p.kind as u64) << 1) | p.color as u64;
    board_core::splitmix64(code.wrapping_add(0x51_7cc1_b727_220a)).1
}

/// Is the point on `color`'s side of the river?
pub fn on_own_side(sq: Sq, color: Color) -> bool {
    own_half(sq, color)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    fn perft(b: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        b.legal_moves()
            .iter()
            .map(|&m| perft(&b.after(m), depth - 1))
            .sum()
    }

    #[test]
    fn start_position_perft() {
        // chessprogramming.org "Chinese Chess Perft Results": 44, 1920, 79666.
        let b = Board::from_fen(START).unwrap();
        assert_eq!(perft(&b, 1), 44);
        assert_eq!(perft(&b, 2), 1920);
        assert_eq!(perft(&b, 3), 79666);
    }

    #[test]
    fn cpw_position_2_perft() {
        // chessprogramming.org position 2: 38, 1128, 43929.
        let b = Board::from_fen("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w")
            .unwrap();
        assert_eq!(perft(&b, 1), 38);
        assert_eq!(perft(&b, 2), 1128);
        assert_eq!(perft(&b, 3), 43929);
    }

    #[test]
    fn fen_round_trip_and_errors() {
        let b = Board::from_fen(START).unwrap();
        assert_eq!(b.fen(), START);
        for bad in [
            "",
            "rnbakabnr/9",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKXBNR w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            "4k4/9/9/9/9/9/9/9/9/4K4 w", // kings face each other: side not to move in check
            "9/9/9/9/9/9/9/9/9/4K4 w",
            "\u{0}\u{ff}",
        ] {
            assert!(Board::from_fen(bad).is_err(), "{bad:?} should fail");
        }
    }

    #[test]
    fn incremental_key_matches_full_key() {
        let mut b = Board::from_fen(START).unwrap();
        for m in ["h2e2", "h9g7", "e2e6", "g6g5", "e6a6"] {
            let mv = Board::parse_iccs(m).unwrap();
            let k = b.key_after(b.key(), mv);
            b = b.after(mv);
            assert_eq!(k, b.key(), "{m}");
        }
    }

    #[test]
    fn iccs_parsing() {
        assert_eq!(Board::parse_iccs("h2e2").unwrap().iccs(), "h2e2");
        assert_eq!(Board::parse_iccs("H2-E2").unwrap().iccs(), "h2e2");
        for bad in ["", "h2e", "j2e2", "h2e22", "hhee", "炮二平五"] {
            assert!(Board::parse_iccs(bad).is_none(), "{bad}");
        }
    }
}
