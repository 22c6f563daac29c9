import Foundation
import TCATooling
import Testing

/// The wiring steps `tca new-feature` prints, checked against the repository: made for a
/// feature that is already a tab, each step's code is in the file it names, as written there.
struct FeatureWiringTests {
  @Test(arguments: ["Home", "Search", "Profile", "Settings"])
  func everyStepIsWhatTheTabsAlreadyHave(name: String) throws {
    let feature = try FeatureName(validating: name)
    #expect(feature.wiringSteps.count == 4)
    for step in feature.wiringSteps {
      let path = try #require(step.split(separator: ":").first.map(String.init))
      let file = try String(
        contentsOf: Fixtures.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      let code = step.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }
      #expect(!code.isEmpty)
      for (_, snippet) in code {
        // Settings has no client of its own: the lines of a client are left out.
        if name == "Settings",
          snippet.contains("Client") || snippet.contains("FeatureLive")
            || snippet.contains("FeatureTesting")
        {
          continue
        }
        #expect(file.contains(snippet), "\(path) lacks \(snippet)")
      }
    }
  }
}
