import ComposableArchitecture

extension ModalBox {
  /// The keys of a box shown for an alert or a dialog: `←`/`h`/`↑`/`k`/`shift-tab` and
  /// `→`/`l`/`↓`/`j`/`tab` select the previous or next button (wrapping around), `enter`
  /// chooses the selected one and `esc` dismisses the box.
  ///
  /// The bindings are for a box of `buttons` laid out as `layout` says (an alert's side by
  /// side, whose hint says `←/→`; a dialog's one per line, `↑/↓`) with the button at
  /// `selection` selected; `select` makes the action that selects a button, `choose` the one
  /// that sends a button's action (`nil` for a button that only dismisses).
  public static func keyBindings<ButtonAction, Action>(
    buttons: [ButtonState<ButtonAction>],
    layout: ButtonLayout,
    selection: Int,
    select: @escaping (Int) -> Action,
    choose: @escaping (ButtonAction?) -> Action,
    dismiss: Action
  ) -> [KeyBinding<Action>] {
    // A box without buttons shows an "OK" button that dismisses it.
    let count = max(buttons.count, 1)
    let selected = min(max(selection, 0), count - 1)
    let chosen = buttons.indices.contains(selected) ? buttons[selected].action.action : nil
    return [
      KeyBinding(
        [.left, .character("h"), .up, .character("k"), .backTab], label: "select",
        keysLabel: layout == .row ? "←/→" : "↑/↓", action: select((selected + count - 1) % count)),
      KeyBinding(
        [.right, .character("l"), .down, .character("j"), .tab], label: nil,
        action: select((selected + 1) % count)),
      KeyBinding(.enter, label: "choose", action: choose(chosen)),
      // `q` closes the box, as it closes the help: it never quits past a question.
      KeyBinding([.escape, .character("q")], label: "dismiss", keysLabel: "esc", action: dismiss),
    ]
  }
}
