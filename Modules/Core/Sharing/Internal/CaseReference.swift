import CasePaths
import ConcurrencyExtras

/// One case of another reference's enum value, read-only, `nil` while the value is in another
/// case: `$route.detail` of a `SharedReader<Route>`.
class ReadCaseReference<Root: CasePathable, Member>: SharedReference, @unchecked Sendable {
  typealias Value = Member?

  let base: any SharedReference<Root>
  let keyPath: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Member>>
  let casePath: AnyCasePath<Root, Member>

  init(
    base: any SharedReference<Root>,
    keyPath: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Member>>
  ) {
    self.base = base
    self.keyPath = keyPath
    self.casePath = Root.allCasePaths[keyPath: keyPath]
  }

  var id: ObjectIdentifier { base.id }
  var path: [AnyHashable] { base.path + [AnyHashable(keyPath)] }
  var wrappedValue: Member? { casePath.extract(from: base.wrappedValue) }
  var liveValue: Member? { casePath.extract(from: base.liveValue) }
  var snapshotValue: Member?? { base.snapshotValue.map { casePath.extract(from: $0) } }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  func load() async throws { try await base.load() }

  func observeChanges(_ handler: @escaping @Sendable (Member?) -> Void) -> SharedSubscription {
    base.observeChanges(extracting(casePath, handler))
  }

  var description: String {
    "\(base.description)[dynamicMember: \(keyPath)]"
  }
}

/// One case of another reference's enum value, `nil` while the value is in another case:
/// `$route.detail` of a `Shared<Route>`. Writing a value puts the enum in the case.
final class CaseReference<Root: CasePathable, Member>: ReadCaseReference<Root, Member>,
  MutableSharedReference, @unchecked Sendable
{
  let mutableBase: any MutableSharedReference<Root>

  init(
    base: any MutableSharedReference<Root>,
    keyPath: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Member>>
  ) {
    self.mutableBase = base
    super.init(base: base, keyPath: keyPath)
  }

  var saveError: (any Error)? { mutableBase.saveError }
  func save() async throws { try await mutableBase.save() }

  func withLock<R>(_ body: (inout Member?) throws -> R) rethrows -> R {
    try mutableBase.withLock { root in
      var member = casePath.extract(from: root)
      let result = try body(&member)
      if let member {
        root = casePath.embed(member)
      }
      return result
    }
  }
}

/// `handler` called with the case's value of each enum value (the closure is made here, where
/// nothing requires `Root` to be `CasePathable`, so it captures no conformance).
private func extracting<Root, Member>(
  _ casePath: AnyCasePath<Root, Member>, _ handler: @escaping @Sendable (Member?) -> Void
) -> @Sendable (Root) -> Void {
  { handler(casePath.extract(from: $0)) }
}
