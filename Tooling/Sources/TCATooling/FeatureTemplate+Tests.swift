extension FeatureTemplate {
  /// `Tests/NAMEFeatureTests/NAMETests.swift`: the reducer through a `TestStore`.
  var tests: String {
    let reducer = name.reducerType
    let client = name.clientType
    let property = name.clientProperty
    let header = imports(
      "ComposableArchitecture", "Foundation", "SharedModels",
      "Testing", name.interfaceTarget, name.testingTarget)
    return """
      \(header)

      @MainActor
      struct \(reducer)Tests {
        @Test
        func onAppearLoadsTheMessage() async {
          let store = TestStore(initialState: \(reducer).State()) {
            \(reducer)()
          } withDependencies: {
            $0.\(property) = .mock
          }

          await store.send(.onAppear) {
            $0.isLoading = true
          }
          await store.receive(.messageLoaded(\(client).mockMessage)) {
            $0.isLoading = false
            $0.message = \(client).mockMessage
          }
        }

        @Test
        func onAppearDoesNothingOnceLoadedOrWhileLoading() async {
          let loaded = TestStore(initialState: \(reducer).State(message: "Loaded")) {
            \(reducer)()
          }
          await loaded.send(.onAppear)

          let loading = TestStore(initialState: \(reducer).State(isLoading: true)) {
            \(reducer)()
          }
          await loading.send(.onAppear)
        }

        @Test
        func aFailureShowsTheErrorsDescriptionAndRetryLoadsAgain() async {
          struct LoadFailure: LocalizedError {
            var errorDescription: String? { "The message could not be loaded." }
          }
          let error = LoadFailure()
          let store = TestStore(initialState: \(reducer).State()) {
            \(reducer)()
          } withDependencies: {
            $0.\(property) = .failing(error)
          }

          await store.send(.onAppear) {
            $0.isLoading = true
          }
          await store.receive(.messageFailed(error.localizedDescription)) {
            $0.isLoading = false
            $0.errorMessage = error.localizedDescription
          }

          store.dependencies.\(property) = .mock
          await store.send(.retry) {
            $0.isLoading = true
            $0.errorMessage = nil
          }
          await store.receive(.messageLoaded(\(client).mockMessage)) {
            $0.isLoading = false
            $0.message = \(client).mockMessage
          }
        }

        @Test
        func anEmptyMessageIsLoadedAsIs() async {
          let store = TestStore(initialState: \(reducer).State()) {
            \(reducer)()
          } withDependencies: {
            $0.\(property) = .empty
          }

          await store.send(.onAppear) {
            $0.isLoading = true
          }
          await store.receive(.messageLoaded("")) {
            $0.isLoading = false
            $0.message = ""
          }
        }

        @Test
        func refreshCancelsTheLoadInFlight() async {
          let store = TestStore(initialState: \(reducer).State()) {
            \(reducer)()
          } withDependencies: {
            $0.\(property) = .never
          }

          await store.send(.onAppear) {
            $0.isLoading = true
          }
          store.dependencies.\(property) = .mock
          await store.send(.refresh)
          await store.receive(.messageLoaded(\(client).mockMessage)) {
            $0.isLoading = false
            $0.message = \(client).mockMessage
          }
        }

        @Test
        func aLoadInFlightEndsWhenItsTaskIsCancelled() async {
          let store = TestStore(initialState: \(reducer).State()) {
            \(reducer)()
          } withDependencies: {
            $0.\(property) = .never
          }

          let load = await store.send(.onAppear) {
            $0.isLoading = true
          }
          await load.cancel()
        }

        @Test
        func delegateActionsAreLeftToTheParent() async {
          let store = TestStore(initialState: \(reducer).State(message: "Loaded")) {
            \(reducer)()
          }
          await store.send(.delegate(.close))
        }
      }

      """
  }

  /// `Tests/NAMEFeatureLiveTests/NAMEClientLiveTests.swift`: the live client.
  var liveTests: String {
    let client = name.clientType
    let header = imports(
      "ComposableArchitecture", "Foundation", "Testing", name.interfaceTarget, name.liveTarget)
    return """
      \(header)

      @Suite(.serialized)
      struct \(client)LiveTests {
        @Test
        func loadSaysItIsNotImplementedAndWhereToWriteIt() async {
          let error = await #expect(throws: (any Error).self) {
            try await \(client).liveValue.load()
          }
          #expect(
            error?.localizedDescription
              == "\(client).load is not implemented yet: write its live implementation in "
              + "\(liveDirectory)/\(client)+Live.swift."
          )
        }
      }

      """
  }

  /// `Tests/NAMEFeatureTests/NAMEViewTests.swift`: the view's lines and keys.
  var viewTests: String {
    let reducer = name.reducerType
    return """
      \(imports("ComposableArchitecture", "TerminalUI", "Testing", name.interfaceTarget))

      struct \(viewType)Tests {
        @Test
        func loadingShowsTheSpinner() {
          let view = \(viewType)(state: \(reducer).State(isLoading: true))
          #expect(lines(of: view, tick: 2) == ["\(name)", "  ⠹ Loading…"])
        }

        @Test
        func nothingLoadedYet() {
          let view = \(viewType)(state: \(reducer).State())
          #expect(lines(of: view) == ["\(name)", "  Nothing to show yet."])
          #expect(view.action(for: .character("r")) == .refresh)
        }

        @Test
        func theMessageWrapsToTheWidthKeepingUnicodeWhole() {
          let view = \(viewType)(
            state: \(reducer).State(message: "Zoë Ångström and 山田 花子 say hello to everyone here"))
          #expect(
            lines(of: view, width: 30) == [
              "\(name)", "  Zoë Ångström and 山田 花子", "  say hello to everyone here",
            ])
        }

        @Test
        func anErrorOffersRetry() {
          let view = \(viewType)(
            state: \(reducer).State(errorMessage: "The server could not be reached."))
          #expect(
            lines(of: view) == [
              "\(name)", "  Couldn't load: The server could not be reached.", "  r retry",
            ])
          #expect(view.action(for: .character("r")) == .retry)
          #expect(view.keyHints == [KeyHint(keys: "r", label: "retry")])
          #expect(view.action(for: .character("x")) == nil)
        }

        /// The plain text of `view`'s lines rendered `width` columns wide in monochrome.
        private func lines(of view: \(viewType), width: Int = 60, tick: Int = 0) -> [String] {
          view.render(in: RenderContext(width: width, height: 12, theme: .monochrome, tick: tick))
            .map(\\.plainText)
        }
      }

      """
  }
}
