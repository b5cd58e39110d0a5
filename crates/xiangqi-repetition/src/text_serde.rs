//! Serde support for types that have a text form: they serialize as that text (a FEN, an
//! ICCS move) and deserialize by parsing it, so serialized data reads like the notation
//! people already use.

/// Implements `Serialize` through `Display` and `Deserialize` through `FromStr`.
macro_rules! serde_as_text {
    ($ty:ty, $what:literal) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                struct Visitor;
                impl serde::de::Visitor<'_> for Visitor {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str($what)
                    }
                    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<$ty, E> {
                        text.parse().map_err(E::custom)
                    }
                }
                deserializer.deserialize_str(Visitor)
            }
        }
    };
}

serde_as_text!(crate::Move, "an ICCS move such as h2e2");
serde_as_text!(crate::Setup, "a xiangqi FEN");
serde_as_text!(crate::Position, "the FEN of a legal xiangqi position");
serde_as_text!(
    crate::adjudicate::Board,
    "the FEN of a legal xiangqi position"
);
serde_as_text!(
    crate::adjudicate::Ruleset,
    "a rule edition: cxa1987, cxa1999, cxa2011, axf or cxa1979"
);

/// A board point as its ICCS name (`h2`), for `#[serde(with = ...)]` on [`Square`] fields
/// ([`Square`] itself is board-geometry's and has no serde form).
///
/// [`Square`]: crate::Square
pub(crate) mod square {
    use crate::Square;

    /// Writes `h2`.
    pub fn serialize<S: serde::Serializer>(sq: &Square, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(sq)
    }

    /// Reads `h2`.
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Square, D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }

    /// The same for an optional point (`null` for none).
    pub mod option {
        use crate::Square;

        /// Writes `h2` or `null`.
        pub fn serialize<S: serde::Serializer>(
            sq: &Option<Square>,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            match sq {
                Some(sq) => serializer.collect_str(sq),
                None => serializer.serialize_none(),
            }
        }

        /// Reads `h2` or `null`.
        pub fn deserialize<'de, D: serde::Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Option<Square>, D::Error> {
            let text = <Option<std::borrow::Cow<'de, str>> as serde::Deserialize>::deserialize(
                deserializer,
            )?;
            text.map(|t| t.parse().map_err(serde::de::Error::custom))
                .transpose()
        }
    }
}
