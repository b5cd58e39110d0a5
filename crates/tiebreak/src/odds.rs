//! Exact odds that a tied mini-match stays undecided after each criterion (spec §6).
//!
//! Model (the source document's): both players' values for a criterion are independent draws
//! from the same distribution; a criterion leaves the match undecided when the two values are
//! equal, so `P(tie) = Σ p(v)²`. Criteria are independent, so the probability of still being
//! undecided after several criteria is the product. Distributions are integer weights
//! (uniform ranges, histograms, or quantised normals), so every probability is an exact
//! rational; a seeded Monte Carlo run cross-checks it.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use crate::error::{InputError, input_error};
use crate::minimatch::parse_duration;
use board_core::Rng;

/// Why a distribution could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DistributionError {
    /// A range whose upper end is below its lower end.
    EmptyRange {
        /// The lower end.
        lo: i64,
        /// The upper end.
        hi: i64,
    },
    /// More than 10 million values.
    RangeTooLarge,
    /// A normal curve whose standard deviation is not positive and finite.
    BadDeviation,
    /// A normal curve that rounds to zero weight on every value of the range.
    NoWeight,
    /// A text (given) that should be a duration.
    NotADuration(String),
    /// A text (given) that should be a number.
    NotANumber(String),
    /// A text (given) that should be a range such as `40..60`.
    NotARange(String),
    /// A shape (given) other than `normal(mean,sd)`.
    NotAShape(String),
    /// `normal(…)` without its second number.
    MissingDeviation,
    /// A distribution with too many values to add two draws.
    TooLargeToConvolve,
    /// Weights of the sum of two draws beyond 64 bits.
    WeightsTooLarge,
}

impl std::fmt::Display for DistributionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DistributionError::EmptyRange { lo, hi } => write!(f, "empty range {lo}..{hi}"),
            DistributionError::RangeTooLarge => {
                f.write_str("range too large (more than 10 million values)")
            }
            DistributionError::BadDeviation => {
                f.write_str("normal(mean, sd) needs a positive, finite sd")
            }
            DistributionError::NoWeight => {
                f.write_str("the normal curve has no weight inside the range")
            }
            DistributionError::NotADuration(s) => write!(f, "`{s}` is not a duration"),
            DistributionError::NotANumber(s) => write!(f, "`{s}` is not a number"),
            DistributionError::NotARange(s) => {
                write!(f, "`{s}`: expected a range such as 40..60")
            }
            DistributionError::NotAShape(s) => write!(f, "`{s}`: expected normal(mean,sd)"),
            DistributionError::MissingDeviation => f.write_str("normal(mean,sd) needs two numbers"),
            DistributionError::TooLargeToConvolve => {
                f.write_str("distribution too large to convolve")
            }
            DistributionError::WeightsTooLarge => {
                f.write_str("weights too large for a convolution")
            }
        }
    }
}

impl std::error::Error for DistributionError {}

/// A discrete distribution as integer weights over integer values (moves, seconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution {
    /// (value, weight), values strictly increasing, weights positive.
    pub points: Vec<(i64, u64)>,
}

impl Distribution {
    /// Uniform over `lo..=hi`.
    pub fn uniform(lo: i64, hi: i64) -> Result<Self, DistributionError> {
        if hi < lo {
            return Err(DistributionError::EmptyRange { lo, hi });
        }
        if hi - lo > 10_000_000 {
            return Err(DistributionError::RangeTooLarge);
        }
        Ok(Self {
            points: (lo..=hi).map(|v| (v, 1)).collect(),
        })
    }

    /// A normal curve centred on `mean` with standard deviation `sd`, truncated to `lo..=hi`
    /// and quantised to integer weights (10¹² at the mode). Probabilities are then exact for
    /// the quantised distribution.
    pub fn normal(lo: i64, hi: i64, mean: f64, sd: f64) -> Result<Self, DistributionError> {
        if !(sd > 0.0 && sd.is_finite() && mean.is_finite()) {
            return Err(DistributionError::BadDeviation);
        }
        let base = Self::uniform(lo, hi)?;
        let points: Vec<(i64, u64)> = base
            .points
            .iter()
            .map(|&(v, _)| {
                let z = (v as f64 - mean) / sd;
                (v, (1e12 * (-0.5 * z * z).exp()).round() as u64)
            })
            .filter(|&(_, w)| w > 0)
            .collect();
        if points.is_empty() {
            return Err(DistributionError::NoWeight);
        }
        Ok(Self { points })
    }

