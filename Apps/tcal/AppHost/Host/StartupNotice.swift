import TerminalUI

/// Something the person should know from the start, such as that their settings file was
/// damaged and moved aside: shown on the lines above the status line until their first key, so
/// it is told once and does not stay in the way.
public struct StartupNotice: Sendable {
  /// The sentence shown, `nil` once the person has seen it (or when there is none).
  public private(set) var text: String?

  /// A notice of `text`; `nil` for none.
  public init(_ text: String? = nil) {
    self.text = text
  }

  /// The person pressed a key: the notice has been seen.
  public mutating func dismiss() {
    text = nil
  }

  /// The notice's lines for a screen `width` columns wide, word-wrapped in the theme's warning
  /// style; none once dismissed.
  public func lines(width: Int, theme: Theme) -> [StyledLine] {
    guard let text, width > 0 else { return [] }
    return WordWrap.styledLines(of: text, width: width, style: theme.warning)
  }

  /// The screen `draw` makes for `context`, with the notice's lines put above its last line (the
  /// status line): `draw` is given that many lines fewer. Without a notice, or on a screen too
  /// short to keep a line for the rest, the screen `draw` makes for `context`.
  public func framing(_ context: RenderContext, draw: (RenderContext) -> Screen) -> Screen {
    let notice = lines(width: context.width, theme: context.theme)
    guard !notice.isEmpty, context.height > notice.count + 1 else { return draw(context) }
    var rest = context
    rest.height -= notice.count
    var lines = draw(rest).lines
    let status = lines.popLast().map { [$0] } ?? []
    return Screen(width: context.width, height: context.height, lines: lines + notice + status)
  }
}
