import TerminalUI

/// A feature's screen in the app (a tab's, or the stack's top one): drawn from the feature's
/// state, its keys sending the app's actions.
struct AppScreen: TerminalView {
  /// Whether the feature is waiting on a request.
  let isBusy: Bool
  /// The app's action the feature's screen sends when first shown.
  let appearAction: App.Action?
  private let draw: (RenderContext) -> [StyledLine]
  private let bindings: () -> [KeyBinding<App.Action>]

  /// The screen of `view`, whose actions the app receives as `embed(action)`.
  init<View: FeatureScreen>(_ view: View, _ embed: @escaping (View.Action) -> App.Action) {
    self.isBusy = view.isBusy
    self.appearAction = View.appearAction.map(embed)
    self.draw = view.render(in:)
    self.bindings = { view.keyBindings.map { $0.map(embed) } }
  }

  func render(in context: RenderContext) -> [StyledLine] {
    draw(context)
  }

  var keyBindings: [KeyBinding<App.Action>] {
    bindings()
  }
}
