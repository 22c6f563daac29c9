import SharedModels
import TerminalUI

/// A user as one row of a list, the same way wherever users are listed: the name and handle,
/// cut if needed, and the post count at the right end (left out when the row is too narrow for
/// it).
public struct UserRow {
  /// The user shown.
  public var user: User

  /// A row of `user`.
  public init(_ user: User) {
    self.user = user
  }

  /// The row, at most `width` columns wide.
  public func line(width: Int, theme: Theme) -> StyledLine {
    let name =
      StyledLine(user.displayName, style: theme.text)
      + StyledLine("  @" + user.handle, style: theme.secondary)
    let count = StyledLine(CountText.of(user.postCount, "post"), style: theme.secondary)
    // Keep at least a few columns of the name.
    return name.withTrailing(count, width: width, keeping: 8)
  }
}
