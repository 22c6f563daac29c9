/// A valid feature name: UpperCamelCase ASCII letters and digits, starting with a letter, that
/// is not a Swift keyword and does not shadow a name the feature's generated code relies on.
public struct FeatureName: Hashable, Sendable, CustomStringConvertible {
  /// The name as written (`Settings`).
  public let rawValue: String

  /// Validates `name`.
  ///
  /// - Throws: ``FeatureNameError`` saying what is wrong with the name.
  public init(validating name: String) throws(FeatureNameError) {
    guard !name.isEmpty else { throw .empty }
    if SwiftKeywords.all.contains(name) { throw .keyword(name) }
    guard
      name.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      })
    else { throw .invalidCharacters(name) }
    guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else {
      throw .notUpperCamelCase(name)
    }
    if name.hasSuffix("Feature") { throw .redundantSuffix(name) }
    if let reason = Self.reservedNames[name] { throw .reserved(name, reason: reason) }
    rawValue = name
  }

  /// Names the generated code, the runtime or the module layout already use.
  public static let reservedNames: [String: String] = {
    var names: [String: String] = [:]
    for name in ["App", "Apps", "Models", "Modules", "Tests", "Tooling"] {
      names[name] = "it is a module or folder name of the repository layout"
    }
    for name in [
      "Action", "ComposableArchitecture", "Dependency", "DependencyClient", "DependencyKey",
      "DependencyValues", "Effect", "ObservableState", "Reduce", "Reducer", "ReducerOf", "Scope",
      "Send", "State", "Store", "TestDependencyKey", "TestStore",
    ] {
      names[name] = "it would shadow ComposableArchitecture's `\(name)` in the feature's code"
    }
    for name in [
      "Bool", "CustomStringConvertible", "Equatable", "Error", "Foundation", "MainActor",
      "Observation", "Result", "Sendable", "String", "Swift", "Test", "Testing",
    ] {
      names[name] = "it would shadow the standard `\(name)` in the feature's code"
    }
    return names
  }()

  /// The Interface target: reducer, State, Action and client interfaces (`SettingsFeature`).
  public var interfaceTarget: String { "\(rawValue)Feature" }
  /// The Live target: live client implementations (`SettingsFeatureLive`).
  public var liveTarget: String { "\(rawValue)FeatureLive" }
  /// The Testing target: named test doubles and fixtures (`SettingsFeatureTesting`).
  public var testingTarget: String { "\(rawValue)FeatureTesting" }
  /// The test target (`SettingsFeatureTests`).
  public var testsTarget: String { "\(rawValue)FeatureTests" }
  /// The live clients' test target (`SettingsFeatureLiveTests`).
  public var liveTestsTarget: String { "\(rawValue)FeatureLiveTests" }
  /// The five target names, Interface first.
  public var targetNames: [String] {
    [interfaceTarget, liveTarget, testingTarget, testsTarget, liveTestsTarget]
  }

  /// The reducer type (`Settings`).
  public var reducerType: String { rawValue }
  /// The client interface type (`SettingsClient`).
  public var clientType: String { "\(rawValue)Client" }
  /// The `DependencyValues` property of the client (`settingsClient`, `urlLoaderClient`).
  public var clientProperty: String { Self.lowerCamelCased(rawValue) + "Client" }

  /// The name.
  public var description: String { rawValue }

  /// `name` with its leading capital, or its leading acronym, lowercased: `Settings` →
  /// `settings`, `URLLoader` → `urlLoader`, `ID` → `id`.
  static func lowerCamelCased(_ name: String) -> String {
    let characters = Array(name)
    let leadingCapitals = characters.prefix { $0.isUppercase }.count
    let lowered =
      leadingCapitals > 1 && leadingCapitals < characters.count
        && characters[leadingCapitals].isLowercase
      ? leadingCapitals - 1 : max(leadingCapitals, 1)
    return String(characters.prefix(lowered)).lowercased() + String(characters.dropFirst(lowered))
  }
}
