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
  /// Each client remembers the version of the profile it last read or saved (the server's
  /// `ETag`), and an update replaces that version only (`If-Match`): a profile changed
  /// elsewhere since (another app on the same server) is not overwritten unseen but refused
  /// with ``conflictMessage`` (`APIError.conflict`). The server checks the version in the
  /// transaction that writes, so two saves at once cannot both land. The client then
  /// remembers the version it found, so the same update sent again (the alert's Retry)
  /// replaces it knowingly. A save before any read, or to a server that names no versions,
  /// replaces whatever version is there (`If-Match: *`).
  public static var liveValue: ProfileClient {
    let lastSeen = LockIsolated<String?>(nil)
    return ProfileClient(
      me: {
        @Dependency(\.apiClient) var apiClient
        let read = try await apiClient.versionedMe()
        lastSeen.setValue(strong(read.version))
        return read.value
      },
      updateMe: { update in
        @Dependency(\.apiClient) var apiClient
        do {
          // `*` (any version) when this client has seen none, or the server names none.
          let saved = try await apiClient.updateMeIfUnchanged(update, lastSeen.value ?? "*")
          lastSeen.setValue(strong(saved.version))
          return saved.value
        } catch APIError.conflict {
          let current = try await apiClient.versionedMe()
          lastSeen.setValue(strong(current.version))
          throw APIError.conflict(conflictMessage)
        }
      }
    )
  }

  /// `version` when it is a strong entity tag; `nil` for a weak one (`W/"…"`, as a proxy that
  /// compresses answers makes of it), which `If-Match` never matches.
  private static func strong(_ version: String?) -> String? {
    version.flatMap { $0.hasPrefix("W/") ? nil : $0 }
  }

  /// Why an update of a profile changed elsewhere since this client read it was refused.
  public static let conflictMessage =
    "Your profile was changed elsewhere since it was shown here. Retry saves your edits over it."
}
