extension KeyBinding {
  /// The typing and editing keys of a one-line field holding `input` (see
  /// ``TextInput/handle(_:)``): characters go in at the cursor, `backspace` and `delete` remove
  /// around it, `←`/`→`, `home`/`end` and `ctrl-a`/`ctrl-e` move it, `ctrl-u` and `ctrl-k`
  /// clear before and after it. `action` is given the edited input; a key that changes nothing
  /// (`backspace` in an empty field) passes on.
  ///
  /// List it after the bindings that take some of these keys for something else (a list's
  /// `home`/`end`): the first binding that gives an action wins.
  public static func textEditing(
    _ input: TextInput, label: String? = nil, keysLabel: String = "type",
    action: @escaping (TextInput) -> Action?
  ) -> KeyBinding {
    KeyBinding(keys: [], hint: label.map { KeyHint(keys: keysLabel, label: $0) }) { key, _ in
      var edited = input
      guard edited.handle(key), edited != input else { return nil }
      return action(edited)
    }
  }
}
