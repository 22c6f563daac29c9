/// A feature's screen inside a parent's (a tab, a pushed screen): drawn from the feature's
/// state, its keys sending the parent's actions, as `store.scope(state:action:)` embeds a
/// child's actions into its parent's.
///
/// Whatever the feature, the parent holds screens of one type, so a table of them (a tab per
/// feature) reads the features' ``FeatureScreen`` declarations without knowing their types.
public struct EmbeddedScreen<Action>: TerminalView {
  /// The feature's name (``FeatureScreen/title``).
  public let title: String
  /// Whether the feature is waiting on a request.
  public let isBusy: Bool
  /// The parent's action the feature's screen sends each time it is shown.
  public let appearAction: Action?
  /// Whether a box is shown over the feature's screen (``FeatureScreen/isModal``).
  public let isModal: Bool
  private let draw: (RenderContext) -> [StyledLine]
  private let bindings: () -> [KeyBinding<Action>]

  /// The screen of `view`, whose actions the parent receives as `embed(action)`.
  public init<View: FeatureScreen>(_ view: View, _ embed: @escaping (View.Action) -> Action) {
    self.title = View.title
    self.isBusy = view.isBusy
    self.appearAction = View.appearAction.map(embed)
    self.isModal = view.isModal
    self.draw = view.render(in:)
    self.bindings = { view.keyBindings.map { $0.map(embed) } }
  }

  /// The feature's lines.
  public func render(in context: RenderContext) -> [StyledLine] {
    draw(context)
  }

  /// The feature's keys, sending the parent's actions.
  public var keyBindings: [KeyBinding<Action>] {
    bindings()
  }
}
