import AppSettings
import Foundation
import SettingsFeature
import Testing

struct UserSettingsTests {
  private func decode(_ json: String) throws -> UserSettings {
    try JSONDecoder().decode(UserSettings.self, from: Data(json.utf8))
  }

  @Test
  func theDefaults() {
    let settings = UserSettings.default
    #expect(settings.theme == .dark)
    #expect(settings.pageSize == 20)
    #expect(settings.searchDebounceMilliseconds == 300)
    #expect(settings.searchDebounce == .milliseconds(300))
    #expect(settings.showsPostPreviews)
  }

  @Test
  func settingsRoundTripThroughJSON() throws {
    let settings = UserSettings(
      theme: .noColor, pageSize: 35, searchDebounceMilliseconds: 0, showsPostPreviews: false)
    let data = try JSONEncoder().encode(settings)
    #expect(try JSONDecoder().decode(UserSettings.self, from: data) == settings)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(object?["theme"] as? String == "noColor")
  }

  @Test
  func missingKeysTakeTheirDefaults() throws {
    #expect(try decode("{}") == .default)
    var expected = UserSettings.default
    expected.pageSize = 40
    #expect(try decode(#"{"pageSize": 40, "someFutureKey": [1, 2]}"#) == expected)
  }

  @Test
  func anUnknownThemeReadsAsTheDefaultTheme() throws {
    #expect(try decode(#"{"theme": "solarized"}"#).theme == .dark)
  }

  @Test
  func numbersOutsideTheirRangesAreClamped() throws {
    let settings = try decode(#"{"pageSize": 0, "searchDebounceMilliseconds": 99999}"#)
    #expect(settings.pageSize == 5)
    #expect(settings.searchDebounceMilliseconds == 2000)

    var changed = UserSettings.default
    changed.pageSize = -3
    changed.searchDebounceMilliseconds = -1
    #expect(changed.pageSize == 5)
    #expect(changed.searchDebounceMilliseconds == 0)
    #expect(
      UserSettings(
        theme: .dark, pageSize: 101, searchDebounceMilliseconds: 2001, showsPostPreviews: true)
        == UserSettings(
          theme: .dark, pageSize: 100, searchDebounceMilliseconds: 2000, showsPostPreviews: true))
  }

  @Test
  func valuesOfTheWrongTypeAreErrors() {
    #expect(throws: DecodingError.self) { try decode(#"{"pageSize": "twenty"}"#) }
    #expect(throws: DecodingError.self) { try decode(#"{"theme": 3}"#) }
    #expect(throws: DecodingError.self) { try decode(#"{"showsPostPreviews": "yes"}"#) }
    #expect(throws: DecodingError.self) { try decode("[]") }
  }
}
