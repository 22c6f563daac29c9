// # TerminalUI
//
// The pure layer between the features and the terminal: styled text, display width, components,
// frames, the line-diff renderer and the key model. It does no I/O: it never reads or writes the
// terminal, installs no signal handler and reads no environment. The app owns the terminal (raw
// mode, alternate screen, reading stdin, SIGWINCH, writing bytes) and calls into this module.
//
// ## Writing a feature's terminal view
//
// A feature's Interface target holds a `TerminalView`: a struct made from the feature's state
// with two pure requirements,
//
//     struct UserListView: TerminalView {
//       var state: UserList.State
//
//       func render(in context: RenderContext) -> [StyledLine] {
//         let theme = context.theme
//         let list = ListView(
//           rows: state.users.map { StyledLine($0.name) },
//           selection: state.selection,
//           emptyRows: [StyledLine("No users", style: theme.secondary)],
//           footer: state.isLoading ? [StyledLine("loading more…", style: theme.secondary)] : []
//         )
//         return [StyledLine("Users", style: theme.title)]
//           + list.lines(width: context.width, height: context.height - 1, theme: theme)
//       }
//
//       var keyBindings: [KeyBinding<UserList.Action>] {
//         [
//           KeyBinding([.character("j"), .down], label: "down", action: .moveDown),
//           KeyBinding(.enter, label: "open", action: .open(state.selection)),
//         ]
//       }
//     }
//
// - Views take every style from the context's `Theme` role (`title`, `secondary`,
//   `selection`…), never a colour of their own, so the light and monochrome (`NO_COLOR`) themes
//   apply everywhere.
// - Views lay out with display widths (`String.displayWidth`, `StyledLine.fitted(to:)`), never
//   `count`: names such as "山田 花子" or "Zoë ☕️" take more columns than characters.
// - Animation comes from `context.tick` (`Spinner.dots.frame(at: context.tick)`), not a clock.
// - Bindings are computed from the state; the first binding that handles a key wins, and the
//   app handles what the view does not (`q`, `?`, tab switching). Hints feed the `StatusLine`
//   and `ModalBox.help(hints:theme:)`.
// - A feature's state keeps a field's text and cursor (`nil` at the end); its view makes them a
//   `TextInput`, draws a `TextField` and binds the editing keys with
//   `KeyBinding.textEditing(input) { edited in … }`, which sends the edited text and cursor.
// - Alerts and dialogs in the state are shown with `ModalBox(alert)` laid over the view's
//   screen: `screen.overlaying(ModalBox(alert, selection: 0), theme: theme)`.
//
// Tests render the view in a `RenderContext` and compare `Screen.plainText` (inline snapshots
// with `assertInlineSnapshot(of:as: .lines)`), and send keys through `action(for:)`.
//
// ## Driving the terminal (the app's side)
//
// 0. Take over the terminal: raw mode (the app's business), then write
//    `ANSI.enterAlternateScreen + ANSI.hideCursor`; give it back with `ANSI.reset +
//    ANSI.showCursor + ANSI.leaveAlternateScreen`.
// 1. Decode input: `var decoder = KeyDecoder()`, `decoder.decode(bytesRead)` for each read, and
//    `decoder.flush()` when no byte arrived shortly after an `ESC` (a lone `ESC` is a key).
// 2. Render: `let next = view.screen(in: context)`.
// 3. Write `FrameDiff.bytes(from: previous, to: next)` and keep `next` as `previous`: only
//    changed lines are rewritten, a new size redraws everything, and `nil` as `previous`
//    forces a full redraw (first frame, Ctrl-L).
