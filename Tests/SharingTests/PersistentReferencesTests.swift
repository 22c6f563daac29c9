import Dependencies
import Testing

@testable import Sharing

/// The map from keys to their shared references keeps only keys with a holder alive.
struct PersistentReferencesTests {
  @Test
  func keysWhoseHoldersWentAwayAreDropped() {
    let references = PersistentReferences()
    withDependencies {
      $0.persistentReferences = references
    } operation: {
      for name in ["a", "b", "c"] {
        let shared = Shared(wrappedValue: 0, .inMemory(name))
        #expect(shared.wrappedValue == 0)
      }
      #expect(references.count == 0)
      let kept = Shared(wrappedValue: 1, .inMemory("d"))
      #expect(references.count == 1)
      #expect(references.entryCount == 1)
      #expect(kept.wrappedValue == 1)
    }
  }
}
