//! Named rulesets: which counting method decides the game, what seki and the group tax do,
//! the default komi, what White gets for a handicap, and the ko and suicide rules of play.
//!
//! A [`Ruleset`] is a value of orthogonal parameters (as in KataGo's rules model); the names
//! only fill them in, and counting branches on the parameters ([`Counting`], [`Tax`],
//! [`HandicapBonus`]), never on a name.
//!
//! Sources, per ruleset:
//!
//! * The presets KataGo also defines (`chinese`, `japanese`, `korean`, `aga`, `nz`,
//!   `tromp-taylor`, `stone-scoring`, `ancient-territory`) take every parameter from KataGo's
//!   `parseRulesHelper` (the reference digest `specs/go.md` §2.3) and count with its seki and
//!   tax semantics (§2.4-2.5, implemented in [`crate::score::independent_life`]).
//! * `living-stones-law` and `living-stones-art` are the counting-living-stones rules of the
//!   source document (the `000` text, 第二十七条 子路皆子): White moves first, no komi, and the
//!   art version's 多下贴子 (the side that made more moves gives stones) in place of komi.

use crate::color::Color;
use crate::graph::life::OpenKo;
use crate::rules::{KoRule, Komi, Rules, SuicideRule};
use crate::score::{Method, Named, UnknownName, Version, text_by_name};
use std::fmt;

/// The name of a ruleset the scorer knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum RulesetName {
    /// Chinese rules (area counting, White gets the handicap count).
    Chinese,
    /// Japanese rules (Nihon Ki-in 1989: territory, no points in seki).
    Japanese,
    /// Korean rules: counted as the Japanese ones.
    Korean,
    /// American Go Association rules (area, White gets handicap − 1).
    Aga,
    /// New Zealand rules (area, multi-stone suicide legal, komi 7).
    Nz,
    /// Tromp-Taylor: every stone on the board alive.
    TrompTaylor,
    /// Stone scoring (还棋头): area minus 2 per independently living group.
    StoneScoring,
    /// Territory minus 2 per independently living group.
    AncientTerritory,
    /// The living-stones document, law version (律法版).
    LivingStonesLaw,
    /// The living-stones document, art version (艺术版).
    LivingStonesArt,
}

impl RulesetName {
    /// Every ruleset, in the order reports and help list them.
    pub const ALL: [RulesetName; 10] = [
        RulesetName::Chinese,
        RulesetName::Japanese,
        RulesetName::Korean,
        RulesetName::Aga,
        RulesetName::Nz,
        RulesetName::TrompTaylor,
        RulesetName::StoneScoring,
        RulesetName::AncientTerritory,
        RulesetName::LivingStonesLaw,
        RulesetName::LivingStonesArt,
    ];

    /// The name on the command line, in JSON and in SGF `RU`.
    pub const fn name(self) -> &'static str {
        match self {
            RulesetName::Chinese => "chinese",
            RulesetName::Japanese => "japanese",
            RulesetName::Korean => "korean",
            RulesetName::Aga => "aga",
            RulesetName::Nz => "nz",
            RulesetName::TrompTaylor => "tromp-taylor",
            RulesetName::StoneScoring => "stone-scoring",
            RulesetName::AncientTerritory => "ancient-territory",
            RulesetName::LivingStonesLaw => "living-stones-law",
            RulesetName::LivingStonesArt => "living-stones-art",
        }
    }
}

impl RulesetName {
    /// The name SGF `RU` uses: FF\[4\]'s own names (`AGA`, `Japanese`, `NZ`) and their
    /// usual companions (`Chinese`, `Korean`), else [`name`](RulesetName::name).
    pub const fn sgf_name(self) -> &'static str {
        match self {
            RulesetName::Chinese => "Chinese",
            RulesetName::Japanese => "Japanese",
            RulesetName::Korean => "Korean",
            RulesetName::Aga => "AGA",
            RulesetName::Nz => "NZ",
            other => other.name(),
        }
    }
}

impl Named for RulesetName {
    const KIND: &'static str = "ruleset";
    const CHOICES: &'static [RulesetName] = &RulesetName::ALL;
    /// KataGo's other names for the same presets.
    const ALIASES: &'static [(&'static str, RulesetName)] = &[
        ("new-zealand", RulesetName::Nz),
        ("ancient-area", RulesetName::StoneScoring),
        ("tromptaylor", RulesetName::TrompTaylor),
    ];
    fn name_of(self) -> &'static str {
        self.name()
    }
}

text_by_name!(RulesetName);

/// A ruleset name that is none of [`RulesetName::ALL`]'s names or their aliases.
pub type RulesetParseError = UnknownName<RulesetName>;

/// What decides the game at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Counting {
    /// Stones plus surrounded empty points, dead stones removed.
    Area,
    /// Surrounded empty points plus prisoners (stones captured and dead stones).
    Territory,
    /// Every stone on the board counts, dead-stone marks are ignored.
    TrompTaylor,
    /// The living-stones document's count (子路皆子: stones plus roads).
    LivingStones,
}

