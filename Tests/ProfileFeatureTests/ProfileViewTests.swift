import ComposableArchitecture
import InlineSnapshotTesting
import ProfileFeature
import SharedModels
import SharedModelsTesting
import TerminalUI
import Testing

@MainActor
struct ProfileViewTests {
  /// Alice's profile, loaded.
  private let alice = UserProfile.fixture

  /// The frame of `state` as text, each line between bars so its width shows.
  private func frame(
    _ state: Profile.State, width: Int = 60, height: Int = 8, tick: Int = 0
  ) -> String {
    ProfileView(state: state)
      .screen(in: RenderContext(width: width, height: height, theme: .monochrome, tick: tick))
      .framedText
  }

  @Test
  func loadingShowsASpinner() {
    assertInlineSnapshot(of: frame(Profile.State(isLoading: true), height: 3, tick: 4), as: .lines)
    {
      """
      |Profile                                                     |
      |  ⠼ Loading your profile…                                   |
      |                                                            |
      """
    }
  }

  @Test
  func aFailedLoadShowsTheErrorAndHowToRetry() {
    let state = Profile.State(
      failedRequest: .load, errorMessage: "The server could not be reached.")
    assertInlineSnapshot(of: frame(state, height: 4), as: .lines) {
      """
      |Profile                                                     |
      |  Couldn't load your profile: The server could not be       |
      |  reached.                                                  |
      |  r retry                                                   |
      """
    }
    #expect(ProfileView(state: state).action(for: .character("r")) == .retry)
    #expect(ProfileView(state: state).action(for: .character("x")) == nil)
  }

  @Test
  func aSavedProfileShowsTheFormWithTheCursorInTheFocusedField() {
    let state = Profile.State(profile: alice, focusedField: .bio)
    assertInlineSnapshot(of: frame(state, height: 6), as: .lines) {
      """
      |Profile · @alice · saved                                    |
      |                                                            |
      |  Display name  Alice Liddell                               |
      |› Bio           Curiouser and curiouser.                    |
      |  Email         alice@example.com                           |
      |                                                            |
      """
    }
  }

  @Test
  func theCursorIsACellInTheCursorStyleAtTheEndOfTheFocusedField() {
    let theme = Theme.dark
    let screen = ProfileView(state: Profile.State(profile: alice)).screen(
      in: RenderContext(width: 60, height: 6, theme: theme))
    let cursors = screen.lines.map { $0.spans.filter { $0.style == theme.cursor } }
    #expect(cursors[2].map(\.text) == [" "])
    #expect(cursors[3].isEmpty && cursors[4].isEmpty)
    #expect(screen.lines[2].plainText.hasPrefix("› Display name  Alice Liddell "))
  }

  @Test
  func anUnsavedInvalidDraftShowsTheMessageUnderItsField() {
    var state = Profile.State(profile: alice, focusedField: .email)
    state.draft.email = "alice@"
    state.draft.displayName = "Zoë Ångström ☕️ 山田 花子"
    assertInlineSnapshot(of: frame(state, height: 7), as: .lines) {
      """
      |Profile · @alice · unsaved changes                          |
      |                                                            |
      |  Display name  Zoë Ångström ☕️ 山田 花子                   |
      |  Bio           Curiouser and curiouser.                    |
      |› Email         alice@                                      |
      |                Email must look like name@example.com.      |
      |                                                            |
      """
    }
    let theme = Theme.dark
    let screen = ProfileView(state: state).screen(
      in: RenderContext(width: 60, height: 7, theme: theme))
    #expect(screen.lines[5].spans.contains { $0.style == theme.error })
    #expect(screen.lines[0].spans.contains { $0.style == theme.warning })
  }

  @Test
  func anEmptyFocusedFieldShowsItsPlaceholderBehindTheCursor() {
    var state = Profile.State(profile: alice)
    state.draft.displayName = ""
    assertInlineSnapshot(of: frame(state, width: 50, height: 6), as: .lines) {
      """
      |Profile · @alice · unsaved changes                |
      |                                                  |
      |› Display name  Your name                         |
      |                Display name cannot be empty.     |
      |  Bio           Curiouser and curiouser.          |
      |  Email         alice@example.com                 |
      """
    }
  }

