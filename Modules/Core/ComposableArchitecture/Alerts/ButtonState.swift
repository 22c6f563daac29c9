import Foundation

/// A button of an alert or dialog, as data: its label, its role and the action it sends.
public struct ButtonState<Action>: Identifiable {
  /// A unique identity for the button, for UI lists; not part of equality.
  public let id: UUID
  /// What tapping the button does.
  public let action: ButtonStateAction<Action>
  /// The button's label.
  public let label: TextState
  /// The button's role, which a renderer may show differently.
  public let role: ButtonStateRole?

  /// Creates a button.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.id = UUID()
    self.role = role
    self.action = action
    self.label = label()
  }

  /// Creates a button that sends `action`.
  public init(
    role: ButtonStateRole? = nil,
    action: Action,
    label: () -> TextState
  ) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// Performs the button's action: calls `perform` with the action to send, if any. An action
  /// sent with an animation is performed the same way, as nothing animates here.
  public func withAction(_ perform: (Action?) -> Void) {
    perform(self.action.action)
  }

  /// Performs the button's action in an async closure: awaits `perform` with the action to
  /// send, if any. Nothing animates here, so an action sent with an animation is performed the
  /// same way.
  @MainActor
  public func withAction(_ perform: @MainActor (Action?) async -> Void) async {
    await perform(self.action.action)
  }

  /// The button with its action transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(
      id: self.id, action: self.action.map(transform), label: self.label, role: self.role)
  }

  private init(
    id: UUID, action: ButtonStateAction<Action>, label: TextState, role: ButtonStateRole?
  ) {
    self.id = id
    self.action = action
    self.label = label
    self.role = role
  }
}

/// What tapping a button does.
public struct ButtonStateAction<Action> {
  /// The kinds of button actions.
  public enum _ActionType {
    /// Sends the action, or only dismisses when it is `nil`.
    case send(Action?)
    /// Sends the action with an animation, or only dismisses when it is `nil`.
    case animatedSend(Action?, animation: SwiftUIStandIns.Animation?)
  }

  /// The kind of action.
  public let type: _ActionType

  /// Sends `action` when tapped (or only dismisses when it is `nil`).
  public static func send(_ action: Action?) -> Self {
    Self(type: .send(action))
  }

  /// Sends `action` with `animation` when tapped (or only dismisses when it is `nil`).
  ///
  /// Nothing animates where SwiftUI does not run; the animation is kept so that button state
  /// built with it compares and prints as it was written.
  public static func send(_ action: Action?, animation: SwiftUIStandIns.Animation?) -> Self {
    Self(type: .animatedSend(action, animation: animation))
  }

  /// The action to send, if any.
  public var action: Action? {
    switch self.type {
    case let .send(action): action
    case let .animatedSend(action, _): action
    }
  }

  /// The animation the action is sent with, if any.
  public var animation: SwiftUIStandIns.Animation? {
    switch self.type {
    case .send: nil
    case let .animatedSend(_, animation): animation
    }
  }

  /// The action with its payload transformed, sent with the same animation.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonStateAction<NewAction> {
    switch self.type {
    case let .send(action): .send(transform(action))
    case let .animatedSend(action, animation): .send(transform(action), animation: animation)
    }
  }
}

/// The role of a button, which a renderer may show differently.
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// The button cancels (and is the default way out of the alert).
  case cancel
  /// The button destroys something.
  case destructive
}

/// Builds the buttons of an alert or dialog.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
  public static func buildLimitedAvailability(_ component: [ButtonState<Action>]) -> [ButtonState<
    Action
  >] {
    component
  }
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }
  public static func buildExpression(_ expression: ButtonState<Action>) -> [ButtonState<Action>] {
    [expression]
  }
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }
}

extension ButtonStateAction: Equatable {
  /// Actions are equal when their payloads are (see ``_isEqual(_:_:)``) and they are sent with
  /// the same animation.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    _isEqual(lhs.action as Any, rhs.action as Any) && lhs.animation == rhs.animation
  }
}

extension ButtonStateAction: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(String(customDumping: self.action))
    hasher.combine(self.animation)
  }
}

extension ButtonState: Equatable {
  /// Buttons are equal when their label, role and action are; their `id` is not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.label == rhs.label && lhs.role == rhs.role && lhs.action == rhs.action
  }
}

extension ButtonState: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.label)
    hasher.combine(self.role)
    hasher.combine(self.action)
  }
}

extension ButtonState: @unchecked Sendable where Action: Sendable {}
extension ButtonStateAction: @unchecked Sendable where Action: Sendable {}

extension ButtonState: CustomDumpReflectable {
  /// The role (when there is one), the action and the label; the `id` is left out.
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if let role = self.role {
      children.append(("role", role))
    }
    children.append(("action", self.action))
    children.append(("label", self.label))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

extension ButtonStateAction: CustomDumpReflectable {
  /// The action as it is written: `.send(.delete)`, `.send(nil)`, or
  /// `.send(.stop, animation: …)`.
  public var customDumpMirror: Mirror {
    switch self.type {
    case let .send(action):
      Mirror(self, children: ["send": action as Any], displayStyle: .enum)
    case let .animatedSend(action, animation):
      Mirror(self, children: ["send": (action, animation: animation)], displayStyle: .enum)
    }
  }
}

/// Whether two values are equal: by `==` when their type is `Equatable`, otherwise by their
/// dumped description. Lets alert and button state be compared in tests even when the
/// feature's action type is not `Equatable` (it often holds a `Result` with an `Error`).
func _isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  func open<T: Equatable>(_ lhs: T) -> Bool {
    (rhs as? T).map { lhs == $0 } ?? false
  }
  if let lhs = lhs as? any Equatable {
    return open(lhs)
  }
  return String(customDumping: lhs) == String(customDumping: rhs)
}
