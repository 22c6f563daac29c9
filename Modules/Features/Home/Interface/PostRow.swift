import Foundation
import SharedModels
import TerminalUI

/// One post of the feed as a row: the author's name, the text (when previews are on, else the
/// author's handle) and the date, right-aligned.
struct PostRow {
  /// The post shown.
  var post: Post
  /// Whether the start of the text is shown.
  var showsPreview: Bool

  /// The row, exactly `width` columns wide, the name in a column of `nameWidth`.
  func line(width: Int, nameWidth: Int, theme: Theme) -> StyledLine {
    let date = DateText.minute(post.createdAt)
    // The date goes first when the row is too narrow for it and a few columns of the rest.
    let showsDate = width >= date.displayWidth + nameWidth + 4
    let rest = showsDate ? width - date.displayWidth - 2 : width
    var line = StyledLine(post.authorDisplayName.fitted(to: nameWidth), style: theme.accent)
    line.append("  ")
    let text =
      showsPreview
      ? OneLineText.of(post.body)
      : "@" + post.authorHandle
    line.append(
      text.fitted(to: max(rest - nameWidth - 2, 0)),
      style: showsPreview ? theme.text : theme.secondary)
    if showsDate {
      line.append("  ")
      line.append(date, style: theme.secondary)
    }
    return line.fitted(to: width)
  }
}