    /// Reads a histogram: one `value count` (or `value,count`) per line, `#` comments. Values
    /// may be durations (`m:ss`, `h:mm:ss`). Errors give the line number (line 0 when the
    /// histogram as a whole is empty).
    pub fn histogram(text: &str) -> Result<Self, InputError> {
        let mut map: std::collections::BTreeMap<i64, u64> = Default::default();
        for (ln0, raw) in text.lines().enumerate() {
            let ln = ln0 + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.split([' ', ',', '\t']).filter(|s| !s.is_empty());
            let (Some(v), Some(c), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(input_error(ln, 0, "expected `value count`"));
            };
            let value = if v.contains(':') {
                parse_duration(v).map(i64::from)
            } else {
                v.parse::<i64>().ok().filter(|x| x.abs() < 1_000_000_000)
            }
            .ok_or_else(|| input_error(ln, 0, format!("`{v}` is not a value")))?;
            let count: u64 = c
                .parse()
                .ok()
                .filter(|&c: &u64| c < 1_000_000_000_000)
                .ok_or_else(|| input_error(ln, 0, format!("`{c}` is not a count")))?;
            *map.entry(value).or_default() += count;
        }
        let points: Vec<(i64, u64)> = map.into_iter().filter(|&(_, c)| c > 0).collect();
        if points.is_empty() {
            return Err(input_error(0, 0, "histogram has no positive count"));
        }
        Ok(Self { points })
    }

    /// Parses `lo..hi` (inclusive), `lo..<hi` (half-open), optionally followed by
    /// `~normal(mean,sd)`. Values are integers or durations (`60:00`).
    pub fn parse_spec(spec: &str) -> Result<Self, DistributionError> {
        let (range, shape) = match spec.split_once('~') {
            Some((r, s)) => (r.trim(), Some(s.trim())),
            None => (spec.trim(), None),
        };
        let value = |s: &str| -> Result<i64, DistributionError> {
            let s = s.trim();
            if s.contains(':') {
                parse_duration(s)
                    .map(i64::from)
                    .ok_or_else(|| DistributionError::NotADuration(s.to_string()))
            } else {
                s.parse::<i64>()
                    .ok()
                    .filter(|x| x.abs() < 1_000_000_000)
                    .ok_or_else(|| DistributionError::NotANumber(s.to_string()))
            }
        };
        let (lo, hi) = if let Some((a, b)) = range.split_once("..<") {
            (value(a)?, value(b)? - 1)
        } else if let Some((a, b)) = range.split_once("..=") {
            (value(a)?, value(b)?)
        } else if let Some((a, b)) = range.split_once("..") {
            (value(a)?, value(b)?)
        } else {
            return Err(DistributionError::NotARange(range.to_string()));
        };
        match shape {
            None => Self::uniform(lo, hi),
            Some(s) => {
                let inner = s
                    .strip_prefix("normal(")
                    .and_then(|x| x.strip_suffix(')'))
                    .ok_or_else(|| DistributionError::NotAShape(s.to_string()))?;
                let (m, d) = inner
                    .split_once(',')
                    .ok_or(DistributionError::MissingDeviation)?;
                let parse = |x: &str| -> Result<f64, DistributionError> {
                    let x = x.trim();
                    if x.contains(':') {
                        parse_duration(x)
                            .map(f64::from)
                            .ok_or_else(|| DistributionError::NotADuration(x.to_string()))
                    } else {
                        x.parse::<f64>()
                            .map_err(|_| DistributionError::NotANumber(x.to_string()))
                    }
                };
                Self::normal(lo, hi, parse(m)?, parse(d)?)
            }
        }
    }

    /// The sum of the weights: the denominator of every probability.
    pub fn total_weight(&self) -> u128 {
        self.points.iter().map(|&(_, w)| u128::from(w)).sum()
    }

