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
  ///
  /// A save whose answer never came (the connection dropped, or it timed out) may have landed.
  /// The client keeps it until the next answer, so that its own save is not taken for a change
  /// made elsewhere: when the version found holds what this client tried to save (or what it
  /// is saving now), the update is saved over it, or is already there, instead of refused.
  public static var liveValue: ProfileClient {
    let memory = LockIsolated(Memory())
    return ProfileClient(
      me: {
        @Dependency(\.apiClient) var apiClient
        let read = try await apiClient.versionedMe()
        memory.withValue { $0.lastSeen = strong(read.version) }
        return read.value
      },
      updateMe: { update in
        @Dependency(\.apiClient) var apiClient
        return try await save(update, with: apiClient, memory: memory)
      }
    )
  }

  /// What a live client remembers between calls.
  private struct Memory: Sendable {
    /// The version of the profile last read or saved: the one an update may replace.
    var lastSeen: String?
    /// The last update sent whose answer never came: the server may hold it.
    var unanswered: ProfileUpdate?
  }

  /// Sends `update` over the version last seen. On a conflict it reads the version there: one
  /// that already holds `update` is returned as saved, one that holds this client's own
  /// unanswered save gets `update` sent over it, and any other is refused.
  private static func save(
    _ update: ProfileUpdate, with apiClient: APIClient, memory: LockIsolated<Memory>
  ) async throws -> UserProfile {
    do {
      return try await put(update, with: apiClient, memory: memory)
    } catch APIError.conflict {
      let current = try await apiClient.versionedMe()
      let found = ProfileUpdate(current.value)
      let lost = memory.withValue { memory in
        memory.lastSeen = strong(current.version)
        defer { memory.unanswered = nil }
        return memory.unanswered
      }
      if found == (try? update.validated()) { return current.value }
      guard let lost, found == (try? lost.validated()) else {
        throw APIError.conflict(conflictMessage)
      }
      do {
        return try await put(update, with: apiClient, memory: memory)
      } catch APIError.conflict {
        throw APIError.conflict(conflictMessage)
      }
    }
  }

  /// One `PUT /me` over the version last seen (`*` when this client has seen none, or the
  /// server names none), remembering the version saved, or the update when no answer came. A
  /// refusal changes nothing remembered: it says nothing of an earlier unanswered save.
  private static func put(
    _ update: ProfileUpdate, with apiClient: APIClient, memory: LockIsolated<Memory>
  ) async throws -> UserProfile {
    do {
      let saved = try await apiClient.updateMeIfUnchanged(update, memory.lastSeen ?? "*")
      memory.withValue { ($0.lastSeen, $0.unanswered) = (strong(saved.version), nil) }
      return saved.value
    } catch let error as APIError where error.isAnswerFromTheServer {
      throw error
    } catch {
      memory.withValue { $0.unanswered = update }
      throw error
    }
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

extension APIError {
  /// Whether the server answered that it did not save: a refusal or its own failure. After any
  /// other error (no answer, or one that could not be read) the update may have been saved.
  fileprivate var isAnswerFromTheServer: Bool {
    switch self {
    case .notFound, .badRequest, .validation, .conflict, .server: true
    case .decoding, .transport, .timedOut, .cancelled: false
    }
  }
}
