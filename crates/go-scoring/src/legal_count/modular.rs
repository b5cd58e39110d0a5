//! Exact counts from residues: a few primes just below 2^62 and the Chinese remainder theorem.

use num_bigint::BigUint;

/// `k` distinct primes just below 2^62, largest first.
pub fn primes_below_2_62(k: usize) -> Vec<u64> {
    let mut out = Vec::with_capacity(k);
    let mut candidate = (1u64 << 62) - 1;
    while out.len() < k {
        if is_prime(candidate) {
            out.push(candidate);
        }
        candidate -= 2;
    }
    out
}

/// How many such primes make a product above `3^points` (an upper bound on any count).
pub fn primes_needed(points: usize) -> usize {
    // log2(3) < 1.585; each prime exceeds 2^61.99; one spare prime for safety.
    (points * 1585).div_ceil(61_000) + 1
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(m)) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut acc = 1u64 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = mul_mod(acc, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    acc
}

/// Deterministic Miller-Rabin for 64-bit numbers (the first twelve primes as bases suffice).
fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for &p in &BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let mut d = n - 1;
    let mut s = 0;
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'bases: for &a in &BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// The unique `x < Π primes` with `x ≡ residues[i] (mod primes[i])`.
pub fn crt(residues: &[u64], primes: &[u64]) -> BigUint {
    let modulus = primes
        .iter()
        .fold(BigUint::from(1u32), |acc, &p| acc * BigUint::from(p));
    let mut x = BigUint::from(0u32);
    for (&r, &p) in residues.iter().zip(primes) {
        let rest = &modulus / BigUint::from(p);
        let rest_mod_p = u64::try_from(&rest % BigUint::from(p)).unwrap_or(0);
        let inverse = pow_mod(rest_mod_p, p - 2, p);
        let coefficient = mul_mod(r, inverse, p);
        x += rest * BigUint::from(coefficient);
    }
    x % modulus
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crt_rebuilds_a_large_number() {
        let primes = primes_below_2_62(3);
        let n: BigUint = "83677847847984287628595".parse().unwrap();
        let residues: Vec<u64> = primes
            .iter()
            .map(|&p| u64::try_from(&n % BigUint::from(p)).unwrap())
            .collect();
        assert_eq!(crt(&residues, &primes), n);
    }

    #[test]
    fn primes_are_distinct_and_prime() {
        let primes = primes_below_2_62(4);
        assert!(primes.windows(2).all(|w| w[0] > w[1]));
        assert!(is_prime(2_305_843_009_213_693_951)); // 2^61 - 1, a Mersenne prime
        assert!(!is_prime(2_305_843_009_213_693_953)); // 2^61 + 1, divisible by 3
    }
}
