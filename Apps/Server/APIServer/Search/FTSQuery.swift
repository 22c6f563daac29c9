/// Turns what a person typed into an SQLite FTS5 query that cannot be a syntax error.
///
/// The input is split into words (runs of letters and digits, in any script); everything else
/// (quotes, operators such as `AND`, `NEAR`, `-`, `:`, `*`, parentheses, emoji) separates
/// words. Each word becomes a quoted string, so FTS5 reads it as text, never as syntax, and the
/// last word becomes a prefix query for search-as-you-type: `ali "smi` → `"ali" "smi"*`.
/// The words must all match (FTS5's implicit AND); words after the first ``maxWords`` are
/// ignored.
///
/// Letters and digits are told apart by grapheme cluster, and a few letters (such as U+0D4E,
/// which is written before the next character) join the next character's cluster whatever it
/// is, a quote included: quotes inside a word are doubled, FTS5's escape, so they stay text.
enum FTSQuery {
  /// The most words a query keeps; later ones are ignored.
  static let maxWords = 16

  /// The FTS5 query for `text`, or `nil` when it has no letters or digits.
  static func make(from text: String) -> String? {
    var words: [String] = []
    var current = ""
    for character in text {
      if character.isLetter || character.isNumber {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    guard !words.isEmpty else { return nil }
    let kept = words.prefix(maxWords).map { "\"" + escaped($0) + "\"" }
    return kept.joined(separator: " ") + "*"
  }

  /// `word` with each quote doubled, found scalar by scalar: a quote can sit inside a grapheme
  /// cluster, where comparing characters does not see it.
  static func escaped(_ word: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in word.unicodeScalars {
      if scalar == "\"" { scalars.append(scalar) }
      scalars.append(scalar)
    }
    return String(scalars)
  }
}
