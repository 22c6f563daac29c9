import ComposableArchitecture
import Foundation
import SettingsFeature

extension SettingsClient: DependencyKey {
  /// The client the app uses: `settings.json` in ``defaultDirectory(environment:)``.
  public static var liveValue: SettingsClient {
    .live(directory: defaultDirectory())
  }

  /// The name of the app's directory under the configuration directory.
  public static let applicationDirectoryName = "tcal"

  /// A client keeping the settings in `directory/settings.json`, created on the first save.
  ///
  /// Saves are atomic (a temporary file in `directory`, then a rename); a file that cannot be
  /// read or decoded is moved aside to `settings.json.corrupt-<timestamp>` and loading gives
  /// the defaults with a notice saying where it went.
  ///
  /// - Parameters:
  ///   - directory: Where `settings.json` lives.
  ///   - now: The current time, used to name a moved-aside file.
  public static func live(
    directory: URL,
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> SettingsClient {
    let store = SettingsFileStore(directory: directory, now: now)
    return SettingsClient(
      load: { store.load() },
      save: { settings in try store.save(settings) }
    )
  }

  /// Where the app keeps its settings: `$XDG_CONFIG_HOME/tcal` when `XDG_CONFIG_HOME` is an
  /// absolute path, else `$HOME/.config/tcal` (the home directory from the system when `HOME`
  /// is unset).
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let configuration: URL
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      configuration = URL(fileURLWithPath: xdg, isDirectory: true)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      configuration = URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".config", isDirectory: true)
    } else {
      configuration = FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent(".config", isDirectory: true)
    }
    return configuration.appendingPathComponent(applicationDirectoryName, isDirectory: true)
  }
}