    /// Number of values with positive weight.
    pub fn support(&self) -> usize {
        self.points.len()
    }

    /// Exact probability that two independent draws are equal: Σ w² / (Σ w)².
    pub fn tie_probability(&self) -> BigRational {
        let num: BigInt = self
            .points
            .iter()
            .map(|&(_, w)| BigInt::from(w) * BigInt::from(w))
            .sum();
        let total = BigInt::from(self.total_weight());
        BigRational::new(num, &total * &total)
    }

    /// Distribution of the sum of two independent draws (e.g. a player's total time over two
    /// games).
    pub fn sum_of_two(&self) -> Result<Self, DistributionError> {
        if self.points.len() > 5_000 {
            return Err(DistributionError::TooLargeToConvolve);
        }
        let mut map: std::collections::BTreeMap<i64, u128> = Default::default();
        for &(a, wa) in &self.points {
            for &(b, wb) in &self.points {
                *map.entry(a + b).or_default() += u128::from(wa) * u128::from(wb);
            }
        }
        // Weights can exceed u64 for quantised normals: scale by the gcd when needed.
        let g = map.values().fold(0u128, |g, &w| gcd(g, w));
        let points: Option<Vec<(i64, u64)>> = map
            .into_iter()
            .map(|(v, w)| u64::try_from(w / g.max(1)).ok().map(|w| (v, w)))
            .collect();
        points
            .map(|points| Self { points })
            .ok_or(DistributionError::WeightsTooLarge)
    }

    /// Draws a value.
    pub fn sample(&self, cumulative: &[u128], rng: &mut Rng) -> i64 {
        let total = *cumulative.last().unwrap_or(&1);
        let u = if total <= u128::from(u64::MAX) {
            u128::from(rng.below(total as u64))
        } else {
            // Combine two draws for very large totals.
            (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) % total
        };
        let k = cumulative.partition_point(|&c| c <= u);
        self.points[k.min(self.points.len() - 1)].0
    }

