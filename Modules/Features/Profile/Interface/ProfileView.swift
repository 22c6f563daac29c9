import ComposableArchitecture
import SharedModels
import TerminalUI

/// The profile editor in the terminal: a title with the handle and whether the draft is saved,
/// then a form of three fields (display name, bio, email), the focused one with a cursor, the
/// validation message under the field at fault and the last save error; the failure alert and
/// the unsaved-changes dialog are boxes laid over it.
///
/// Keys: typed characters go into the focused field at the cursor, `←`/`→`, `home`/`end` (and
/// `ctrl-a`/`ctrl-e`) move the cursor, `backspace` and `delete` remove around it, `tab`/`↓` and
/// `shift-tab`/`↑` move between fields, `ctrl-s` saves. Before the
/// profile is loaded, `r` retries a failed load. While a box is shown, `←`/`→`, `h`/`l` and
/// `tab` select a button, `enter` chooses it and `esc` dismisses the box.
public struct ProfileView: FeatureScreen {
  /// The state drawn.
  public var state: Profile.State

  /// The feature's name, as its tab and help box show it.
  public static let title = "Profile"

  /// Sent each time the screen is shown: loads what it has not loaded yet.
  public static var appearAction: Profile.Action? { .onAppear }

  /// Whether a request is in flight.
  public var isBusy: Bool { state.isLoading || state.isSaving }

  /// Leaving with unsaved changes, or with a save in flight, asks first: the unsaved-changes
  /// dialog, or waiting for the save.
  public var leaveRequest: Profile.Action? {
    state.hasUnsavedChanges || state.isSaving ? .leaveRequested : nil
  }

  /// Whether the unsaved-changes dialog is shown, or the screen waits for a save to leave.
  public var isAskingToLeave: Bool {
    state.confirmationDialog != nil || state.leavesAfterSave
  }

  /// Whether the alert or the unsaved-changes dialog is shown.
  public var isModal: Bool { state.alert != nil || state.confirmationDialog != nil }

  /// A view of `state`.
  public init(state: Profile.State) {
    self.state = state
  }

  /// The labels' column, marker and gap included.
  private static let labelWidth = 16

  /// The title line and the form (or the loading or error state), with the alert or dialog
  /// over them when one is shown.
  public func render(in context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    var screen = Screen(
      width: context.width, height: context.height, lines: [title(context)] + body(context))
    if let dialog = state.confirmationDialog {
      screen = screen.overlaying(
        ModalBox(dialog, selection: dialogSelection(dialog)), theme: theme)
    }
    if let alert = state.alert {
      screen = screen.overlaying(ModalBox(alert, selection: state.alertSelection), theme: theme)
    }
    return screen.lines
  }

  /// The keys of the box shown, else the form's (or `r` to retry a failed load).
  public var keyBindings: [KeyBinding<Profile.Action>] {
    if let alert = state.alert {
      return ModalBox.keyBindings(
        buttons: alert.buttons, layout: .row, selection: state.alertSelection,
        select: { .binding(.set(\.alertSelection, $0)) },
        choose: { $0.map { .alert(.presented($0)) } ?? .alert(.dismiss) },
        dismiss: .alert(.dismiss))
    }
    if let dialog = state.confirmationDialog {
      return ModalBox.keyBindings(
        buttons: dialog.buttons, layout: .column, selection: dialogSelection(dialog),
        select: { .binding(.set(\.confirmationDialogSelection, $0)) },
        choose: { $0.map { .confirmationDialog(.presented($0)) } ?? .confirmationDialog(.dismiss) },
        dismiss: .confirmationDialog(.dismiss))
    }
    guard state.profile != nil else {
      guard state.failedRequest == .load, !state.isLoading else { return [] }
      return [KeyBinding(.character("r"), label: "retry", action: .retry)]
    }
    let field = state.focusedField
    let fields = Profile.Field.allCases
    let index = fields.firstIndex(of: field) ?? 0
    let next = fields[(index + 1) % fields.count]
    let previous = fields[(index + fields.count - 1) % fields.count]
    var bindings: [KeyBinding<Profile.Action>] = [
      KeyBinding(.ctrl("s"), label: "save", action: .saveButtonTapped),
      KeyBinding(
        [.tab, .down], label: "next field", keysLabel: "tab/↓",
        action: .binding(.set(\.focusedField, next))),
      KeyBinding([.backTab, .up], label: nil, action: .binding(.set(\.focusedField, previous))),
    ]
    let input = TextInput(text: state.draft[keyPath: field.text], cursor: state.cursor)
    let cursorWasAtEnd = state.cursor == nil
    bindings.append(
      .textEditing(input, label: "edit") { edited in
        cursorWasAtEnd && edited.cursor == edited.text.count
          ? Self.edit(field, edited.text) : .fieldEdited(edited.text, cursor: edited.cursor)
      })
    return bindings
  }

