import Foundation

/// An alert as data: a title, an optional message and buttons that send actions.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("This cannot be undone.")
/// }
/// ```
///
/// Alert state compares equal by content (not by its `id`), even when the action type is not
/// `Equatable`, so features can keep it in `Equatable` state.
public struct AlertState<Action>: Identifiable {
  /// A unique identity for this presentation; not part of equality.
  public let id: UUID
  /// The buttons, in order; an alert without buttons shows a single "OK".
  public var buttons: [ButtonState<Action>]
  /// The message under the title.
  public var message: TextState?
  /// The title.
  public var title: TextState

  /// Creates an alert from builders.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The alert with its buttons' actions transformed; it keeps its identity.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: self.id,
      title: self.title,
      message: self.message,
      buttons: self.buttons.map { $0.map(transform) }
    )
  }

  private init(id: UUID, title: TextState, message: TextState?, buttons: [ButtonState<Action>]) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: Equatable {
  /// Alerts are equal when their title, message and buttons are; their `id` is not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
  }
}

extension AlertState: @unchecked Sendable where Action: Sendable {}

extension AlertState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("title", self.title)]
    if !self.buttons.isEmpty {
      children.append(("actions", self.buttons))
    }
    if let message = self.message {
      children.append(("message", message))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
