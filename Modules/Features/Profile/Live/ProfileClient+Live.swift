import APIClient
import ComposableArchitecture
import ProfileFeature
import SharedModels

extension ProfileClient: DependencyKey {
  /// The client the app uses: `GET /me` and `PUT /me` through the `apiClient` dependency, read
  /// at each call so the app's `apiClient` and `apiConfiguration` apply. Errors are the API's
  /// (`APIError`), unchanged: a refused update is `APIError.validation` with the server's
  /// message.
  ///
  /// Each client remembers the profile it last read or saved, and an update first checks that
  /// the server still has it: a profile changed elsewhere since (another app on the same
  /// server) is not overwritten unseen but refused with ``conflictMessage``
  /// (`APIError.conflict`). The client then remembers the profile it found, so the same update
  /// sent again (the alert's Retry) replaces it knowingly.
  public static var liveValue: ProfileClient {
    let lastSeen = LockIsolated<UserProfile?>(nil)
    return ProfileClient(
      me: {
        @Dependency(\.apiClient) var apiClient
        let profile = try await apiClient.me()
        lastSeen.setValue(profile)
        return profile
      },
      updateMe: { update in
        @Dependency(\.apiClient) var apiClient
        if let seen = lastSeen.value {
          let current = try await apiClient.me()
          guard current == seen else {
            lastSeen.setValue(current)
            throw APIError.conflict(conflictMessage)
          }
        }
        let saved = try await apiClient.updateMe(update)
        lastSeen.setValue(saved)
        return saved
      }
    )
  }

  /// Why an update of a profile changed elsewhere since this client read it was refused.
  public static let conflictMessage =
    "Your profile was changed elsewhere since it was shown here. Retry saves your edits over it."
}
