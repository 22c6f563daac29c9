import ComposableArchitecture

/// What the Profile feature needs from the outside world.
///
/// The live value is in `ProfileFeatureLive`; named doubles are in `ProfileFeatureTesting`.
@DependencyClient
public struct ProfileClient: Sendable {
  /// Loads the message the feature shows.
  public var load: @Sendable () async throws -> String
}

extension ProfileClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = ProfileClient()
}

extension DependencyValues {
  /// The Profile feature's client.
  public var profileClient: ProfileClient {
    get { self[ProfileClient.self] }
    set { self[ProfileClient.self] = newValue }
  }
}