  /// The action that sets `field` of the draft to `text`.
  private static func edit(_ field: Profile.Field, _ text: String) -> Profile.Action {
    switch field {
    case .displayName: .binding(.set(\.draft.displayName, text))
    case .bio: .binding(.set(\.draft.bio, text))
    case .email: .binding(.set(\.draft.email, text))
    }
  }

  private static func label(_ field: Profile.Field) -> String {
    switch field {
    case .displayName: "Display name"
    case .bio: "Bio"
    case .email: "Email"
    }
  }

  private static func placeholder(_ field: Profile.Field) -> String {
    switch field {
    case .displayName: "Your name"
    case .bio: "A line about you"
    case .email: "name@example.com"
    }
  }

  /// The dialog's selected button: the one chosen, else its cancel button.
  private func dialogSelection(
    _ dialog: ConfirmationDialogState<Profile.Action.ConfirmationDialog>
  ) -> Int {
    state.confirmationDialogSelection ?? dialog.buttons.lastIndex { $0.role == .cancel } ?? 0
  }

  private func title(_ context: RenderContext) -> StyledLine {
    let theme = context.theme
    var line = StyledLine("Profile", style: theme.title)
    guard let profile = state.profile else { return line }
    line.append(" · @\(profile.handle) · ", style: theme.secondary)
    if state.isSaving {
      line.append("\(Spinner.dots.frame(at: context.tick)) saving…", style: theme.secondary)
    } else if state.hasUnsavedChanges {
      line.append("unsaved changes", style: theme.warning)
    } else {
      line.append("saved", style: theme.success)
    }
    return line
  }

  private func body(_ context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    // Lines outside the form line up with its labels, after the focus marker's gutter.
    let gutter = StyledLine("  ")
    guard state.profile != nil else {
      if state.isLoading {
        let spinner = Spinner.dots.frame(at: context.tick)
        return [gutter + StyledLine("\(spinner) Loading your profile…", style: theme.secondary)]
      }
      if let message = state.errorMessage {
        let text = "Couldn't load your profile: \(message)"
        return WordWrap.styledLines(of: text, width: context.width - 2, style: theme.error)
          .map { gutter + $0 } + [gutter + StyledLine("r retry", style: theme.secondary)]
      }
      return [gutter + StyledLine("Your profile is not loaded yet.", style: theme.secondary)]
    }
    let modalShown = state.alert != nil || state.confirmationDialog != nil
    let fieldWidth = context.width - Self.labelWidth
    let indent = StyledLine(String(repeating: " ", count: Self.labelWidth))
    var lines: [StyledLine] = [.empty]
    for field in Profile.Field.allCases {
      let isFocused = field == state.focusedField
      let label = StyledLine(
        (isFocused ? "› " : "  ") + Self.label(field).fitted(to: Self.labelWidth - 4) + "  ",
        style: isFocused ? theme.accent : theme.secondary)
      let input = TextField(
        text: state.draft[keyPath: field.text],
        cursor: isFocused ? state.cursor : nil,
        placeholder: Self.placeholder(field),
        isFocused: isFocused && context.isFocused && !modalShown)
      lines.append(label + input.line(width: fieldWidth, theme: theme))
      if let error = state.validationError, error.field == field.rawValue {
        for line in WordWrap.lines(of: error.message, width: fieldWidth) {
          lines.append(indent + StyledLine(line, style: theme.error))
        }
      }
    }
    if state.failedRequest == .save, let message = state.errorMessage {
      lines.append(.empty)
      for line in WordWrap.lines(of: "Couldn't save: \(message)", width: context.width - 2) {
        lines.append(gutter + StyledLine(line, style: theme.error))
      }
    }
    return lines
  }
}
