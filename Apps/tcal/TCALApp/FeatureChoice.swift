import AppFeature

/// A feature `--feature NAME` runs on its own: one of the app's tabs (its list is `AppTab`'s, so
/// a new tab is named by the name it has there; `CompositionRoot.makeFeatureApp` hosts it), or
/// the user screen the stack shows.
enum FeatureChoice: Equatable, Sendable {
  /// The feature a tab shows, named as the tab (`home`, `users`…).
  case tab(AppTab)
  /// One user and their posts (`--user ID`), named `user-detail`.
  case userDetail

  /// The user `user-detail` shows when `--user` is not given: the first one.
  static let defaultUserID = 1

  /// Every feature, the tabs' first, in the tab bar's order.
  static var allCases: [FeatureChoice] {
    AppTab.allCases.map(Self.tab) + [.userDetail]
  }

  /// The name `--feature` takes.
  var name: String {
    switch self {
    case let .tab(tab): tab.rawValue
    case .userDetail: "user-detail"
    }
  }

  /// The names `--feature` takes, as `--help` lists them.
  static var names: String {
    allCases.map(\.name).joined(separator: ", ")
  }

  /// Other names of features, by the key ``named(_:)`` compares: module names that differ from
  /// the feature's name.
  private static let otherNames: [String: FeatureChoice] = [
    "userlist": .tab(.users), "user": .userDetail,
  ]

  /// The feature named `name`: its name or the feature's module name (`userlist`, `UserList`,
  /// `user-list`, `userdetail`…), ignoring case, `-` and `_`.
  static func named(_ name: String) throws -> FeatureChoice {
    func key(_ name: String) -> String {
      name.lowercased().filter { $0 != "-" && $0 != "_" }
    }
    let wanted = key(name)
    if let feature = allCases.first(where: { key($0.name) == wanted }) ?? otherNames[wanted] {
      return feature
    }
    throw FeatureChoiceError(name: name)
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
