import AppFeature
import AppHost
import AppSettings
import ComposableArchitecture
import TerminalUI

extension CompositionRoot {
  /// The composed app's store with the clients `source` gives.
  static func makeStore(clients source: ClientSource) -> StoreOf<App> {
    Store(initialState: App.State()) {
      App()
    } withDependencies: {
      source.assign(to: &$0)
    }
  }

  /// `feature` run on its own with the clients `source` gives, and the task of its screen's
  /// appear action (sent here, as the composed app sends it; none for a feature with nothing to
  /// load). `userID` is the user `userDetail` shows. The feature is hosted as its
  /// ``FeatureChoice/entry`` says, in the saved settings' theme unless `forcesMonochrome`.
  static func makeFeatureApp(
    _ feature: FeatureChoice,
    clients source: ClientSource,
    userID: Int = FeatureChoice.defaultUserID,
    forcesMonochrome: Bool = false
  ) -> (app: any HostedApp, start: StoreTask) {
    feature.entry.host(source, userID, forcesMonochrome)
  }

  /// A store of `reducer` from `state` with `source`'s clients, drawn by `View` in the theme of
  /// the settings there (monochrome when `forcesMonochrome`), and the task of the screen's
  /// appear action sent to it (none for a feature with nothing to load). The state is made with
  /// those clients too: shared values in it (the settings) are read from `source`'s storage.
  static func hosted<Feature: Reducer, View: FeatureScreen>(
    _ reducer: Feature,
    _ state: @autoclosure () -> Feature.State,
    _ view: View.Type,
    _ source: ClientSource,
    forcesMonochrome: Bool
  ) -> (app: any HostedApp, start: StoreTask)
  where View.Action == Feature.Action, View.State == Feature.State {
    let delegates = DelegateLog()
    // One set of dependencies for the store, the notice and the theme, so that they read the
    // same settings (under `--mock`, one in-memory storage).
    let dependencies = source.dependencies
    let store = Store(initialState: state()) {
      reducer.recordingDelegates(in: delegates)
    } withDependencies: {
      $0 = dependencies
    }
    let settings = withDependencies {
      $0 = dependencies
    } operation: {
      SharedReader(.userSettings)
    }
    let app = FeatureApp<Feature, View>(
      store: store, view: view, status: source.statusText,
      notice: settingsNotice(dependencies: dependencies), delegates: delegates,
      theme: { Theme(settings.wrappedValue.theme, forcesMonochrome: forcesMonochrome) })
    return (app, View.appearAction.map { store.send($0) } ?? StoreTask(rawValue: nil))
  }
}
