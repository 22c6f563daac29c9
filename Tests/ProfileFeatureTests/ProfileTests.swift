import APIClient
import ComposableArchitecture
import FeatureTestSupport
import ProfileFeature
import ProfileFeatureTesting
import SharedModels
import SharedModelsTesting
import Testing

@MainActor
struct ProfileTests {
  /// Alice's profile, loaded.
  private let alice = UserProfile.fixture

  /// `alice` with other editable fields.
  private func alice(displayName: String? = nil, bio: String? = nil, email: String? = nil)
    -> UserProfile
  {
    var profile = alice
    profile.displayName = displayName ?? profile.displayName
    profile.bio = bio ?? profile.bio
    profile.email = email ?? profile.email
    return profile
  }

  @Test
  func appearingLoadsTheProfileIntoTheDraft() async {
    let store = TestStore(initialState: Profile.State()) {
      Profile()
    } withDependencies: {
      $0.profileClient = .mock
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.profileLoaded(alice)) {
      $0.isLoading = false
      $0.profile = self.alice
      $0.draft = ProfileUpdate(self.alice)
    }
    #expect(!store.state.hasUnsavedChanges)
    #expect(store.state.validationError == nil)

    // Loaded: appearing again does nothing.
    await store.send(.onAppear)
    await store.finish()
  }

  @Test
  func appearingWhileLoadingDoesNotLoadTwice() async {
    let store = TestStore(initialState: Profile.State()) {
      Profile()
    } withDependencies: {
      $0.profileClient = .never
    }

    let task = await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.send(.onAppear)
    await task.cancel()
    await store.finish()
  }