    /// Running sums of the weights, for sampling.
    pub fn cumulative(&self) -> Vec<u128> {
        let mut acc = 0u128;
        self.points
            .iter()
            .map(|&(_, w)| {
                acc += u128::from(w);
                acc
            })
            .collect()
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// One criterion of the odds report.
#[derive(Debug, Clone)]
pub struct Stage {
    /// The criterion's name (`moves`, `time`).
    pub name: String,
    /// P(the two values tie) for this criterion alone.
    pub tie: BigRational,
    /// P(still undecided after this criterion and all before it).
    pub undecided: BigRational,
    /// Monte Carlo estimate of `undecided`.
    pub estimate: f64,
    /// Standard error of the estimate under the exact probability.
    pub std_error: f64,
    /// Support size k of the distribution: P(tie) ≥ 1/k for any distribution on k values,
    /// with equality only for the uniform one (Cauchy–Schwarz).
    pub support: usize,
}

/// A claim of the source document and whether the model supports it.
#[derive(Debug, Clone)]
pub struct Claim {
    /// The claim as the document words it.
    pub text: &'static str,
    /// The stage it is about.
    pub stage: String,
    /// The bound the document states.
    pub bound: BigRational,
    /// The exact value under the model.
    pub value: BigRational,
    /// Whether the value respects the bound.
    pub holds: bool,
}

/// The full report.
#[derive(Debug, Clone)]
pub struct Report {
    /// One stage per criterion, in order.
    pub stages: Vec<Stage>,
    /// The document's claims, checked.
    pub claims: Vec<Claim>,
    /// Monte Carlo trials run.
    pub trials: u64,
    /// Seed of the Monte Carlo generator.
    pub seed: u64,
}

/// Computes exact probabilities for the criteria in order, and a Monte Carlo estimate with
/// `trials` simulated mini-matches.
pub fn analyse(criteria: &[(String, Distribution)], trials: u64, seed: u64) -> Report {
    let mut stages = Vec::new();
    let mut undecided = BigRational::one();
    for (name, d) in criteria {
        let tie = d.tie_probability();
        undecided = &undecided * &tie;
        stages.push(Stage {
            name: name.clone(),
            tie,
            undecided: undecided.clone(),
            estimate: 0.0,
            std_error: 0.0,
            support: d.support(),
        });
    }
    // Monte Carlo: count matches still tied after each stage.
    let mut rng = Rng::new(seed);
    let cums: Vec<Vec<u128>> = criteria.iter().map(|(_, d)| d.cumulative()).collect();
    let mut counts = vec![0u64; criteria.len()];
    for _ in 0..trials {
        for (k, (_, d)) in criteria.iter().enumerate() {
            let a = d.sample(&cums[k], &mut rng);
            let b = d.sample(&cums[k], &mut rng);
            if a != b {
                break;
            }
            counts[k] += 1;
        }
    }
    for (k, s) in stages.iter_mut().enumerate() {
        if trials > 0 {
            s.estimate = counts[k] as f64 / trials as f64;
            let p = to_f64(&s.undecided);
            s.std_error = (p * (1.0 - p) / trials as f64).sqrt();
        }
    }
    let claims = document_claims(&stages);
    Report {
        stages,
        claims,
        trials,
        seed,
    }
}

/// The three claims of 002: moves alone "不超过5%", time alone "不会超过一千二百分之一", moves and
/// time together "低于百万分之一".
fn document_claims(stages: &[Stage]) -> Vec<Claim> {
    let mut out = Vec::new();
    let r = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
    let find = |name: &str| stages.iter().position(|s| s.name == name);
    if let Some(m) = find("moves") {
        let v = stages[m].tie.clone();
        out.push(Claim {
            text: "moves alone: undecided at most 5 % (不超过5%)",
            stage: "moves".into(),
            holds: v <= r(1, 20),
            bound: r(1, 20),
            value: v,
        });
    }
    if let Some(t) = find("time") {
        let v = stages[t].tie.clone();
        out.push(Claim {
            text: "time alone: undecided at most 1/1200 (不会超过一千二百分之一)",
            stage: "time".into(),
            holds: v <= r(1, 1200),
            bound: r(1, 1200),
            value: v,
        });
    }
    if let (Some(_), Some(t)) = (find("moves"), find("time")) {
        let v = stages[t].undecided.clone();
        out.push(Claim {
            text: "moves and time together: below one in a million (低于百万分之一)",
            stage: "moves+time".into(),
            holds: v < r(1, 1_000_000),
            bound: r(1, 1_000_000),
            value: v,
        });
    }
    out
}

/// Nearest `f64` of an exact probability, for printing only.
pub fn to_f64(r: &BigRational) -> f64 {
    if r.is_zero() {
        return 0.0;
    }
    let n = r.numer().to_f64().unwrap_or(f64::NAN);
    let d = r.denom().to_f64().unwrap_or(f64::NAN);
    if n.is_finite() && d.is_finite() && d != 0.0 {
        n / d
    } else {
        // Scale down huge numerators and denominators together.
        let shift = r.denom().bits().saturating_sub(900);
        let n = (r.numer() >> shift).to_f64().unwrap_or(0.0);
        let d = (r.denom() >> shift).to_f64().unwrap_or(1.0);
        n / d
    }
}

/// `1/21`, or `a/b` for other fractions.
pub fn fraction(r: &BigRational) -> String {
    format!("{}/{}", r.numer(), r.denom())
}

/// `1 in 25221`: the reciprocal rounded to the nearest integer.
pub fn one_in(r: &BigRational) -> String {
    if r.is_zero() {
        return "never".into();
    }
    let inv = r.recip();
    let rounded = (inv + BigRational::new(BigInt::from(1), BigInt::from(2))).floor();
    format!("1 in {}", rounded.to_integer())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn uniform_ranges_match_the_spec_table() {
        // Spec §6.2: moves 40..60 → 1/21; time 60:00..80:00 inclusive → 1/1201;
        // half-open 60:00..<80:00 → 1/1200; both → 1/25221.
        let moves = Distribution::parse_spec("40..60").unwrap();
        assert_eq!(moves.tie_probability(), r(1, 21));
        let time = Distribution::parse_spec("60:00..80:00").unwrap();
        assert_eq!(time.tie_probability(), r(1, 1201));
        let half_open = Distribution::parse_spec("60:00..<80:00").unwrap();
        assert_eq!(half_open.tie_probability(), r(1, 1200));
        let rep = analyse(&[("moves".into(), moves), ("time".into(), time)], 0, 1);
        assert_eq!(rep.stages[1].undecided, r(1, 25221));
        // Claims: ≤ 5 % holds, ≤ 1/1200 holds, < 10⁻⁶ fails (spec §6.2 verdicts).
        let verdicts: Vec<bool> = rep.claims.iter().map(|c| c.holds).collect();
        assert_eq!(verdicts, vec![true, true, false]);
    }

    #[test]
    fn total_time_and_plies_variants() {
        // Spec §6.2: total time over two games has tie probability (2n²+1)/(3n³), n = 1201.
        let time = Distribution::uniform(0, 1200).unwrap();
        let n = 1201i64;
        assert_eq!(
            time.sum_of_two().unwrap().tie_probability(),
            r(2 * n * n + 1, 3 * n * n * n)
        );
        // Moves counted in plies 80..120 → 1/41.
        assert_eq!(
            Distribution::uniform(80, 120).unwrap().tie_probability(),
            r(1, 41)
        );
    }

    #[test]
    fn non_uniform_is_never_better() {
        // Cauchy–Schwarz: Σp² ≥ 1/k. Spec §6.3: normal σ = 5 on 40..60 gives about 6.1 %,
        // σ = 3 about 9.4 %; times around 70:00 with σ = 2:00 about 1/425.
        let n5 = Distribution::parse_spec("40..60~normal(50,5)").unwrap();
        let p5 = to_f64(&n5.tie_probability());
        assert!((p5 - 0.061).abs() < 0.001, "{p5}");
        assert!(n5.tie_probability() > r(1, 21));
        let n3 = Distribution::parse_spec("40..60~normal(50,3)").unwrap();
        let p3 = to_f64(&n3.tie_probability());
        assert!((p3 - 0.094).abs() < 0.001, "{p3}");
        let t = Distribution::parse_spec("60:00..80:00~normal(70:00,120)").unwrap();
        let pt = to_f64(&t.tie_probability());
        assert!((1.0 / pt - 425.0).abs() < 2.0, "{}", 1.0 / pt);
    }

    #[test]
    fn monte_carlo_agrees_with_exact_values() {
        // Deterministic seed; 200 000 trials keep the test fast. Within 5 standard errors.
        let moves = Distribution::uniform(40, 60).unwrap();
        let time = Distribution::uniform(3600, 4800).unwrap();
        let rep = analyse(
            &[("moves".into(), moves), ("time".into(), time)],
            200_000,
            2026,
        );
        for s in &rep.stages {
            let exact = to_f64(&s.undecided);
            assert!(
                (s.estimate - exact).abs() <= 5.0 * s.std_error + 1e-9,
                "{}: {} vs {}",
                s.name,
                s.estimate,
                exact
            );
        }
    }

    #[test]
    fn histograms() {
        let h = Distribution::histogram("# moves\n40 1\n41,3\n40 2\n").unwrap();
        assert_eq!(h.points, vec![(40, 3), (41, 3)]);
        assert_eq!(h.tie_probability(), r(1, 2));
        let t = Distribution::histogram("60:00 1\n60:01 1\n").unwrap();
        assert_eq!(t.points[0].0, 3600);
        assert_eq!(Distribution::histogram("40\n").unwrap_err().line, 1);
        assert_eq!(Distribution::histogram("40 x\n").unwrap_err().line, 1);
        assert!(Distribution::histogram("40 0\n").is_err());
        assert!(Distribution::parse_spec("60..40").is_err());
        assert!(Distribution::parse_spec("x..y").is_err());
        assert!(Distribution::parse_spec("40").is_err());
        assert!(Distribution::parse_spec("40..60~normal(50,0)").is_err());
        assert!(Distribution::parse_spec("0..999999999").is_err());
    }
}
