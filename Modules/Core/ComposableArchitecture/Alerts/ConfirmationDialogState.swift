import Foundation

/// A confirmation dialog as data: a title, an optional message and buttons that send actions;
/// like ``AlertState``, but for choosing among actions.
///
/// ```swift
/// state.dialog = ConfirmationDialogState {
///   TextState("Share")
/// } actions: {
///   ButtonState(action: .copyLink) { TextState("Copy link") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
public struct ConfirmationDialogState<Action>: Identifiable {
  /// A unique identity for this presentation; not part of equality.
  public let id: UUID
  /// Whether a renderer should show the title.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The title.
  public var title: TextState
  /// The message under the title.
  public var message: TextState?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// Creates a dialog from builders.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The dialog with its buttons' actions transformed; it keeps its identity.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      id: self.id,
      titleVisibility: self.titleVisibility,
      title: self.title,
      message: self.message,
      buttons: self.buttons.map { $0.map(transform) }
    )
  }

  private init(
    id: UUID,
    titleVisibility: ConfirmationDialogStateTitleVisibility,
    title: TextState,
    message: TextState?,
    buttons: [ButtonState<Action>]
  ) {
    self.id = id
    self.titleVisibility = titleVisibility
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

/// Whether a confirmation dialog shows its title.
public enum ConfirmationDialogStateTitleVisibility: Equatable, Hashable, Sendable {
  /// The renderer decides.
  case automatic
  /// The title is hidden.
  case hidden
  /// The title is shown.
  case visible
}

extension ConfirmationDialogState: Equatable {
  /// Dialogs are equal when their title, message and buttons are; their `id` and
  /// `titleVisibility` are not compared, as in SwiftUI Navigation.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
  }
}

extension ConfirmationDialogState: @unchecked Sendable where Action: Sendable {}

extension ConfirmationDialogState: _EphemeralState {}

extension ConfirmationDialogState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if self.titleVisibility != .automatic {
      children.append(("titleVisibility", self.titleVisibility))
    }
    children.append(("title", self.title))
    if !self.buttons.isEmpty {
      children.append(("actions", self.buttons))
    }
    if let message = self.message {
      children.append(("message", message))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
