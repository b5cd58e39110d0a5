//! The names `arbiter-rules` (and `arbiter gtp --rules`) take: go-scoring's name table for
//! rulesets ([`RulesetName`] with KataGo's aliases, read by [`parse_name`]), plus a few words
//! GTP controllers use that the library does not. This is the one place where a GTP name
//! meets go-scoring's [`Ruleset`]; reading, the error for an unknown name and its message
//! are the library's.

use go_scoring::score::{Named, UnknownName, parse_name};
use go_scoring::{Ruleset, RulesetName};

/// Words for a ruleset that are not go-scoring's names, kept on top of its table because GTP
/// controllers speak them: the counting alone, as GNU Go's `--chinese-rules` / default
/// Japanese rules and KGS's `kgs-rules` name it, and the living-stones rules without their
/// version (the law version, the document's default). The library leaves them out because
/// elsewhere (`arbiter go score --rules`, SGF `RU`) a ruleset is named in full.
const GTP_ALIASES: [(&str, RulesetName); 3] = [
    ("area", RulesetName::Chinese),
    ("territory", RulesetName::Japanese),
    ("living-stones", RulesetName::LivingStonesLaw),
];

/// The ruleset a session starts with when `--rules` is not given.
pub const DEFAULT: RulesetName = RulesetName::Chinese;

/// A ruleset as a GTP session names it: go-scoring's choices and aliases, and
/// [`GTP_ALIASES`] on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GtpRulesetName(pub RulesetName);

/// go-scoring's choices, each as a [`GtpRulesetName`] (built from [`RulesetName::ALL`], so
/// that a ruleset added there is named here too).
const CHOICES: [GtpRulesetName; RulesetName::ALL.len()] = {
    let mut choices = [GtpRulesetName(DEFAULT); RulesetName::ALL.len()];
    let mut i = 0;
    while i < choices.len() {
        choices[i] = GtpRulesetName(RulesetName::ALL[i]);
        i += 1;
    }
    choices
};

/// How many aliases the library gives.
const LIBRARY_ALIASES: usize = <RulesetName as Named>::ALIASES.len();

/// The library's aliases, then [`GTP_ALIASES`].
const ALIASES: [(&str, GtpRulesetName); LIBRARY_ALIASES + GTP_ALIASES.len()] = {
    let mut aliases = [("", GtpRulesetName(DEFAULT)); LIBRARY_ALIASES + GTP_ALIASES.len()];
    let library = <RulesetName as Named>::ALIASES;
    let mut i = 0;
    while i < library.len() {
        aliases[i] = (library[i].0, GtpRulesetName(library[i].1));
        i += 1;
    }
    let mut j = 0;
    while j < GTP_ALIASES.len() {
        aliases[i + j] = (GTP_ALIASES[j].0, GtpRulesetName(GTP_ALIASES[j].1));
        j += 1;
    }
    aliases
};

impl Named for GtpRulesetName {
    const KIND: &'static str = <RulesetName as Named>::KIND;
    const CHOICES: &'static [GtpRulesetName] = &CHOICES;
    const ALIASES: &'static [(&'static str, GtpRulesetName)] = &ALIASES;
    /// The GTP words, listed after the library's names in the message for an unknown name
    /// (the test `every_gtp_alias_is_listed` keeps it in step with [`GTP_ALIASES`]).
    const ALSO: &'static str = ", area, territory, living-stones";
    fn name_of(self) -> &'static str {
        self.0.name()
    }
}

/// A name that is no ruleset a GTP session knows; its message lists the known ones.
pub type UnknownRuleset = UnknownName<GtpRulesetName>;

/// The ruleset named `name` (any case, `_` for `-`): one of go-scoring's names or aliases,
/// or a GTP word above.
pub fn named(name: &str) -> Result<Ruleset, UnknownRuleset> {
    parse_name::<GtpRulesetName>(name).map(|GtpRulesetName(ruleset)| Ruleset::of(ruleset))
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
        // KataGo's "ing" preset is none of go-scoring's rulesets (specs/go.md §2.3)
        assert!(named("ing").is_err());
    }

    /// KataGo's aliases (specs/go.md §2.3: `new-zealand`, `ancient-area`) come from the
    /// library's table, and every one of its names is read here.
    #[test]
    fn the_library_names_and_aliases_are_read() {
        assert_eq!(named("new_zealand").unwrap().name, RulesetName::Nz);
        assert_eq!(
            named("ancient-area").unwrap().name,
            RulesetName::StoneScoring
        );
        for &ruleset in RulesetName::ALL.iter() {
            assert_eq!(named(ruleset.name()).unwrap().name, ruleset);
        }
        for &(alias, ruleset) in <RulesetName as Named>::ALIASES {
            assert_eq!(named(alias).unwrap().name, ruleset);
        }
    }

    /// The message for an unknown name lists the library's names, then the GTP words: each
    /// of them once, and each accepted.
    #[test]
    fn every_gtp_alias_is_listed() {
        let message = named("ing").unwrap_err().to_string();
        let list = message
            .strip_prefix("unknown ruleset \"ing\" (expected one of ")
            .and_then(|rest| rest.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{message}"));
        let listed: Vec<&str> = list.split(", ").collect();
        let mut expected: Vec<&str> = RulesetName::ALL.iter().map(|r| r.name()).collect();
        expected.extend(GTP_ALIASES.iter().map(|(alias, _)| *alias));
        assert_eq!(listed, expected);
        for name in listed {
            assert!(named(name).is_ok(), "{name}");
        }
    }
}
