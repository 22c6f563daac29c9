import ComposableArchitecture
import SettingsFeature

extension SettingsClient {
  /// A client that loads ``UserSettings/default`` and saves nothing.
  public static let mock = SettingsClient(
    load: { SettingsLoad(settings: .default) },
    save: { _ in }
  )

  /// A client that loads `settings` (with `notice`) and saves nothing.
  public static func loading(_ settings: UserSettings, notice: String? = nil) -> SettingsClient {
    SettingsClient(
      load: { SettingsLoad(settings: settings, notice: notice) },
      save: { _ in }
    )
  }

  /// A client whose loads and saves throw `error`.
  public static func failing(_ error: any Error) -> SettingsClient {
    SettingsClient(load: { throw error }, save: { _ in throw error })
  }

  /// A client that loads the defaults but whose saves throw `error`, like a read-only
  /// configuration directory.
  public static func failingSaves(_ error: any Error) -> SettingsClient {
    SettingsClient(load: { SettingsLoad(settings: .default) }, save: { _ in throw error })
  }

  /// A client whose loads and saves never finish: they suspend until cancelled, then throw
  /// `CancellationError`.
  public static let never = SettingsClient(
    load: { try await Task.never() },
    save: { _ in try await Task.never() }
  )
}
