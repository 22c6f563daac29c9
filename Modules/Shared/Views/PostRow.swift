import SharedModels
import TerminalUI

/// A post as one row of a list, the same way wherever posts are listed; each screen chooses
/// what the row shows beside the text (``Layout``).
public struct PostRow {
  /// What the row shows.
  public enum Layout: Equatable, Sendable {
    /// The feed's: the author's name in a column of `nameWidth`, the text (when previews are
    /// on, else the author's handle), and the time at the right end (without its year, or
    /// not at all, in a narrow row: see ``PostRow/textBesideFullTime``).
    case feed(nameWidth: Int, showsPreview: Bool)
    /// Search results': the author's name, the day and the text, one after the other.
    case search
    /// A user's own posts: the day, the text when previews are on, and the likes at the right
    /// end.
    case byAuthor(showsPreview: Bool)
  }

  /// The least columns of text a feed row keeps beside the post's whole time; with fewer, the
  /// time leaves out its year.
  public static let textBesideFullTime = 20
  /// The least columns of text a feed row keeps beside the time without its year; with fewer,
  /// the row shows no time.
  public static let textBesideTime = 10

  /// The post shown.
  public var post: Post
  /// What the row shows.
  public var layout: Layout

  /// A row of `post` laid out as `layout`.
  public init(_ post: Post, layout: Layout) {
    self.post = post
    self.layout = layout
  }

  /// The row, at most `width` columns wide (exactly `width` in the feed).
  public func line(width: Int, theme: Theme) -> StyledLine {
    switch layout {
    case let .feed(nameWidth, showsPreview):
      let text = showsPreview ? OneLineText.of(post.body) : "@" + post.authorHandle
      let row =
        StyledLine(post.authorDisplayName.fitted(to: nameWidth), style: theme.accent)
        + StyledLine("  " + text, style: showsPreview ? theme.text : theme.secondary)
      // The whole time while the text keeps `textBesideFullTime` columns beside it, else
      // without its year while it keeps `textBesideTime`, else none: the text goes first.
      let fullTime = DateText.minute(post.createdAt)
      let textRoom = width - nameWidth - 2 - fullTime.count - 2
      let time = StyledLine(
        textRoom >= Self.textBesideFullTime ? fullTime : DateText.shortMinute(post.createdAt),
        style: theme.secondary)
      return row.withTrailing(time, width: width, keeping: nameWidth + 2 + Self.textBesideTime)
        .fitted(to: width)

    case .search:
      let row =
        StyledLine(post.authorDisplayName, style: theme.text)
        + StyledLine(" · " + DateText.day(post.createdAt) + " · ", style: theme.secondary)
        + StyledLine(OneLineText.of(post.body), style: theme.text)
      return row.truncated(to: width)

    case let .byAuthor(showsPreview):
      var row = StyledLine(DateText.day(post.createdAt), style: theme.secondary)
      if showsPreview {
        row += StyledLine("  " + OneLineText.of(post.body), style: theme.text)
      }
      let likes = StyledLine(CountText.of(post.likeCount, "like"), style: theme.secondary)
      // Keep at least the day before the likes.
      return row.withTrailing(likes, width: width, keeping: 10)
    }
  }
}
