import ComposableArchitecture
import SettingsFeature

/// Settings kept in memory, recording every save, for tests of features and apps that save
/// settings.
///
/// ```swift
/// let store = InMemorySettingsStore()
/// … withDependencies: { $0.settingsClient = store.client }
/// #expect(store.saves == [expected])
/// ```
public final class InMemorySettingsStore: Sendable {
  private let state: LockIsolated<(settings: UserSettings, notice: String?, saves: [UserSettings])>

  /// Creates a store holding `settings`; the first load also returns `notice`.
  public init(settings: UserSettings = .default, notice: String? = nil) {
    state = LockIsolated((settings, notice, []))
  }

  /// The settings saved last (or the initial ones).
  public var settings: UserSettings { state.value.settings }

  /// Every save, in order.
  public var saves: [UserSettings] { state.value.saves }

  /// A client over this store: loading returns the current settings (and the notice, once);
  /// saving replaces them and records the save.
  public var client: SettingsClient {
    SettingsClient(
      load: { [state] in
        state.withValue { state in
          defer { state.notice = nil }
          return SettingsLoad(settings: state.settings, notice: state.notice)
        }
      },
      save: { [state] settings in
        state.withValue { state in
          state.settings = settings
          state.saves.append(settings)
        }
      }
    )
  }
}
