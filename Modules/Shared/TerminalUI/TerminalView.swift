/// The size, theme and clock a view renders with.
public struct RenderContext: Hashable, Sendable {
  /// The width in columns the view must fill.
  public var width: Int
  /// The height in lines the view must fill.
  public var height: Int
  /// The theme to take styles from.
  public var theme: Theme
  /// An integer the app increments on a timer while something animates (see ``Spinner``).
  public var tick: Int
  /// Whether the view has the keyboard focus (a view may draw its selection dimmer when not).
  public var isFocused: Bool

  /// A context of `width` × `height` with `theme`.
  public init(
    width: Int, height: Int, theme: Theme = .default, tick: Int = 0, isFocused: Bool = true
  ) {
    self.width = width
    self.height = height
    self.theme = theme
    self.tick = tick
    self.isFocused = isFocused
  }
}

/// A feature's terminal view: a value made from the feature's state that renders lines and
/// says what keys do.
///
/// Both requirements are pure functions of the value, so a view is tested without a terminal:
/// render it in a context and compare the lines' ``StyledLine/plainText`` (or the `ansiText`),
/// and look up the action of a key with ``action(for:)``. See the module overview in
/// `TerminalUI.swift`.
public protocol TerminalView {
  /// The feature's action type.
  associatedtype Action

  /// The view's lines for `context`; ``screen(in:)`` fits them to exactly `context.height`
  /// lines of `context.width` columns, so a view may return fewer or wider ones.
  func render(in context: RenderContext) -> [StyledLine]

  /// What keys do, first match wins; computed from the state so actions can depend on it.
  var keyBindings: [KeyBinding<Action>] { get }
}

extension TerminalView {
  /// The view's lines fitted into a frame of the context's size.
  public func screen(in context: RenderContext) -> Screen {
    Screen(width: context.width, height: context.height, lines: render(in: context))
  }

  /// The action for `key`, or `nil` when the view does not handle it (the app then tries its
  /// own keys, such as `q` to quit).
  public func action(for key: Key) -> Action? {
    keyBindings.action(for: key)
  }

  /// The action for `key` when the view is drawn `height` lines high, which page keys move by
  /// (see ``KeyBinding/action(for:height:)``).
  public func action(for key: Key, height: Int?) -> Action? {
    keyBindings.action(for: key, height: height)
  }

  /// The hints of the view's bindings, for the status line and the `?` help overlay.
  public var keyHints: [KeyHint] {
    keyBindings.hints()
  }
}