  @Test
  func aFailedLoadShowsAnAlertAndRetryLoadsAgain() async {
    let attempts = LockIsolated(0)
    let store = TestStore(initialState: Profile.State()) {
      Profile()
    } withDependencies: {
      $0.profileClient.me = {
        let attempt = attempts.withValue {
          $0 += 1
          return $0
        }
        if attempt == 1 { throw APIError.transport("refused") }
        return .fixture
      }
    }

    let message = APIError.transport("refused").message
    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.profileFailed(message)) {
      $0.isLoading = false
      $0.failedRequest = .load
      $0.errorMessage = message
      $0.alert = Profile.failureAlert(.load, message: message)
    }
    await store.send(.alert(.presented(.retry))) {
      $0.alert = nil
      $0.failedRequest = nil
      $0.errorMessage = nil
      $0.isLoading = true
    }
    await store.receive(.profileLoaded(alice)) {
      $0.isLoading = false
      $0.profile = self.alice
      $0.draft = ProfileUpdate(self.alice)
    }
    await store.finish()
  }

  @Test
  func theLoadAlertNamesTheFailureAndOffersRetryAndCancel() {
    let alert = Profile.failureAlert(.load, message: "Can't reach the server.")
    #expect(alert.title == TextState("Couldn't load your profile"))
    #expect(alert.message == TextState("Can't reach the server."))
    #expect(alert.buttons.map(\.label) == [TextState("Retry"), TextState("Cancel")])
    #expect(alert.buttons.map(\.action.action) == [.retry, nil])
    #expect(alert.buttons.map(\.role) == [nil, .cancel])
    #expect(
      Profile.failureAlert(.save, message: "x").title == TextState("Couldn't save your profile"))
  }

  @Test
  func editingTheDraftValidatesItAsTheServerDoes() async {
    let store = TestStore(initialState: Profile.State(profile: alice)) {
      Profile()
    }

    await store.send(.binding(.set(\.draft.displayName, "   "))) {
      $0.draft.displayName = "   "
    }
    #expect(store.state.hasUnsavedChanges)
    #expect(
      store.state.validationError
        == ProfileValidationError(field: "displayName", message: "Display name cannot be empty."))
    #expect(!store.state.canSave)

    await store.send(.binding(.set(\.draft.displayName, "Alice"))) {
      $0.draft.displayName = "Alice"
    }
    #expect(store.state.validationError == nil)
    #expect(store.state.canSave)

    await store.send(.binding(.set(\.draft.bio, String(repeating: "a", count: 161)))) {
      $0.draft.bio = String(repeating: "a", count: 161)
    }
    #expect(store.state.validationError?.field == "bio")
    #expect(store.state.validationError?.message == "Bio can be at most 160 characters.")

    // A huge paste stops at the field's capacity; what is kept is reported as too long.
    await store.send(.binding(.set(\.draft.bio, String(repeating: "b", count: 100_000)))) {
      $0.draft.bio = String(repeating: "b", count: Profile.fieldCapacity)
    }
    #expect(store.state.validationError?.field == "bio")

    await store.send(.binding(.set(\.draft.bio, ""))) {
      $0.draft.bio = ""
    }
    await store.send(.binding(.set(\.draft.email, "alice at example"))) {
      $0.draft.email = "alice at example"
    }
    #expect(
      store.state.validationError
        == ProfileValidationError(field: "email", message: "Email must look like name@example.com.")
    )
    // A well-formed address over the limit is refused for its length, not its form.
    let long = String(repeating: "a", count: ProfileRules.emailMaxLength - 11) + "@example.com"
    await store.send(.binding(.set(\.draft.email, long))) {
      $0.draft.email = long
    }
    #expect(
      store.state.validationError
        == ProfileValidationError(field: "email", message: "Email can be at most 254 characters.")
    )

    // Back to the saved values: nothing unsaved.
    await store.send(.binding(.set(\.draft, ProfileUpdate(alice)))) {
      $0.draft = ProfileUpdate(self.alice)
    }
    #expect(!store.state.hasUnsavedChanges)
    await store.finish()
  }

  @Test
  func anInvalidDraftIsNotSaved() async {
    var state = Profile.State(profile: alice)
    state.draft.email = "nope"
    let store = TestStore(initialState: state) {
      Profile()
    }

    // The profile client is unimplemented: a request would fail the test.
    await store.send(.saveButtonTapped)
    await store.finish()
  }

  @Test
  func savingWithoutChangesSendsNothing() async {
    let store = TestStore(initialState: Profile.State(profile: alice)) {
      Profile()
    }
    await store.send(.saveButtonTapped)
    await store.finish()
  }

  @Test
  func savingShowsTheTrimmedDraftAtOnceThenTheServersProfile() async {
    let gate = Gate()
    let sent = LockIsolated<[ProfileUpdate]>([])
    let store = TestStore(initialState: Profile.State(profile: alice)) {
      Profile()
    } withDependencies: {
      $0.profileClient.updateMe = { update in
        sent.withValue { $0.append(update) }
        try await gate.wait()
        var saved = UserProfile.fixture
        saved.displayName = update.displayName
        saved.bio = update.bio
        saved.email = update.email
        return saved
      }
    }

    await store.send(.binding(.set(\.draft.displayName, "  Alice L.  "))) {
      $0.draft.displayName = "  Alice L.  "
    }
    let saved = alice(displayName: "Alice L.")
    await store.send(.saveButtonTapped) {
      $0.profileBeforeSave = self.alice
      $0.profile = saved
      $0.draft = ProfileUpdate(saved)
    }
    #expect(store.state.isSaving)
    #expect(!store.state.hasUnsavedChanges)

    // A second save while one is in flight sends nothing.
    await store.send(.binding(.set(\.draft.bio, "New bio"))) {
      $0.draft.bio = "New bio"
    }
    await store.send(.saveButtonTapped)

    gate.open()
    await store.receive(.profileSaved(saved)) {
      $0.profileBeforeSave = nil
    }
    await store.receive(.delegate(.saved(saved)))
    // What was typed during the save is kept, still unsaved.
    #expect(store.state.draft.bio == "New bio")
    #expect(store.state.hasUnsavedChanges)
    #expect(sent.value == [ProfileUpdate(saved)])
    await store.finish()
  }

  @Test
  func theServersVersionReplacesTheDraftWhenNothingWasTypedMeanwhile() async {
    // The server may store the fields differently from the draft (here it lowercases the email).
    let store = TestStore(initialState: Profile.State(profile: alice)) {
      Profile()
    } withDependencies: {
      $0.profileClient.updateMe = { update in
        var saved = UserProfile.fixture
        saved.email = update.email.lowercased()
        return saved
      }
    }

    await store.send(.binding(.set(\.draft.email, "ALICE@example.com"))) {
      $0.draft.email = "ALICE@example.com"
    }
    await store.send(.saveButtonTapped) {
      $0.profileBeforeSave = self.alice
      $0.profile = self.alice(email: "ALICE@example.com")
    }
    await store.receive(.profileSaved(alice(email: "alice@example.com"))) {
      $0.profileBeforeSave = nil
      $0.profile = self.alice(email: "alice@example.com")
      $0.draft.email = "alice@example.com"
    }
    await store.receive(.delegate(.saved(alice(email: "alice@example.com"))))
    await store.finish()
  }

  @Test
  func aRefusedSaveRollsBackKeepsTheDraftAndRetrySavesAgain() async {
    let attempts = LockIsolated(0)
    let store = TestStore(initialState: Profile.State(profile: alice)) {
      Profile()
    } withDependencies: {
      $0.profileClient.updateMe = { update in
        let attempt = attempts.withValue {
          $0 += 1
          return $0
        }
        if attempt == 1 { throw APIError.validation("Email is already taken.") }
        var saved = UserProfile.fixture
        saved.email = update.email
        return saved
      }
    }

    await store.send(.binding(.set(\.draft.email, "alice@wonderland.example"))) {
      $0.draft.email = "alice@wonderland.example"
    }
    let saved = alice(email: "alice@wonderland.example")
    await store.send(.saveButtonTapped) {
      $0.profileBeforeSave = self.alice
      $0.profile = saved
    }
    await store.receive(.saveFailed("Email is already taken.")) {
      $0.profile = self.alice
      $0.profileBeforeSave = nil
      $0.failedRequest = .save
      $0.errorMessage = "Email is already taken."
      $0.alert = Profile.failureAlert(.save, message: "Email is already taken.")
    }
    #expect(store.state.draft.email == "alice@wonderland.example")
    #expect(store.state.hasUnsavedChanges)

    await store.send(.retry) {
      $0.alert = nil
      $0.failedRequest = nil
      $0.errorMessage = nil
      $0.profileBeforeSave = self.alice
      $0.profile = saved
    }
    await store.receive(.profileSaved(saved)) {
      $0.profileBeforeSave = nil
    }
    await store.receive(.delegate(.saved(saved)))
    await store.finish()
  }

  @Test
  func cancellingTheSaveAlertKeepsTheDraft() async {
    let store = TestStore(initialState: Profile.State(profile: alice)) {
      Profile()
    } withDependencies: {
      $0.profileClient = .refusingUpdates(APIError.server(status: 503))
    }

    await store.send(.binding(.set(\.draft.bio, "Down the rabbit hole."))) {
      $0.draft.bio = "Down the rabbit hole."
    }
    await store.send(.saveButtonTapped) {
      $0.profileBeforeSave = self.alice
      $0.profile = self.alice(bio: "Down the rabbit hole.")
    }
    let message = APIError.server(status: 503).message
    await store.receive(.saveFailed(message)) {
      $0.profile = self.alice
      $0.profileBeforeSave = nil
      $0.failedRequest = .save
      $0.errorMessage = message
      $0.alert = Profile.failureAlert(.save, message: message)
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
    #expect(store.state.draft.bio == "Down the rabbit hole.")
    await store.finish()
  }

  @Test
  func theFocusAndTheBoxesSelectedButtonsMoveThroughBindingsAndResetWhenABoxIsShown() async {
    let store = TestStore(
      initialState: Profile.State(profile: alice, alertSelection: 1, confirmationDialogSelection: 0)
    ) {
      Profile()
    } withDependencies: {
      $0.profileClient = .refusingUpdates(APIError.transport("refused"))
    }

    await store.send(.binding(.set(\.focusedField, .email))) {
      $0.focusedField = .email
    }
    await store.send(.binding(.set(\.draft.email, "alice@example.org"))) {
      $0.draft.email = "alice@example.org"
    }
    await store.send(.leaveRequested) {
      $0.confirmationDialog = Profile.unsavedChangesDialog(canSave: true)
      $0.confirmationDialogSelection = nil
    }
    await store.send(.binding(.set(\.confirmationDialogSelection, 1))) {
      $0.confirmationDialogSelection = 1
    }
    await store.send(.confirmationDialog(.dismiss)) {
      $0.confirmationDialog = nil
    }
    var saved = alice
    saved.email = "alice@example.org"
    await store.send(.saveButtonTapped) {
      $0.profile = saved
      $0.profileBeforeSave = self.alice
    }
    let message = APIError.transport("refused").message
    await store.receive(.saveFailed(message)) {
      $0.profile = self.alice
      $0.profileBeforeSave = nil
      $0.failedRequest = .save
      $0.errorMessage = message
      $0.alert = Profile.failureAlert(.save, message: message)
      $0.alertSelection = 0
    }
  }

  @Test
  func editingAtTheCursorChangesTheFocusedFieldAndAnotherFieldStartsAtItsEnd() async {
    let store = TestStore(initialState: Profile.State(profile: alice, focusedField: .bio)) {
      Profile()
    }
    let bio = alice.bio

    // The cursor moves to the start, then a character goes in there.
    await store.send(.fieldEdited(bio, cursor: 0)) {
      $0.cursor = 0
    }
    await store.send(.fieldEdited("¡" + bio, cursor: 1)) {
      $0.draft.bio = "¡" + bio
      $0.cursor = 1
    }
    // A paste at the cursor stops at the field's capacity, and the cursor at the end.
    let paste = String(repeating: "x", count: Profile.fieldCapacity)
    await store.send(.fieldEdited("¡" + paste + bio, cursor: Profile.fieldCapacity + 1)) {
      $0.draft.bio = "¡" + String(paste.dropLast())
      $0.cursor = nil
    }
    await store.send(.fieldEdited(alice.bio, cursor: 2)) {
      $0.draft.bio = self.alice.bio
      $0.cursor = 2
    }
    await store.send(.binding(.set(\.focusedField, .email))) {
      $0.focusedField = .email
      $0.cursor = nil
    }
  }

  @Test
  func leavingWithoutChangesLeavesAtOnce() async {
    let store = TestStore(initialState: Profile.State(profile: alice)) {
      Profile()
    }
    await store.send(.leaveRequested)
    await store.receive(.delegate(.leaveConfirmed))
    await store.finish()
  }

  @Test
  func leavingWithChangesAsksAndDiscardingResetsTheDraftAndLeaves() async {
    var state = Profile.State(profile: alice)
    state.draft.bio = "Unsaved"
    let store = TestStore(initialState: state) {
      Profile()
    }

    await store.send(.leaveRequested) {
      $0.confirmationDialog = Profile.unsavedChangesDialog(canSave: true)
    }
    await store.send(.confirmationDialog(.presented(.discardChanges))) {
      $0.confirmationDialog = nil
      $0.draft = ProfileUpdate(self.alice)
    }
    await store.receive(.delegate(.leaveConfirmed))
    await store.finish()
  }

  @Test
  func keepEditingClosesTheDialogAndStays() async {
    var state = Profile.State(profile: alice)
    state.draft.bio = "Unsaved"
    let store = TestStore(initialState: state) {
      Profile()
    }

    await store.send(.leaveRequested) {
      $0.confirmationDialog = Profile.unsavedChangesDialog(canSave: true)
    }
    await store.send(.confirmationDialog(.dismiss)) {
      $0.confirmationDialog = nil
    }
    #expect(store.state.draft.bio == "Unsaved")
    await store.finish()
  }

  @Test
  func theDialogOffersSaveOnlyForAValidDraft() async {
    var state = Profile.State(profile: alice)
    state.draft.email = "invalid"
    let store = TestStore(initialState: state) {
      Profile()
    }

    await store.send(.leaveRequested) {
      $0.confirmationDialog = Profile.unsavedChangesDialog(canSave: false)
    }
    let dialog = Profile.unsavedChangesDialog(canSave: false)
    #expect(dialog.title == TextState("You have unsaved changes"))
    #expect(
      dialog.buttons.map(\.label) == [TextState("Discard changes"), TextState("Keep editing")])
    #expect(dialog.buttons.map(\.role) == [.destructive, .cancel])
    #expect(
      Profile.unsavedChangesDialog(canSave: true).buttons.map(\.label)
        == [TextState("Discard changes"), TextState("Save"), TextState("Keep editing")])
    await store.finish()
  }

  @Test
  func savingFromTheDialogLeavesOnceSaved() async {
    var state = Profile.State(profile: alice)
    state.draft.bio = "Saved on the way out"
    let store = TestStore(initialState: state) {
      Profile()
    } withDependencies: {
      $0.profileClient = .mock
    }

    let saved = alice(bio: "Saved on the way out")
    await store.send(.leaveRequested) {
      $0.confirmationDialog = Profile.unsavedChangesDialog(canSave: true)
    }
    await store.send(.confirmationDialog(.presented(.save))) {
      $0.confirmationDialog = nil
      $0.leavesAfterSave = true
      $0.profileBeforeSave = self.alice
      $0.profile = saved
    }
    await store.receive(.profileSaved(saved)) {
      $0.profileBeforeSave = nil
      $0.leavesAfterSave = false
    }
    await store.receive(.delegate(.saved(saved)))
    await store.receive(.delegate(.leaveConfirmed))
    await store.finish()
  }

  @Test
  func aRefusedSaveFromTheDialogStays() async {
    var state = Profile.State(profile: alice)
    state.draft.bio = "Refused"
    let store = TestStore(initialState: state) {
      Profile()
    } withDependencies: {
      $0.profileClient = .refusingUpdates(APIError.validation("Bio is not allowed."))
    }

    await store.send(.leaveRequested) {
      $0.confirmationDialog = Profile.unsavedChangesDialog(canSave: true)
    }
    await store.send(.confirmationDialog(.presented(.save))) {
      $0.confirmationDialog = nil
      $0.leavesAfterSave = true
      $0.profileBeforeSave = self.alice
      $0.profile = self.alice(bio: "Refused")
    }
    await store.receive(.saveFailed("Bio is not allowed.")) {
      $0.profile = self.alice
      $0.profileBeforeSave = nil
      $0.leavesAfterSave = false
      $0.failedRequest = .save
      $0.errorMessage = "Bio is not allowed."
      $0.alert = Profile.failureAlert(.save, message: "Bio is not allowed.")
    }
    #expect(store.state.draft.bio == "Refused")
    await store.finish()
  }

  @Test
  func leavingWhileASaveIsInFlightWaitsForIt() async {
    let gate = Gate()
    var state = Profile.State(profile: alice)
    state.draft.bio = "In flight"
    let store = TestStore(initialState: state) {
      Profile()
    } withDependencies: {
      $0.profileClient.updateMe = { update in
        try await gate.wait()
        var saved = UserProfile.fixture
        saved.bio = update.bio
        return saved
      }
    }

    let saved = alice(bio: "In flight")
    await store.send(.saveButtonTapped) {
      $0.profileBeforeSave = self.alice
      $0.profile = saved
    }
    await store.send(.leaveRequested) {
      $0.leavesAfterSave = true
    }
    gate.open()
    await store.receive(.profileSaved(saved)) {
      $0.profileBeforeSave = nil
      $0.leavesAfterSave = false
    }
    await store.receive(.delegate(.saved(saved)))
    await store.receive(.delegate(.leaveConfirmed))
    await store.finish()
  }

  @Test
  func theSlowDoubleAnswersLikeTheMockAfterItsDelay() async throws {
    let client = ProfileClient.slow(.seconds(1), clock: ImmediateClock())
    #expect(try await client.me() == .fixture)
    let saved = try await client.updateMe(
      ProfileUpdate(displayName: "Alice", bio: "", email: "alice@example.com"))
    #expect(saved.displayName == "Alice")
  }

  @Test
  func thePreviewClientValidatesLikeTheServer() async throws {
    let profile = try await ProfileClient.previewValue.me()
    #expect(profile.handle == "alice")
    await #expect(throws: ProfileValidationError.self) {
      try await ProfileClient.previewValue.updateMe(
        ProfileUpdate(displayName: "", bio: "", email: "a@b.c"))
    }
  }

  @Test
  func theMockKeepsWhatItSaves() async throws {
    let client = ProfileClient.mock
    let saved = try await client.updateMe(
      ProfileUpdate(displayName: " Al ", bio: "", email: "al@example.com"))
    #expect(saved.displayName == "Al")
    #expect(try await client.me() == saved)
  }
}
