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
    fn ties_are_broken_by_sort_order() {
        assert_eq!(closest("ab", ["ac", "aa"]), Some("aa"));
    }
}
