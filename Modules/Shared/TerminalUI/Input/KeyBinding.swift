/// What a key does in a view: the keys, the hint the help line shows, and the action to send.
///
/// A view computes its bindings from its state, so an action can depend on it (enter opens the
/// selected row) and a binding can be left out when it does not apply (no "more" while the last
/// page is loaded):
///
/// ```swift
/// var keyBindings: [KeyBinding<Action>] {
///   [
///     KeyBinding([.character("j"), .down], label: "down", action: .moveDown),
///     KeyBinding([.character("k"), .up], label: "up", action: .moveUp),
///     KeyBinding(.enter, label: "open", action: .rowTapped(state.selectedID)),
///   ]
/// }
/// ```
///
/// The first binding that gives an action for a key wins (see `Array.action(for:)`).
///
/// A binding can depend on the height of the view's area, which the host gives when it
/// resolves a key (``action(for:height:)``): a page key moves by the rows the view shows.
public struct KeyBinding<Action> {
  /// The keys, for the help line (a character binding has none: it takes any character).
  public var keys: [Key]
  /// The hint for the status line and the help overlay, or `nil` to leave the binding out.
  public var hint: KeyHint?
  /// The action for a key, given the height of the view's area when the host knows it.
  private let resolve: (Key, Int?) -> Action?

  /// A binding of `keys` to `action`, hinted as `keysLabel label` (`keysLabel` defaults to the
  /// keys' labels joined by `/`, like `j/↓`); a `nil` label leaves it out of the help.
  public init(_ keys: [Key], label: String?, keysLabel: String? = nil, action: Action) {
    self.init(keys, label: label, keysLabel: keysLabel) { _ in action }
  }

  /// A binding of one `key` to `action`.
  public init(_ key: Key, label: String?, keysLabel: String? = nil, action: Action) {
    self.init([key], label: label, keysLabel: keysLabel, action: action)
  }

  /// A binding of `keys` to an action computed from the key pressed (or none).
  public init(
    _ keys: [Key], label: String?, keysLabel: String? = nil, action: @escaping (Key) -> Action?
  ) {
    self.init(keys, label: label, keysLabel: keysLabel) { key, _ in action(key) }
  }

  /// A binding of `keys` to an action computed from the key pressed and the height of the
  /// view's area (`nil` when the host does not give it), such as a page of rows.
  public init(
    _ keys: [Key], label: String?, keysLabel: String? = nil,
    actionInHeight action: @escaping (Key, _ height: Int?) -> Action?
  ) {
    self.keys = keys
    self.hint = label.map {
      KeyHint(keys: keysLabel ?? keys.map(\.label).joined(separator: "/"), label: $0)
    }
    self.resolve = { key, height in keys.contains(key) ? action(key, height) : nil }
  }

  init(keys: [Key], hint: KeyHint?, resolve: @escaping (Key, Int?) -> Action?) {
    self.keys = keys
    self.hint = hint
    self.resolve = resolve
  }

  /// A binding that takes every printable character, as a text field does; `nil` from
  /// `action` passes the key on.
  public static func characters(
    label: String? = nil, keysLabel: String = "type", action: @escaping (Character) -> Action?
  ) -> KeyBinding {
    KeyBinding(keys: [], hint: label.map { KeyHint(keys: keysLabel, label: $0) }) { key, _ in
      guard case .character(let character) = key else { return nil }
      return action(character)
    }
  }

  /// The action for `key`, or `nil` when this binding does not handle it.
  public func action(for key: Key) -> Action? {
    resolve(key, nil)
  }

  /// The action for `key` in a view whose area is `height` lines high (`nil`: not known).
  public func action(for key: Key, height: Int?) -> Action? {
    resolve(key, height)
  }

  /// This binding in an area `transform(height)` lines high when it is given `height`: a view
  /// drawn below and above a host's lines (a tab bar, a status line) gets the height left.
  public func inArea(_ transform: @escaping (Int) -> Int) -> KeyBinding {
    let resolve = self.resolve
    return KeyBinding(keys: keys, hint: hint) { key, height in resolve(key, height.map(transform)) }
  }

  /// This binding without `taken`, keys a host answers before the view (a tabbed screen's
  /// `tab`): they leave its hint too, so `tab/↓ next field` becomes `↓ next field`, and a
  /// binding left with no key of its own loses its hint. A hint whose keys label does not list
  /// the keys one by one is kept as it is.
  public func removingKeys(_ taken: [Key]) -> KeyBinding {
    let kept = keys.filter { !taken.contains($0) }
    guard kept.count != keys.count else { return self }
    var hint = self.hint
    if kept.isEmpty {
      hint = nil
    } else if let label = hint?.keys {
      let parts = label.split(separator: "/", omittingEmptySubsequences: false)
      if parts.count == keys.count {
        hint?.keys = zip(keys, parts).filter { !taken.contains($0.0) }.map { String($0.1) }
          .joined(separator: "/")
      }
    }
    let resolve = self.resolve
    return KeyBinding(keys: kept, hint: hint) { key, height in
      taken.contains(key) ? nil : resolve(key, height)
    }
  }

  /// This binding with its hint listed in the help box only, not in the status line: a second
  /// way to do what another binding's hint already says there.
  public func hintedInHelpOnly() -> KeyBinding {
    var binding = self
    binding.hint?.isInStatusLine = false
    return binding
  }

  /// This binding sending `transform(action)` instead, as a parent view embeds a child's
  /// bindings into its own actions.
  public func map<NewAction>(
    _ transform: @escaping (Action) -> NewAction
  ) -> KeyBinding<NewAction> {
    let resolve = self.resolve
    return KeyBinding<NewAction>(keys: keys, hint: hint) { key, height in
      resolve(key, height).map(transform)
    }
  }
}

extension Array {
  /// The action of the first binding that handles `key`, or `nil`.
  public func action<Action>(for key: Key) -> Action? where Element == KeyBinding<Action> {
    action(for: key, height: nil)
  }

  /// The action of the first binding that handles `key` in a view whose area is `height`
  /// lines high (`nil`: not known), or `nil`.
  public func action<Action>(
    for key: Key, height: Int?
  ) -> Action? where Element == KeyBinding<Action> {
    for binding in self {
      if let action = binding.action(for: key, height: height) { return action }
    }
    return nil
  }

  /// The hints of the bindings that have one, in order (for the status line and help).
  public func hints<Action>() -> [KeyHint] where Element == KeyBinding<Action> {
    compactMap(\.hint)
  }
}
