//! Tie-break descriptors: `NAME[/Cn|/Mn][/L±n][/P][/F][/R]` (FIDE MTB26, TRF26 records
//! 202/212), read leniently (`BH-C1`, lower case, `GE` for `REP`, `SOS-1` for Go).

use crate::error::UnknownName;
use std::fmt;
use std::str::FromStr;

/// Which computation a descriptor names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    /// Points (the primary score).
    Pts,
    /// Direct encounter (C.07 art. 6).
    De,
    /// Rounds with a win's points, played or not (7.1).
    Win,
    /// Games won over the board (7.2).
    Won,
    /// Games played with Black (7.3) — CXA 后走局数.
    Bpg,
    /// Games won with Black (7.4) — CXA 后走胜局.
    Bwg,
    /// Sum of progressive scores (7.5) — CXA 累进分.
    Ps,
    /// Rounds one elected to play (7.6, formerly GE).
    Rep,
    /// Standard points (7.7, 2026).
    Std,
    /// Tournament pairing number (7.8, 2026).
    Tpn,
    /// Buchholz (8.1) — Go SOS in Swiss events.
    Bh,
    /// Average of opponents' Buchholz (8.2).
    Aob,
    /// Fore Buchholz (8.3).
    Fb,
    /// Sonneborn-Berger (9.1) — CXA 小分.
    Sb,
    /// Koya system (9.2).
    Ks,
    /// Average rating of opponents (10.1).
    Aro,
    /// Tournament performance rating (10.2).
    Tpr,
    /// Perfect tournament performance (10.3).
    Ptp,
    /// Average performance rating of opponents (10.4).
    Apro,
    /// Average perfect performance of opponents (10.5).
    Appo,
    /// Rating (10.6, 2026).
    Rtng,
    /// CXA 14.3.1 对手分: opponents' scores, a bye counting as the lowest score among players
    /// with at least one point (CXA 14.4).
    XqOpp,
    /// CXA 犯规: fewer rule violations ranks higher.
    Fouls,
    /// CXA 14.1(6) 对局时后走: between two tied players, the one who had Black in their game.
    XqBlack,
    /// Go McMahon score: starting McMahon score plus points.
    Mms,
    /// Go sum of opponents' McMahon scores.
    Sos,
    /// Go sum of opponents' SOS.
    Sosos,
    /// Go sum of defeated opponents' McMahon scores (half for a jigo).
    Sodos,
    /// Shogi Solkoff (ソルコフ): sum of opponents' numbers of wins.
    Solkoff,
    /// Shogi: earlier wins rank higher (○○○× above ×○○○).
    Early,
    /// CXA 14.3.1 fall-back: compare the last round's result, then the one before, …
    Late,
}

