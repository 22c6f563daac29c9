extension FeatureName {
  /// What to add outside the feature to show it as a tab of the app and run it alone, one line
  /// each, and to give it a double in the app's randomized tests; the compiler then asks for the
  /// rest (the exhaustive switches over the tabs and the app's actions).
  public var wiringSteps: [String] {
    let field = Self.lowerCamelCased(rawValue)
    return [
      "Modules/App/App.swift: `import \(interfaceTarget)`, the field "
        + "`public var \(field) = \(reducerType).State()`, the action "
        + "`case \(field)(\(reducerType).Action)` and "
        + "`Scope(state: \\.\(field), action: \\.\(field)) { \(reducerType)() }`",
      "Modules/App/AppTab.swift: `import \(interfaceTarget)`, `case \(field)` and its screen, "
        + "`case .\(field): EmbeddedScreen(\(reducerType)View(state: state.\(field)), "
        + "App.Action.\(field))`",
      "Apps/tcal/TCALApp/FeatureChoice+Entry.swift: `import \(interfaceTarget)`, "
        + "`import \(liveTarget)`, `import \(testingTarget)` and its entry, "
        + "`case .tab(.\(field)):` `\(reducerType)(), \(reducerType).State(), "
        + "\(reducerType)View.self,` "
        + "`client: FeatureClient(\\.\(clientProperty), live: .liveValue, mock: .mock)`",
      "Tests/AppFeaturePropertyTests/AppRun.swift: the double the app's randomized tests give "
        + "every feature, `import \(interfaceTarget)`, `import \(testingTarget)` and "
        + "`$0.\(clientProperty) = ` its `.mock`",
    ]
  }
}
