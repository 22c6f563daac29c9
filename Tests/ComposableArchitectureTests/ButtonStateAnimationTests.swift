import ComposableArchitecture
import CustomDump
import Testing

/// Buttons whose action is sent with an animation, as in an alert that stops a download with
/// `ButtonState(role: .destructive, action: .send(.stop, animation: .default))`.
@MainActor
struct ButtonStateAnimationTests {
  @CasePathable
  enum DownloadAlert: Equatable {
    case stop
    case delete
  }

  @Reducer
  struct Download {
    @ObservableState
    struct State: Equatable {
      @Presents var alert: AlertState<Action.Alert>?
      var isDownloading = true
    }

    enum Action {
      case alert(PresentationAction<Alert>)
      case stopTapped

      @CasePathable
      enum Alert: Equatable {
        case stop
      }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert(.presented(.stop)):
          state.isDownloading = false
          return .none
        case .alert:
          return .none
        case .stopTapped:
          state.alert = AlertState {
            TextState("Stop downloading?")
          } actions: {
            ButtonState(role: .destructive, action: .send(.stop, animation: .default)) {
              TextState("Stop")
            }
            ButtonState(role: .cancel) {
              TextState("Nevermind")
            }
          }
          return .none
        }
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  @Test
  func animatedSendKeepsItsActionAndAnimation() {
    let action = ButtonStateAction<DownloadAlert>.send(.stop, animation: .easeInOut)
    #expect(action.action == .stop)
    #expect(action.animation == .easeInOut)
    #expect(ButtonStateAction<DownloadAlert>.send(.stop).animation == nil)
  }

  @Test
  func animatedSendComparesTheAnimationToo() {
    typealias Button = ButtonStateAction<DownloadAlert>
    #expect(Button.send(.stop, animation: .default) == .send(.stop, animation: .default))
    #expect(Button.send(.stop, animation: .default) != .send(.stop, animation: .linear))
    #expect(Button.send(.stop, animation: .default) != .send(.stop))
    #expect(Button.send(.stop, animation: .default) != .send(.delete, animation: .default))
  }

  @Test
  func mapKeepsTheAnimation() {
    let mapped = ButtonStateAction<DownloadAlert>.send(.stop, animation: .default)
      .map { $0.map { "\($0)" } }
    #expect(mapped.action == "stop")
    #expect(mapped.animation == .default)
  }

  @Test
  func dumpNamesTheAnimation() {
    let button = ButtonState<DownloadAlert>(action: .send(.stop, animation: .default)) {
      TextState("Stop")
    }
    #expect(String(customDumping: button).contains("animation"))
    let plain = ButtonState<DownloadAlert>(action: .send(.stop)) { TextState("Stop") }
    #expect(!String(customDumping: plain).contains("animation"))
  }

  @Test
  func anAlertButtonSentWithAnAnimationIsAssertedAndTapped() async {
    let store = TestStore(initialState: Download.State()) {
      Download()
    }
    await store.send(.stopTapped) {
      $0.alert = AlertState {
        TextState("Stop downloading?")
      } actions: {
        ButtonState(role: .destructive, action: .send(.stop, animation: .default)) {
          TextState("Stop")
        }
        ButtonState(role: .cancel) {
          TextState("Nevermind")
        }
      }
    }
    await store.send(\.alert.stop) {
      $0.alert = nil
      $0.isDownloading = false
    }
  }
}
