import AppFeature
import AppHost
import ComposableArchitecture
import HomeFeature
import HomeFeatureLive
import HomeFeatureTesting
import ProfileFeature
import ProfileFeatureLive
import ProfileFeatureTesting
import SearchFeature
import SearchFeatureLive
import SearchFeatureTesting
import SettingsFeature
import TerminalUI
import UserDetailFeature
import UserDetailFeatureLive
import UserDetailFeatureTesting
import UserListFeature
import UserListFeatureLive
import UserListFeatureTesting

extension FeatureChoice {
  /// What the composition root knows of the feature: the one table of the features' reducers,
  /// first states, views and clients. ``ClientSource`` assigns every entry's client, and
  /// `CompositionRoot.makeFeatureApp` hosts an entry alone; a new tab's entry is asked for here
  /// by the compiler.
  var entry: FeatureEntry {
    switch self {
    case .tab(.home):
      FeatureEntry(
        Home(), Home.State(), HomeView.self,
        client: FeatureClient(\.homeClient, live: .liveValue, mock: .mock))
    case .tab(.search):
      FeatureEntry(
        Search(), Search.State(), SearchView.self,
        client: FeatureClient(\.searchClient, live: .liveValue, mock: .mock))
    case .tab(.users):
      FeatureEntry(
        UserList(), UserList.State(), UserListView.self,
        client: FeatureClient(\.userListClient, live: .liveValue, mock: .mock))
    case .tab(.profile):
      FeatureEntry(
        Profile(), Profile.State(), ProfileView.self,
        client: FeatureClient(\.profileClient, live: .liveValue, mock: .mock))
    case .tab(.settings):
      // The settings are the shared `@Shared(.userSettings)`, whose file `ClientSource` sets.
      FeatureEntry(Settings(), Settings.State(), SettingsView.self, client: nil)
    case .userDetail:
      FeatureEntry(
        UserDetail(), { UserDetail.State(userID: $0) }, UserDetailView.self,
        client: FeatureClient(\.userDetailClient, live: .liveValue, mock: .mock))
    }
  }
}

/// A feature as the composition root knows it: its client, and how to host it alone.
struct FeatureEntry {
  /// The feature's client, or `nil` for a feature without one of its own.
  let client: FeatureClient?
  /// The feature alone on `source`'s clients (a user screen showing user `userID`), in the
  /// saved theme unless `forcesMonochrome`, and the task of its screen's appear action.
  let host:
    @MainActor (_ source: ClientSource, _ userID: Int, _ forcesMonochrome: Bool) -> (
      app: any HostedApp, start: StoreTask
    )

  /// The feature `reducer` from the state `state` makes for a user id, drawn by `View`.
  init<Feature: Reducer, View: FeatureScreen>(
    _ reducer: @autoclosure @escaping @Sendable () -> Feature,
    _ state: @escaping @Sendable (_ userID: Int) -> Feature.State,
    _ view: View.Type,
    client: FeatureClient?
  ) where View.Action == Feature.Action, View.State == Feature.State {
    self.client = client
    self.host = { source, userID, forcesMonochrome in
      CompositionRoot.hosted(
        reducer(), state(userID), View.self, source, forcesMonochrome: forcesMonochrome)
    }
  }

  /// The feature `reducer` from `state`, drawn by `View`.
  init<Feature: Reducer & SendableMetatype, View: FeatureScreen>(
    _ reducer: @autoclosure @escaping @Sendable () -> Feature,
    _ state: @autoclosure @escaping @Sendable () -> Feature.State,
    _ view: View.Type,
    client: FeatureClient?
  ) where View.Action == Feature.Action, View.State == Feature.State {
    self.init(reducer(), { _ in state() }, view, client: client)
  }
}

/// A feature's client dependency and the two implementations the app chooses between.
struct FeatureClient: Sendable {
  /// Assigns the live implementation.
  let live: @Sendable (inout DependencyValues) -> Void
  /// Assigns the mock.
  let mock: @Sendable (inout DependencyValues) -> Void

  /// The client at `keyPath`, `live` on the server and `mock` without one (each made when
  /// assigned).
  init<Client>(
    _ keyPath: WritableKeyPath<DependencyValues, Client> & Sendable,
    live: @autoclosure @escaping @Sendable () -> Client,
    mock: @autoclosure @escaping @Sendable () -> Client
  ) {
    self.live = { $0[keyPath: keyPath] = live() }
    self.mock = { $0[keyPath: keyPath] = mock() }
  }
}
