import AppHost
import ComposableArchitecture
import Observation
import TerminalUI
import Testing

/// A list that opens its rows through the app, as the features' lists do.
@Reducer
struct Picker {
  @ObservableState
  struct State: Equatable {
    var picked = 0
  }

  enum Action: Equatable {
    case rowOpened(Int)
    case rowMarked(Int)
    case rowSaved(Int)
    case delegate(Delegate)

    enum Delegate: Equatable {
      case open(id: Int, title: String)
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .rowOpened(id):
        return .send(.delegate(.open(id: id, title: "Row \(id)")))
      case let .rowMarked(id):
        state.picked = id
        return .none
      case let .rowSaved(id):
        return .run { send in
          await Task.yield()
          await send(.delegate(.open(id: id, title: "Saved \(id)")))
        }
      case .delegate:
        return .none
      }
    }
  }
}

/// The picker's view: `enter` opens row 3, `m` marks it.
struct PickerView: FeatureScreen {
  static let title = "Picker"
  var state: Picker.State
  var isBusy: Bool { false }

  func render(in context: RenderContext) -> [StyledLine] {
    [StyledLine("picked \(state.picked)")]
  }

  var keyBindings: [KeyBinding<Picker.Action>] {
    [
      KeyBinding(.enter, label: "open", action: .rowOpened(3)),
      KeyBinding(.character("m"), label: "mark", action: .rowMarked(3)),
      KeyBinding(.character("s"), label: "save", action: .rowSaved(5)),
    ]
  }
}

@MainActor
struct FeatureAppDelegateTests {
  private func makeApp(recording: Bool = true) -> FeatureApp<Picker, PickerView> {
    let log = DelegateLog()
    return FeatureApp(
      store: Store(initialState: Picker.State()) {
        Picker().recordingDelegates(in: log)
      },
      view: PickerView.self,
      delegates: recording ? log : nil)
  }

  private func text(of app: some HostedApp) -> String {
    app.screen(in: RenderContext(width: 160, height: 6, theme: .monochrome)).plainText
  }

  @Test
  func aKeyThatSendsADelegateActionSaysItIsTheComposedAppsUntilTheNextKey() {
    let app = makeApp()
    _ = app.handle(.enter)
    #expect(
      text(of: app).contains(
        "Picker sent .delegate(.open(id: 3, title: \"Row 3\")), which the composed app handles"))

    _ = app.handle(.character("m"))
    #expect(!text(of: app).contains("composed app"))
    #expect(text(of: app).contains("picked 3"))
  }

  @Test
  func aDelegateActionAnEffectSendsWakesTheHostAndShowsWithoutAKey() async throws {
    let app = makeApp()
    let context = RenderContext(width: 160, height: 6, theme: .monochrome)
    let woken = LockIsolated(false)
    _ = withObservationTracking {
      app.screen(in: context)
    } onChange: {
      woken.setValue(true)
    }
    guard case let .sent(task) = app.handle(.character("s")) else {
      Issue.record("The key sent nothing")
      return
    }
    await task.finish()
    #expect(woken.value, "the host would not redraw")
    #expect(
      text(of: app).contains(
        "Picker sent .delegate(.open(id: 5, title: \"Saved 5\")), which the composed app handles"))
  }

  @Test
  func withoutALogNothingIsSaid() {
    let app = makeApp(recording: false)
    _ = app.handle(.enter)
    #expect(!text(of: app).contains("composed app"))
  }

  @Test
  func onlyTheDelegateCaseIsRecorded() {
    let log = DelegateLog()
    log.record(Picker.Action.rowMarked(1))
    log.record(Picker.Action.delegate(.open(id: 1, title: "x")))
    #expect(log.take() == [".delegate(.open(id: 1, title: \"x\"))"])
    #expect(log.take().isEmpty)
  }
}
