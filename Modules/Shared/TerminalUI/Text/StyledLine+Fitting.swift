extension StyledLine {
  /// This line cut to at most `width` columns, ending in `ellipsis` when something was cut.
  ///
  /// Cuts between characters, never inside one: a double-width character that would straddle
  /// the edge is dropped, so the result may be one column narrower than `width`.
  public func truncated(to width: Int, ellipsis: String = "…") -> StyledLine {
    guard width > 0 else { return .empty }
    guard self.width > width else { return self }
    let ellipsisWidth = ellipsis.displayWidth
    guard ellipsisWidth <= width else { return prefix(columns: width, padsSplitCharacter: false) }
    var result = prefix(columns: width - ellipsisWidth, padsSplitCharacter: false)
    // A cut just after an ellipsis of the text (`.loaded(…)` cut after `(…`) ends in one, not
    // two.
    while !ellipsis.isEmpty, result.plainText.hasSuffix(ellipsis) {
      result = result.prefix(columns: result.width - ellipsisWidth, padsSplitCharacter: false)
    }
    let style = result.spans.last?.style ?? spans.first?.style ?? .plain
    result.append(ellipsis, style: style)
    return result
  }

  /// This line with spaces in `style` added on the right up to `width` columns (unchanged when
  /// it is already that wide or wider).
  public func padded(to width: Int, style: TextStyle = .plain) -> StyledLine {
    let missing = width - self.width
    guard missing > 0 else { return self }
    return self + StyledLine(String(repeating: " ", count: missing), style: style)
  }

  /// This line made exactly `width` columns wide: truncated with an ellipsis, then padded.
  public func fitted(to width: Int, padding style: TextStyle = .plain) -> StyledLine {
    truncated(to: width).padded(to: width, style: style)
  }

  /// This line with `trailing` at the right end of `width` columns, at least two spaces
  /// between them, this line cut to make room: a list row's text and its count or date. When
  /// that would leave this line fewer than `minimumWidth` columns, `trailing` is left out and
  /// this line is cut to `width`.
  public func withTrailing(
    _ trailing: StyledLine, width: Int, keeping minimumWidth: Int
  ) -> StyledLine {
    let room = width - trailing.width - 2
    guard room >= minimumWidth else { return truncated(to: width) }
    return truncated(to: room).padded(to: room + 2) + trailing
  }

  /// The first `columns` columns of the line, without an ellipsis.
  ///
  /// A double-width character that straddles the edge is left out; when `padsSplitCharacter`
  /// is true a space in its style takes its place, so the result is exactly `columns` wide
  /// (when the line is at least that wide).
  public func prefix(columns: Int, padsSplitCharacter: Bool = true) -> StyledLine {
    var result: [StyledSpan] = []
    var used = 0
    for span in spans {
      guard used < columns else { break }
      var text = ""
      for character in span.text {
        let width = character.displayWidth
        if used + width > columns {
          if padsSplitCharacter { text += String(repeating: " ", count: columns - used) }
          used = columns
          break
        }
        text.append(character)
        used += width
      }
      if !text.isEmpty { result.append(StyledSpan(text, style: span.style)) }
    }
    return StyledLine(result)
  }

  /// The line without its first `columns` columns.
  ///
  /// A double-width character cut in half by the edge becomes a space in its style, so what
  /// stays is drawn at the same columns as before.
  public func dropping(columns: Int) -> StyledLine {
    var result: [StyledSpan] = []
    var skipped = 0
    for span in spans {
      if skipped >= columns {
        result.append(span)
        continue
      }
      var text = ""
      for character in span.text {
        if skipped >= columns {
          text.append(character)
          continue
        }
        let width = character.displayWidth
        skipped += width
        if skipped > columns { text += String(repeating: " ", count: skipped - columns) }
      }
      if !text.isEmpty { result.append(StyledSpan(text, style: span.style)) }
    }
    return StyledLine(result)
  }
}

extension String {
  /// This text cut to at most `width` columns, ending in `ellipsis` when something was cut
  /// (see ``StyledLine/truncated(to:ellipsis:)``).
  public func truncated(to width: Int, ellipsis: String = "…") -> String {
    StyledLine(self).truncated(to: width, ellipsis: ellipsis).spans.map(\.text).joined()
  }

  /// This text with spaces added on the right up to `width` columns.
  public func padded(to width: Int) -> String {
    let missing = width - displayWidth
    return missing > 0 ? self + String(repeating: " ", count: missing) : self
  }

  /// This text made exactly `width` columns wide: truncated with an ellipsis, then padded.
  public func fitted(to width: Int) -> String {
    truncated(to: width).padded(to: width)
  }
}
