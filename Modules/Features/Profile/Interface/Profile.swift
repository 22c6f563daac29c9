import ComposableArchitecture
import Foundation
import SharedModels

/// The Profile feature: the signed-in user's profile, edited as a draft and saved with
/// `PUT /me`.
///
/// The draft is checked as it changes with the server's own rules
/// (`ProfileUpdate.validated()`), and an invalid draft cannot be saved. Saving shows the saved
/// profile at once and rolls it back, keeping the draft, if the server refuses it. Leaving with
/// unsaved changes asks first; the parent leaves on ``Action/Delegate/leaveConfirmed``.
@Reducer
public struct Profile {
  /// What the profile editor shows.
  @ObservableState
  public struct State: Equatable {
    /// The profile as saved, once loaded; while a save is in flight, the profile as it will be
    /// once saved.
    public var profile: UserProfile?
    /// The fields being edited.
    public var draft: ProfileUpdate
    /// Whether `GET /me` is in flight.
    public var isLoading: Bool
    /// While a save is in flight, the profile to restore if the server refuses it.
    public var profileBeforeSave: UserProfile?
    /// Whether the parent is told to leave once the save in flight succeeds.
    public var leavesAfterSave: Bool
    /// The request that failed last, which ``Action/retry`` repeats.
    public var failedRequest: Request?
    /// What went wrong with the last request, if it failed.
    public var errorMessage: String?
    /// The alert shown when loading or saving fails.
    @Presents public var alert: AlertState<Action.Alert>?
    /// The dialog shown when leaving with unsaved changes.
    @Presents public var confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>?
    /// The field that takes what is typed.
    public var focusedField: Field
    /// Where the cursor is in the focused field, in characters; `nil` when it is at the end (as
    /// in a field just focused).
    public var cursor: Int?
    /// The index of the alert's selected button (the one enter chooses in the terminal).
    public var alertSelection: Int
    /// The index of the dialog's selected button, or `nil` for its cancel button.
    public var confirmationDialogSelection: Int?

    /// Whether a save is in flight.
    public var isSaving: Bool { profileBeforeSave != nil }

    /// Why the draft cannot be saved, for the field at fault; `nil` when it is valid.
    public var validationError: ProfileValidationError? {
      do {
        _ = try draft.validated()
        return nil
      } catch {
        return error
      }
    }

    /// Whether the draft differs from the saved profile.
    public var hasUnsavedChanges: Bool {
      guard let profile else { return false }
      return draft != ProfileUpdate(profile)
    }

    /// Whether saving would send the draft: loaded, changed, valid and no save in flight.
    public var canSave: Bool {
      hasUnsavedChanges && validationError == nil && !isSaving
    }

    /// Creates the state; by default nothing is loaded yet.
    public init(
      profile: UserProfile? = nil,
      draft: ProfileUpdate? = nil,
      isLoading: Bool = false,
      profileBeforeSave: UserProfile? = nil,
      leavesAfterSave: Bool = false,
      failedRequest: Request? = nil,
      errorMessage: String? = nil,
      alert: AlertState<Action.Alert>? = nil,
      confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>? = nil,
      focusedField: Field = .displayName,
      alertSelection: Int = 0,
      confirmationDialogSelection: Int? = nil
    ) {
      self.profile = profile
      self.draft =
        draft ?? profile.map(ProfileUpdate.init)
        ?? ProfileUpdate(displayName: "", bio: "", email: "")
      self.isLoading = isLoading
      self.profileBeforeSave = profileBeforeSave
      self.leavesAfterSave = leavesAfterSave
      self.failedRequest = failedRequest
      self.errorMessage = errorMessage
      self.alert = alert
      self.confirmationDialog = confirmationDialog
      self.focusedField = focusedField
      self.alertSelection = alertSelection
      self.confirmationDialogSelection = confirmationDialogSelection
    }
  }

  /// A field of the draft, in the order the form shows them.
  public enum Field: String, CaseIterable, Equatable, Sendable {
    /// ``ProfileUpdate/displayName``.
    case displayName
    /// ``ProfileUpdate/bio``.
    case bio
    /// ``ProfileUpdate/email``.
    case email

    /// Where the field's text is in a draft.
    public var text: WritableKeyPath<ProfileUpdate, String> {
      switch self {
      case .displayName: \.displayName
      case .bio: \.bio
      case .email: \.email
      }
    }
  }

