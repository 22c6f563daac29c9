import Testing

@testable import ComposableArchitecture

/// The stores a store keeps of its children: found again by what they were scoped with, past
/// the few kept in a list as well as before, and forgotten when asked.
@MainActor
@Suite
struct ScopedStoresTests {
  final class Child {}

  /// The id of the row `row`'s store, as a collection's store makes it.
  func rowID(_ row: Int) -> ScopeID {
    ScopeID(state: \[Int: Int].[row], action: \[Int: Int].[row])
  }

  @Test
  func aChildIsFoundByAnIDEqualToTheOneItWasKeptUnder() {
    var stores = ScopedStores()
    let child = Child()
    stores[self.rowID(1)] = child
    // Made anew, the key paths are other objects that are equal to the first.
    #expect(stores[self.rowID(1)] === child)
    #expect(stores[self.rowID(2)] == nil)
  }

  @Test
  func everyChildIsFoundOnceThereAreMoreThanAFew() {
    var stores = ScopedStores()
    let count = ScopedStores.fewLimit * 3
    let children = (0..<count).map { _ in Child() }
    for (row, child) in children.enumerated() {
      stores[self.rowID(row)] = child
      for earlier in 0...row {
        #expect(stores[self.rowID(earlier)] === children[earlier])
      }
    }
    #expect(stores[self.rowID(count)] == nil)
  }

  @Test
  func aForgottenChildIsGoneAndTheOthersStay() {
    for count in [ScopedStores.fewLimit, ScopedStores.fewLimit * 2] {
      var stores = ScopedStores()
      let children = (0..<count).map { _ in Child() }
      for (row, child) in children.enumerated() {
        stores[self.rowID(row)] = child
      }
      stores[self.rowID(3)] = nil
      #expect(stores[self.rowID(3)] == nil)
      for row in 0..<count where row != 3 {
        #expect(stores[self.rowID(row)] === children[row], "\(count) children")
      }
      let replacement = Child()
      stores[self.rowID(5)] = replacement
      #expect(stores[self.rowID(5)] === replacement)
    }
  }
}
