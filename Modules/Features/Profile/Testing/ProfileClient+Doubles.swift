import ComposableArchitecture
import ProfileFeature
import SharedModels
import SharedModelsTesting

extension ProfileClient {
  /// A client over ``UserProfile/fixture`` (Alice) that keeps what it saves, like the
  /// server: updates are trimmed and validated, and an invalid one throws its
  /// `ProfileValidationError`.
  public static var mock: ProfileClient { .mock(.fixture) }

  /// A client over `profile` that keeps what it saves, like the server: updates are trimmed and
  /// validated, and an invalid one throws its `ProfileValidationError`.
  public static func mock(_ profile: UserProfile) -> ProfileClient {
    let stored = LockIsolated(profile)
    return ProfileClient(
      me: { stored.value },
      updateMe: { update in
        let valid = try update.validated()
        return stored.withValue { profile in
          profile.displayName = valid.displayName
          profile.bio = valid.bio
          profile.email = valid.email
          return profile
        }
      }
    )
  }

  /// A client whose every call throws `error`.
  public static func failing(_ error: any Error) -> ProfileClient {
    ProfileClient(me: { throw error }, updateMe: { _ in throw error })
  }

  /// A client that loads ``UserProfile/fixture`` but refuses every update with
  /// `error`, as the server refuses an invalid one.
  public static func refusingUpdates(_ error: any Error) -> ProfileClient {
    ProfileClient(me: { .fixture }, updateMe: { _ in throw error })
  }

  /// A client whose calls never finish: they suspend until cancelled, then throw
  /// `CancellationError`.
  public static let never = ProfileClient(
    me: { try await Task.never() },
    updateMe: { _ in try await Task.never() }
  )

  /// ``mock``, answering each call after `duration` on `clock` (a `TestClock` in tests), to
  /// show the loading and saving states.
  public static func slow(_ duration: Duration, clock: any Clock<Duration>) -> ProfileClient {
    let mock = ProfileClient.mock
    return ProfileClient(
      me: {
        try await clock.sleep(for: duration)
        return try await mock.me()
      },
      updateMe: { update in
        try await clock.sleep(for: duration)
        return try await mock.updateMe(update)
      }
    )
  }
}