  /// A request the feature makes, named so a failed one can be repeated.
  public enum Request: Equatable, Sendable {
    /// `GET /me`.
    case load
    /// `PUT /me` with the draft.
    case save
  }

  /// What happens in the profile editor.
  public enum Action: Equatable, BindableAction {
    /// The screen appeared: loads the profile unless it is loaded or loading.
    case onAppear
    /// Repeats the request that failed last.
    case retry
    /// A field of the draft changed (`\.draft.displayName`, `\.draft.bio`, `\.draft.email`), or
    /// the focus or a selected button moved (`\.focusedField`, `\.alertSelection`,
    /// `\.confirmationDialogSelection`).
    case binding(BindingAction<State>)
    /// The person edited the focused field or moved its cursor: the field's whole new text, and
    /// where the cursor is in it (in characters).
    case fieldEdited(String, cursor: Int)
    /// Saves the draft if it is valid and changed.
    case saveButtonTapped
    /// The person wants to leave: asks first when there are unsaved changes.
    case leaveRequested
    /// `GET /me` answered.
    case profileLoaded(UserProfile)
    /// `GET /me` failed, with a message for people.
    case profileFailed(String)
    /// `PUT /me` saved the profile, as the server now has it.
    case profileSaved(UserProfile)
    /// `PUT /me` failed or was refused, with a message for people.
    case saveFailed(String)
    /// The failure alert.
    case alert(PresentationAction<Alert>)
    /// The unsaved-changes dialog.
    case confirmationDialog(PresentationAction<ConfirmationDialog>)
    /// What the parent handles.
    case delegate(Delegate)

    /// The failure alert's buttons.
    @CasePathable
    public enum Alert: Equatable {
      /// "Retry": repeats the request that failed.
      case retry
    }

    /// The unsaved-changes dialog's buttons ("Keep editing" only closes it).
    @CasePathable
    public enum ConfirmationDialog: Equatable {
      /// "Discard changes": forgets the draft and leaves.
      case discardChanges
      /// "Save": saves the draft, then leaves once it is saved.
      case save
    }

    /// What the profile editor asks its parent to do.
    @CasePathable
    public enum Delegate: Equatable {
      /// Leave the screen: nothing unsaved is left, or the person chose to discard it.
      case leaveConfirmed
      /// The server stored the profile: what other screens show of the person is out of date.
      case saved(UserProfile)
    }
  }

  /// The ids of the feature's cancellable effects.
  enum CancelID {
    /// `GET /me` in flight.
    case load
    /// `PUT /me` in flight.
    case save
  }

  @Dependency(\.profileClient) var profileClient

  /// Creates the reducer.
  public init() {}

  /// The most characters a field of the draft takes: well above ``ProfileRules``' limits, so
  /// that a value too long is kept and reported rather than cut, and small enough that a huge
  /// paste cannot stall the app.
  public static let fieldCapacity = 1_000

  /// The feature's logic.
  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard state.profile == nil, !state.isLoading else { return .none }
        return load(into: &state)

      case .retry:
        state.alert = nil
        return retry(into: &state)

      case .alert(.presented(.retry)):
        return retry(into: &state)

      case .binding(\.focusedField):
        // Another field starts with the cursor at its end.
        state.cursor = nil
        return .none

      case let .fieldEdited(text, cursor):
        state.draft[keyPath: state.focusedField.text] = String(text.prefix(Self.fieldCapacity))
        let count = state.draft[keyPath: state.focusedField.text].count
        state.cursor = cursor < count ? max(cursor, 0) : nil
        return .none

      case .binding:
        // A huge paste stops at the fields' capacity, so that it cannot stall the app; a
        // value over the rules' limits but within it is kept and reported (`validationError`).
        state.draft.displayName = String(state.draft.displayName.prefix(Self.fieldCapacity))
        state.draft.bio = String(state.draft.bio.prefix(Self.fieldCapacity))
        state.draft.email = String(state.draft.email.prefix(Self.fieldCapacity))
        return .none

      case .saveButtonTapped:
        return save(into: &state)

      case .leaveRequested:
        if state.hasUnsavedChanges {
          state.confirmationDialogSelection = nil
          state.confirmationDialog = Self.unsavedChangesDialog(canSave: state.canSave)
          return .none
        }
        if state.isSaving {
          state.leavesAfterSave = true
          return .none
        }
        return .send(.delegate(.leaveConfirmed))

