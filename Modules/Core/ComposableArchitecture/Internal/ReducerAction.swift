/// An action enum whose cases the runtime can tell apart with a `switch` instead of case key
/// paths; conformed by the ``Reducer()`` macro on a reducer's `Action`.
///
/// Extracting a child action through a case key path goes through several dynamic casts and
/// a key path application on every action. Once the position of the case a case key path names
/// is known (see `CaseLookup`), the runtime uses these generated switches instead. They take
/// and give values through raw pointers so that each side runs fully specialised code: the
/// generated switch knows the enum's payload types, the caller knows the case key path's.
public protocol _ReducerAction {
  /// The enum's case key paths (each a `PartialCaseKeyPath<Self>`), in declaration order: a
  /// case is given to the switches below by its position here.
  ///
  /// Typed without `Self`, so that the `public` conformance of a `public` enum declared inside
  /// an internal type compiles.
  static var _$casePaths: [AnyKeyPath] { get }

  /// The key paths of the enum's `AllCasePaths` members (each a `PartialKeyPath` of
  /// `AllCasePaths`), in the same order as ``_$casePaths``.
  ///
  /// A case key path literal, `\.someCase` read as a `CaseKeyPath`, goes through `Case`'s
  /// dynamic member subscript, whose argument is a key path: the runtime makes it anew, resolving
  /// its generic arguments by name, each time the expression is evaluated (about 17,000
  /// instructions). Read as a key path of `AllCasePaths`, the same literal names a property: the
  /// runtime makes it once and shares it. So `Store.scope(state:action:)` and
  /// `Scope(state:action:)`, which are evaluated for every scoped store and every reducer body
  /// built, take the `AllCasePaths` key path in an overload that a literal prefers; the case key
  /// path overloads stay for case key paths held in values and for paths the `AllCasePaths`
  /// form cannot spell (`\.path[id: id]`, `\.destination.editor`). Their lookups find the case
  /// by its position in this list.
  static var _$caseMembers: [AnyKeyPath] { get }

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

/// Extracts and embeds one case of `Root`: through the generated switches of a
/// ``_ReducerAction`` when the case key path names one of `Root`'s cases, through the case key
/// path otherwise (a key path into a case's payload, `\.self`, an enum without the generated
/// switches).
///
/// The case's position is found once, when the lookup is made: it is the position of the case
/// key path in `Root`'s generated ``_ReducerAction/_$casePaths``, the list the generated
/// switches number the cases by. On every action `Root`'s conformance is found with a cast, which the
/// compiler resolves where `Root` is a concrete type (in a scope specialised for its feature),
/// so the generated switch is called directly. The values handed to the switch are passed
/// through unprotected stack memory: one value of a known type, written and read by generated
/// code, for which a stack protector check would cost as much as the extraction.
///
/// A key path through one of `Root`'s cases to a presented child's actions (`\.destination
/// .presented`, how a store of a presented child is scoped) takes the generated switch to the
/// case holding the `PresentationAction`, then unwraps or wraps `.presented`.
///
/// It is an object, so that an effect's actions are embedded by a closure holding one reference.
@usableFromInline
final class CaseLookup<Root, Value>: Sendable {
  /// The position of the case in `Root`'s declaration, or -1 when the case key path must be
  /// used.
  @usableFromInline let index: Int
  /// When the key path goes through the case at this position to its `PresentationAction`'s
  /// `.presented`, the position; -1 otherwise.
  @usableFromInline let presentedIndex: Int
  @usableFromInline let casePath: AnyCasePath<Root, Value>

  /// The lookup of the case `member` names in `Root.AllCasePaths`: what a `scope` or reducer
  /// operator receives for `\.someCase` (see ``_ReducerAction/_$caseMembers``).
  @usableFromInline
  convenience init(member: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>)
  where Root: CasePathable {
    self.init(member: member, route: CaseRoute(member: member))
  }

  /// The lookup of the case `member` names, whose route is already known.
  @usableFromInline
  init(member: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>, route: CaseRoute<Root, Value>)
  where Root: CasePathable {
    self.casePath = Root.allCasePaths[keyPath: member]
    self.index = route.index
    self.presentedIndex = route.presentedIndex
  }

  /// The lookup of the case `keyPath` names.
  @usableFromInline
  convenience init(_ keyPath: CaseKeyPath<Root, Value>) {
    self.init(keyPath, route: CaseRoute(keyPath))
  }

  /// The lookup of the case `keyPath` names, whose route is already known.
  @usableFromInline
  init(_ keyPath: CaseKeyPath<Root, Value>, route: CaseRoute<Root, Value>) {
    self.casePath = AnyCasePath(keyPath)
    self.index = route.index
    self.presentedIndex = route.presentedIndex
  }

