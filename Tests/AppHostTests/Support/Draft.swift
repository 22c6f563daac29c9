import ComposableArchitecture
import TerminalUI

/// A one-line editor that asks before it is left with unsaved text (discard, save or keep
/// editing), as the profile editor does: enough to show how a feature hosted alone quits.
@Reducer
struct Draft {
  @ObservableState
  struct State: Equatable {
    var saved = ""
    var text = ""
    var isAsking = false
    var hasUnsavedChanges: Bool { text != saved }
  }

  enum Action: Equatable {
    case typed(Character)
    case saveTapped
    case leaveRequested
    case discardTapped
    case keepEditingTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .typed(character):
        state.text.append(character)
      case .saveTapped:
        (state.saved, state.isAsking) = (state.text, false)
      case .leaveRequested:
        state.isAsking = state.hasUnsavedChanges
      case .discardTapped:
        (state.text, state.isAsking) = (state.saved, false)
      case .keepEditingTapped:
        state.isAsking = false
      }
      return .none
    }
  }
}

/// The draft's view: the text, and the question while it asks; `ctrl-s` saves, and while it
/// asks `d` discards, `s` saves and `k` keeps editing.
struct DraftView: FeatureScreen {
  static let title = "Draft"
  var state: Draft.State
  var isBusy: Bool { false }

  var leaveRequest: Draft.Action? {
    state.hasUnsavedChanges ? .leaveRequested : nil
  }

  var isAskingToLeave: Bool { state.isAsking }

  func render(in context: RenderContext) -> [StyledLine] {
    [StyledLine("draft: \(state.text)")]
      + (state.isAsking ? [StyledLine("Unsaved changes: discard, save or keep editing?")] : [])
  }

  var keyBindings: [KeyBinding<Draft.Action>] {
    if state.isAsking {
      return [
        KeyBinding(.character("d"), label: "discard", action: .discardTapped),
        KeyBinding(.character("s"), label: "save", action: .saveTapped),
        KeyBinding(.character("k"), label: "keep editing", action: .keepEditingTapped),
      ]
    }
    return [
      KeyBinding(.ctrl("s"), label: "save", action: .saveTapped),
      .characters(label: "type", keysLabel: "a-z") { .typed($0) },
    ]
  }
}
