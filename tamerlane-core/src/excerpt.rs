//! Shortening untrusted text for an error message.

/// The first `max_chars` characters of `text`, followed by `...` when
/// anything was cut: for quoting untrusted text (a move, a TFEN string, a
/// line from another program) in an error message without copying all of
/// it. Characters are never split.
///
/// ```
/// use tamerlane_core::excerpt;
///
/// assert_eq!(excerpt("f3f4", 40), "f3f4");
/// assert_eq!(excerpt(&"N".repeat(1 << 20), 5), "NNNNN...");
/// assert_eq!(excerpt("Timur satrancı", 13), "Timur satranc...");
/// ```
pub fn excerpt(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// How many characters of untrusted text (a move, a TFEN string) this
/// crate's errors quote: a default for [`excerpt`].
pub const EXCERPT_CHARS: usize = 40;
