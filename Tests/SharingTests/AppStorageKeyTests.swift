import Dependencies
import Foundation
import Sharing
import Testing

private enum Theme: String, Sendable { case dark, light }
private enum Density: Int, Sendable {
  case compact = 1
  case comfortable = 2
}

/// `.appStorage`: every supported type round-trips through user defaults, and each test has a
/// fresh suite.
struct AppStorageKeyTests {
  @Test
  func eachTestHasAFreshSuite() {
    @Dependency(\.defaultAppStorage) var defaults
    #expect(defaults !== UserDefaults.standard)
    #expect(defaults.object(forKey: "launches") == nil)
    @Shared(.appStorage("launches")) var launches = 0
    $launches.withLock { $0 += 1 }
    #expect(defaults.integer(forKey: "launches") == 1)
  }

  @Test
  func keysWithDotsAndAtSignsWorkWithTheFormatWarningOnOrOff() {
    for warns in [true, false] {
      withDependencies {
        $0.appStorageKeyFormatWarningEnabled = warns
      } operation: {
        @Dependency(\.appStorageKeyFormatWarningEnabled) var enabled
        #expect(enabled == warns)
        @Dependency(\.defaultAppStorage) var defaults
        let before = (
          defaults.integer(forKey: "co.example.launches"), defaults.integer(forKey: "@count")
        )
        @Shared(.appStorage("co.example.launches")) var launches = 0
        @Shared(.appStorage("@count")) var count = 0
        $launches.withLock { $0 += 1 }
        $count.withLock { $0 += 2 }
        #expect(defaults.integer(forKey: "co.example.launches") == before.0 + 1)
        #expect(defaults.integer(forKey: "@count") == before.1 + 2)
      }
    }
  }

  @Test
  func storedValuesAreLoadedByTheNextHolder() {
    @Dependency(\.defaultAppStorage) var defaults
    defaults.set(true, forKey: "haptics")
    defaults.set(2.5, forKey: "volume")
    defaults.set("light", forKey: "theme")
    defaults.set(2, forKey: "density")
    @Shared(.appStorage("haptics")) var haptics = false
    @Shared(.appStorage("volume")) var volume = 1.0
    @Shared(.appStorage("theme")) var theme = Theme.dark
    @Shared(.appStorage("density")) var density = Density.compact
    @Shared(.appStorage("missing")) var missing = "default"
    #expect(haptics)
    #expect(volume == 2.5)
    #expect(theme == .light)
    #expect(density == .comfortable)
    #expect(missing == "default")
  }

  @Test
  func everySupportedTypeRoundTrips() {
    @Dependency(\.defaultAppStorage) var defaults
    let url = URL(fileURLWithPath: "/var/lib/app")
    let date = Date(timeIntervalSince1970: 1_000_000)
    do {
      @Shared(.appStorage("bool")) var bool = false
      @Shared(.appStorage("int")) var int = 0
      @Shared(.appStorage("double")) var double = 0.0
      @Shared(.appStorage("string")) var string = ""
      @Shared(.appStorage("url")) var storedURL = URL(fileURLWithPath: "/")
      @Shared(.appStorage("data")) var data = Data()
      @Shared(.appStorage("date")) var storedDate = Date.distantPast
      @Shared(.appStorage("theme")) var theme = Theme.dark
      @Shared(.appStorage("density")) var density = Density.compact
      $bool.withLock { $0 = true }
      $int.withLock { $0 = 7 }
      $double.withLock { $0 = 0.5 }
      $string.withLock { $0 = "hello" }
      $storedURL.withLock { $0 = url }
      $data.withLock { $0 = Data([1, 2, 3]) }
      $storedDate.withLock { $0 = date }
      $theme.withLock { $0 = .light }
      $density.withLock { $0 = .comfortable }
    }
    #expect(defaults.bool(forKey: "bool"))
    #expect(defaults.integer(forKey: "int") == 7)
    #expect(defaults.double(forKey: "double") == 0.5)
    #expect(defaults.string(forKey: "string") == "hello")
    #expect(defaults.url(forKey: "url") == url)
    #expect(defaults.data(forKey: "data") == Data([1, 2, 3]))
    #expect(defaults.object(forKey: "date") as? Date == date)
    #expect(defaults.string(forKey: "theme") == "light")
    #expect(defaults.integer(forKey: "density") == 2)
    @Shared(.appStorage("url")) var loadedURL = URL(fileURLWithPath: "/")
    @Shared(.appStorage("date")) var loadedDate = Date.distantPast
    #expect(loadedURL == url)
    #expect(loadedDate == date)
  }

