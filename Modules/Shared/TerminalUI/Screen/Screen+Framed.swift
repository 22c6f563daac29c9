extension Screen {
  /// The screen's plain text with each line between `|` marks, so its width (trailing spaces
  /// included) shows: the form view snapshots are recorded in.
  public var framedText: String {
    lines.map { "|" + $0.plainText + "|" }.joined(separator: "\n")
  }
}
