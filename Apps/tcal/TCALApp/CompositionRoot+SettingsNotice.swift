import AppHost
import AppSettings
import ComposableArchitecture
import SettingsFeature

extension CompositionRoot {
  /// What to tell the person about their saved settings with `dependencies` (a
  /// ``ClientSource``'s): when the file
  /// could not be used, the Settings feature's sentence (a damaged file was moved aside, to
  /// where, and the defaults are in use); nothing when it loaded, or there is none yet. The
  /// notice watches the settings, so a file damaged while the app runs (moved aside, the
  /// settings in use written back) is told too, when it happens.
  ///
  /// Made once the app's state is made, so that a state holding the settings shares the value
  /// read here, and with it what went wrong loading it.
  static func settingsNotice(dependencies: DependencyValues) -> StartupNotice {
    let settings = withDependencies {
      $0 = dependencies
    } operation: {
      SharedReader(.userSettings)
    }
    return StartupNotice(watching: { settings.loadError.map(Settings.notice(for:)) })
  }
}
