//! Reading the decimal counters of position strings (the clocks of TFEN
//! and FEN).

/// Parses a counter: decimal digits only, no sign, no leading zero (but
/// `0` itself), at most `u32::MAX`. The error says what is wrong with it.
pub(crate) fn parse_counter(s: &str) -> Result<u32, &'static str> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected a non-negative decimal number");
    }
    if s.len() > 1 && s.starts_with('0') {
        return Err("leading zeros are not allowed");
    }
    s.parse().map_err(|_| "number too large")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters() {
        assert_eq!(parse_counter("0"), Ok(0));
        assert_eq!(parse_counter("4294967295"), Ok(u32::MAX));
        assert_eq!(parse_counter("4294967296"), Err("number too large"));
        assert_eq!(parse_counter("01"), Err("leading zeros are not allowed"));
        for bad in ["", "-1", "+1", "1.0", " 1", "x"] {
            assert_eq!(
                parse_counter(bad),
                Err("expected a non-negative decimal number")
            );
        }
    }
}
