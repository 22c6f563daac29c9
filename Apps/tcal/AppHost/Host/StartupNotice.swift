import TerminalUI

/// Something the person should know from the start, such as that their settings file was
/// damaged and moved aside: shown on the lines above the status line until their first key, so
/// it is told once and does not stay in the way.
///
/// A notice can also watch a source of sentences, read at every frame (``refresh()``): a new
/// sentence from it is shown the same way, such as the settings file damaged while the app runs.
/// A source that reads observable state (a shared value's `loadError`) has the host redraw when
/// it changes.
public struct StartupNotice: Sendable {
  /// The sentence shown, `nil` once the person has seen it (or when there is none).
  public private(set) var text: String?
  /// Where later sentences come from, if anywhere.
  private let source: (@MainActor @Sendable () -> String?)?
  /// The source's sentence when last read, so that only a new one is shown.
  private var lastFromSource: String?

  /// A notice of `text`; `nil` for none.
  public init(_ text: String? = nil) {
    self.text = text
    self.source = nil
  }

  /// A notice of what `source` says now, and then of each new sentence it gives.
  @MainActor
  public init(watching source: @escaping @MainActor @Sendable () -> String?) {
    let first = source()
    self.text = first
    self.lastFromSource = first
    self.source = source
  }

  /// Reads the source, if any: a sentence other than the one it gave last is shown until the
  /// next key. Hosts call it as they draw a frame, so that reading it is observed.
  @MainActor
  public mutating func refresh() {
    guard let source else { return }
    let now = source()
    guard now != lastFromSource else { return }
    lastFromSource = now
    if let now { text = now }
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
  /// status line): `draw` is given that many lines fewer. A notice longer than the screen allows
  /// is cut, ending in `…`. Without a notice, or on a screen too short for two lines of it and a
  /// line for the rest, the screen `draw` makes for `context`.
  public func framing(_ context: RenderContext, draw: (RenderContext) -> Screen) -> Screen {
    var notice = lines(width: context.width, theme: context.theme)
    // A line for the screen and the status line stay; a notice longer than the rest is cut
    // with `…`, down to two lines (fewer would say nothing).
    let room = context.height - 2
    if notice.count > room, room >= 2 {
      notice = Array(notice.prefix(room))
      let last = notice[room - 1]
      notice[room - 1] = (last + StyledLine(" …", style: context.theme.warning))
        .truncated(to: context.width)
    }
    guard !notice.isEmpty, context.height > notice.count + 1 else { return draw(context) }
    var rest = context
    rest.height -= notice.count
    var lines = draw(rest).lines
    let status = lines.popLast().map { [$0] } ?? []
    return Screen(width: context.width, height: context.height, lines: lines + notice + status)
  }
}
