// The value initializers alerts, dialogs and buttons had before their builders, which SwiftUI
// Navigation 2 still offers, deprecated: code written for TCA 1.0 (`AlertState(title:
// TextState("Oops"), dismissButton: .cancel(TextState("OK")))`) ports with warnings, not
// errors. Each builds what its builder form does.

extension AlertState {
  /// An alert with `buttons`, in order.
  @available(*, deprecated, message: "Use 'init(title:actions:message:)' instead.")
  public init(title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>]) {
    self.init(
      title: { title },
      actions: {
        for button in buttons { button }
      },
      message: message.map { text in { text } })
  }

  /// An alert with one button, or none (a renderer then shows an "OK" that only dismisses).
  @available(*, deprecated, message: "Use 'init(title:actions:message:)' instead.")
  public init(
    title: TextState, message: TextState? = nil, dismissButton: ButtonState<Action>? = nil
  ) {
    self.init(
      title: { title },
      actions: {
        if let dismissButton { dismissButton }
      },
      message: message.map { text in { text } })
  }

  /// An alert with two buttons, `primaryButton` first.
  @available(*, deprecated, message: "Use 'init(title:actions:message:)' instead.")
  public init(
    title: TextState,
    message: TextState? = nil,
    primaryButton: ButtonState<Action>,
    secondaryButton: ButtonState<Action>
  ) {
    self.init(
      title: { title },
      actions: {
        primaryButton
        secondaryButton
      },
      message: message.map { text in { text } })
  }
}

extension ConfirmationDialogState {
  /// A dialog with `buttons`, in order, whose title shows as `titleVisibility` says.
  @available(*, deprecated, message: "Use 'init(titleVisibility:title:actions:message:)' instead.")
  public init(
    title: TextState,
    titleVisibility: ConfirmationDialogStateTitleVisibility,
    message: TextState? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.init(
      titleVisibility: titleVisibility,
      title: { title },
      actions: {
        for button in buttons { button }
      },
      message: message.map { text in { text } })
  }

  /// A dialog with `buttons`, in order.
  @available(*, deprecated, message: "Use 'init(title:actions:message:)' instead.")
  public init(title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>] = []) {
    self.init(
      title: { title },
      actions: {
        for button in buttons { button }
      },
      message: message.map { text in { text } })
  }
}

extension ButtonState {
  /// A button in the cancel role.
  @available(*, deprecated, message: "Use 'ButtonState(role: .cancel, action:label:)' instead.")
  public static func cancel(
    _ label: TextState, action: ButtonStateAction<Action> = .send(nil)
  ) -> Self {
    Self(role: .cancel, action: action) { label }
  }

  /// A button without a role.
  @available(*, deprecated, message: "Use 'ButtonState(action:label:)' instead.")
  public static func `default`(
    _ label: TextState, action: ButtonStateAction<Action> = .send(nil)
  ) -> Self {
    Self(action: action) { label }
  }

  /// A button in the destructive role.
  @available(
    *, deprecated, message: "Use 'ButtonState(role: .destructive, action:label:)' instead."
  )
  public static func destructive(
    _ label: TextState, action: ButtonStateAction<Action> = .send(nil)
  ) -> Self {
    Self(role: .destructive, action: action) { label }
  }
}

/// The name confirmation dialogs had when SwiftUI called them action sheets.
@available(*, deprecated, renamed: "ConfirmationDialogState")
public typealias ActionSheetState<Action> = ConfirmationDialogState<Action>
