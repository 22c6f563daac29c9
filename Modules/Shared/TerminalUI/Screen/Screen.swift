/// One frame of the terminal: exactly `height` lines, each exactly `width` columns wide.
///
/// Whatever lines it is given are fitted: too many are cut, too few are filled with blank
/// lines, and each is truncated (with `…`) or padded to the width. ``FrameDiff`` turns two
/// frames into the bytes that update the terminal.
public struct Screen: Hashable, Sendable {
  /// The width in columns.
  public let width: Int
  /// The height in lines.
  public let height: Int
  /// The lines, top to bottom: always `height` of them, each `width` columns wide.
  public private(set) var lines: [StyledLine]

  /// A frame of `width` × `height` showing `lines` from the top (a negative size counts as 0).
  public init(width: Int, height: Int, lines: [StyledLine] = []) {
    let width = max(width, 0)
    let height = max(height, 0)
    let blank = StyledLine(String(repeating: " ", count: width))
    var fitted = lines.prefix(height).map { $0.fitted(to: width) }
    while fitted.count < height { fitted.append(blank) }
    self.width = width
    self.height = height
    self.lines = fitted
  }

  /// A frame made of a fixed `header`, a `body` given the lines left between them, and a fixed
  /// `footer` (the footer wins over the header when space runs short): the usual title, content
  /// and status-line layout.
  public init(
    width: Int,
    height: Int,
    header: [StyledLine] = [],
    footer: [StyledLine] = [],
    body: (_ height: Int) -> [StyledLine]
  ) {
    let footer = Array(footer.suffix(max(height, 0)))
    let header = Array(header.prefix(max(height - footer.count, 0)))
    let bodyHeight = max(height - header.count - footer.count, 0)
    var bodyLines = Array(body(bodyHeight).prefix(bodyHeight))
    while bodyLines.count < bodyHeight { bodyLines.append(.empty) }
    self.init(width: width, height: height, lines: header + bodyLines + footer)
  }

  /// The whole frame as plain text, lines separated by newlines (for line mode and snapshots).
  public var plainText: String {
    lines.map(\.plainText).joined(separator: "\n")
  }

  /// This frame with `lines` drawn over it from `row` and `column` (0-based), clipped to the
  /// frame. A double-width character cut by the edge of the overlay becomes a space.
  public func overlaying(_ overlay: [StyledLine], row: Int, column: Int) -> Screen {
    var result = lines
    for (offset, line) in overlay.enumerated() {
      let target = row + offset
      guard target >= 0, target < height else { continue }
      let start = max(column, 0)
      guard start < width else { continue }
      let visible = column < 0 ? line.dropping(columns: -column) : line
      let piece = visible.prefix(columns: width - start)
      let pieceWidth = piece.width
      let before = result[target].prefix(columns: start)
      let after = result[target].dropping(columns: start + pieceWidth)
      result[target] = before + piece + after
    }
    return Screen(width: width, height: height, lines: result)
  }

  /// This frame with `overlay` centred over it, as a modal box is shown.
  public func overlaying(_ overlay: [StyledLine]) -> Screen {
    let overlayWidth = overlay.map(\.width).max() ?? 0
    return overlaying(
      overlay,
      row: max((height - overlay.count) / 2, 0),
      column: max((width - overlayWidth) / 2, 0)
    )
  }

  /// This frame with `box` drawn centred over it, using at most the frame's width less two
  /// columns on each side and at most its height.
  public func overlaying(_ box: ModalBox, theme: Theme) -> Screen {
    overlaying(box.lines(maxWidth: width - 4, maxHeight: height, theme: theme))
  }
}

extension Array where Element == StyledLine {
  /// These lines with `other` below them.
  public func stacked(above other: [StyledLine]) -> [StyledLine] {
    self + other
  }

  /// These lines and `other` side by side: each of these fitted to `leftWidth` columns, then
  /// `separator`, then the line of `other` at the same row (the shorter side is filled with
  /// blank lines), as panes of a split view.
  public func beside(
    _ other: [StyledLine], leftWidth: Int, separator: StyledLine = " │ "
  ) -> [StyledLine] {
    let rows = Swift.max(count, other.count)
    return (0..<rows).map { row in
      let left = row < count ? self[row] : .empty
      let right = row < other.count ? other[row] : .empty
      return left.fitted(to: leftWidth) + separator + right
    }
  }
}
