extension KeyBinding {
  /// `j`/`k` and the arrows moving a list's selection one row down or up, hinted `j/k move`.
  ///
  /// `move` makes the action from the change of selection: `+1` or `-1`.
  public static func listMove(_ move: @escaping (Int) -> Action) -> KeyBinding {
    KeyBinding(
      [.character("j"), .down, .character("k"), .up], label: "move", keysLabel: "j/k"
    ) { key in
      move(key == .character("j") || key == .down ? 1 : -1)
    }
  }

  /// The keys that move a list's selection far: page down and up (`pgdn`/`pgup`, `ctrl-d`/`ctrl-u`)
  /// by a page, and `g`/`G` (`home`/`end`) to the first and the last of `count` rows, hinted
  /// `pgdn/pgup page` and `g/G top/bottom`.
  ///
  /// A page is the rows the list shows, less one kept in view (as `less` and `htop` page):
  /// `listRows` gives them for the height of the view's area, which the host passes when it
  /// resolves the key. Without it, or when the host does not say, a page is `pageStep` rows.
  ///
  /// `move` makes the action from the change of selection, counted from `selection`, so that
  /// the feature's reducer (which clamps it) stays the one place that moves the selection.
  public static func listJumps(
    selection: Int, count: Int, pageStep: Int, listRows: ((_ height: Int) -> Int)? = nil,
    _ move: @escaping (Int) -> Action
  ) -> [KeyBinding] {
    let last = max(count - 1, 0)
    return [
      KeyBinding(
        [.pageDown, .ctrl("d"), .pageUp, .ctrl("u")], label: "page", keysLabel: "pgdn/pgup"
      ) { key, height in
        let step = pageSize(height: height, listRows: listRows) ?? pageStep
        return move(key == .pageDown || key == .ctrl("d") ? step : -step)
      },
      KeyBinding(
        [.character("g"), .home, .character("G"), .end], label: "top/bottom", keysLabel: "g/G"
      ) { key in
        move(key == .character("g") || key == .home ? -selection : last - selection)
      },
    ]
  }

  /// The rows a page moves in an area `height` lines high: the list's rows there less one,
  /// and at least one; `nil` when either is unknown.
  public static func pageSize(height: Int?, listRows: ((Int) -> Int)?) -> Int? {
    guard let height, let listRows else { return nil }
    return max(listRows(height) - 1, 1)
  }
}
