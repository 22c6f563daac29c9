import SharedModels
import TerminalUI

/// The whole text of the selected post, under a list of posts whose rows show only its first
/// line (or, with previews off, none of it): a rule, then the text wrapped to the width, in
/// ``lineCount`` lines (the last ending in `…` when there is more).
///
/// Lists show it when the screen is at least ``minimumHeight`` lines high, for every post, so
/// the list does not grow and shrink as the selection moves.
public struct PostPreview {
  /// The lines of text under the rule.
  public static let lineCount = 3
  /// The least height of a screen that shows the preview (what the list keeps is worth more
  /// below it).
  public static let minimumHeight = 14

  /// The post shown.
  public var post: Post

  /// The preview of `post`.
  public init(_ post: Post) {
    self.post = post
  }

  /// The rule and the text, `width` columns wide; the text starts where the list's rows do,
  /// after the selection marker's two columns.
  public func lines(width: Int, theme: Theme) -> [StyledLine] {
    guard width > 2 else { return [] }
    var text = WordWrap.lines(of: post.body, width: width - 2).filter { !$0.isEmpty }
    if text.count > Self.lineCount {
      text = Array(text.prefix(Self.lineCount))
      text[Self.lineCount - 1] = (text[Self.lineCount - 1] + " …").truncated(to: width - 2)
    }
    text += Array(repeating: "", count: Self.lineCount - text.count)
    return [StyledLine(String(repeating: "─", count: width), style: theme.border)]
      + text.map { StyledLine("  " + $0, style: theme.text) }
  }
}
