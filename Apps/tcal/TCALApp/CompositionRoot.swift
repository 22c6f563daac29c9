import AppFeature
import AppHost
import ComposableArchitecture

/// Where the app's stores are made, every client assigned explicitly by a ``ClientSource``: a
/// Live target that is linked but not assigned would silently leave its client at `testValue`.
@MainActor
enum CompositionRoot {
  /// The composed app's store with the clients `source` gives; its history is recorded (for
  /// the time-travel panel), and appended to `actionLog` when given.
  static func makeStore(
    clients source: ClientSource, actionLog: ActionLog? = nil
  ) -> StoreOf<TimeTravel<_PrintChangesReducer<App>>> {
    makeStore(dependencies: source.dependencies, actionLog: actionLog)
  }

  /// The composed app's store on `dependencies` (a ``ClientSource``'s).
  static func makeStore(
    dependencies: DependencyValues, actionLog: ActionLog? = nil
  ) -> StoreOf<TimeTravel<_PrintChangesReducer<App>>> {
    Store(initialState: TimeTravel.State(App.State())) {
      App().debugged(log: actionLog)
    } withDependencies: {
      $0 = dependencies
    }
  }

  /// The composed app as the hosts drive it, with its history panel, on a store from
  /// ``makeStore(clients:actionLog:)``, and the task of its `onAppear` (sent here).
  static func makeComposedApp(
    clients source: ClientSource, actionLog: ActionLog?, forcesMonochrome: Bool
  ) -> (app: TimeTravelApp<_PrintChangesReducer<App>>, composed: ComposedApp, start: StoreTask) {
    let dependencies = source.dependencies
    let store = makeStore(dependencies: dependencies, actionLog: actionLog)
    let composed = ComposedApp(
      store: store.scope(state: \.current, action: \.base),
      forcesMonochrome: forcesMonochrome,
      hostHints: [TimeTravelPanel.openHint],
      status: source.statusText,
      notice: settingsNotice(dependencies: dependencies))
    let app = TimeTravelApp(store: store, app: composed)
    return (app, composed, composed.store.send(.onAppear))
  }
}