/// What seki and independent life do to the count (KataGo's `taxRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Tax {
    /// Every empty region one colour alone borders is that colour's.
    None,
    /// Empty points of seki areas score for nobody (the Japanese "no points in seki").
    Seki,
    /// As `Seki`, and 2 points less per independently living area (还棋头).
    All,
}

/// What White receives for Black's handicap stones (KataGo's `whiteHandicapBonusRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum HandicapBonus {
    /// Nothing (territory counting: the stones are already on the board).
    Zero,
    /// One point per handicap stone (Chinese rules).
    N,
    /// One point per handicap stone after the first (AGA rules).
    NMinusOne,
}

impl HandicapBonus {
    /// White's bonus in points for `handicap` stones (0 or 1 stone is no handicap).
    pub const fn points(self, handicap: u32) -> u32 {
        if handicap < 2 {
            return 0;
        }
        match self {
            HandicapBonus::Zero => 0,
            HandicapBonus::N => handicap,
            HandicapBonus::NMinusOne => handicap - 1,
        }
    }
}

/// A ruleset: every parameter counting and play need, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// Its name.
    pub name: RulesetName,
    /// What decides the game.
    pub counting: Counting,
    /// Seki and group-tax semantics.
    pub tax: Tax,
    /// The komi when neither the record nor the user gives one.
    pub komi: Komi,
    /// What White receives for a handicap.
    pub handicap_bonus: HandicapBonus,
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Which self-captures are legal.
    pub suicide: SuicideRule,
    /// Who moves first in an even game.
    pub first: Color,
    /// The living-stones version, for the document's rulesets.
    pub version: Option<Version>,
    /// True when KataGo defines the same preset: the verdict then reproduces KataGo's count.
    pub katago: bool,
    /// The document's counting method closest to it, shown beside the verdict.
    pub method: Method,
    /// Where the parameters come from, in a sentence.
    pub source: &'static str,
}

impl Ruleset {
    /// How the dead-stone finder judges a one-stone ko left open on a finished board under
    /// this ruleset. The Japanese rules of 1989 confirm life and death with a ko retaken only
    /// after a pass (article 7, paragraph 2), so the stone in atari is dead; the other
    /// rulesets have the players settle kos by play, and the stone is kept.
    pub const fn open_ko(&self) -> OpenKo {
        match self.name {
            RulesetName::Japanese => OpenKo::RetakeAfterPass,
            _ => OpenKo::Played,
        }
    }

    /// The ruleset called `name`.
    pub const fn of(name: RulesetName) -> Ruleset {
        const KATAGO: &str = "KataGo's preset of the same name (rules.cpp parseRulesHelper; reference digest specs/go.md §2.3-2.5)";
        let base = Ruleset {
            name,
            counting: Counting::Area,
            tax: Tax::None,
            komi: Komi(15),
            handicap_bonus: HandicapBonus::Zero,
            ko: KoRule::Simple,
            suicide: SuicideRule::Illegal,
            first: Color::Black,
            version: None,
            katago: true,
            method: Method::Area,
            source: KATAGO,
        };
        match name {
            RulesetName::Chinese => Ruleset {
                handicap_bonus: HandicapBonus::N,
                source: "Chinese rules 2002 (area, 归本数 180.5, shared points half each) as KataGo's `chinese` preset models them (specs/go.md §1, §2.3)",
                ..base
            },
            RulesetName::Japanese | RulesetName::Korean => Ruleset {
                counting: Counting::Territory,
                tax: Tax::Seki,
                komi: Komi(13),
                method: Method::Territory,
                source: "Nihon Ki-in 1989 rules (territory plus prisoners, no points in seki) as KataGo's `japanese`/`korean` preset models them (specs/go.md §1, §2.3)",
                ..base
            },
            RulesetName::Aga => Ruleset {
                handicap_bonus: HandicapBonus::NMinusOne,
                ko: KoRule::SituationalSuperko,
                source: "AGA 1991 rules (area made territory-compatible by pass stones, White gets handicap − 1) as KataGo's `aga` preset models them (specs/go.md §1, §2.3)",
                ..base
            },
            RulesetName::Nz => Ruleset {
                komi: Komi(14),
                ko: KoRule::SituationalSuperko,
                suicide: SuicideRule::MultiStoneLegal,
                source: "New Zealand rules as KataGo's `nz` preset models them (specs/go.md §2.3)",
                ..base
            },
            RulesetName::TrompTaylor => Ruleset {
                counting: Counting::TrompTaylor,
                ko: KoRule::PositionalSuperko,
                suicide: SuicideRule::MultiStoneLegal,
                method: Method::TrompTaylor,
                source: "Tromp-Taylor rules (tromp.github.io/go.html: every stone on the board counts) as KataGo's `tromp-taylor` preset models them (specs/go.md §1, §2.3)",
                ..base
            },
            RulesetName::StoneScoring => Ruleset {
                tax: Tax::All,
                method: Method::GroupTax,
                source: "stone scoring (还棋头, area minus 2 per independently living group) as KataGo's `stone-scoring` preset models it (specs/go.md §1, §2.3, §2.6)",
                ..base
            },
            RulesetName::AncientTerritory => Ruleset {
                counting: Counting::Territory,
                tax: Tax::All,
                komi: Komi(13),
                method: Method::Territory,
                source: "ancient territory (territory minus 2 per independently living group) as KataGo's `ancient-territory` preset models it (specs/go.md §2.3, §2.6)",
                ..base
            },
            RulesetName::LivingStonesLaw | RulesetName::LivingStonesArt => Ruleset {
                counting: Counting::LivingStones,
                komi: Komi(0),
                first: Color::White,
                version: Some(if matches!(name, RulesetName::LivingStonesArt) {
                    Version::Art
                } else {
                    Version::Law
                }),
                katago: false,
                method: Method::LivingStones,
                source: "the living-stones document (000, 第二十七条 子路皆子: stones plus roads; White moves first; the art version's 多下贴子 in place of komi)",
                ..base
            },
        }
    }