  /// The associated value of `root` when it is in this case.
  @inlinable
  func extract(from root: Root) -> Value? {
    let index = self.index
    guard index >= 0, let indexable = Root.self as? any _ReducerAction.Type else {
      return self.extractThroughCasePath(from: root)
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
  /// path. (Specialised, but out of line: it is the rare path.)
  @inlinable @inline(never)
  func extractThroughCasePath(from root: Root) -> Value? {
    let index = self.presentedIndex
    guard index >= 0, let indexable = Root.self as? any _ReducerAction.Type else {
      return self.casePath.extract(from: root)
    }
    let presentation = _withUnprotectedUnsafePointer(to: root) { root in
      _withUnprotectedUnsafeTemporaryAllocation(of: PresentationAction<Value>.self, capacity: 1) {
        buffer -> PresentationAction<Value>? in
        let presentation = buffer.baseAddress!
        guard indexable._$extract(index, from: root, into: presentation) else { return nil }
        return presentation.move()
      }
    }
    guard case let .presented(value)? = presentation else { return nil }
    return value
  }

  /// The action of this case holding `value`.
  @inlinable @inline(__always)
  func embed(_ value: Value) -> Root {
    let index = self.index
    if index >= 0, let indexable = Root.self as? any _ReducerAction.Type {
      // One generated call builds the action in place.
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

  /// The action of this case holding `value`, made through the case key path. (Specialised,
  /// but out of line: it is the rare path.)
  @inlinable @inline(never)
  func embedThroughCasePath(_ value: Value) -> Root {
    let index = self.presentedIndex
    guard index >= 0, let indexable = Root.self as? any _ReducerAction.Type else {
      return self.casePath.embed(value)
    }
    let embedded = _withUnprotectedUnsafePointer(to: PresentationAction.presented(value)) {
      presentation in
      _withUnprotectedUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer -> Root? in
        let result = buffer.baseAddress!
        guard indexable._$embed(index, presentation, into: result) else { return nil }
        return result.move()
      }
    }
    return embedded ?? self.casePath.embed(value)
  }
}

/// Where a case key path, or an `AllCasePaths` member, leads among `Root`'s cases: the case's
/// position, or the position of the case holding the `PresentationAction` it goes through to
/// `.presented`. Both spellings of one case lead to the same route, which is how a store tells
/// that `\.child` written at a call and a `CaseKeyPath` held in a value scope the same child.
@usableFromInline
struct CaseRoute<Root, Value>: Sendable {
  /// The position of the case (see ``CaseLookup/index``), or -1.
  @usableFromInline let index: Int
  /// The position of the case holding the presentation (see ``CaseLookup/presentedIndex``),
  /// or -1.
  @usableFromInline let presentedIndex: Int

  /// The route of `keyPath`.
  @usableFromInline
  init(_ keyPath: CaseKeyPath<Root, Value>) {
    let index = caseIndex(of: keyPath, in: Root.self) ?? -1
    self.index = index
    self.presentedIndex =
      index < 0 ? presentedCaseIndex(of: keyPath, in: Root.self, presenting: Value.self) ?? -1 : -1
  }

  /// The route of `member`.
  @usableFromInline
  init(member: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>) where Root: CasePathable {
    let index = caseIndex(ofMember: member, in: Root.self) ?? -1
    self.index = index
    self.presentedIndex =
      index < 0
      ? presentedCaseIndex(ofMember: member, in: Root.self, presenting: Value.self) ?? -1 : -1
  }
}

/// The position of the case of `Root` that `keyPath` goes through to reach a presented child's
/// actions: `keyPath` is that case's key path followed by `PresentationAction`'s `.presented`.
/// Asked only for key paths that are not one of `Root`'s own cases; the key paths of this form
/// are made once per pair of types.
@usableFromInline
func presentedCaseIndex<Root, Value>(
  of keyPath: AnyKeyPath, in _: Root.Type, presenting _: Value.Type
) -> Int? {
  presentedPositions(
    in: presentedCaseIndicesByTypes, of: Root.self, presenting: Value.self,
    through: \Case<PresentationAction<Value>>.presented
  ) { $0._$casePaths }[keyPath]
}

/// The position of the case of `Root` that `member` goes through to reach a presented child's
/// actions: `member` is that case's `AllCasePaths` member followed by `PresentationAction`'s
/// `.presented` (`\.destination.presented`, given where a key path of `AllCasePaths` is
/// expected). The key paths of this form are made once per pair of types.
@usableFromInline
func presentedCaseIndex<Root: CasePathable, Value>(
  ofMember member: AnyKeyPath, in _: Root.Type, presenting _: Value.Type
) -> Int? {
  presentedPositions(
    in: presentedMemberIndicesByTypes, of: Root.self, presenting: Value.self,
    through: \AnyCasePath<Root, PresentationAction<Value>>.presented
  ) { $0._$caseMembers }[member]
}

/// The position of each key path `list` gives for `Root` followed by `presented`, from `cache`,
/// which holds them per pair of types once asked. A key path that cannot be followed by
/// `presented` (its case holds no `PresentationAction<Value>`) is left out.
private func presentedPositions<Root, Value>(
  in cache: Locked<[[ObjectIdentifier]: UncheckedSendable<[AnyKeyPath: Int]>]>,
  of _: Root.Type, presenting _: Value.Type, through presented: @autoclosure () -> AnyKeyPath,
  listing list: (any _ReducerAction.Type) -> [AnyKeyPath]
) -> [AnyKeyPath: Int] {
  let types = [ObjectIdentifier(Root.self), ObjectIdentifier(Value.self)]
  if let positions = cache.withLock({ $0[types] }) {
    return positions.value
  }
  var positions: [AnyKeyPath: Int] = [:]
  if let indexable = Root.self as? any _ReducerAction.Type {
    let presented = presented()
    for (index, keyPath) in list(indexable).enumerated() {
      if let path = keyPath.appending(path: presented) {
        positions[path] = index
      }
    }
  }
  cache.withLock { $0[types] = UncheckedSendable(positions) }
  return positions
}

/// ``presentedCaseIndex(ofMember:in:presenting:)``'s key paths, as
/// `presentedCaseIndicesByTypes` holds case key paths'.
private let presentedMemberIndicesByTypes = Locked<
  [[ObjectIdentifier]: UncheckedSendable<[AnyKeyPath: Int]>]
>([:])

/// For each pair of an action type and a presented child's action type, the key paths
/// through one of the action's cases to `.presented`, with the case's position.
private let presentedCaseIndicesByTypes = Locked<
  [[ObjectIdentifier]: UncheckedSendable<[AnyKeyPath: Int]>]
>([:])

/// The position of the case `keyPath` names among `Root`'s cases (see
/// ``_ReducerAction/_$casePaths``); `nil` when it names none of them (it reaches into a case's
/// associated value, or is `\.self`) or `Root` has no generated switches.
@usableFromInline
func caseIndex<Root>(of keyPath: AnyKeyPath, in _: Root.Type) -> Int? {
  positions(in: caseIndicesByType, of: Root.self) { $0._$casePaths }[keyPath]
}

/// The position of the case whose `AllCasePaths` member is `member` (see
/// ``_ReducerAction/_$caseMembers``); `nil` when it is none of them.
@usableFromInline
func caseIndex<Root>(ofMember member: AnyKeyPath, in _: Root.Type) -> Int? {
  positions(in: memberIndicesByType, of: Root.self) { $0._$caseMembers }[member]
}

/// The position of each key path `list` gives for `Root`, from `cache`, which holds them per
/// type once asked (none when `Root` has no generated switches). The conformance is looked up
/// only the first time: a dynamic cast costs as much as the rest of a lookup.
private func positions<Root>(
  in cache: Locked<[ObjectIdentifier: UncheckedSendable<[AnyKeyPath: Int]>]>, of _: Root.Type,
  listing list: (any _ReducerAction.Type) -> [AnyKeyPath]
) -> [AnyKeyPath: Int] {
  let type = ObjectIdentifier(Root.self)
  if let positions = cache.withLock({ $0[type] }) {
    return positions.value
  }
  var positions: [AnyKeyPath: Int] = [:]
  if let indexable = Root.self as? any _ReducerAction.Type {
    for (index, keyPath) in list(indexable).enumerated() {
      positions[keyPath] = index
    }
  }
  cache.withLock { $0[type] = UncheckedSendable(positions) }
  return positions
}

/// The position of each `AllCasePaths` member of each enum asked about, as
/// `caseIndicesByType` holds its case key paths'.
private let memberIndicesByType = Locked<[ObjectIdentifier: UncheckedSendable<[AnyKeyPath: Int]>]>(
  [:])

/// The position of each case key path of each enum asked about: making them instantiates a key
/// path per case, which is done once per type. (Key paths are immutable, so sharing them is
/// safe.)
private let caseIndicesByType = Locked<[ObjectIdentifier: UncheckedSendable<[AnyKeyPath: Int]>]>(
  [:])
