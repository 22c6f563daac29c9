/// The source files of a new feature: a `@Reducer` with `@ObservableState` State and an
/// Action, a `@DependencyClient` with its `testValue` (Interface), the client's `liveValue`
/// that throws a clear "not implemented" error (Live), named doubles (Testing), and passing
/// tests: the reducer through a `TestStore` with the doubles, and the live client's error.
public struct FeatureTemplate: Sendable {
  /// The feature the files are for.
  public var name: FeatureName

  /// Creates the template for `name`.
  public init(name: FeatureName) {
    self.name = name
  }

  /// The feature's directory: `Modules/Features/NAME`.
  public var featureDirectory: String { "Modules/Features/\(name)" }
  /// The Interface target's directory.
  public var interfaceDirectory: String { "\(featureDirectory)/Interface" }
  /// The Live target's directory.
  public var liveDirectory: String { "\(featureDirectory)/Live" }
  /// The Testing target's directory.
  public var testingDirectory: String { "\(featureDirectory)/Testing" }
  /// The test target's directory: `Tests/NAMEFeatureTests`.
  public var testsDirectory: String { "Tests/\(name.testsTarget)" }

  /// The directories the scaffold creates, outermost first.
  public var directories: [String] {
    [featureDirectory, interfaceDirectory, liveDirectory, testingDirectory, testsDirectory]
  }

  /// Every file of the feature.
  public var files: [ScaffoldFile] {
    [
      ScaffoldFile(path: "\(interfaceDirectory)/\(name.reducerType).swift", contents: reducer),
      ScaffoldFile(path: "\(interfaceDirectory)/\(name.clientType).swift", contents: client),
      ScaffoldFile(
        path: "\(interfaceDirectory)/\(name.clientErrorType).swift", contents: clientError),
      ScaffoldFile(path: "\(liveDirectory)/\(name.clientType)+Live.swift", contents: liveClient),
      ScaffoldFile(
        path: "\(testingDirectory)/\(name.clientType)+Doubles.swift", contents: clientDoubles),
      ScaffoldFile(path: "\(testsDirectory)/\(name.testsTarget).swift", contents: tests),
    ]
  }

  var reducer: String {
    """
    import ComposableArchitecture

    /// The \(name) feature: loads a message from ``\(name.clientType)`` and shows it, or the error
    /// the client threw.
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
        /// The person asked for the message.
        case loadButtonTapped
        /// The client returned the message.
        case messageLoaded(String)
        /// The client threw; the payload describes the error.
        case loadFailed(String)
      }

      @Dependency(\\.\(name.clientProperty)) var \(name.clientProperty)

      /// Creates the reducer.
      public init() {}

      /// The feature's logic.
      public var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .loadButtonTapped:
            state.isLoading = true
            state.errorMessage = nil
            return .run { [\(name.clientProperty)] send in
              do {
                let message = try await \(name.clientProperty).load()
                await send(.messageLoaded(message))
              } catch {
                await send(.loadFailed(String(describing: error)))
              }
            }

          case let .messageLoaded(message):
            state.isLoading = false
            state.message = message
            return .none

          case let .loadFailed(description):
            state.isLoading = false
            state.errorMessage = description
            return .none
          }
        }
      }
    }

    """
  }

  var client: String {
    """
    import ComposableArchitecture

    /// What the \(name) feature needs from the outside world.
    ///
    /// The live value is in `\(name.liveTarget)`; named doubles are in `\(name.testingTarget)`.
    @DependencyClient
    public struct \(name.clientType): Sendable {
      /// Loads the message the feature shows.
      public var load: @Sendable () async throws -> String
    }

    extension \(name.clientType): TestDependencyKey {
      /// A client whose endpoints fail the test that calls them; tests override what they use.
      public static let testValue = \(name.clientType)()
    }

    extension DependencyValues {
      /// The \(name) feature's client.
      public var \(name.clientProperty): \(name.clientType) {
        get { self[\(name.clientType).self] }
        set { self[\(name.clientType).self] = newValue }
      }
    }

    """
  }

  var clientError: String {
    """
    /// An error of ``\(name.clientType)``.
    public enum \(name.clientErrorType): Error, Equatable, Sendable, CustomStringConvertible {
      /// The endpoint has no live implementation yet.
      case notImplemented(endpoint: String)

      /// What went wrong and where to fix it.
      public var description: String {
        switch self {
        case let .notImplemented(endpoint):
          "\\(endpoint) is not implemented yet: write its live implementation in "
            + "\(liveDirectory)/\(name.clientType)+Live.swift."
        }
      }
    }

    """
  }

  var liveClient: String {
    """
    import ComposableArchitecture
    import \(name.interfaceTarget)

    extension \(name.clientType): DependencyKey {
      /// The client the app uses. Each endpoint throws
      /// ``\(name.clientErrorType)/notImplemented(endpoint:)`` until it is written.
      public static let liveValue = \(name.clientType)(
        load: { throw \(name.clientErrorType).notImplemented(endpoint: "\(name.clientType).load") }
      )
    }

    """
  }

  var clientDoubles: String {
    """
    import ComposableArchitecture
    import \(name.interfaceTarget)

    extension \(name.clientType) {
      /// The message ``mock`` returns.
      public static let mockMessage = "Hello from \(name.clientType).mock"

      /// A client that returns ``mockMessage`` at once.
      public static let mock = \(name.clientType)(load: { mockMessage })

      /// A client whose endpoints throw
      /// ``\(name.clientErrorType)/notImplemented(endpoint:)``, like the live value today.
      public static let failing = \(name.clientType)(
        load: { throw \(name.clientErrorType).notImplemented(endpoint: "\(name.clientType).load") }
      )
    }

    """
  }

  var tests: String {
    """
    import ComposableArchitecture
    import \(name.interfaceTarget)
    import \(name.liveTarget)
    import \(name.testingTarget)
    import Testing

    @MainActor
    struct \(name.testsTarget) {
      @Test
      func loadShowsTheClientsMessage() async {
        let store = TestStore(initialState: \(name.reducerType).State()) {
          \(name.reducerType)()
        } withDependencies: {
          $0.\(name.clientProperty) = .mock
        }

        await store.send(.loadButtonTapped) {
          $0.isLoading = true
        }
        await store.receive(.messageLoaded(\(name.clientType).mockMessage)) {
          $0.isLoading = false
          $0.message = \(name.clientType).mockMessage
        }
      }

      @Test
      func loadShowsTheClientsError() async {
        let store = TestStore(initialState: \(name.reducerType).State()) {
          \(name.reducerType)()
        } withDependencies: {
          $0.\(name.clientProperty) = .failing
        }

        await store.send(.loadButtonTapped) {
          $0.isLoading = true
        }
        let error = \(name.clientErrorType).notImplemented(endpoint: "\(name.clientType).load")
        await store.receive(.loadFailed(String(describing: error))) {
          $0.isLoading = false
          $0.errorMessage = String(describing: error)
        }
      }

      @Test
      func theLiveClientSaysWhatIsNotImplemented() async {
        await #expect(
          throws: \(name.clientErrorType).notImplemented(endpoint: "\(name.clientType).load")
        ) {
          try await \(name.clientType).liveValue.load()
        }
      }
    }

    """
  }
}
