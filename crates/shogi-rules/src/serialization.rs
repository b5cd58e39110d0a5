//! serde in the text forms a shogi user reads: positions as SFEN, moves as USI, rulings as
//! the result code, the shared outcome (`1-0`), the winner as `sente`/`gote`, the reason in
//! words, the ply and the foul code.
//!
//! Only with the `serde` feature.

use serde::de::Error as _;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::{GameStatus, Ruling};
use crate::position::Position;
use crate::setup::Setup;
use crate::tsume::SideLine;
use crate::types::{Hand, Move, side_name};

/// USI text (`7g7f`, `8h2b+`, `P*5e`).
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// SFEN text.
impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_sfen())
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Setup::from_sfen(&text).map_err(D::Error::custom)
    }
}

/// SFEN text; reading checks the position like [`Position::from_setup`].
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_sfen())
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Position::from_sfen(&text).map_err(D::Error::custom)
    }
}

/// The fields a ruling and a game status share: `result` (the code), `outcome` (`1-0`,
/// `0-1`, `1/2-1/2`, or null while the game goes on), `winner` (`sente`, `gote` or null),
/// `reason` (in words), `ply` and `foul` (its code or null).
fn serialize_status<S: Serializer>(
    status: &GameStatus,
    serializer: S,
    name: &'static str,
) -> Result<S::Ok, S::Error> {
    let mut s = serializer.serialize_struct(name, 6)?;
    s.serialize_field("result", status.code())?;
    s.serialize_field("outcome", &status.ruling().map(|r| r.outcome))?;
    s.serialize_field("winner", &status.winner().map(side_name))?;
    s.serialize_field("reason", &status.to_string())?;
    s.serialize_field("ply", &status.ply())?;
    s.serialize_field("foul", &status.foul().map(|f| f.code()))?;
    s.end()
}

/// `{"result", "outcome", "winner", "reason", "ply", "foul"}`.
impl Serialize for Ruling {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_status(&GameStatus::Ended(*self), serializer, "Ruling")
    }
}

/// Like [`Ruling`]'s, with `result` `ongoing` and a null outcome while the game goes on.
impl Serialize for GameStatus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_status(self, serializer, "GameStatus")
    }
}

/// `{"ply", "move", "plies", "same_length"}` with `ply` counted from 1 (the move number in
/// the main line), the move in USI.
impl Serialize for SideLine {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("SideLine", 4)?;
        s.serialize_field("ply", &(self.ply + 1))?;
        s.serialize_field("move", &self.mv)?;
        s.serialize_field("plies", &self.plies)?;
        s.serialize_field("same_length", &self.same_length)?;
        s.end()
    }
}

/// A hand written as the number of pieces it holds.
pub(crate) fn hand_total<S: Serializer>(hand: &Hand, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u32(hand.total())
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, GameRules};
    use crate::{Move, Position, Setup};

    #[test]
    fn text_forms() {
        let mv: Move = "8h2b+".parse().unwrap();
        assert_eq!(serde_json::to_string(&mv).unwrap(), "\"8h2b+\"");
        assert_eq!(
            serde_json::from_str::<Move>("\"P*5e\"")
                .unwrap()
                .to_string(),
            "P*5e"
        );
        assert!(serde_json::from_str::<Move>("\"5e\"").is_err());
        let start = Position::start();
        let json = serde_json::to_string(&start).unwrap();
        assert_eq!(json, format!("\"{}\"", crate::START_SFEN));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), start);
        assert_eq!(
            serde_json::from_str::<Setup>(&json).unwrap(),
            Setup::start()
        );
        // An impossible position is refused when read as a Position, not as a Setup.
        let two_kings = "\"4k4/9/9/9/9/9/9/9/K3K4 b - 1\"";
        assert!(serde_json::from_str::<Position>(two_kings).is_err());
        assert!(serde_json::from_str::<Setup>(two_kings).is_ok());
    }

    #[test]
    fn rulings() {
        let mut g = Game::new(
            Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap(),
            GameRules::default(),
        );
        let ongoing = serde_json::to_value(g.status()).unwrap();
        assert_eq!(ongoing["result"], "ongoing");
        assert!(ongoing["outcome"].is_null() && ongoing["winner"].is_null());
        let _ = g.play("G*5b".parse().unwrap());
        let v = serde_json::to_value(g.status()).unwrap();
        assert_eq!(v["result"], "checkmate");
        assert_eq!(v["outcome"], "1-0");
        assert_eq!(v["winner"], "sente");
        assert_eq!(v["reason"], "gote is checkmated");
        assert_eq!(v["ply"], 1);
        assert!(v["foul"].is_null());
        assert_eq!(serde_json::to_value(g.ended().unwrap()).unwrap(), v);
    }
}