  @Test
  func aLongFieldScrollsToKeepTheCursorVisibleInANarrowFrame() {
    var state = Profile.State(profile: alice, focusedField: .bio)
    state.draft.bio = "東京から。写真とコーヒー。Café owner ☕️ and night owl 🦉"
    assertInlineSnapshot(of: frame(state, width: 36, height: 6), as: .lines) {
      """
      |Profile · @alice · unsaved changes  |
      |                                    |
      |  Display name  Alice Liddell       |
      |› Bio           ☕️ and night owl 🦉 |
      |  Email         alice@example.com   |
      |                                    |
      """
    }
  }

  @Test
  func savingShowsASpinnerInTheTitle() {
    var saving = alice
    saving.bio = "New bio"
    let state = Profile.State(profile: saving, profileBeforeSave: alice)
    assertInlineSnapshot(of: frame(state, height: 2, tick: 1), as: .lines) {
      """
      |Profile · @alice · ⠙ saving…                                |
      |                                                            |
      """
    }
  }

  @Test
  func aRefusedSaveShowsTheAlertOverTheForm() {
    var state = Profile.State(profile: alice)
    state.draft.bio = "New bio"
    state.failedRequest = .save
    state.errorMessage = "The email is already taken."
    state.alert = Profile.failureAlert(.save, message: "The email is already taken.")
    assertInlineSnapshot(of: frame(state, height: 10), as: .lines) {
      """
      |Profile · @alice · unsaved changes                          |
      |                                                            |
      |› Display nam╭─ Couldn't save your profile ──╮              |
      |  Bio        │ The email is already taken.   │              |
      |  Email      │                               │              |
      |             │     [ Retry ]    Cancel       │              |
      |  Couldn't sa╰───────────────────────────────╯              |
      |                                                            |
      |                                                            |
      |                                                            |
      """
    }
  }

  @Test
  func aDismissedRefusalStaysUnderTheForm() {
    var state = Profile.State(profile: alice)
    state.draft.bio = "New bio"
    state.failedRequest = .save
    state.errorMessage = "The email is already taken."
    assertInlineSnapshot(of: frame(state, height: 8), as: .lines) {
      """
      |Profile · @alice · unsaved changes                          |
      |                                                            |
      |› Display name  Alice Liddell                               |
      |  Bio           New bio                                     |
      |  Email         alice@example.com                           |
      |                                                            |
      |  Couldn't save: The email is already taken.                |
      |                                                            |
      """
    }
  }

  @Test
  func theUnsavedChangesDialogSelectsKeepEditingFirst() {
    var state = Profile.State(profile: alice)
    state.draft.bio = "New bio"
    state.confirmationDialog = Profile.unsavedChangesDialog(canSave: true)
    assertInlineSnapshot(of: frame(state, height: 12), as: .lines) {
      """
      |Profile · @alice · unsaved changes                          |
      |                                                            |
      |› Display n╭─ You have unsaved changes ─────────╮           |
      |  Bio      │ Leave without saving your changes? │           |
      |  Email    │                                    │           |
      |           │   Discard changes                  │           |
      |           │   Save                             │           |
      |           │ [ Keep editing ]                   │           |
      |           ╰────────────────────────────────────╯           |
      |                                                            |
      |                                                            |
      |                                                            |
      """
    }
  }

