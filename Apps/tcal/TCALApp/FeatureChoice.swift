/// A feature `--feature NAME` runs on its own.
enum FeatureChoice: String, CaseIterable, Equatable, Sendable {
  /// The feed of everyone's posts.
  case home
  /// Search-as-you-type over users and posts.
  case search
  /// Everyone, a page at a time.
  case users
  /// One user and their posts (`--user ID`).
  case userDetail = "user-detail"
  /// The signed-in person's profile editor.
  case profile
  /// Theme, page size, search delay, post previews.
  case settings

  /// The user `user-detail` shows when `--user` is not given: the first one.
  static let defaultUserID = 1

  /// The names `--feature` takes, in the tabs' order, as `--help` lists them.
  static var names: String {
    allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// The feature named `name`: its name or the feature's module name (`userlist`, `UserList`,
  /// `user-list`, `userdetail`…), ignoring case.
  static func named(_ name: String) throws -> FeatureChoice {
    let key = name.lowercased().filter { $0 != "-" && $0 != "_" }
    switch key {
    case "home": return .home
    case "search": return .search
    case "users", "userlist": return .users
    case "userdetail", "user": return .userDetail
    case "profile": return .profile
    case "settings": return .settings
    default: throw FeatureChoiceError(name: name)
    }
  }
}

/// `--feature` named no feature.
struct FeatureChoiceError: Error, Equatable, CustomStringConvertible {
  /// What was given.
  var name: String

  /// A sentence naming the features there are.
  var description: String {
    "Unknown feature \"\(name)\". Features: \(FeatureChoice.names)."
  }
}
