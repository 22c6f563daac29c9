/// An action that writes a value to a field of state: what a form control (or the terminal app's
/// field editor) sends instead of a dedicated action per field.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
/// }
/// // …
/// store.send(.binding(.set(\.displayName, "Blob")))
/// ```
///
/// Two binding actions are equal when they write equal values to the same field.
public struct BindingAction<Root>: @unchecked Sendable {
  /// The field written.
  public let keyPath: PartialKeyPath<Root>
  /// The value written.
  public let value: Any & Sendable
  @usableFromInline let set: @Sendable (inout Root) -> Void
  private let isEqual: @Sendable (Any) -> Bool
  /// For an action a store sent when one of its fields was set: reports the action if nothing
  /// applied it (a feature without a ``BindingReducer``).
  let receipt: BindingReceipt?

  /// An action that sets `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>,
    _ value: Value
  ) -> Self {
    set(keyPath, value, receipt: nil)
  }

  /// An action that sets `keyPath` to `value`, reported through `receipt` if never applied.
  static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>,
    _ value: Value,
    receipt: BindingReceipt?
  ) -> Self {
    let keyPath = UncheckedSendable(keyPath)
    return Self(
      keyPath: keyPath.value,
      value: value,
      set: { $0[keyPath: keyPath.value] = value },
      isEqual: { ($0 as? Value) == value },
      receipt: receipt
    )
  }

  /// Whether this action writes to the field at `keyPath`: `case .binding(\.query)` in a
  /// reducer's switch.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    action.keyPath == keyPath
  }

  /// Writes the value to `root`.
  public func apply(to root: inout Root) {
    self.set(&root)
    self.receipt?.markHandled()
  }
}

extension BindingAction: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isEqual(rhs.value)
  }
}

extension BindingAction: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: [
        "set": (self.keyPath, self.value)
      ],
      displayStyle: .enum
    )
  }
}