impl Code {
    /// The canonical code as written in descriptor lists (`BH`, `SB`, …).
    pub fn name(self) -> &'static str {
        match self {
            Code::Pts => "PTS",
            Code::De => "DE",
            Code::Win => "WIN",
            Code::Won => "WON",
            Code::Bpg => "BPG",
            Code::Bwg => "BWG",
            Code::Ps => "PS",
            Code::Rep => "REP",
            Code::Std => "STD",
            Code::Tpn => "TPN",
            Code::Bh => "BH",
            Code::Aob => "AOB",
            Code::Fb => "FB",
            Code::Sb => "SB",
            Code::Ks => "KS",
            Code::Aro => "ARO",
            Code::Tpr => "TPR",
            Code::Ptp => "PTP",
            Code::Apro => "APRO",
            Code::Appo => "APPO",
            Code::Rtng => "RTNG",
            Code::XqOpp => "XQOPP",
            Code::Fouls => "FOULS",
            Code::XqBlack => "XQBLACK",
            Code::Mms => "MMS",
            Code::Sos => "SOS",
            Code::Sosos => "SOSOS",
            Code::Sodos => "SODOS",
            Code::Solkoff => "SOLKOFF",
            Code::Early => "EARLY",
            Code::Late => "LATE",
        }
    }

    fn from_name(s: &str) -> Option<Code> {
        Some(match s.to_ascii_uppercase().as_str() {
            "PTS" | "GPTS" | "MPTS" | "POINTS" => Code::Pts,
            "DE" => Code::De,
            "WIN" => Code::Win,
            "WON" => Code::Won,
            "BPG" | "BLK" => Code::Bpg,
            "BWG" => Code::Bwg,
            "PS" => Code::Ps,
            "REP" | "GE" => Code::Rep,
            "STD" => Code::Std,
            "TPN" | "SNO" => Code::Tpn,
            "BH" => Code::Bh,
            "AOB" => Code::Aob,
            "FB" => Code::Fb,
            "SB" => Code::Sb,
            "KS" => Code::Ks,
            "ARO" => Code::Aro,
            "TPR" => Code::Tpr,
            "PTP" => Code::Ptp,
            "APRO" => Code::Apro,
            "APPO" => Code::Appo,
            "RTNG" => Code::Rtng,
            "XQOPP" | "OTHER_XQOPP" => Code::XqOpp,
            "FOULS" | "OTHER_FOULS" => Code::Fouls,
            "XQBLACK" | "OTHER_XQBLACK" => Code::XqBlack,
            "MMS" => Code::Mms,
            "SOS" => Code::Sos,
            "SOSOS" => Code::Sosos,
            "SODOS" => Code::Sodos,
            "SOLKOFF" | "SK" => Code::Solkoff,
            "EARLY" | "OTHER_EARLY" => Code::Early,
            "LATE" | "OTHER_LATE" => Code::Late,
            _ => return None,
        })
    }

    /// Higher values rank first, except for the codes where lower is better.
    pub fn higher_is_better(self) -> bool {
        !matches!(self, Code::De | Code::Tpn | Code::Fouls | Code::XqBlack)
    }

    /// Which modifiers a code accepts: (cut/median, limit, fore, played).
    fn accepts(self) -> (bool, bool, bool, bool) {
        match self {
            Code::Bh
            | Code::Fb
            | Code::Sb
            | Code::Aro
            | Code::Sos
            | Code::Solkoff
            | Code::XqOpp => (true, false, false, false),
            Code::Ps => (true, false, false, false),
            Code::Aob => (true, false, true, false),
            Code::Tpr | Code::Apro | Code::Ptp | Code::Appo => (true, false, false, false),
            Code::Ks => (false, true, false, false),
            Code::De => (false, false, false, true),
            _ => (false, false, false, false),
        }
    }
}

/// A rule edition of FIDE C.07.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// The August 2024 text (in force 1 Aug 2024 – 28 Feb 2026).
    Fide2024,
    /// The March 2026 text (in force from 1 Mar 2026): dummy caps of art. 16.4.1 / 16.4.2.
    #[default]
    Fide2026,
}

impl FromStr for Edition {
    type Err = UnknownName;
    /// `2024`/`fide2024`/`V1` or `2026`/`fide2026`/`V2`.
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        match s.trim() {
            "2024" | "fide2024" | "V1" | "v1" => Ok(Edition::Fide2024),
            "2026" | "fide2026" | "V2" | "v2" => Ok(Edition::Fide2026),
            other => Err(UnknownName {
                what: "edition",
                found: other.to_string(),
                expected: "2024 or 2026",
            }),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::Fide2024 => "2024",
            Edition::Fide2026 => "2026",
        })
    }
}

/// A tie-break with its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Descriptor {
    /// Which tie-break.
    pub code: Code,
    /// Values cut from the low end (Cut-n, and Median-n's low half).
    pub cut_low: u8,
    /// Values cut from the high end (Median-n).
    pub cut_high: u8,
    /// Koya limit shift in half-points (`/L+1` raises the threshold by ½ point).
    pub limit_half_points: i32,
    /// Koya limit as a percentage of the maximum score (default 50, `/L60`).
    pub limit_percent: u32,
    /// `/F`: use Fore Buchholz (AOB).
    pub fore: bool,
    /// `/P`: forfeits count as games against the scheduled opponent (DE).
    pub played: bool,
    /// `/R`: reverse the order.
    pub reverse: bool,
    /// `/V1` or `/V2`: pin this tie-break to an edition.
    pub edition: Option<Edition>,
}

impl Descriptor {
    /// The tie-break with no modifier (Koya limit at 50 %).
    pub fn new(code: Code) -> Self {
        Self {
            code,
            cut_low: 0,
            cut_high: 0,
            limit_half_points: 0,
            limit_percent: 50,
            fore: false,
            played: false,
            reverse: false,
            edition: None,
        }
    }

    /// Whether a higher value ranks higher (the code's direction, unless `/R` reverses it).
    pub fn higher_is_better(&self) -> bool {
        self.code.higher_is_better() != self.reverse
    }
}