      case let .profileLoaded(profile):
        state.isLoading = false
        state.profile = profile
        state.draft = ProfileUpdate(profile)
        return .none

      case let .profileFailed(message):
        state.isLoading = false
        fail(.load, message: message, into: &state)
        return .none

      case let .profileSaved(saved):
        if let shown = state.profile, state.draft == ProfileUpdate(shown) {
          state.draft = ProfileUpdate(saved)
        }
        state.profile = saved
        state.profileBeforeSave = nil
        guard state.leavesAfterSave else { return .send(.delegate(.saved(saved))) }
        state.leavesAfterSave = false
        return .concatenate(.send(.delegate(.saved(saved))), .send(.delegate(.leaveConfirmed)))

      case let .saveFailed(message):
        state.profile = state.profileBeforeSave ?? state.profile
        state.profileBeforeSave = nil
        state.leavesAfterSave = false
        fail(.save, message: message, into: &state)
        return .none

      case .confirmationDialog(.presented(.discardChanges)):
        if let profile = state.profile {
          state.draft = ProfileUpdate(profile)
        }
        return .send(.delegate(.leaveConfirmed))

      case .confirmationDialog(.presented(.save)):
        guard state.canSave else { return .none }
        state.leavesAfterSave = true
        return save(into: &state)

      case .alert, .confirmationDialog, .delegate:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$confirmationDialog, action: \.confirmationDialog)
  }

  /// Starts `GET /me`.
  private func load(into state: inout State) -> Effect<Action> {
    state.isLoading = true
    state.failedRequest = nil
    state.errorMessage = nil
    return .run { [profileClient] send in
      do {
        await send(.profileLoaded(try await profileClient.me()))
      } catch {
        await send(.profileFailed(error.localizedDescription))
      }
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }

  /// Starts `PUT /me` with the trimmed draft and shows it as saved at once, if the draft is
  /// valid, changed, and no save is in flight.
  private func save(into state: inout State) -> Effect<Action> {
    guard state.canSave, var optimistic = state.profile else { return .none }
    guard let update = try? state.draft.validated() else { return .none }
    state.profileBeforeSave = optimistic
    optimistic.displayName = update.displayName
    optimistic.bio = update.bio
    optimistic.email = update.email
    state.profile = optimistic
    state.draft = update
    state.failedRequest = nil
    state.errorMessage = nil
    return .run { [profileClient] send in
      do {
        await send(.profileSaved(try await profileClient.updateMe(update)))
      } catch {
        await send(.saveFailed(error.localizedDescription))
      }
    }
    .cancellable(id: CancelID.save)
  }

  /// Records a failed `request` and shows the alert that offers to retry it.
  private func fail(_ request: Request, message: String, into state: inout State) {
    state.failedRequest = request
    state.errorMessage = message
    state.alertSelection = 0
    state.alert = Self.failureAlert(request, message: message)
  }

  /// Repeats the request that failed last, if any.
  private func retry(into state: inout State) -> Effect<Action> {
    switch state.failedRequest {
    case .load?:
      return state.isLoading ? .none : load(into: &state)
    case .save?:
      return save(into: &state)
    case nil:
      return .none
    }
  }

  /// The alert shown when `request` fails with `message`.
  public static func failureAlert(_ request: Request, message: String) -> AlertState<
    Action.Alert
  > {
    AlertState {
      switch request {
      case .load: TextState("Couldn't load your profile")
      case .save: TextState("Couldn't save your profile")
      }
    } actions: {
      ButtonState(action: .retry) { TextState("Retry") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState(message)
    }
  }

  /// The dialog shown when leaving with unsaved changes; it offers "Save" when the draft can
  /// be saved, and otherwise says why it does not.
  public static func unsavedChangesDialog(canSave: Bool) -> ConfirmationDialogState<
    Action.ConfirmationDialog
  > {
    ConfirmationDialogState(titleVisibility: .visible) {
      TextState("You have unsaved changes")
    } actions: {
      ButtonState(role: .destructive, action: .discardChanges) { TextState("Discard changes") }
      if canSave {
        ButtonState(action: .save) { TextState("Save") }
      }
      ButtonState(role: .cancel) { TextState("Keep editing") }
    } message: {
      canSave
        ? TextState("Leave without saving your changes?")
        : TextState(
          "Leave without saving your changes? They can't be saved until the errors are fixed.")
    }
  }
}
