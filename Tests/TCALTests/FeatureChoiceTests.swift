import AppFeature
import ArgumentParser
import Testing

@testable import TCALApp

struct FeatureChoiceTests {
  @Test(arguments: [
    ("home", FeatureChoice.tab(.home)),
    ("search", .tab(.search)),
    ("users", .tab(.users)),
    ("userlist", .tab(.users)),
    ("UserList", .tab(.users)),
    ("user-list", .tab(.users)),
    ("user-detail", .userDetail),
    ("userdetail", .userDetail),
    ("UserDetail", .userDetail),
    ("user", .userDetail),
    ("PROFILE", .tab(.profile)),
    ("settings", .tab(.settings)),
  ])
  func aFeatureIsNamedByItsNameOrItsModuleName(name: String, feature: FeatureChoice) throws {
    #expect(try FeatureChoice.named(name) == feature)
  }

  @Test
  func everyFeatureIsNamedByTheNameHelpLists() throws {
    for feature in FeatureChoice.allCases {
      #expect(try FeatureChoice.named(feature.name) == feature)
    }
    // Every tab, by its name in the tab list (these five first), then the screen the stack
    // shows.
    #expect(FeatureChoice.names == Self.names)
    #expect(Self.names.hasPrefix("home, search, users, profile, settings, "))
    #expect(Self.names.hasSuffix(", user-detail"))
  }

  @Test
  func anUnknownNameListsTheValidOnes() {
    #expect(throws: FeatureChoiceError(name: "feed")) { try FeatureChoice.named("feed") }
    #expect(
      FeatureChoiceError(name: "feed").description
        == "Unknown feature \"feed\". Features: \(Self.names).")
  }

  /// The names `--feature` takes: the tabs', in order, then the user detail's.
  static var names: String {
    (AppTab.allCases.map(\.rawValue) + ["user-detail"]).joined(separator: ", ")
  }
}

struct IsolationOptionsTests {
  /// The message `tcal ARGUMENTS` exits with, or `nil` when they are valid.
  private func error(_ arguments: [String]) -> String? {
    do {
      _ = try TCALCommand.parseAsRoot(arguments)
      return nil
    } catch {
      return TCALCommand.message(for: error)
    }
  }

  @Test
  func validCombinations() throws {
    #expect(error(["--feature", "search", "--mock"]) == nil)
    #expect(error(["--feature", "users"]) == nil)
    #expect(error(["--feature", "users", "--in-memory", "--line-mode"]) == nil)
    #expect(error(["--feature", "user-detail", "--user", "7", "--mock"]) == nil)
    #expect(error(["--mock"]) == nil)
    let command = try #require(
      try TCALCommand.parseAsRoot(["--feature", "UserList", "--mock"]) as? TCALCommand)
    #expect(command.feature == "UserList")
    #expect(command.mock)
  }

  @Test
  func theComposedAppRunsWhenNeitherIsGiven() throws {
    let command = try #require(try TCALCommand.parseAsRoot([]) as? TCALCommand)
    #expect(command.feature == nil)
    #expect(!command.mock)
  }

  @Test
  func theActionLogRecordsTheComposedAppOnly() {
    #expect(
      error(["--feature", "users", "--log-actions", "/tmp/a.log"])
        == "--log-actions records the composed app; it does not apply with --feature.")
    #expect(error(["--mock", "--log-actions", "/dev/null"]) == nil)
  }

  @Test
  func anUnknownFeatureIsAValidationError() {
    #expect(
      error(["--feature", "feed"])
        == "Unknown feature \"feed\". Features: \(FeatureChoiceTests.names).")
  }

  @Test
  func userAppliesToUserDetailOnly() {
    #expect(error(["--user", "3"]) == "--user applies to --feature user-detail only.")
    #expect(
      error(["--feature", "users", "--user", "3"])
        == "--user applies to --feature user-detail only.")
    #expect(
      error(["--feature", "user-detail", "--user", "0"])
        == "--user must be a user id, a whole number from 1.")
  }

  @Test(arguments: ["0", "-3", "abc", "1.5", "99999999999999999999", ""])
  func userMustBeAnIdAWholeNumberFromOne(value: String) {
    #expect(
      error(["--feature", "user-detail", "--user", value])
        == "--user must be a user id, a whole number from 1.")
  }

  @Test
  func userIsTheIdGiven() throws {
    let command = try #require(
      try TCALCommand.parseAsRoot(["--feature", "user-detail", "--user", "42"]) as? TCALCommand)
    #expect(command.userID == 42)
  }

  @Test
  func mockStartsNoServerSoServerOptionsAreRefused() {
    let message = "--mock starts no server: --api-url, --data-dir and --in-memory do not apply."
    #expect(error(["--mock", "--api-url", "http://127.0.0.1:9"]) == message)
    #expect(error(["--feature", "home", "--mock", "--in-memory"]) == message)
    #expect(error(["--feature", "home", "--mock", "--data-dir", "/tmp/x"]) == message)
  }

  @Test(arguments: ["http://127.0.0.1:99999", "http://127.0.0.1:0"])
  func anAPIURLsPortMustBeAPort(url: String) {
    #expect(
      error(["--api-url", url])?.hasPrefix("--api-url's port must be from 1 to 65535") == true)
  }
}
