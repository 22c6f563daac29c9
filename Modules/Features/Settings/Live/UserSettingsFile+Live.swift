import AppSettings
import ComposableArchitecture
import Foundation

extension UserSettingsFileKey: DependencyKey {
  /// The file the app keeps the settings in: `settings.json` in
  /// ``defaultDirectory(environment:)``.
  public static var liveValue: URL {
    defaultDirectory().appendingPathComponent(fileName)
  }

  /// The settings file's name in its directory.
  public static let fileName = "settings.json"

  /// The name of the app's directory under the configuration directory.
  public static let applicationDirectoryName = "tcal"

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
