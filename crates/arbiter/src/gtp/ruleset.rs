//! The rulesets `arbiter-rules` chooses from: each name gives the rules of play (ko, suicide)
//! and the counting method `final_score` uses. This table is the one place where a ruleset
//! name meets go-scoring's parameters, so a named-ruleset type in the library replaces it here.

use go_scoring::{Method, Rules};

/// A ruleset a GTP controller can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// The name `arbiter-rules` takes and prints.
    pub name: &'static str,
    /// Ko and suicide rules for `play` (the komi comes from GTP's own `komi` command).
    pub rules: Rules,
    /// How `final_score` counts.
    pub method: Method,
}

/// Every ruleset, the default first. Area and territory are the two counts GTP controllers
/// know; the named presets follow go-scoring's.
pub const RULESETS: [Ruleset; 4] = [
    Ruleset {
        name: "chinese",
        rules: Rules::CHINESE,
        method: Method::Area,
    },
    Ruleset {
        name: "japanese",
        rules: Rules::JAPANESE,
        method: Method::Territory,
    },
    Ruleset {
        name: "tromp-taylor",
        rules: Rules::TROMP_TAYLOR,
        method: Method::TrompTaylor,
    },
    Ruleset {
        name: "living-stones",
        rules: Rules::LIVING_STONES,
        method: Method::LivingStones,
    },
];

/// Other names accepted for the rulesets above: the counting method alone, and the
/// rulesets that count the same way.
const ALIASES: [(&str, &str); 3] = [
    ("area", "chinese"),
    ("territory", "japanese"),
    ("korean", "japanese"),
];

impl Ruleset {
    /// The ruleset named `name` (any case), or an alias of one.
    pub fn named(name: &str) -> Option<Ruleset> {
        let name = name.to_ascii_lowercase();
        let canonical = ALIASES
            .iter()
            .find(|(alias, _)| *alias == name)
            .map_or(name.as_str(), |(_, to)| to);
        RULESETS.iter().copied().find(|r| r.name == canonical)
    }

    /// Every accepted name, for error messages and `--help`.
    pub fn names() -> String {
        let mut names: Vec<&str> = RULESETS.iter().map(|r| r.name).collect();
        names.extend(ALIASES.iter().map(|(alias, _)| *alias));
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GTP controllers speak of area and territory scoring (GNU Go's `--chinese-rules` and
    /// its default Japanese rules): both must reach the matching count.
    #[test]
    fn area_and_territory_name_the_counts() {
        assert_eq!(Ruleset::named("area").unwrap().method, Method::Area);
        assert_eq!(
            Ruleset::named("Territory").unwrap().method,
            Method::Territory
        );
        assert_eq!(
            Ruleset::named("TROMP-TAYLOR").unwrap().rules,
            Rules::TROMP_TAYLOR
        );
        assert_eq!(Ruleset::named("no-such-rules"), None);
    }

    #[test]
    fn every_listed_name_is_accepted() {
        for name in Ruleset::names().split(", ") {
            assert!(Ruleset::named(name).is_some(), "{name}");
        }
    }
}
