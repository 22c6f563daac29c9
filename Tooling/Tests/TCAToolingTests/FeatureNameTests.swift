import TCATooling
import Testing

struct FeatureNameTests {
  @Test(arguments: ["Demo", "Settings", "URLLoader", "Onboarding2", "X", "ABTest"])
  func acceptsUpperCamelCaseNames(name: String) throws {
    #expect(try FeatureName(validating: name).rawValue == name)
  }

  @Test(arguments: [
    ("", FeatureNameError.empty),
    ("demo", .notUpperCamelCase("demo")),
    ("2Demo", .notUpperCamelCase("2Demo")),
    ("_Demo", .invalidCharacters("_Demo")),
    ("Demo-App", .invalidCharacters("Demo-App")),
    ("Demo App", .invalidCharacters("Demo App")),
    ("Démo", .invalidCharacters("Démo")),
    ("Self", .keyword("Self")),
    ("Any", .keyword("Any")),
    ("Type", .keyword("Type")),
    ("class", .keyword("class")),
    ("DemoFeature", .redundantSuffix("DemoFeature")),
  ])
  func refusesInvalidNames(name: String, error: FeatureNameError) {
    #expect(throws: error) { try FeatureName(validating: name) }
  }

  @Test(arguments: ["App", "Store", "State", "Reducer", "Effect", "Testing", "Test", "String"])
  func refusesReservedNames(name: String) {
    #expect {
      try FeatureName(validating: name)
    } throws: { error in
      guard case .reserved(name, _) = error as? FeatureNameError else { return false }
      return true
    }
  }

  @Test
  func errorsExplainTheRule() {
    let message = FeatureNameError.notUpperCamelCase("demo").description
    #expect(message.contains("`demo` is not a valid feature name"))
    #expect(message.contains("UpperCamelCase ASCII letters and digits starting with a letter"))
    #expect(
      FeatureNameError.keyword("Self").description
        == "`Self` is not a valid feature name: it is a Swift keyword.")
  }

  @Test
  func derivedNames() throws {
    let name = try FeatureName(validating: "Settings")
    #expect(
      name.targetNames
        == [
          "SettingsFeature", "SettingsFeatureLive", "SettingsFeatureTesting",
          "SettingsFeatureTests", "SettingsFeatureLiveTests",
        ])
    #expect(name.clientType == "SettingsClient")
    #expect(name.clientProperty == "settingsClient")
    #expect(try FeatureName(validating: "URLLoader").clientProperty == "urlLoaderClient")
    #expect(try FeatureName(validating: "ID").clientProperty == "idClient")
    #expect(try FeatureName(validating: "X").clientProperty == "xClient")
    #expect(try FeatureName(validating: "A1").clientProperty == "a1Client")
  }

  @Test(arguments: [
    ("DemoFeature", "Demo", FeatureRole.interface),
    ("DemoFeatureLive", "Demo", .live),
    ("DemoFeatureTesting", "Demo", .testing),
    ("DemoFeatureTests", "Demo", .tests),
  ])
  func parsesRoles(target: String, feature: String, role: FeatureRole) throws {
    let parsed = try #require(FeatureRole.parse(target))
    #expect(parsed.feature == feature)
    #expect(parsed.role == role)
  }

  @Test(arguments: ["Feature", "ComposableArchitecture", "App", "featureLive", "DemoLiveTests"])
  func otherTargetsHaveNoRole(target: String) {
    #expect(FeatureRole.parse(target) == nil)
  }
}
