//! The names `arbiter-rules` (and `arbiter gtp --rules`) take: go-scoring's named rulesets,
//! plus the two words GTP controllers use for the counts, `area` and `territory`. This is the
//! one place where a GTP name meets go-scoring's [`Ruleset`].

use go_scoring::{Ruleset, RulesetName};

/// Words for a ruleset that are not go-scoring's names: the counting alone, as GNU Go's
/// `--chinese-rules` / default Japanese rules and KGS's `kgs-rules` speak of it, and the
/// living-stones rules without their version (the law version, the document's default).
const ALIASES: [(&str, RulesetName); 3] = [
    ("area", RulesetName::Chinese),
    ("territory", RulesetName::Japanese),
    ("living-stones", RulesetName::LivingStonesLaw),
];

/// The ruleset a session starts with when `--rules` is not given.
pub const DEFAULT: RulesetName = RulesetName::Chinese;

/// The ruleset named `name` (any case): one of go-scoring's names or an alias above.
pub fn named(name: &str) -> Option<Ruleset> {
    let lower = name.trim().to_ascii_lowercase();
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == lower)
        .map(|&(_, ruleset)| ruleset)
        .or_else(|| lower.parse::<RulesetName>().ok())
        .map(Ruleset::of)
}

/// Every accepted name, for error messages.
pub fn names() -> String {
    let mut names: Vec<&str> = RulesetName::ALL.iter().map(|r| r.name()).collect();
    names.extend(ALIASES.iter().map(|(alias, _)| *alias));
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_scoring::ruleset::Counting;

    /// GTP controllers speak of area and territory scoring (GNU Go's `--chinese-rules` and
    /// its default Japanese rules): both reach the matching count.
    #[test]
    fn area_and_territory_name_the_counts() {
        assert_eq!(named("area").unwrap().counting, Counting::Area);
        assert_eq!(named("Territory").unwrap().counting, Counting::Territory);
        assert_eq!(
            named("TROMP-TAYLOR").unwrap().counting,
            Counting::TrompTaylor
        );
        assert_eq!(named("ing"), None);
    }

    #[test]
    fn every_listed_name_is_accepted() {
        for name in names().split(", ") {
            assert!(named(name).is_some(), "{name}");
        }
    }
}