  @Test
  func typingEditsTheFocusedFieldThroughTheBinding() {
    var state = Profile.State(profile: alice, focusedField: .email)
    let view = ProfileView(state: state)
    #expect(
      view.action(for: .character("x")) == .binding(.set(\.draft.email, "alice@example.comx")))
    #expect(
      view.action(for: .character("q")) == .binding(.set(\.draft.email, "alice@example.comq")))
    #expect(
      view.action(for: .character("1")) == .binding(.set(\.draft.email, "alice@example.com1")))
    #expect(view.action(for: .backspace) == .binding(.set(\.draft.email, "alice@example.co")))
    state.focusedField = .displayName
    state.draft.displayName = "Zo"
    #expect(
      ProfileView(state: state).action(for: .character("ë"))
        == .binding(.set(\.draft.displayName, "Zoë")))
    state.draft.displayName = ""
    #expect(ProfileView(state: state).action(for: .backspace) == nil)
  }

  @Test
  func theArrowsMoveTheCursorAndEditsHappenWhereItIs() {
    var state = Profile.State(profile: alice, focusedField: .displayName)
    state.draft.displayName = "Zoë"
    #expect(ProfileView(state: state).action(for: .left) == .fieldEdited("Zoë", cursor: 2))
    #expect(ProfileView(state: state).action(for: .home) == .fieldEdited("Zoë", cursor: 0))
    #expect(ProfileView(state: state).action(for: .right) == nil)
    state.cursor = 1
    let view = ProfileView(state: state)
    #expect(view.action(for: .character("x")) == .fieldEdited("Zxoë", cursor: 2))
    #expect(view.action(for: .backspace) == .fieldEdited("oë", cursor: 0))
    #expect(view.action(for: .delete) == .fieldEdited("Zë", cursor: 1))
    #expect(view.action(for: .end) == .fieldEdited("Zoë", cursor: 3))
    // The focused field draws its cursor where it is; the others draw none.
    let theme = Theme.monochrome
    let lines = view.render(in: RenderContext(width: 60, height: 12, theme: theme))
    let cursors = lines.flatMap { $0.spans.filter { $0.style == theme.cursor }.map(\.text) }
    #expect(cursors == ["o"])
  }

  @Test
  func tabAndArrowsMoveTheFocusAndCtrlSSaves() {
    let view = ProfileView(state: Profile.State(profile: alice, focusedField: .bio))
    #expect(view.action(for: .tab) == .binding(.set(\.focusedField, .email)))
    #expect(view.action(for: .down) == .binding(.set(\.focusedField, .email)))
    #expect(view.action(for: .backTab) == .binding(.set(\.focusedField, .displayName)))
    #expect(view.action(for: .up) == .binding(.set(\.focusedField, .displayName)))
    let last = ProfileView(state: Profile.State(profile: alice, focusedField: .email))
    #expect(last.action(for: .tab) == .binding(.set(\.focusedField, .displayName)))
    #expect(view.action(for: .ctrl("s")) == .saveButtonTapped)
    #expect(view.action(for: .escape) == nil)
    #expect(
      view.keyHints == [
        KeyHint(keys: "ctrl-s", label: "save"), KeyHint(keys: "tab/↓", label: "next field"),
        KeyHint(keys: "type", label: "edit"),
      ])
  }

  @Test
  func nothingIsBoundWhileLoading() {
    #expect(ProfileView(state: Profile.State(isLoading: true)).keyBindings.isEmpty)
  }

  @Test
  func theAlertTakesTheKeysWhileItIsShown() {
    var state = Profile.State(profile: alice)
    state.failedRequest = .save
    state.alert = Profile.failureAlert(.save, message: "Refused.")
    let view = ProfileView(state: state)
    #expect(view.action(for: .right) == .binding(.set(\.alertSelection, 1)))
    #expect(view.action(for: .character("h")) == .binding(.set(\.alertSelection, 1)))
    #expect(view.action(for: .enter) == .alert(.presented(.retry)))
    #expect(view.action(for: .escape) == .alert(.dismiss))
    #expect(view.action(for: .character("x")) == nil)
    state.alertSelection = 1
    #expect(ProfileView(state: state).action(for: .enter) == .alert(.dismiss))
  }

  @Test
  func theDialogTakesTheKeysWhileItIsShown() {
    var state = Profile.State(profile: alice)
    state.draft.bio = "New bio"
    state.confirmationDialog = Profile.unsavedChangesDialog(canSave: true)
    let view = ProfileView(state: state)
    #expect(view.isModal)
    #expect(view.action(for: .enter) == .confirmationDialog(.dismiss))
    #expect(view.action(for: .escape) == .confirmationDialog(.dismiss))
    // `q` closes the question rather than quitting past it.
    #expect(view.action(for: .character("q")) == .confirmationDialog(.dismiss))
    #expect(view.action(for: .up) == .binding(.set(\.confirmationDialogSelection, 1)))
    #expect(view.action(for: .down) == .binding(.set(\.confirmationDialogSelection, 0)))
    state.confirmationDialogSelection = 0
    #expect(
      ProfileView(state: state).action(for: .enter)
        == .confirmationDialog(.presented(.discardChanges)))
    state.confirmationDialogSelection = 1
    #expect(ProfileView(state: state).action(for: .enter) == .confirmationDialog(.presented(.save)))
  }
}
