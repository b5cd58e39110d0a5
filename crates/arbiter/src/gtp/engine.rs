//! The GTP commands: a game in progress (board size, komi, ruleset, the board with its
//! history) and what each command does to it or says about it.

use std::fmt;
use std::sync::Arc;

use board_core::Rng;
use board_geometry::Point as GeoPoint;
use go_scoring::analysis::{Analysis, close};
use go_scoring::graph::life::{self, SearchedLife};
use go_scoring::ruleset::Counting;
use go_scoring::score::{Params, Version};
use go_scoring::{Board, Color, Komi, Move, Point, Ruleset, Shape, Stone};

use super::handicap;
use super::player;
use super::ruleset;
use super::sgf_load;

/// Every command `list_commands` names, in the specification's order, ours last.
pub const COMMANDS: [&str; 19] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "fixed_handicap",
    "set_free_handicap",
    "play",
    "genmove",
    "undo",
    "loadsgf",
    "showboard",
    "final_score",
    "final_status_list",
    "arbiter-rules",
];

/// Why a command failed; `Display` gives the message after `?`, in the specification's
/// standard words where it has them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GtpError {
    /// The command is not one of [`COMMANDS`].
    UnknownCommand,
    /// The arguments do not parse; the text says which.
    Syntax(String),
    /// `boardsize` outside 1..=25.
    UnacceptableSize,
    /// `play` of a move the rules forbid.
    IllegalMove,
    /// `undo` with no move to take back.
    CannotUndo,
    /// `loadsgf` could not read or replay the file; the text says why.
    CannotLoad(String),
    /// `final_score` under a ruleset that cannot count this game (the art version of the
    /// living-stones rules without move counts, say); the text says why.
    CannotScore(String),
    /// `arbiter-rules` with a name that is no ruleset; the message is go-scoring's.
    UnknownRuleset(ruleset::UnknownRuleset),
    /// A handicap command on a board that already holds stones.
    BoardNotEmpty,
    /// `fixed_handicap` with a count the specification places no stones for on this board,
    /// or `set_free_handicap` with a list of points that is not one (the text says which).
    InvalidHandicap(String),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::UnknownCommand => f.write_str("unknown command"),
            GtpError::Syntax(why) => write!(f, "syntax error: {why}"),
            GtpError::UnacceptableSize => f.write_str("unacceptable size"),
            GtpError::IllegalMove => f.write_str("illegal move"),
            GtpError::CannotUndo => f.write_str("cannot undo"),
            GtpError::CannotLoad(why) => write!(f, "cannot load file: {why}"),
            GtpError::CannotScore(why) => write!(f, "cannot score: {why}"),
            GtpError::BoardNotEmpty => f.write_str("board not empty"),
            GtpError::InvalidHandicap(why) => write!(f, "invalid handicap: {why}"),
            GtpError::UnknownRuleset(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GtpError {}

/// What a command answered, and whether the session ends with it (`quit`).
pub struct Answer {
    /// The result text, or the failure.
    pub result: Result<String, GtpError>,
    /// True after `quit`: the answer is the last one.
    pub quit: bool,
}

/// The game a GTP session plays and scores.
pub struct Engine {
    size: u8,
    komi: Komi,
    ruleset: Ruleset,
    /// Handicap stones Black received: `fixed_handicap`, `set_free_handicap` or the record's
    /// `HA` after `loadsgf`; 0 in an even game.
    handicap: u32,
    board: Board,
    /// The generator `genmove` draws from.
    rng: Rng,
    /// The dead-stone finder's verdicts and the stones they were found on: `final_score` and
    /// the `final_status_list` calls after it ask about the same position.
    life: Option<(Vec<Stone>, Option<Arc<SearchedLife>>)>,
}

impl Engine {
    /// The board size a session starts with, as GNU Go and most controllers assume.
    pub const DEFAULT_SIZE: u8 = 19;

    /// A 19x19 game under `ruleset` with `komi`.
    pub fn new(ruleset: Ruleset, komi: Komi) -> Engine {
        let size = Engine::DEFAULT_SIZE;
        Engine {
            size,
            komi,
            ruleset,
            handicap: 0,
            rng: Rng::new(player::SEED),
            board: Board::new(square(size), ruleset.rules(komi)),
            life: None,
        }
    }

    /// Runs one command.
    pub fn execute(&mut self, name: &str, args: &[String]) -> Answer {
        let result = match name {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("arbiter".to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => Ok(match args.first() {
                Some(c) => COMMANDS.contains(&c.as_str()).to_string(),
                None => "false".to_string(),
            }),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.clear();
                Ok(String::new())
            }
            "komi" => self.set_komi(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => self.undo(),
            "loadsgf" => self.loadsgf(args),
            "showboard" => Ok(self.showboard()),
            "final_score" => self.final_score(),
            "final_status_list" => self.final_status_list(args),
            "arbiter-rules" => self.rules(args),
            "fixed_handicap" => self.fixed_handicap(args),
            "set_free_handicap" => self.set_free_handicap(args),
            _ => Err(GtpError::UnknownCommand),
        };
        Answer {
            result,
            quit: name == "quit",
        }
    }

    fn clear(&mut self) {
        self.board = Board::new(square(self.size), self.ruleset.rules(self.komi));
        self.handicap = 0;
        self.life = None;
    }

    fn boardsize(&mut self, args: &[String]) -> Result<String, GtpError> {
        let size: u32 = one_arg(args, "boardsize takes one integer")?
            .parse()
            .map_err(|_| GtpError::Syntax("boardsize takes one integer".into()))?;
        let max = u32::from(board_geometry::Grid::MAX_SIDE);
        if !(1..=max).contains(&size) {
            return Err(GtpError::UnacceptableSize);
        }
        self.size = size as u8;
        self.clear();
        Ok(String::new())
    }

    fn set_komi(&mut self, args: &[String]) -> Result<String, GtpError> {
        let text = one_arg(args, "komi takes one number")?;
        self.komi = text
            .parse::<Komi>()
            .map_err(|e| GtpError::Syntax(e.to_string()))?;
        Ok(String::new())
    }

    fn play(&mut self, args: &[String]) -> Result<String, GtpError> {
        let [color, vertex] = args else {
            return Err(GtpError::Syntax("play takes a colour and a vertex".into()));
        };
        let color = parse_color(color)?;
        let mv = parse_vertex(self.board.topology(), vertex)?;
        // GTP lets a colour play twice in a row; the board is copied so that a refused move
        // leaves the turn and the ko point as they were.
        let mut next = self.board.clone();
        next.set_to_move(color);
        next.play_as(color, mv).map_err(|_| GtpError::IllegalMove)?;
        self.board = next;
        Ok(String::new())
    }

    /// `genmove COLOR`: [`player::choose`]'s move, played and named (`pass` when none).
    fn genmove(&mut self, args: &[String]) -> Result<String, GtpError> {
        let color = parse_color(one_arg(args, "genmove takes a colour")?)?;
        let mv = player::choose(&self.board, color, &mut self.rng);
        self.board.set_to_move(color);
        self.board
            .play_as(color, mv)
            .map_err(|_| GtpError::IllegalMove)?;
        Ok(match mv {
            Move::Place(p) => self.board.topology().name(GeoPoint(p)),
            _ => "pass".to_string(),
        })
    }

    fn undo(&mut self) -> Result<String, GtpError> {
        self.board.undo().ok_or(GtpError::CannotUndo)?;
        Ok(String::new())
    }

    fn loadsgf(&mut self, args: &[String]) -> Result<String, GtpError> {
        let (path, until) = match args {
            [path] => (path, None),
            [path, number] => {
                let n: usize = number.parse().map_err(|_| {
                    GtpError::Syntax(format!("the move number {number:?} is not a number"))
                })?;
                (path, Some(n))
            }
            _ => {
                return Err(GtpError::Syntax(
                    "loadsgf takes a file name and an optional move number".into(),
                ));
            }
        };
        let loaded = sgf_load::load(
            std::path::Path::new(path),
            self.ruleset.rules(self.komi),
            until,
        )
        .map_err(|e| GtpError::CannotLoad(e.to_string()))?;
        let (width, height) = loaded.board.topology().grid_size().unwrap_or((0, 0));
        if width != height {
            return Err(GtpError::CannotLoad(format!(
                "the board is {width}x{height}; GTP boards are square"
            )));
        }
        self.size = width;
        if let Some(komi) = loaded.komi {
            self.komi = komi;
        }
        self.board = loaded.board;
        self.handicap = loaded.handicap;
        self.life = None;
        Ok(String::new())
    }

    /// The board with GTP coordinates, the side to move, prisoners, komi and ruleset.
    fn showboard(&self) -> String {
        let topology = self.board.topology();
        let letters: String = board_geometry::notation::gtp::COLUMN_LETTERS
            [..usize::from(self.size)]
            .iter()
            .map(|&c| format!(" {}", char::from(c)))
            .collect();
        let mut out = format!("\n   {letters}\n");
        for y in 0..self.size {
            let rank = self.size - y;
            out.push_str(&format!("{rank:>2} "));
            for x in 0..self.size {
                let p = topology.at(x, y).expect("inside the square board");
                out.push(' ');
                out.push(match self.board.at(p.0) {
                    Stone::Black => 'X',
                    Stone::White => 'O',
                    Stone::Empty => '.',
                });
            }
            out.push_str(&format!(" {rank}\n"));
        }
        out.push_str(&format!("   {letters}\n"));
        let captures = self.board.captures();
        out.push_str(&format!(
            "{} to move; prisoners: Black {}, White {}; komi {}; rules {}",
            capital(self.board.side_to_move()),
            captures.black,
            captures.white,
            self.komi,
            self.ruleset.name
        ));
        if self.handicap > 1 {
            out.push_str(&format!("; handicap {}", self.handicap));
        }
        out
    }

    /// The dead-stone finder's verdicts on the current position; none under Tromp-Taylor,
    /// where every stone on the board counts as alive.
    fn life(&mut self) -> Option<Arc<SearchedLife>> {
        let position = self.board.position();
        if let Some((stones, life)) = &self.life {
            if stones.as_slice() == position.stones() {
                return life.clone();
            }
        }
        let found = (self.ruleset.counting != Counting::TrompTaylor).then(|| {
            // the same calls as `arbiter go score --dead auto`
            Arc::new(life::decide_life_under(
                &position,
                life::DEFAULT_LIFE_BUDGET,
                life::DEFAULT_MAX_REGION_POINTS,
                life::DEFAULT_PLAYOUTS,
                self.ruleset.open_ko(),
            ))
        });
        self.life = Some((position.stones().to_vec(), found.clone()));
        found
    }

    fn final_score(&mut self) -> Result<String, GtpError> {
        let life = self.life();
        let dead = life.as_ref().map_or(&[][..], |l| &l.dead);
        let position = self.board.position();
        let plain =
            Analysis::new(&position, dead).map_err(|e| GtpError::CannotScore(e.to_string()))?;
        // closed as `arbiter go score --dead auto` closes it (the dame stage a record leaves
        // unplayed), so that both give one count of a game; Tromp-Taylor counts the board as
        // it stands
        let closed = (self.ruleset.counting != Counting::TrompTaylor)
            .then(|| close::close(&plain).analysis(plain.dead()))
            .transpose()
            .map_err(|e| GtpError::CannotScore(e.to_string()))?;
        let analysis = closed.as_ref().unwrap_or(&plain);
        let first = self
            .board
            .record()
            .first()
            .map_or(self.ruleset.first, |&(c, _)| c);
        let params = Params {
            komi: self.komi,
            version: self.ruleset.version.unwrap_or(Version::Law),
            first,
            captures: Some(self.board.captures()),
            moves: Some(self.board.counted_moves()),
            bowls: None,
        };
        let verdict = go_scoring::judge(analysis, &self.ruleset, &params, self.handicap)
            .map_err(|u| GtpError::CannotScore(u.reason.clone()))?;
        Ok(verdict.result_text())
    }

    fn final_status_list(&mut self, args: &[String]) -> Result<String, GtpError> {
        let wanted = one_arg(args, "final_status_list takes alive, dead or seki")?;
        if !matches!(wanted, "alive" | "dead" | "seki") {
            return Err(GtpError::Syntax(format!(
                "final_status_list takes alive, dead or seki, not {wanted:?}"
            )));
        }
        let life = self.life();
        let position = self.board.position();
        let topology = position.topology();
        let status = |p: Point| match &life {
            Some(l) if l.dead.contains(&p) => "dead",
            Some(l) if l.seki.contains(&p) => "seki",
            _ => "alive",
        };
        let lines: Vec<String> = position
            .chains()
            .into_iter()
            .filter(|chain| status(chain.stones[0]) == wanted)
            .map(|chain| {
                chain
                    .stones
                    .iter()
                    .map(|&p| topology.name(GeoPoint(p)))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Ok(lines.join("\n"))
    }

    /// `arbiter-rules`: the ruleset in force without an argument; with one, chooses it. The
    /// game so far is replayed under the new ko and suicide rules and the change refused if
    /// a move of it breaks them.
    fn rules(&mut self, args: &[String]) -> Result<String, GtpError> {
        let Some(name) = args.first() else {
            return Ok(self.ruleset.name.to_string());
        };
        if args.len() > 1 {
            return Err(GtpError::Syntax("arbiter-rules takes one name".into()));
        }
        let ruleset = ruleset::named(name).map_err(GtpError::UnknownRuleset)?;
        let setup = self.board.setup_position().clone();
        let rules = ruleset.rules(self.komi);
        let mut replayed = Board::from_position(&setup, rules, self.setup_to_move());
        for &(color, mv) in self.board.record() {
            replayed.set_to_move(color);
            replayed.play_as(color, mv).map_err(|e| {
                GtpError::Syntax(format!(
                    "the game so far breaks the {} rules ({e})",
                    ruleset.name
                ))
            })?;
        }
        replayed.set_to_move(self.board.side_to_move());
        self.board = replayed;
        self.ruleset = ruleset;
        self.life = None;
        Ok(String::new())
    }

    /// `fixed_handicap N`: Black's stones on the specification's points; White moves next.
    fn fixed_handicap(&mut self, args: &[String]) -> Result<String, GtpError> {
        let count: u32 = one_arg(args, "fixed_handicap takes a number of stones")?
            .parse()
            .map_err(|_| GtpError::Syntax("fixed_handicap takes a number of stones".into()))?;
        let points = handicap::fixed(self.size, count).ok_or_else(|| {
            GtpError::InvalidHandicap(format!(
                "no fixed placement of {count} stones on {0}x{0}",
                self.size
            ))
        })?;
        let topology = self.board.topology();
        let points: Vec<Point> = points
            .into_iter()
            .filter_map(|(x, y)| topology.at(x, y))
            .map(|p| p.0)
            .collect();
        let names = points
            .iter()
            .map(|&p| topology.name(GeoPoint(p)))
            .collect::<Vec<_>>()
            .join(" ");
        self.place_handicap(&points)?;
        Ok(names)
    }

    /// `set_free_handicap V1 V2 ...`: Black's stones where the controller says.
    fn set_free_handicap(&mut self, args: &[String]) -> Result<String, GtpError> {
        let topology = self.board.topology();
        let mut points = Vec::with_capacity(args.len());
        for vertex in args {
            match parse_vertex(topology, vertex) {
                Ok(Move::Place(p)) if !points.contains(&p) => points.push(p),
                _ => {
                    return Err(GtpError::InvalidHandicap(format!(
                        "{vertex:?} is not a new point of the board"
                    )));
                }
            }
        }
        let most = board_geometry::Topology::len(topology).saturating_sub(1);
        if points.len() < 2 || points.len() > most {
            return Err(GtpError::InvalidHandicap(format!(
                "{} stones (from 2 to {most})",
                points.len()
            )));
        }
        self.place_handicap(&points)?;
        Ok(String::new())
    }

    /// Puts Black's handicap stones on the empty board; White moves next and the count
    /// compensates them as the ruleset says.
    fn place_handicap(&mut self, points: &[Point]) -> Result<(), GtpError> {
        let position = self.board.position();
        if position.stones().iter().any(|&s| s != Stone::Empty) {
            return Err(GtpError::BoardNotEmpty);
        }
        let mut stones = position.stones().to_vec();
        for &p in points {
            stones[usize::from(p)] = Stone::Black;
        }
        let setup = go_scoring::Position::new(position.topology_arc().clone(), stones)
            .map_err(|e| GtpError::InvalidHandicap(e.to_string()))?;
        self.board.set_position(&setup, Color::White);
        self.handicap = points.len() as u32;
        self.life = None;
        Ok(())
    }

    /// Who was to move when play started from the setup position: the first mover of the
    /// record, else whoever is to move now.
    fn setup_to_move(&self) -> Color {
        self.board
            .record()
            .first()
            .map_or(self.board.side_to_move(), |&(c, _)| c)
    }
}

fn square(size: u8) -> Arc<Shape> {
    Arc::new(Shape::square(u32::from(size)).expect("sizes are checked against Grid::MAX_SIDE"))
}

fn one_arg<'a>(args: &'a [String], usage: &str) -> Result<&'a str, GtpError> {
    match args {
        [one] => Ok(one),
        _ => Err(GtpError::Syntax(usage.to_string())),
    }
}

/// A GTP colour: `black`, `b`, `white` or `w`, in any case (section 2.8 of the specification).
fn parse_color(text: &str) -> Result<Color, GtpError> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(GtpError::Syntax(format!("{text:?} is not a colour"))),
    }
}