    /// Every ruleset, in [`RulesetName::ALL`] order.
    pub fn all() -> impl Iterator<Item = Ruleset> {
        RulesetName::ALL.into_iter().map(Ruleset::of)
    }

    /// The rules of play this ruleset implies, with komi `komi`.
    pub const fn rules(&self, komi: Komi) -> Rules {
        Rules {
            ko: self.ko,
            suicide: self.suicide,
            komi,
            first: self.first,
        }
    }

    /// A one-line description: counting, tax, komi, handicap and ko.
    pub fn describe(&self) -> String {
        let counting = match self.counting {
            Counting::Area => "area",
            Counting::Territory => "territory",
            Counting::TrompTaylor => "Tromp-Taylor area",
            Counting::LivingStones => "living stones",
        };
        let tax = match self.tax {
            Tax::None => "",
            Tax::Seki => ", no points in seki",
            Tax::All => ", no points in seki, 2 points tax per living group",
        };
        let handicap = match self.handicap_bonus {
            HandicapBonus::Zero => "no handicap compensation",
            HandicapBonus::N => "White gets 1 point per handicap stone",
            HandicapBonus::NMinusOne => "White gets 1 point per handicap stone after the first",
        };
        let ko = match self.ko {
            KoRule::Simple => "simple ko",
            KoRule::PositionalSuperko => "positional superko",
            KoRule::SituationalSuperko => "situational superko",
        };
        format!(
            "{counting}{tax}; default komi {}; {handicap}; {ko}; {} moves first",
            self.komi, self.first
        )
    }
}

impl std::str::FromStr for Ruleset {
    type Err = RulesetParseError;
    /// The ruleset of a [`RulesetName`] text.
    fn from_str(s: &str) -> Result<Ruleset, RulesetParseError> {
        s.parse::<RulesetName>().map(Ruleset::of)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// KataGo's preset table (specs/go.md §2.3): scoring, tax, komi and handicap rule.
    #[test]
    fn presets_follow_katago_table() {
        let row = |n: &str| {
            let r: Ruleset = n.parse().unwrap();
            (
                r.counting,
                r.tax,
                r.komi.to_string(),
                r.handicap_bonus,
                r.ko,
            )
        };
        use Counting::*;
        use HandicapBonus::*;
        assert_eq!(
            row("japanese"),
            (Territory, Tax::Seki, "6.5".into(), Zero, KoRule::Simple)
        );
        assert_eq!(row("korean"), row("japanese"));
        assert_eq!(
            row("chinese"),
            (Area, Tax::None, "7.5".into(), N, KoRule::Simple)
        );
        assert_eq!(
            row("stone-scoring"),
            (Area, Tax::All, "7.5".into(), Zero, KoRule::Simple)
        );
        assert_eq!(row("ancient-area"), row("stone-scoring"));
        assert_eq!(
            row("ancient-territory"),
            (Territory, Tax::All, "6.5".into(), Zero, KoRule::Simple)
        );
        assert_eq!(
            row("aga"),
            (
                Area,
                Tax::None,
                "7.5".into(),
                NMinusOne,
                KoRule::SituationalSuperko
            )
        );
        assert_eq!(
            row("nz"),
            (
                Area,
                Tax::None,
                "7".into(),
                Zero,
                KoRule::SituationalSuperko
            )
        );
        assert_eq!(
            row("tromp-taylor"),
            (
                TrompTaylor,
                Tax::None,
                "7.5".into(),
                Zero,
                KoRule::PositionalSuperko
            )
        );
    }

    #[test]
    fn names_round_trip_and_unknown_names_list_the_known_ones() {
        for name in RulesetName::ALL {
            assert_eq!(name.name().parse::<RulesetName>(), Ok(name));
        }
        let e = "ing".parse::<RulesetName>().unwrap_err().to_string();
        assert!(
            e.contains("chinese") && e.contains("living-stones-art"),
            "{e}"
        );
        assert_eq!(HandicapBonus::N.points(1), 0);
        assert_eq!(HandicapBonus::NMinusOne.points(4), 3);
    }
}
