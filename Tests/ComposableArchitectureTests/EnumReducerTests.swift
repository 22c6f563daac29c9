import ComposableArchitecture
import Observation
import Testing

/// A screen that counts, reports whether it is presented, and can close itself.
@Reducer
struct NoteEditor {
  @ObservableState
  struct State: Equatable {
    var text = ""
    var wasPresented: Bool?
  }

  enum Action: Equatable {
    case checkPresentation
    case closeButtonTapped
    case textChanged(String)
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.isPresented) var isPresented

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .checkPresentation:
        state.wasPresented = isPresented
        return .none
      case .closeButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      case let .textChanged(text):
        state.text = text
        return .none
      }
    }
  }
}

/// A second kind of screen, so that routing to the wrong case can be observed.
@Reducer
struct NoteStats {
  @ObservableState
  struct State: Equatable {
    var refreshes = 0
  }

  enum Action: Equatable {
    case refresh
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.refreshes += 1
      return .none
    }
  }
}

/// The stack's screens.
@Reducer
enum NotePath {
  case editor(NoteEditor)
  case stats(NoteStats)
  @ReducerCaseIgnored
  case about(version: String)
}

extension NotePath.State: Equatable {}
extension NotePath.Action: Equatable {}
extension Notes.Destination.State: Equatable {}
extension Notes.Destination.Action: Equatable {}

/// A notes screen with a stack of screens and one presented destination at a time.
@Reducer
struct Notes {
  /// What the notes screen presents.
  @Reducer
  enum Destination {
    case editor(NoteEditor)
    case alert(AlertState<Alert>)
    case share(ConfirmationDialogState<Share>)
    case empty

    enum Alert: Equatable { case confirmDeletion }
    enum Share: Equatable { case copyLink }
  }

  @ObservableState
  struct State: Equatable {
    var path = StackState<NotePath.State>()
    @Presents var destination: Destination.State?
    var deleted = false
    var copied = false
  }

  enum Action: Equatable {
    case deleteTapped
    case destination(PresentationAction<Destination.Action>)
    case editTapped
    case path(StackActionOf<NotePath>)
    case shareTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteTapped:
        state.destination = .alert(Self.deleteAlert)
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        state.deleted = true
        return .none
      case .destination(.presented(.share(.copyLink))):
        state.copied = true
        return .none
      case .destination, .path:
        return .none
      case .editTapped:
        state.destination = .editor(NoteEditor.State())
        return .none
      case .shareTapped:
        state.destination = .share(Self.shareDialog)
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }

  static let deleteAlert = AlertState<Destination.Alert> {
    TextState("Delete note?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  }

  static let shareDialog = ConfirmationDialogState<Destination.Share> {
    TextState("Share")
  } actions: {
    ButtonState(action: .copyLink) { TextState("Copy link") }
  }
}

@MainActor
@Suite
struct EnumReducerTests {
  @Test
  func stackElementActionsRunTheReducerOfTheElementsCase() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.path(.push(id: 0, state: .editor(NoteEditor.State())))) {
      $0.path[id: 0] = .editor(NoteEditor.State())
    }
    await store.send(.path(.push(id: 1, state: .stats(NoteStats.State())))) {
      $0.path[id: 1] = .stats(NoteStats.State())
    }
    await store.send(.path(.element(id: 0, action: .editor(.textChanged("Hi"))))) {
      $0.path[id: 0, case: \.editor]?.text = "Hi"
    }
    await store.send(.path(.element(id: 1, action: .stats(.refresh)))) {
      $0.path[id: 1, case: \.stats]?.refreshes = 1
    }
  }

  @Test
  func anActionForAnotherCaseIsReportedAndIgnored() async {
    let store = TestStore(
      initialState: Notes.State(path: StackState([.editor(NoteEditor.State())]))
    ) {
      Notes()
    }
    await withKnownIssue {
      await store.send(.path(.element(id: 0, action: .stats(.refresh))))
    } matching: { issue in
      issue.description.contains("A \"Scope\" at \"ComposableArchitectureTests/EnumReducerTests")
        && issue.description.contains(
          "\" received a child action when child state was set to a different case")
    }
  }

  @Test
  func ignoredCasesKeepTheirValuesAndHaveNoActions() {
    let about = NotePath.State.about(version: "1.0")
    let version: String? = about.about
    let editor: NoteEditor.State? = about.editor
    #expect(version == "1.0")
    #expect(editor == nil)
  }

