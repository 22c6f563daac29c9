import ComposableArchitecture

/// What the Search feature needs from the outside world.
///
/// The live value is in `SearchFeatureLive`; named doubles are in `SearchFeatureTesting`.
@DependencyClient
public struct SearchClient: Sendable {
  /// Loads the message the feature shows.
  public var load: @Sendable () async throws -> String
}

extension SearchClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = SearchClient()
}

extension DependencyValues {
  /// The Search feature's client.
  public var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}
