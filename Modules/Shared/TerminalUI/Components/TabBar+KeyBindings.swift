extension TabBar {
  /// `tab` and `shift-tab`: the next and the previous tab, wrapping around. They go before the
  /// screen's own keys, so they switch tabs whatever the screen (a text field too).
  ///
  /// `select` makes the action that selects the tab at an index. A bar of no tabs has none.
  public func cycleBindings<Action>(select: (Int) -> Action) -> [KeyBinding<Action>] {
    let count = titles.count
    guard count > 0 else { return [] }
    return [
      KeyBinding(
        .tab, label: "next tab", keysLabel: "tab", action: select((selection + 1) % count)),
      KeyBinding(.backTab, label: nil, action: select((selection + count - 1) % count)),
    ]
  }

  /// `1`, `2`, …: the tab of that number. They go after the screen's keys, as a text field
  /// types digits.
  public func numberBindings<Action>(select: (Int) -> Action) -> [KeyBinding<Action>] {
    titles.indices.prefix(9).map { index in
      KeyBinding(.character(Character(String(index + 1))), label: nil, action: select(index))
    }
  }

  /// The help box's lines for these keys.
  public var helpHints: [KeyHint] {
    helpHints(listingNumbers: true)
  }

  /// The help box's lines for these keys, the tab numbers only when `listingNumbers` (not
  /// while a text field types the digits).
  public func helpHints(listingNumbers: Bool) -> [KeyHint] {
    let cycle = KeyHint(keys: "tab/shift-tab", label: "next/previous tab")
    guard listingNumbers else { return [cycle] }
    return [
      cycle, KeyHint(keys: "1-\(min(titles.count, 9))", label: titles.joined(separator: ", ")),
    ]
  }
}
