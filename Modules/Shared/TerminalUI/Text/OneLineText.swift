/// Text that may hold line breaks (a post's body), shown in a single row.
public enum OneLineText {
  /// `text` with each run of line breaks replaced by a space; empty lines vanish.
  public static func of(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