/// A GTP vertex (`D4`, any case, no `I` column) or `pass`.
fn parse_vertex(topology: &Shape, text: &str) -> Result<Move, GtpError> {
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    topology
        .parse_point(text)
        .map(|p| Move::Place(p.0))
        .ok_or_else(|| GtpError::Syntax(format!("{text:?} is not a vertex of this board")))
}

fn capital(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Command results follow the GTP version 2 specification (draft 2), section 6.3; the
    // rules of play and the counts follow go-scoring's presets (Chinese: no suicide, simple
    // ko, area counting; Japanese: territory plus prisoners) and are counted by hand below.

    fn run(engine: &mut Engine, line: &str) -> Result<String, GtpError> {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        engine.execute(&words[0], &words[1..]).result
    }

    fn ok(engine: &mut Engine, line: &str) -> String {
        run(engine, line).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    fn engine() -> Engine {
        Engine::new(Ruleset::of(go_scoring::RulesetName::Chinese), Komi(0))
    }

    /// Plays a list of `colour vertex` pairs.
    fn play_all(engine: &mut Engine, color: &str, vertices: &str) {
        for v in vertices.split_whitespace() {
            ok(engine, &format!("play {color} {v}"));
        }
    }

    #[test]
    fn administrative_commands_answer_as_the_specification_says() {
        let mut e = engine();
        assert_eq!(ok(&mut e, "protocol_version"), "2");
        assert_eq!(ok(&mut e, "name"), "arbiter");
        assert_eq!(ok(&mut e, "known_command final_status_list"), "true");
        assert_eq!(ok(&mut e, "known_command reg_genmove"), "false");
        assert_eq!(ok(&mut e, "list_commands").lines().count(), COMMANDS.len());
        assert_eq!(
            run(&mut e, "reg_genmove black"),
            Err(GtpError::UnknownCommand)
        );
        assert!(e.execute("quit", &[]).quit);
    }

    #[test]
    fn boardsize_takes_1_to_25() {
        let mut e = engine();
        assert_eq!(run(&mut e, "boardsize 26"), Err(GtpError::UnacceptableSize));
        assert_eq!(run(&mut e, "boardsize 0"), Err(GtpError::UnacceptableSize));
        assert!(matches!(
            run(&mut e, "boardsize nine"),
            Err(GtpError::Syntax(_))
        ));
        ok(&mut e, "boardsize 25");
        ok(&mut e, "play black Z25");
        ok(&mut e, "boardsize 9");
        assert!(matches!(
            run(&mut e, "play black Z25"),
            Err(GtpError::Syntax(_))
        ));
    }

    #[test]
    fn occupied_points_suicide_and_ko_are_illegal_moves() {
        let mut e = engine();
        ok(&mut e, "boardsize 4");
        // . X O .
        // X O . O
        // . X O .     Black B3 A2 B1, White C3 B2 D2 C1 (ranks 3, 2, 1)
        play_all(&mut e, "black", "B3 A2 B1");
        play_all(&mut e, "white", "C3 B2 D2 C1");
        assert_eq!(run(&mut e, "play white B2"), Err(GtpError::IllegalMove));
        // D1 touches only C1 and D2, white stones with other liberties: suicide for Black
        assert_eq!(run(&mut e, "play black D1"), Err(GtpError::IllegalMove));
        // Black takes B2 at C2; White may not retake at once
        ok(&mut e, "play black C2");
        assert_eq!(e.board.captures().black, 1);
        assert_eq!(run(&mut e, "play white B2"), Err(GtpError::IllegalMove));
        // the refused move left the turn and the ko as they were
        assert_eq!(run(&mut e, "play white B2"), Err(GtpError::IllegalMove));
        ok(&mut e, "play white pass");
        ok(&mut e, "play black pass");
        ok(&mut e, "play white B2");
        assert_eq!(e.board.captures().white, 1);
    }

    #[test]
    fn undo_takes_back_one_move_at_a_time() {
        let mut e = engine();
        ok(&mut e, "boardsize 5");
        ok(&mut e, "play b C3");
        ok(&mut e, "play b D3");
        ok(&mut e, "undo");
        ok(&mut e, "play w D3");
        ok(&mut e, "undo");
        ok(&mut e, "undo");
        assert_eq!(run(&mut e, "undo"), Err(GtpError::CannotUndo));
        assert!(ok(&mut e, "showboard").lines().all(|l| !l.contains('X')));
    }

    /// The 5x5 game of go-scoring's crate example: Black B column and A2/A4, White D column
    /// and E2/E4, the C column empty. Area: 7 stones and 3 points each; territory: 3 each.
    fn even_game(e: &mut Engine) {
        ok(e, "boardsize 5");
        play_all(e, "black", "B5 B4 A4 B3 B2 A2 B1");
        play_all(e, "white", "D5 D4 E4 D3 D2 E2 D1");
    }

    #[test]
    fn final_score_counts_by_the_chosen_ruleset() {
        let mut e = engine();
        even_game(&mut e);
        assert_eq!(ok(&mut e, "final_score"), "0");
        ok(&mut e, "komi 0.5");
        assert_eq!(ok(&mut e, "final_score"), "W+0.5");
        ok(&mut e, "komi -2");
        assert_eq!(ok(&mut e, "final_score"), "B+2");
        ok(&mut e, "arbiter-rules territory");
        assert_eq!(ok(&mut e, "arbiter-rules"), "japanese");
        assert_eq!(ok(&mut e, "final_score"), "B+2");
        assert!(matches!(run(&mut e, "komi 6.25"), Err(GtpError::Syntax(_))));
        assert!(matches!(
            run(&mut e, "arbiter-rules ing"),
            Err(GtpError::UnknownRuleset(_))
        ));
    }

    /// 7x7: Black walls column C, White column E, column D is dame; a white stone at A4 in
    /// Black's two-column area cannot live. Area: 7 stones + 14 points each, a draw before
    /// komi. Territory: Black 14 points + 1 prisoner (the dead stone), White 14.
    #[test]
    fn dead_stones_come_from_the_finder() {
        let mut e = engine();
        ok(&mut e, "boardsize 7");
        play_all(&mut e, "black", "C1 C2 C3 C4 C5 C6 C7");
        play_all(&mut e, "white", "E1 E2 E3 E4 E5 E6 E7 A4");
        assert_eq!(ok(&mut e, "final_status_list dead"), "A4");
        assert_eq!(ok(&mut e, "final_status_list seki"), "");
        let alive = ok(&mut e, "final_status_list alive");
        assert_eq!(alive.lines().count(), 2, "{alive}");
        assert_eq!(ok(&mut e, "final_score"), "0");
        ok(&mut e, "arbiter-rules japanese");
        assert_eq!(ok(&mut e, "final_score"), "B+1");
        ok(&mut e, "komi 6.5");
        assert_eq!(ok(&mut e, "final_score"), "W+5.5");
        // Tromp-Taylor counts every stone on the board as alive
        ok(&mut e, "arbiter-rules tromp-taylor");
        assert_eq!(ok(&mut e, "final_status_list dead"), "");
        assert!(matches!(
            run(&mut e, "final_status_list white_territory"),
            Err(GtpError::Syntax(_))
        ));
    }

    /// The record's handicap reaches the count: the even 5x5 game above set up with `HA[2]`
    /// (10 points each, komi 0) gives White the compensation of each ruleset (go-scoring's
    /// presets: Chinese one point per handicap stone, AGA one fewer, Japanese none).
    #[test]
    fn the_records_handicap_is_compensated_by_the_ruleset() {
        let dir = std::env::temp_dir().join(format!("arbiter-gtp-ha-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("handicap.sgf");
        std::fs::write(
            &path,
            "(;GM[1]SZ[5]KM[0]HA[2]AB[ba][bb][ab][bc][bd][ad][be]AW[da][db][eb][dc][dd][ed][de])",
        )
        .unwrap();
        let mut e = engine();
        ok(&mut e, &format!("loadsgf {}", path.display()));
        assert!(ok(&mut e, "showboard").contains("handicap 2"));
        assert_eq!(ok(&mut e, "final_score"), "W+2");
        ok(&mut e, "arbiter-rules aga");
        assert_eq!(ok(&mut e, "final_score"), "W+1");
        ok(&mut e, "arbiter-rules japanese");
        assert_eq!(ok(&mut e, "final_score"), "0");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// GTP 6.3 setup commands: `fixed_handicap` answers the stones it placed (4.1.1's table),
    /// both refuse a board with stones on it, and the count compensates the stones.
    #[test]
    fn handicap_stones_are_placed_and_compensated() {
        let mut e = engine();
        ok(&mut e, "boardsize 9");
        assert_eq!(ok(&mut e, "fixed_handicap 2"), "C3 G7");
        assert!(ok(&mut e, "showboard").contains("White to move"));
        assert_eq!(
            run(&mut e, "fixed_handicap 2"),
            Err(GtpError::BoardNotEmpty)
        );
        assert_eq!(
            run(&mut e, "set_free_handicap A1 B1"),
            Err(GtpError::BoardNotEmpty)
        );
        ok(&mut e, "clear_board");
        assert!(matches!(
            run(&mut e, "fixed_handicap 10"),
            Err(GtpError::InvalidHandicap(_))
        ));
        assert!(matches!(
            run(&mut e, "set_free_handicap A1 A1"),
            Err(GtpError::InvalidHandicap(_))
        ));
        ok(&mut e, "set_free_handicap A1 J9 E5");
        assert_eq!(ok(&mut e, "showboard").matches('X').count(), 3);
        // the even 5x5 game, two of Black's stones given as handicap: 10 points each, and
        // White's compensation (Chinese one point per stone, Japanese none)
        ok(&mut e, "boardsize 5");
        ok(&mut e, "set_free_handicap B4 B2");
        play_all(&mut e, "black", "B5 A4 B3 A2 B1");
        play_all(&mut e, "white", "D5 D4 E4 D3 D2 E2 D1");
        assert_eq!(ok(&mut e, "final_score"), "W+2");
        ok(&mut e, "arbiter-rules japanese");
        assert_eq!(ok(&mut e, "final_score"), "0");
    }

    #[test]
    fn loadsgf_replays_up_to_the_move_number() {
        let dir = std::env::temp_dir().join(format!("arbiter-gtp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.sgf");
        std::fs::write(&path, "(;GM[1]SZ[9]KM[6.5];B[ee];W[cc];B[gg])").unwrap();
        let path = path.display().to_string();
        let mut e = engine();
        ok(&mut e, &format!("loadsgf {path} 3"));
        let board = ok(&mut e, "showboard");
        assert!(board.contains("komi 6.5"), "{board}");
        assert!(board.contains("Black to move"), "{board}");
        assert_eq!(board.matches('X').count(), 1, "{board}");
        assert_eq!(board.matches('O').count(), 1, "{board}");
        // the history is there: two moves to take back, then none
        ok(&mut e, "undo");
        ok(&mut e, "undo");
        assert_eq!(run(&mut e, "undo"), Err(GtpError::CannotUndo));
        ok(&mut e, &format!("loadsgf {path}"));
        assert_eq!(ok(&mut e, "showboard").matches('X').count(), 2);
        assert!(matches!(
            run(&mut e, "loadsgf /no/such/file.sgf"),
            Err(GtpError::CannotLoad(_))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
