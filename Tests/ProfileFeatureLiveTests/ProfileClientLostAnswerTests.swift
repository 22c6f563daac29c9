import APIClient
import APIClientLive
import ComposableArchitecture
import LiveServerTestSupport
import ProfileFeature
import ProfileFeatureLive
import SharedModels
import Testing

/// Saves whose answer never reached the client: the server saved them, the client cannot know.
@Suite(.serialized)
struct ProfileClientLostAnswerTests {
  // The alert's Retry sends the same update again: it is already saved, not a conflict.
  @Test
  func theSameUpdateSentAgainAfterALostAnswerIsSaved() async throws {
    try await withAnUnheardSave { client, unheard in
      let saved = try await client.updateMe(unheard)
      #expect(saved.bio == "Landed unheard")
      #expect(try await APIClient.liveValue.me() == saved)
      // And the client knows the version now: the next save goes through at once.
      var next = ProfileUpdate(saved)
      next.bio = "Next"
      #expect(try await client.updateMe(next).bio == "Next")
    }
  }

  // The person edits further after the failed save: their own save is not "changed elsewhere".
  @Test
  func anotherUpdateAfterALostAnswerIsSavedOverIt() async throws {
    try await withAnUnheardSave { client, unheard in
      var update = unheard
      update.bio = "Edited since"
      let saved = try await client.updateMe(update)
      #expect(saved.bio == "Edited since")
      #expect(try await APIClient.liveValue.me() == saved)
    }
  }

  // A lost answer does not let the client overwrite a change made elsewhere after it.
  @Test
  func aChangeMadeElsewhereAfterALostAnswerIsStillAConflict() async throws {
    try await withAnUnheardSave { client, unheard in
      let other = ProfileClient.liveValue
      var elsewhere = ProfileUpdate(try await other.me())
      elsewhere.email = "elsewhere@example.com"
      let theirs = try await other.updateMe(elsewhere)
      var update = unheard
      update.bio = "Edited since"
      await #expect(throws: APIError.conflict(ProfileClient.conflictMessage)) {
        try await client.updateMe(update)
      }
      #expect(try await APIClient.liveValue.me() == theirs)
    }
  }

  // An invalid update after a lost answer is refused for what is wrong with it, not as a
  // conflict with the client's own save; the next valid one is saved.
  @Test
  func anInvalidUpdateAfterALostAnswerIsRefusedAsInvalid() async throws {
    try await withAnUnheardSave { client, unheard in
      var invalid = unheard
      invalid.email = "not an email"
      await #expect(throws: APIError.validation("Email must look like name@example.com.")) {
        try await client.updateMe(invalid)
      }
      var valid = unheard
      valid.bio = "Edited since"
      let saved = try await client.updateMe(valid)
      #expect(saved.bio == "Edited since")
    }
  }

  /// Runs `body` against a live server with a client that read the profile and saved it with
  /// the bio " Landed unheard ": the server saved it, and the client got `APIError.timedOut`
  /// in place of the answer. `body` is given the client and the update it sent.
  private func withAnUnheardSave(
    _ body: @Sendable (ProfileClient, ProfileUpdate) async throws -> Void
  ) async throws {
    try await withLiveAPI(users: 5, posts: 5) { _ in
      let losesAnswers = LockIsolated(false)
      try await withDependencies {
        $0.apiClient.updateMeIfUnchanged = { update, version in
          let saved = try await APIClient.liveValue.updateMeIfUnchanged(update, version)
          if losesAnswers.value { throw APIError.timedOut }
          return saved
        }
      } operation: {
        let client = ProfileClient.liveValue
        var unheard = ProfileUpdate(try await client.me())
        unheard.bio = " Landed unheard "
        losesAnswers.setValue(true)
        await #expect(throws: APIError.timedOut) { try await client.updateMe(unheard) }
        losesAnswers.setValue(false)
        try await body(client, unheard)
      }
    }
  }
}
