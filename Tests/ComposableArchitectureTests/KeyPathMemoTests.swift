import Testing

@testable import ComposableArchitecture

/// The table that keeps what was worked out from a key path: found again for the same object,
/// never for another one, and never larger than its capacity.
@Suite
struct KeyPathMemoTests {
  @Test
  func aKeyPathMadeOnceFindsWhatWasMadeForIt() {
    let memo = KeyPathMemo<Int>()
    let keyPath: AnyKeyPath = \[Int].count
    var makes = 0
    for _ in 1...3 {
      let value = memo.value(for: keyPath) {
        makes += 1
        return 7
      }
      #expect(value == 7)
    }
    #expect(makes == 1)
  }

  @Test
  func keyPathsMadeAnewEachGetTheirOwnValueAndTheTableStaysBounded() {
    // Key paths with arguments are new objects each time they are made: more of them than the
    // table holds empty it now and then, and each must still get its own value.
    let memo = KeyPathMemo<Int>()
    let count = KeyPathMemo<Int>.capacity * 3
    let keyPaths: [AnyKeyPath] = (0..<count).map { \[Int: Int].[$0] }
    var makes = 0
    for round in 1...2 {
      for (index, keyPath) in keyPaths.enumerated() {
        let value = memo.value(for: keyPath) {
          makes += 1
          return index
        }
        #expect(value == index, "round \(round)")
        #expect(memo.count <= KeyPathMemo<Int>.capacity)
      }
    }
    #expect(makes >= count)
    #expect(makes <= 2 * count)
  }

  @Test
  func keyPathsAskedOftenAreFoundWhateverTheirAddresses() {
    // Twenty key paths asked in turn, as the scopes of a ten-level feature are: each is worked
    // out once, whichever addresses the objects have.
    let memo = KeyPathMemo<Int>()
    let keyPaths: [AnyKeyPath] = (0..<20).map { \[Int: Int].[$0] }
    var makes = 0
    for _ in 1...5 {
      for (index, keyPath) in keyPaths.enumerated() {
        _ = memo.value(for: keyPath) {
          makes += 1
          return index
        }
      }
    }
    #expect(makes == keyPaths.count)
  }

  @Test
  func threadsAskingAtOnceEachGetTheValueOfTheirKeyPath() async {
    // Reducers are values, made and run on any thread: the table is read and written from
    // several at once (the thread sanitizer runs this suite in CI).
    let memo = KeyPathMemo<Int>()
    let wrong = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          let shared = Self.sharedKeyPaths()
          var wrong = 0
          for round in 0..<500 {
            let index = (task + round) % shared.count
            if memo.value(for: shared[index], make: { index }) != index { wrong += 1 }
            let own: AnyKeyPath = \[Int: Int].[task * 1_000 + round]
            if memo.value(for: own, make: { -round }) != -round { wrong += 1 }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(wrong == 0)
  }

  /// Key paths made once for the process: every task gets the same objects.
  static func sharedKeyPaths() -> [AnyKeyPath] {
    [\[Int].count, \[Int].isEmpty, \String.count]
  }

  @Test
  func equalKeyPathsThatAreDifferentObjectsAreEachWorkedOut() {
    let memo = KeyPathMemo<String>()
    let first: AnyKeyPath = \[Int: Int].[1]
    let second: AnyKeyPath = \[Int: Int].[1]
    #expect(first == second)
    #expect(memo.value(for: first) { "first" } == "first")
    #expect(memo.value(for: second) { "second" } == (first === second ? "first" : "second"))
  }
}
