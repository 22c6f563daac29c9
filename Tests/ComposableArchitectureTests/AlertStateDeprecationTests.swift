import ComposableArchitecture
import Testing

/// The value initializers of TCA 1.0's alerts, dialogs and buttons build what the builders do.
struct AlertStateDeprecationTests {
  @available(*, deprecated)
  @Test
  func anAlertFromValuesIsTheAlertFromBuilders() {
    let fromValues = AlertState<DeletionAlertAction>(
      title: TextState("Delete?"),
      message: TextState("Sure?"),
      buttons: [.destructive(TextState("Delete"), action: .send(.confirmDeletion))]
    )
    let fromBuilders = AlertState<DeletionAlertAction> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
    } message: {
      TextState("Sure?")
    }
    #expect(fromValues == fromBuilders)
  }

  @available(*, deprecated)
  @Test
  func anAlertWithADismissButtonOrTwoButtons() {
    #expect(AlertState<DeletionAlertAction>(title: TextState("Oops")).buttons.isEmpty)
    let ok = AlertState<DeletionAlertAction>(
      title: TextState("Oops"), dismissButton: .cancel(TextState("OK")))
    #expect(ok.buttons == [ButtonState(role: .cancel) { TextState("OK") }])
    let two = AlertState<DeletionAlertAction>(
      title: TextState("Delete?"),
      primaryButton: .destructive(TextState("Delete"), action: .send(.confirmDeletion)),
      secondaryButton: .default(TextState("Keep"), action: .send(.keep)))
    #expect(two.buttons.map(\.action.action) == [.confirmDeletion, .keep])
    #expect(two.buttons.map(\.role) == [.destructive, nil])
  }

  @available(*, deprecated)
  @Test
  func aDialogFromValuesIsTheDialogFromBuilders() {
    let fromValues = ActionSheetState<DeletionAlertAction>(
      title: TextState("Delete?"),
      titleVisibility: .visible,
      buttons: [.destructive(TextState("Delete"), action: .send(.confirmDeletion))])
    #expect(fromValues.titleVisibility == .visible)
    #expect(
      fromValues
        == ConfirmationDialogState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        })
    #expect(
      ConfirmationDialogState<DeletionAlertAction>(title: TextState("Share"), buttons: [])
        .titleVisibility == .automatic)
  }
}
