//! A small glob matcher for `--filter`: `*` (any run of characters except `/`), `?` (one
//! character except `/`), case-insensitive like insta's glob filter.

pub fn matches(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.to_lowercase().chars().collect();
    let t: Vec<char> = text.to_lowercase().chars().collect();
    match_from(&p, &t)
}

fn match_from(p: &[char], t: &[char]) -> bool {
    match p.split_first() {
        None => t.is_empty(),
        Some(('*', rest)) => {
            // Try every split of `t` up to the next `/`.
            for k in 0..=t.len() {
                if match_from(rest, &t[k..]) {
                    return true;
                }
                if t.get(k) == Some(&'/') {
                    break;
                }
            }
            false
        }
        Some(('?', rest)) => t.first().is_some_and(|&c| c != '/') && match_from(rest, &t[1..]),
        Some((c, rest)) => t.first() == Some(c) && match_from(rest, &t[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn wildcards() {
        assert!(matches("000-fig*", "000-fig5.txt"));
        assert!(matches("*.txt", "000-FIG5.TXT"));
        assert!(matches("000-fig?.txt", "000-fig5.txt"));
        assert!(!matches("000-fig?.txt", "000-fig10.txt"));
        assert!(matches("go/*", "go/000-fig5.txt"));
        assert!(!matches("*", "go/000-fig5.txt"));
        assert!(!matches("shogi/*", "go/000-fig5.txt"));
        assert!(matches("", ""));
        assert!(!matches("a", ""));
    }
}
