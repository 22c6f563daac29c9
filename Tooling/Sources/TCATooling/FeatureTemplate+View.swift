extension FeatureTemplate {
  /// `Interface/NAMEView.swift`: the terminal view.
  var view: String {
    let reducer = name.reducerType
    return """
      \(imports("ComposableArchitecture", "TerminalUI"))

      /// The \(name) screen in the terminal: a title line, then the message, the spinner while
      /// it loads, or the error with how to retry.
      ///
      /// Keys: `r` loads the message again (or retries when an error is shown).
      public struct \(viewType): FeatureScreen {
        /// The state drawn.
        public var state: \(reducer).State

        /// The feature's name, as its tab and help box show it.
        public static let title = "\(name)"

        /// Sent each time the screen is shown: loads what it has not loaded yet.
        public static var appearAction: \(reducer).Action? { .onAppear }

        /// Whether a request is in flight.
        public var isBusy: Bool { state.isLoading }

        /// A view of `state`.
        public init(state: \(reducer).State) {
          self.state = state
        }

        /// The title line and the message, the spinner or the error.
        public func render(in context: RenderContext) -> [StyledLine] {
          let theme = context.theme
          // The body lines up under the title, indented by two columns.
          let indent = StyledLine("  ")
          let width = context.width - indent.width
          var body: [StyledLine]
          if state.isLoading {
            body = [
              StyledLine("\\(Spinner.dots.frame(at: context.tick)) Loading…", style: theme.secondary)
            ]
          } else if let message = state.errorMessage {
            body = WordWrap.styledLines(
              of: "Couldn't load: \\(message)", width: width, style: theme.error)
            body.append(StyledLine("r retry", style: theme.secondary))
          } else if let message = state.message, !message.isEmpty {
            body = WordWrap.styledLines(of: message, width: width, style: theme.text)
          } else {
            body = [StyledLine("Nothing to show yet.", style: theme.secondary)]
          }
          return [StyledLine("\(name)", style: theme.title)] + body.map { indent + $0 }
        }

        /// `r` refreshes, or retries when an error is shown.
        public var keyBindings: [KeyBinding<\(reducer).Action>] {
          if state.errorMessage != nil {
            return [KeyBinding(.character("r"), label: "retry", action: .retry)]
          }
          return [KeyBinding(.character("r"), label: "refresh", action: .refresh)]
        }
      }

      """
  }
}
