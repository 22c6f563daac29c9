import ComposableArchitecture

/// What the Home feature needs from the outside world.
///
/// The live value is in `HomeFeatureLive`; named doubles are in `HomeFeatureTesting`.
@DependencyClient
public struct HomeClient: Sendable {
  /// Loads the message the feature shows.
  public var load: @Sendable () async throws -> String
}

extension HomeClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = HomeClient()
}

extension DependencyValues {
  /// The Home feature's client.
  public var homeClient: HomeClient {
    get { self[HomeClient.self] }
    set { self[HomeClient.self] = newValue }
  }
}
