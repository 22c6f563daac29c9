/// An action enum with a `binding` case, so that a ``BindingReducer`` can apply it and hosts can
/// set fields of state through the store.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
/// }
/// ```
public protocol BindableAction {
  /// The state the binding actions write to.
  associatedtype State

  /// Embeds a binding action: satisfied by `case binding(BindingAction<State>)`.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action holds, if it is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// Finds the `binding` case's payload by reflection; actions that are not bindings return
  /// `nil` after a single look at the case name.
  public var binding: BindingAction<State>? {
    let mirror = Mirror(reflecting: self)
    guard mirror.displayStyle == .enum, let child = mirror.children.first,
      child.label == "binding"
    else { return nil }
    return child.value as? BindingAction<State>
  }

  /// The action that sets `keyPath` to `value`: `store.send(.set(\.query, "blob"))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// Sets a field of the state, for hosts without SwiftUI bindings (the terminal app's forms):
  /// sends `.binding(.set(keyPath, value))`. A binding action that no reducer applies is
  /// reported.
  @discardableResult
  public func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>,
    to value: Value
  ) -> StoreTask {
    let receipt = BindingReceipt(actionType: Action.self, value: value)
    return self.send(.binding(.set(keyPath, value, receipt: receipt)))
  }
}
