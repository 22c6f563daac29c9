import ComposableArchitecture

/// What the UserList feature needs from the outside world.
///
/// The live value is in `UserListFeatureLive`; named doubles are in `UserListFeatureTesting`.
@DependencyClient
public struct UserListClient: Sendable {
  /// Loads the message the feature shows.
  public var load: @Sendable () async throws -> String
}

extension UserListClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = UserListClient()
}

extension DependencyValues {
  /// The UserList feature's client.
  public var userListClient: UserListClient {
    get { self[UserListClient.self] }
    set { self[UserListClient.self] = newValue }
  }
}