impl fmt::Display for Descriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code.name())?;
        if self.cut_low > 0 && self.cut_high == self.cut_low {
            write!(f, "/M{}", self.cut_low)?;
        } else if self.cut_low > 0 {
            write!(f, "/C{}", self.cut_low)?;
        }
        if self.limit_percent != 50 {
            write!(f, "/L{}", self.limit_percent)?;
        }
        if self.limit_half_points != 0 {
            write!(f, "/L{:+}", self.limit_half_points)?;
        }
        if self.fore {
            f.write_str("/F")?;
        }
        if self.played {
            f.write_str("/P")?;
        }
        if self.reverse {
            f.write_str("/R")?;
        }
        match self.edition {
            Some(Edition::Fide2024) => f.write_str("/V1")?,
            Some(Edition::Fide2026) => f.write_str("/V2")?,
            None => {}
        }
        Ok(())
    }
}

/// Why a descriptor could not be read; `offset` is the 1-based character in the descriptor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DescriptorError {
    /// The descriptor text as given.
    pub text: String,
    /// 1-based character position of the problem.
    pub offset: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for DescriptorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tie-break `{}` (character {}): {}",
            self.text, self.offset, self.message
        )
    }
}

impl std::error::Error for DescriptorError {}

impl FromStr for Descriptor {
    type Err = DescriptorError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let err = |offset: usize, message: String| DescriptorError {
            text: text.to_string(),
            offset,
            message,
        };
        let chars: Vec<char> = text.trim().chars().collect();
        let mut i = 0;
        while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        let name: String = chars[..i].iter().collect();
        // Team point type (`:MP`, `:GP`) is irrelevant for individual events: accept and skip.
        if i < chars.len() && chars[i] == ':' {
            i += 1;
            while i < chars.len() && chars[i].is_ascii_alphabetic() {
                i += 1;
            }
        }
        if name.is_empty() {
            return Err(err(1, "missing tie-break name".into()));
        }
        let code = Code::from_name(&name)
            .ok_or_else(|| err(1, format!("unknown tie-break code `{name}`")))?;
        let mut d = Descriptor::new(code);
        let (cuts_ok, limit_ok, fore_ok, played_ok) = code.accepts();
        while i < chars.len() {
            let sep = chars[i];
            if !matches!(sep, '/' | '-' | '!' | '#') {
                return Err(err(
                    i + 1,
                    format!("expected `/` before a modifier, found `{sep}`"),
                ));
            }
            i += 1;
            let Some(&m) = chars.get(i) else {
                return Err(err(i, "modifier missing after separator".into()));
            };
            let m_at = i + 1;
            i += 1;
            let mut arg = String::new();
            // Go notation `SOS-1`, `SOS-2`: a bare count after the separator is a cut.
            let m = if m.is_ascii_digit() {
                arg.push(m);
                'C'
            } else {
                m
            };
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                arg.push(chars[i]);
                i += 1;
            }
            // A leading sign (Koya limit) directly after the letter.
            if arg.is_empty() && i < chars.len() && (chars[i] == '+' || chars[i] == '-') {
                let next_is_digit = chars.get(i + 1).is_some_and(|c| c.is_ascii_digit());
                if next_is_digit {
                    arg.push(chars[i]);
                    i += 1;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        arg.push(chars[i]);
                        i += 1;
                    }
                }
            }
            let number = |arg: &str| -> Result<u8, DescriptorError> {
                arg.parse::<u8>()
                    .ok()
                    .filter(|v| *v <= 20)
                    .ok_or_else(|| err(m_at, format!("`{m}` needs a count from 0 to 20")))
            };
            match m.to_ascii_uppercase() {
                'C' if cuts_ok => d.cut_low = number(&arg)?,
                'M' if cuts_ok => {
                    let n = number(&arg)?;
                    d.cut_low = n;
                    d.cut_high = n;
                }
                'L' if limit_ok => {
                    if let Some(rest) = arg.strip_prefix('+') {
                        d.limit_half_points =
                            rest.parse().map_err(|_| err(m_at, "bad limit".into()))?;
                    } else if let Some(rest) = arg.strip_prefix('-') {
                        d.limit_half_points = -rest
                            .parse::<i32>()
                            .map_err(|_| err(m_at, "bad limit".into()))?;
                    } else {
                        d.limit_percent = arg
                            .parse::<u32>()
                            .ok()
                            .filter(|p| *p <= 100)
                            .ok_or_else(|| err(m_at, "bad limit percentage".into()))?;
                    }
                }
                'F' if fore_ok && arg.is_empty() => d.fore = true,
                'P' if played_ok && arg.is_empty() => d.played = true,
                'R' if arg.is_empty() => d.reverse = true,
                'V' => {
                    d.edition = Some(match arg.as_str() {
                        "1" | "2024" => Edition::Fide2024,
                        "" | "2" | "2026" => Edition::Fide2026,
                        other => return Err(err(m_at, format!("unknown rule version `{other}`"))),
                    });
                }
                other => {
                    return Err(err(
                        m_at,
                        format!("modifier `{other}{arg}` does not apply to {}", code.name()),
                    ));
                }
            }
        }
        Ok(d)
    }
}