  @Test
  func presentedEnumDestinationRunsItsCaseAndDismisses() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.editTapped) {
      $0.destination = .editor(NoteEditor.State())
    }
    await store.send(.destination(.presented(.editor(.textChanged("Draft"))))) {
      $0.destination?.modify(\.editor) { $0.text = "Draft" }
    }
    await store.send(.destination(.presented(.editor(.closeButtonTapped))))
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test
  func alertAndDialogCasesAreDismissedAfterTheirActions() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.deleteTapped) {
      $0.destination = .alert(Notes.deleteAlert)
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.deleted = true
      $0.destination = nil
    }
    await store.send(.shareTapped) {
      $0.destination = .share(Notes.shareDialog)
    }
    await store.send(.destination(.presented(.share(.copyLink)))) {
      $0.copied = true
      $0.destination = nil
    }
  }

  @Test
  func featureCasesAreNotEphemeral() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.editTapped) {
      $0.destination = .editor(NoteEditor.State())
    }
    await store.send(.destination(.presented(.editor(.textChanged("Stays"))))) {
      $0.destination = .editor(NoteEditor.State(text: "Stays"))
    }
  }

  @Test
  func isPresentedIsTrueInPresentedAndStackedReducersOnly() async {
    let root = TestStore(initialState: NoteEditor.State()) { NoteEditor() }
    await root.send(.checkPresentation) {
      $0.wasPresented = false
    }

    let store = TestStore(
      initialState: Notes.State(path: StackState([.editor(NoteEditor.State())]))
    ) {
      Notes()
    }
    await store.send(.path(.element(id: 0, action: .editor(.checkPresentation)))) {
      $0.path[id: 0, case: \.editor]?.wasPresented = true
    }
    await store.send(.editTapped) {
      $0.destination = .editor(NoteEditor.State())
    }
    await store.send(.destination(.presented(.editor(.checkPresentation)))) {
      $0.destination?.modify(\.editor) { $0.wasPresented = true }
    }
  }

  @Test
  func aStackedElementPopsItselfWithDismiss() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.path(.push(id: 0, state: .editor(NoteEditor.State())))) {
      $0.path[id: 0] = .editor(NoteEditor.State())
    }
    await store.send(.path(.element(id: 0, action: .editor(.closeButtonTapped))))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }
}

@MainActor
@Suite
struct EnumStoreTests {
  @Test
  func caseGivesAStoreScopedToTheCurrentCase() {
    let store = Store(initialState: Notes.State()) { Notes() }
    store.send(.editTapped)
    guard let destination = store.scope(state: \.destination, action: \.destination.presented)
    else {
      Issue.record("Expected a presented destination")
      return
    }
    guard case let .editor(editor) = destination.case else {
      Issue.record("Expected the editor case, got \(destination.case)")
      return
    }
    editor.send(.textChanged("Typed"))
    #expect(store.destination?.editor?.text == "Typed")

    store.send(.deleteTapped)
    guard case let .alert(alert) = destination.case else {
      Issue.record("Expected the alert case, got \(destination.case)")
      return
    }
    #expect(alert == Notes.deleteAlert)
  }

  @Test
  func caseOfAStackElement() {
    let store = Store(
      initialState: Notes.State(path: StackState([.about(version: "2.1")]))
    ) {
      Notes()
    }
    let element = store.scope(state: \.path[id: 0], action: \.path[id: 0])
    guard case let .about(version)? = element?.case else {
      Issue.record("Expected the about case")
      return
    }
    #expect(version == "2.1")
  }

  @Test
  func aStackElementOfAnEnumReducerSendsItsCasesActions() {
    let store = Store(
      initialState: Notes.State(
        path: StackState([.stats(NoteStats.State()), .editor(NoteEditor.State())]))
    ) {
      Notes()
    }
    let element = store.scope(state: \.path[id: 1], action: \.path[id: 1])
    element?.send(.editor(.textChanged("Hi")))
    #expect(store.path[id: 1, case: \.editor]?.text == "Hi")
    // A key path that goes on into the element's case.
    let editor = store.scope(state: \.path[id: 1, case: \.editor], action: \.path[id: 1].editor)
    editor?.send(.textChanged("Deeper"))
    #expect(store.path[id: 1, case: \.editor]?.text == "Deeper")
    #expect(store.path[id: 0] == .stats(NoteStats.State()))
  }
}

@Suite
struct ObservableEnumStateTests {
  @Test
  func identityFollowsTheCaseAndTheStateItHolds() {
    var state = Notes.Destination.State.editor(NoteEditor.State())
    let id = state._$id
    state.modify(\.editor) { $0.text = "In place" }
    #expect(state._$id == id)

    let editor = NoteEditor.State()
    #expect(Notes.Destination.State.editor(editor)._$id != id)

    let alert = Notes.Destination.State.alert(Notes.deleteAlert)
    #expect(alert._$id == alert._$id)
    #expect(alert._$id != Notes.Destination.State.share(Notes.shareDialog)._$id)
  }

  @Test
  func aParentFieldHoldingEnumStateIsNotifiedWhenTheCaseChanges() {
    var parent = Notes.State(destination: .editor(NoteEditor.State()))
    let notified = LockIsolated(false)
    withObservationTracking {
      _ = parent.destination
    } onChange: {
      notified.setValue(true)
    }
    parent.destination = .alert(Notes.deleteAlert)
    #expect(notified.value)
  }
}
