//! "Did you mean": the closest known name to a misspelt one.

/// The candidate closest to `input`, if it is close enough to be a likely typo
/// (Damerau–Levenshtein distance at most 2, or a third of the length for long names).
/// Ties go to the candidate that sorts first, so the answer is stable.
pub fn closest<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (input.chars().count() / 3).max(2);
    let lower = input.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = strsim::damerau_levenshtein(&lower, &c.to_lowercase());
        if d <= limit && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// `did you mean `x`?` for a hint, when a close candidate exists.
pub fn did_you_mean<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    closest(input, candidates).map(|c| format!("did you mean `{c}`?"))
}

/// The candidate nearest to `input`: the [`closest`] spelling, or else the one `input`
/// shares the most leading words with (`stacking` for `stacking-limit`), a candidate made
/// of those words alone first, then the shorter. For names made of words, such as the
/// diagnostic codes.
pub fn nearest<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let candidates: Vec<&str> = candidates.into_iter().collect();
    if let Some(c) = closest(input, candidates.iter().copied()) {
        return Some(c);
    }
    let words = |s: &str| -> Vec<String> {
        s.split(['-', '_', ' ', '.'])
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let given = words(input);
    candidates
        .iter()
        .filter_map(|c| {
            let theirs = words(c);
            let shared = given
                .iter()
                .zip(&theirs)
                .take_while(|(a, b)| a == b)
                .count();
            (shared > 0).then_some((shared, shared == theirs.len(), *c))
        })
        .max_by(|a, b| {
            (a.0, a.1)
                .cmp(&(b.0, b.1))
                .then_with(|| b.2.len().cmp(&a.2.len()))
                .then_with(|| b.2.cmp(a.2))
        })
        .map(|(_, _, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_typo_and_ignores_strangers() {
        let names = ["sov-guards-army", "sov-shock-army", "ger-panzer-corps"];
        assert_eq!(closest("sov-gaurds-army", names), Some("sov-guards-army"));
        assert_eq!(closest("ger-panzr-corps", names), Some("ger-panzer-corps"));
        assert_eq!(closest("italian-alpini", names), None);
    }

    #[test]
    fn nearest_falls_back_on_shared_words() {
        let codes = ["stacking", "stacking-points", "syntax", "unknown-key"];
        assert_eq!(nearest("stacking-limit", codes), Some("stacking"));
        assert_eq!(nearest("unknwon-key", codes), Some("unknown-key"));
        assert_eq!(nearest("colour", codes), None);
    }

    #[test]
    fn ties_are_broken_by_sort_order() {
        assert_eq!(closest("ab", ["ac", "aa"]), Some("aa"));
    }
}