/// Named tie-break orders of national and game practice (spec §4).
pub fn preset(name: &str) -> Option<&'static str> {
    Some(match name.trim().to_ascii_lowercase().as_str() {
        // CXA 2011 14.1: points, 小分 (SB), 胜局 (wins), 直胜 (DE), 犯规 (fouls), 后走局数 (Black games), 对局时后走.
        "cxa-rr" | "cxa-round-robin" => "PTS,SB,WIN,DE,FOULS,BPG,XQBLACK",
        // CXA 2011 14.3.1: 对手分, 胜局, 犯规, 后走局数, then the previous rounds' results.
        "cxa-swiss" | "cxa-swiss-opp" => "PTS,XQOPP,WIN,FOULS,BPG,LATE",
        // CXA 2011 14.3.2: 累进分, 胜局, 犯规, 后走局数, then 累进分 without round 1, 2, 3.
        "cxa-swiss-ps" => "PTS,PS,WIN,FOULS,BPG,PS/C1,PS/C2,PS/C3",
        // EGF / OpenGotha McMahon default: MMS, SOS, SOSOS.
        "egf" | "mcmahon" => "MMS,SOS,SOSOS",
        // Japanese amateur Swiss: 勝数, ソルコフ, SB, 直接対決, earlier wins.
        "shogi" | "shogi-swiss" => "WIN,SOLKOFF,SB,DE,EARLY",
        // FIDE C.07 examples of a typical Swiss list.
        "fide-swiss" => "PTS,BH/C1,BH,SB,DE",
        "fide-rr" | "fide-round-robin" => "PTS,DE,SB,KS",
        _ => return None,
    })
}

/// Parses a comma- or space-separated list, or a preset name.
pub fn parse_list(text: &str) -> Result<Vec<Descriptor>, DescriptorError> {
    let text = preset(text).unwrap_or(text);
    text.split([',', ' ', ';'])
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.trim().parse())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fide_syntax_and_lenient_forms() {
        let d: Descriptor = "BH/C1".parse().unwrap();
        assert_eq!((d.code, d.cut_low, d.cut_high), (Code::Bh, 1, 0));
        assert_eq!(d.to_string(), "BH/C1");
        let d: Descriptor = "bh-c1".parse().unwrap();
        assert_eq!(d.to_string(), "BH/C1");
        let d: Descriptor = "BH/M2".parse().unwrap();
        assert_eq!((d.cut_low, d.cut_high), (2, 2));
        let d: Descriptor = "KS/L-1".parse().unwrap();
        assert_eq!(d.limit_half_points, -1);
        let d: Descriptor = "KS-L+2".parse().unwrap();
        assert_eq!(d.to_string(), "KS/L+2");
        assert_eq!("GE".parse::<Descriptor>().unwrap().code, Code::Rep);
        assert_eq!("SOS-1".parse::<Descriptor>().unwrap().to_string(), "SOS/C1");
        assert_eq!("AOB/F".parse::<Descriptor>().unwrap().to_string(), "AOB/F");
        assert_eq!(
            "SB:GP/C1".parse::<Descriptor>().unwrap().to_string(),
            "SB/C1"
        );
    }

    #[test]
    fn rejects_bad_descriptors_with_offsets() {
        let e = "XYZ".parse::<Descriptor>().unwrap_err();
        assert_eq!(e.offset, 1);
        let e = "WIN/C1".parse::<Descriptor>().unwrap_err();
        assert_eq!(e.offset, 5);
        assert!("BH/".parse::<Descriptor>().is_err());
        assert!("BH/C".parse::<Descriptor>().is_err());
        assert!("BH/C99".parse::<Descriptor>().is_err());
        assert!("BH C1".parse::<Descriptor>().is_err());
        assert!("".parse::<Descriptor>().is_err());
    }

    #[test]
    fn round_trips_every_code() {
        for name in [
            "PTS", "DE/P", "WIN", "WON", "BPG", "BWG", "PS/C1", "REP", "STD", "TPN/R", "BH/M1",
            "AOB/F", "FB/C2", "SB/C1", "KS/L+1", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG",
            "XQOPP", "FOULS", "XQBLACK", "MMS", "SOS", "SOSOS", "SODOS", "SOLKOFF", "EARLY",
            "BH/V1",
        ] {
            let d: Descriptor = name.parse().unwrap();
            assert_eq!(d.to_string(), name);
        }
    }
}
