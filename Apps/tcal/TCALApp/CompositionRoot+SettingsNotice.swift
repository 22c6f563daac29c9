import AppSettings
import ComposableArchitecture
import SettingsFeature

extension CompositionRoot {
  /// What to tell the person about their saved settings with `source`'s clients: when the file
  /// could not be used, the Settings feature's sentence (a damaged file was moved aside, to where,
  /// and the defaults are in use); `nil` when it loaded, or there is none yet.
  ///
  /// Read once the app's state is made, so that a state holding the settings shares the value
  /// read here, and with it what went wrong loading it.
  static func settingsNotice(clients source: ClientSource) -> String? {
    withDependencies {
      source.assign(to: &$0)
    } operation: {
      @SharedReader(.userSettings) var settings
      return $settings.loadError.map(Settings.notice(for:))
    }
  }
}
