import Foundation
import GRDB

/// The full-text indexes' tokenizer, `search_words`: SQLite's `unicode61` (case folded,
/// diacritics removed), each of its tokens then split where ``FTSQuery`` splits a query (at
/// anything but letters and digits) and normalized to NFKC.
///
/// `unicode61` knows the characters of Unicode 6.1. A newer emoji (🦄, 🫶, 🌮) is a letter to it,
/// so text glued to one (`🦄Unicorn`) became a single token that no query for `unicorn` matches;
/// and it told canonically equivalent text apart (`한국` composed or as jamo, `Å` or the
/// Ångström sign `Å`). Queries go through the same tokenizer, so splitting and normalizing its
/// tokens makes what is indexed and what is asked agree.
///
/// It is registered on every connection of ``APIDatabase``; a connection without it (the
/// `sqlite3` shell) can read the tables but not query or change the indexes.
final class SearchWordsTokenizer: FTS5WrapperTokenizer {
  /// The name the schema's `tokenize` option uses.
  static let name = "search_words"

  /// `unicode61 remove_diacritics 2`.
  let wrappedTokenizer: any FTS5Tokenizer

  init(db: Database, arguments: [String]) throws {
    wrappedTokenizer = try db.makeTokenizer(.unicode61(diacritics: .remove))
  }

  /// Passes on the words in `token` (none for a token of symbols alone).
  func accept(
    token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
    tokenCallback: FTS5WrapperTokenCallback
  ) throws {
    for (index, word) in Self.words(in: token).enumerated() {
      try tokenCallback(word, index == 0 ? flags : [])
    }
  }

  /// The runs of letters and digits in `token`, normalized to NFKC and lowercased.
  static func words(in token: String) -> [String] {
    token.precomposedStringWithCompatibilityMapping.lowercased()
      .split { !($0.isLetter || $0.isNumber) }
      .map(String.init)
  }
}
