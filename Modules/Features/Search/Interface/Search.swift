import ComposableArchitecture

/// The Search feature: loads a message from ``SearchClient`` and shows it, or the error
/// the client threw.
@Reducer
public struct Search {
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

  @Dependency(\.searchClient) var searchClient

  /// Creates the reducer.
  public init() {}

  /// The feature's logic.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loadButtonTapped:
        state.isLoading = true
        state.errorMessage = nil
        return .run { [searchClient] send in
          do {
            let message = try await searchClient.load()
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
