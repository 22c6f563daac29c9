import ComposableArchitecture
import SharedModels

/// What the Profile feature needs from the outside world: the signed-in user's profile.
///
/// The live value (in `ProfileFeatureLive`) calls `GET /me` and `PUT /me` through the
/// `apiClient` dependency; named doubles are in `ProfileFeatureTesting`.
@DependencyClient
public struct ProfileClient: Sendable {
  /// The signed-in user's profile.
  public var me: @Sendable () async throws -> UserProfile
  /// Saves the editable fields and returns the profile as saved (fields trimmed); throws
  /// when the server refuses them.
  public var updateMe: @Sendable (_ update: ProfileUpdate) async throws -> UserProfile
}

extension ProfileClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = ProfileClient()

  /// Alice's profile (``SharedModels/UserProfile/alice``); saving validates the update as the
  /// server does and returns it saved, without keeping it.
  public static let previewValue = ProfileClient(
    me: { .alice },
    updateMe: { update in
      let valid = try update.validated()
      var profile = UserProfile.alice
      profile.displayName = valid.displayName
      profile.bio = valid.bio
      profile.email = valid.email
      return profile
    }
  )
}

extension DependencyValues {
  /// The Profile feature's client.
  public var profileClient: ProfileClient {
    get { self[ProfileClient.self] }
    set { self[ProfileClient.self] = newValue }
  }
}
