import Synchronization

/// An action enum whose cases the runtime can tell apart with a `switch` instead of case key
/// paths; conformed by the ``Reducer()`` macro on a reducer's `Action`.
///
/// Extracting a child action through a case key path goes through several dynamic casts and
/// a key path application on every action. Once a reducer has seen which case a case key path
/// names (by extracting through it once), it uses these generated switches instead. They take
/// and give values through raw pointers so that each side runs fully specialised code: the
/// generated switch knows the enum's payload types, the caller knows the case key path's.
public protocol _ReducerAction {
  /// The position, in declaration order, of the case of the action at `action`.
  static func _$caseIndex(_ action: UnsafeRawPointer) -> Int

  /// When the action at `action` is in the case at `index`, initializes `result` with its
  /// associated value (a tuple for several associated values, `()` for none) and returns
  /// `true`; otherwise returns `false`, leaving `result` uninitialized.
  static func _$extract(
    _ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer
  ) -> Bool

  /// Initializes `result` with the action of the case at `index` holding the value at
  /// `payload`; returns `false`, leaving `result` uninitialized, for cases it cannot build
  /// (several associated values).
  static func _$embed(
    _ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer
  ) -> Bool
}

/// The value of type `T` at `pointer`; the generated ``_ReducerAction/_$embed(_:_:into:)``
/// reads payloads with it, their type inferred from the case being built.
@inlinable
public func _$load<T>(_ pointer: UnsafeRawPointer) -> T {
  pointer.assumingMemoryBound(to: T.self).pointee
}

/// Initializes the memory at `pointer` with `value`; the generated
/// ``_ReducerAction/_$extract(_:from:into:)`` hands out associated values with it.
@inlinable
public func _$store<T>(_ value: T, into pointer: UnsafeMutableRawPointer) {
  pointer.assumingMemoryBound(to: T.self).initialize(to: value)
}

/// Extracts and embeds one case of `Root`, through a case key path the first time and through
/// the generated switches of a ``_ReducerAction`` from then on.
///
/// Once the case is known, `Root`'s conformance is found with a cast rather than read from
/// ``indexable``: where `Root` is a concrete type (in a scope specialised for its feature) the
/// compiler resolves the cast and calls the generated switch directly, instead of through a
/// witness table loaded at run time. The values handed to the switch are passed through
/// unprotected stack memory: one value of a known type, written and read by generated code,
/// for which a stack protector check would cost as much as the extraction.
@usableFromInline
final class CaseLookup<Root, Value>: @unchecked Sendable {
  @usableFromInline let casePath: AnyCasePath<Root, Value>
  /// `Root`'s conformance, for learning the case's index.
  @usableFromInline let indexable: (any _ReducerAction.Type)?
  /// The index of the case, once seen; -1 before.
  @usableFromInline let index = Atomic<Int>(-1)
  /// While the index is not known, the indices (below 64) of cases seen not to be this one.
  @usableFromInline let otherCases = Atomic<UInt64>(0)

  @usableFromInline
  init(_ keyPath: CaseKeyPath<Root, Value>) {
    self.casePath = AnyCasePath(keyPath)
    // The generated switches build and take apart one case with its own associated value: a
    // key path into a case's payload (`\.rows[id: 7]`, `\.destination.presented`) or `\.self`
    // must go through the case key path every time.
    self.indexable =
      namesOneCase(keyPath, of: Root.self) ? Root.self as? any _ReducerAction.Type : nil
  }

  /// The associated value of `root` when it is in this case.
  @inlinable
  func extract(from root: Root) -> Value? {
    let index = self.index.load(ordering: .relaxed)
    guard index >= 0, let indexable = Root.self as? any _ReducerAction.Type else {
      return self.extractLearning(from: root)
    }
    return _withUnprotectedUnsafePointer(to: root) { root in
      _withUnprotectedUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer -> Value? in
        let value = buffer.baseAddress!
        guard indexable._$extract(index, from: root, into: value) else { return nil }
        return value.move()
      }
    }
  }

  /// The associated value of `root` when it is in this case, extracted through the case key
  /// path while the case's index is not known; learns the index on the way. (Specialised, but
  /// out of line, so that the common path stays small.)
  @inlinable @inline(never)
  func extractLearning(from root: Root) -> Value? {
    guard let indexable = self.indexable else {
      return self.casePath.extract(from: root)
    }
    // Rule out the cases already seen not to be this one, and learn from this action.
    let actionIndex = withUnsafePointer(to: root) {
      indexable._$caseIndex(UnsafeRawPointer($0))
    }
    let bit: UInt64 = actionIndex < 64 ? 1 << UInt64(actionIndex) : 0
    if self.otherCases.load(ordering: .relaxed) & bit != 0 { return nil }
    let value = self.casePath.extract(from: root)
    if value != nil {
      self.index.store(actionIndex, ordering: .relaxed)
    } else {
      self.otherCases.bitwiseOr(bit, ordering: .relaxed)
    }
    return value
  }

  /// The action of this case holding `value`.
  @inlinable @inline(__always)
  func embed(_ value: Value) -> Root {
    let index = self.index.load(ordering: .relaxed)
    if index >= 0, let indexable = Root.self as? any _ReducerAction.Type {
      // The case is known: one generated call builds the action in place.
      return _withUnprotectedUnsafePointer(to: value) { payload in
        _withUnprotectedUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer -> Root in
          let result = buffer.baseAddress!
          guard
            indexable._$embed(
              index, UnsafeRawPointer(payload), into: UnsafeMutableRawPointer(result))
          else { return self.embedThroughCasePath(value) }
          return result.move()
        }
      }
    }
    return self.embedThroughCasePath(value)
  }

  /// The action of this case holding `value`, made through the case key path; learns the
  /// case's index on the way. (Specialised, but out of line: it is the rare path.)
  @inlinable @inline(never)
  func embedThroughCasePath(_ value: Value) -> Root {
    let root = self.casePath.embed(value)
    if let indexable = self.indexable, self.index.load(ordering: .relaxed) < 0 {
      let index = withUnsafePointer(to: root) { indexable._$caseIndex(UnsafeRawPointer($0)) }
      self.index.store(index, ordering: .relaxed)
    }
    return root
  }
}

/// Whether `keyPath` names one of `Root`'s cases itself, rather than reaching into a case's
/// associated value or being `\.self`.
@usableFromInline
func namesOneCase<Root>(_ keyPath: AnyKeyPath, of _: Root.Type) -> Bool {
  guard let iterable = Root.self as? any CasePathIterable.Type else { return false }
  let type = ObjectIdentifier(Root.self)
  if let casePaths = casePathsByType.withLock({ $0[type] }) {
    return casePaths.value.contains(keyPath)
  }
  let casePaths = allCasePaths(of: iterable)
  casePathsByType.withLock { $0[type] = UncheckedSendable(casePaths) }
  return casePaths.contains(keyPath)
}

/// The case key paths of each enum asked about: making them instantiates a key path per case,
/// which is done once per type. (Key paths are immutable, so sharing them is safe.)
private let casePathsByType = Mutex<[ObjectIdentifier: UncheckedSendable<Set<AnyKeyPath>>]>([:])

private func allCasePaths<Root: CasePathIterable>(of _: Root.Type) -> Set<AnyKeyPath> {
  Set(Root.allCasePaths.map { $0 as AnyKeyPath })
}
