/// Word wrapping by display width.
public enum WordWrap {
  /// The lines of `text` wrapped to at most `width` columns.
  ///
  /// Line breaks in `text` start new paragraphs (an empty line stays empty); words are
  /// separated by spaces, and runs of spaces collapse. A word wider than `width` is broken
  /// between characters. A double-width character wider than a `width` of 1 still gets a line
  /// of its own, so wrapping always makes progress. Returns no line when `width` is less than 1.
  public static func lines(of text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current = ""
      var currentWidth = 0
      for word in paragraph.split(separator: " ") {
        let wordWidth = word.displayWidth
        if currentWidth > 0 && currentWidth + 1 + wordWidth <= width {
          current += " " + word
          currentWidth += 1 + wordWidth
          continue
        }
        if currentWidth > 0 {
          lines.append(current)
        }
        current = ""
        currentWidth = 0
        for character in word {
          let characterWidth = character.displayWidth
          if currentWidth > 0 && currentWidth + characterWidth > width {
            lines.append(current)
            current = ""
            currentWidth = 0
          }
          current.append(character)
          currentWidth += characterWidth
        }
      }
      lines.append(current)
    }
    return lines
  }

  /// The lines of `text` wrapped to `width` columns, each in `style`.
  public static func styledLines(
    of text: String, width: Int, style: TextStyle = .plain
  ) -> [StyledLine] {
    lines(of: text, width: width).map { StyledLine($0, style: style) }
  }
}
