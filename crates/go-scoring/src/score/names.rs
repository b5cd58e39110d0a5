//! Names of the closed sets of choices a user types: counting methods, living-stones
//! versions, rulesets. Each set lists its choices and their names once ([`Named`]); reading a
//! name, the error for an unknown one and `Display` come from here, so that every set reads
//! names alike (any case, surrounding spaces ignored, `_` for `-`) and says the same thing
//! when a name is wrong.

use std::fmt;
use std::marker::PhantomData;

/// A closed set of choices, each with one name (on the command line, in JSON, in SGF `RU`).
pub trait Named: Copy + PartialEq + 'static {
    /// What one choice is called in messages: "method", "ruleset".
    const KIND: &'static str;
    /// Every choice, in the order help and reports list them.
    const CHOICES: &'static [Self];
    /// Other names read as a choice, in lower case (KataGo's aliases for a ruleset).
    const ALIASES: &'static [(&'static str, Self)] = &[];
    /// What else a reader of these names accepts, for the error message (" or all").
    const ALSO: &'static str = "";
    /// The choice's name.
    fn name_of(self) -> &'static str;
}

/// A name that is none of `T`'s choices or aliases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName<T> {
    /// The text as given.
    pub text: String,
    set: PhantomData<T>,
}

impl<T: Named> UnknownName<T> {
    /// The error for `text`.
    pub fn new(text: &str) -> UnknownName<T> {
        UnknownName {
            text: text.to_string(),
            set: PhantomData,
        }
    }
}

impl<T: Named> fmt::Display for UnknownName<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = T::CHOICES.iter().map(|c| c.name_of()).collect();
        write!(
            f,
            "unknown {} {:?} (expected one of {}{})",
            T::KIND,
            self.text,
            names.join(", "),
            T::ALSO
        )
    }
}

impl<T: Named + fmt::Debug> std::error::Error for UnknownName<T> {}

/// Reads a choice by its name or an alias, in any case, with `_` read as `-`.
pub fn parse_name<T: Named>(s: &str) -> Result<T, UnknownName<T>> {
    let t = s.trim().to_ascii_lowercase().replace('_', "-");
    T::ALIASES
        .iter()
        .find(|(alias, _)| *alias == t)
        .map(|&(_, choice)| choice)
        .or_else(|| T::CHOICES.iter().copied().find(|c| c.name_of() == t))
        .ok_or_else(|| UnknownName::new(s))
}

/// `FromStr` through [`parse_name`] and `Display` as the name, for sets that are [`Named`]
/// (the standard traits cannot be implemented once for every such set).
macro_rules! text_by_name {
    ($($set:ty),* $(,)?) => {$(
        impl std::str::FromStr for $set {
            type Err = $crate::score::UnknownName<$set>;
            /// Reads a choice by its name or an alias, in any case.
            fn from_str(s: &str) -> Result<$set, Self::Err> {
                $crate::score::parse_name(s)
            }
        }

        impl std::fmt::Display for $set {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::score::Named::name_of(*self))
            }
        }
    )*};
}
pub(crate) use text_by_name;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::RulesetName;
    use crate::score::{Method, Version};

    fn round_trip<T: Named + fmt::Debug + std::str::FromStr + fmt::Display>()
    where
        T::Err: fmt::Debug,
    {
        for &c in T::CHOICES {
            assert_eq!(c.to_string(), c.name_of());
            assert_eq!(c.name_of().parse::<T>().unwrap(), c);
            assert_eq!(
                parse_name::<T>(&format!(" {} ", c.name_of().to_uppercase())),
                Ok(c)
            );
        }
    }

    #[test]
    fn every_set_reads_back_what_it_writes() {
        round_trip::<Method>();
        round_trip::<Version>();
        round_trip::<RulesetName>();
        // KataGo's aliases (specs/go.md §2.3) and `_` for `-`.
        assert_eq!("New_Zealand".parse(), Ok(RulesetName::Nz));
        assert_eq!("ancient-area".parse(), Ok(RulesetName::StoneScoring));
        assert_eq!("tromp_taylor".parse(), Ok(Method::TrompTaylor));
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let e = "chinese-area".parse::<Method>().unwrap_err();
        assert_eq!(e.text, "chinese-area");
        let m = e.to_string();
        assert!(m.starts_with("unknown method \"chinese-area\""), "{m}");
        assert!(
            m.contains("living-stones") && m.ends_with("tromp-taylor or all)"),
            "{m}"
        );
        let m = "poetry".parse::<Version>().unwrap_err().to_string();
        assert_eq!(m, "unknown version \"poetry\" (expected one of art, law)");
        let m = "ing".parse::<RulesetName>().unwrap_err().to_string();
        assert!(
            m.starts_with("unknown ruleset \"ing\" (expected one of chinese, "),
            "{m}"
        );
    }
}
