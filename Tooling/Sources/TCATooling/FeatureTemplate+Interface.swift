extension FeatureTemplate {
  /// `Interface/NAME.swift`: the reducer.
  var reducer: String {
    let client = name.clientType
    let property = name.clientProperty
    return """
      \(imports("ComposableArchitecture", "Foundation", "SharedModels"))

      /// The \(name) feature: loads a message from ``\(client)`` when it appears and shows it,
      /// or the error the client threw with a way to retry.
      @Reducer
      public struct \(name.reducerType) {
        /// What the feature shows.
        @ObservableState
        public struct State: Equatable {
          /// The message the client returned, once loaded.
          public var message: String?
          /// What went wrong with the last load, if it failed.
          public var errorMessage: String?
          /// Whether a load is in flight.
          public var isLoading: Bool

          /// Creates the state.
          public init(message: String? = nil, errorMessage: String? = nil, isLoading: Bool = false) {
            self.message = message
            self.errorMessage = errorMessage
            self.isLoading = isLoading
          }
        }

        /// What happens in the feature.
        public enum Action: Equatable {
          /// The screen was shown: loads the message unless it is loaded or loading.
          case onAppear
          /// Loads the message again, cancelling a load in flight.
          case refresh
          /// Repeats the load that failed.
          case retry
          /// The client returned the message.
          case messageLoaded(String)
          /// The client threw; the payload is the error's `localizedDescription`.
          case messageFailed(String)
          /// What the parent feature handles.
          case delegate(Delegate)

          /// Actions for the parent feature.
          @CasePathable
          public enum Delegate: Equatable {
            /// The person is done with the screen: the parent dismisses it.
            case close
          }
        }

        /// The ids of the feature's cancellable effects.
        enum CancelID {
          /// The load in flight.
          case load
        }

        @Dependency(\\.\(property)) var \(property)

        /// Creates the reducer.
        public init() {}

        /// The feature's logic.
        public var body: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .onAppear:
              guard state.message == nil, !state.isLoading else { return .none }
              return load(&state)

            case .refresh, .retry:
              return load(&state)

            case let .messageLoaded(message):
              state.isLoading = false
              state.message = message
              return .none

            case let .messageFailed(message):
              state.isLoading = false
              state.errorMessage = message
              return .none

            case .delegate:
              return .none
            }
          }
        }

        /// Starts loading the message, cancelling any load in flight.
        private func load(_ state: inout State) -> Effect<Action> {
          state.isLoading = true
          state.errorMessage = nil
          return .run { [\(property)] send in
            do {
              await send(.messageLoaded(try await \(property).load()))
            } catch {
              await send(.messageFailed(error.localizedDescription))
            }
          }
          .cancellable(id: CancelID.load, cancelInFlight: true)
        }
      }

      """
  }

  /// `Interface/NAMEClient.swift`: the client, its `testValue` and `previewValue`.
  var client: String {
    let client = name.clientType
    return """
      \(imports("ComposableArchitecture", "Foundation", "SharedModels"))

      /// What the \(name) feature needs from the outside world.
      ///
      /// The live value is in `\(name.liveTarget)`; named doubles are in `\(name.testingTarget)`.
      @DependencyClient
      public struct \(client): Sendable {
        /// Loads the message the feature shows.
        public var load: @Sendable () async throws -> String
      }

      extension \(client): TestDependencyKey {
        /// A client whose endpoints fail the test that calls them; tests override what they use.
        public static let testValue = \(client)()

        /// A client that answers at once with a fixed message, for previews.
        public static var previewValue: \(client) {
          \(client)(load: { "Hello from the \(name) preview." })
        }
      }

      extension DependencyValues {
        /// The \(name) feature's client.
        public var \(name.clientProperty): \(client) {
          get { self[\(client).self] }
          set { self[\(client).self] = newValue }
        }
      }

      """
  }

  /// `Live/NAMEClient+Live.swift`: the client the app uses.
  var liveClient: String {
    let client = name.clientType
    return """
      \(imports("ComposableArchitecture", "Foundation", "SharedModels", name.interfaceTarget))

      extension \(client): DependencyKey {
        /// The client the app uses. Each endpoint throws ``NotImplemented`` until it is written:
        /// add `liveDependencies: ["APIClient"]` to the feature's line in `Package.swift`, then
        /// read `@Dependency(\\.apiClient) var apiClient` inside each endpoint's closure, at call
        /// time.
        public static var liveValue: \(client) {
          \(client)(
            load: { throw NotImplemented(endpoint: "\(client).load") }
          )
        }
      }

      /// What an endpoint without a live implementation throws.
      struct NotImplemented: LocalizedError {
        /// The endpoint, such as `\(client).load`.
        let endpoint: String

        /// What is missing and where to write it.
        var errorDescription: String? {
          "\\(endpoint) is not implemented yet: write its live implementation in "
            + "\(liveDirectory)/\(client)+Live.swift."
        }
      }

      """
  }

  /// `Testing/NAMEClient+Doubles.swift`: named doubles.
  var clientDoubles: String {
    let client = name.clientType
    let header = imports(
      "ComposableArchitecture", "Foundation", "SharedModels",
      "SharedModelsTesting", name.interfaceTarget)
    return """
      \(header)

      extension \(client) {
        /// The message ``mock`` returns.
        public static let mockMessage = "Hello from \(client).mock"

        /// A client that returns ``mockMessage`` at once.
        public static var mock: \(client) {
          \(client)(load: { mockMessage })
        }

        /// A client whose every load throws `error`.
        public static func failing(_ error: any Error) -> \(client) {
          \(client)(load: { throw error })
        }

        /// A client that loads an empty message at once.
        public static var empty: \(client) {
          \(client)(load: { "" })
        }

        /// A client whose loads never answer: they suspend until their task is cancelled, then
        /// throw `CancellationError`.
        public static var never: \(client) {
          \(client)(load: { try await Task<String, Never>.never() })
        }

        /// ``mock``, answering each load after `duration` on `clock` (a `TestClock` in tests),
        /// to show the loading state.
        public static func slow(_ duration: Duration, clock: any Clock<Duration>) -> \(client) {
          \(client)(load: {
            try await clock.sleep(for: duration)
            return mockMessage
          })
        }
      }

      """
  }
}
