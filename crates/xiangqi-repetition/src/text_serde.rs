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