  @Test
  func optionalsStoreNilByRemovingTheKey() {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("name")) var name: String?
    @Shared(.appStorage("count")) var count: Int?
    @Shared(.appStorage("theme")) var theme: Theme?
    #expect(name == nil)
    $name.withLock { $0 = "Blob" }
    $count.withLock { $0 = 3 }
    $theme.withLock { $0 = .light }
    #expect(defaults.string(forKey: "name") == "Blob")
    #expect(defaults.integer(forKey: "count") == 3)
    #expect(defaults.string(forKey: "theme") == "light")
    $name.withLock { $0 = nil }
    $theme.withLock { $0 = nil }
    #expect(defaults.object(forKey: "name") == nil)
    #expect(defaults.object(forKey: "theme") == nil)
  }

  @Test
  func aValueOfAnotherTypeUnderTheKeyGivesTheDefault() {
    @Dependency(\.defaultAppStorage) var defaults
    defaults.set("not a number", forKey: "count")
    @Shared(.appStorage("count")) var count = 5
    #expect(count == 5)
  }

  @Test
  func holdersOfAKeyInOneStoreShareOneValue() {
    let other = UserDefaults(suiteName: "\(NSTemporaryDirectory())AppStorageKeyTests.\(UUID())")!
    @Shared(.appStorage("count")) var count = 0
    @Shared(.appStorage("count")) var same = 0
    @Shared(.appStorage("count", store: other)) var elsewhere = 0
    $count.withLock { $0 = 4 }
    #expect(same == 4)
    #expect(elsewhere == 0)
    #expect(other.integer(forKey: "count") == 0)
  }

  @Test
  func theDefaultIsWrittenWhenTheStoreHoldsNone() {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("haptics")) var haptics = true
    #expect(defaults.object(forKey: "haptics") as? Bool == true)
    defaults.set("not a number", forKey: "count")
    @Shared(.appStorage("count")) var count = 5
    #expect(defaults.object(forKey: "count") as? Int == 5)
    @Shared(.appStorage("nickname")) var nickname: String? = nil
    #expect(defaults.object(forKey: "nickname") == nil)
    _ = (haptics, count, nickname)
  }

  @Test
  func anArrayOfStringsRoundTrips() {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("tags")) var tags = ["swift"]
    #expect(defaults.stringArray(forKey: "tags") == ["swift"])
    $tags.withLock { $0.append("linux") }
    #expect(defaults.stringArray(forKey: "tags") == ["swift", "linux"])
    @Shared(.appStorage("recent")) var recent: [String]? = nil
    $recent.withLock { $0 = ["a"] }
    #expect(defaults.stringArray(forKey: "recent") == ["a"])
    $recent.withLock { $0 = nil }
    #expect(defaults.object(forKey: "recent") == nil)
  }

  // Foundation on Linux stores a URL given to `set(_:forKey:)` as its path alone.
  @Test
  func aURLOfAnySchemeRoundTrips() async throws {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("site")) var site = URL(string: "https://example.com/a")!
    #expect(defaults.string(forKey: "site") == "https://example.com/a")
    for url in [
      URL(string: "https://example.com/b?q=1#top")!, URL(string: "mailto:a@b.c")!,
      URL(fileURLWithPath: "/tmp/notes.txt"),
    ] {
      $site.withLock { $0 = url }
      try await $site.load()
      #expect(site == url)
      @Shared(.appStorage("site")) var again = URL(string: "https://other.example")!
      #expect(again == url)
    }
    defaults.set("/var/log", forKey: "folder")
    @Shared(.appStorage("folder")) var folder: URL? = nil
    #expect(folder == URL(fileURLWithPath: "/var/log"))
  }

  private struct Profile: Codable, Equatable, Sendable {
    var id: Int
    var name: String
  }

  private enum Mode: String, Codable, Sendable { case on, off }

  // swift-sharing 2.7's `appStorage` for any `Codable` value, stored as JSON.
  @Test
  func aCodableValueIsStoredAsJSON() throws {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("profile")) var profile = Profile(id: 1, name: "A")
    $profile.withLock { $0.name = "B" }
    let data = try #require(defaults.data(forKey: "profile"))
    #expect(try JSONDecoder().decode(Profile.self, from: data) == Profile(id: 1, name: "B"))
    @Shared(.appStorage("profile")) var reread = Profile(id: 0, name: "")
    #expect(reread == Profile(id: 1, name: "B"))

    @Shared(.appStorage("maybe")) var maybe: Profile?
    #expect(maybe == nil)
    $maybe.withLock { $0 = Profile(id: 2, name: "C") }
    #expect(defaults.data(forKey: "maybe") != nil)
    $maybe.withLock { $0 = nil }
    #expect(defaults.object(forKey: "maybe") == nil)

    @Shared(.appStorage("ints")) var ints = [1, 2, 3]
    $ints.withLock { $0.append(4) }
    @Shared(.appStorage("ints")) var intsAgain = [Int]()
    #expect(intsAgain == [1, 2, 3, 4])

    // A raw-representable value keeps its raw form, and data that is not the type's JSON is
    // no value.
    @Shared(.appStorage("mode")) var mode = Mode.on
    #expect(defaults.string(forKey: "mode") == "on")
    defaults.set(Data("not json".utf8), forKey: "broken")
    @Shared(.appStorage("broken")) var broken = Profile(id: 9, name: "default")
    #expect(broken == Profile(id: 9, name: "default"))
  }
}
