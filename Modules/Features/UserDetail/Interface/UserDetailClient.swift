import ComposableArchitecture

/// What the UserDetail feature needs from the outside world.
///
/// The live value is in `UserDetailFeatureLive`; named doubles are in `UserDetailFeatureTesting`.
@DependencyClient
public struct UserDetailClient: Sendable {
  /// Loads the message the feature shows.
  public var load: @Sendable () async throws -> String
}

extension UserDetailClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = UserDetailClient()
}

extension DependencyValues {
  /// The UserDetail feature's client.
  public var userDetailClient: UserDetailClient {
    get { self[UserDetailClient.self] }
    set { self[UserDetailClient.self] = newValue }
  }
}
