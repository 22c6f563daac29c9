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

/// The value `make` builds from the payload of type `Payload` at `pointer`; the generated
/// ``_ReducerAction/_$embed(_:_:into:)`` builds a case with it (`make` is the case's function),
/// so that a payload of an uninhabited type compiles without a warning.
@inlinable
public func _$make<Payload, Action>(
  _ make: (Payload) -> Action, from pointer: UnsafeRawPointer
) -> Action {
  make(pointer.assumingMemoryBound(to: Payload.self).pointee)
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
/// switches number the cases by. On every action `Root`'s conformance is found with a cast,
/// which the compiler resolves where `Root` is a concrete type (in a scope specialised for its
/// feature), so the generated switch is called directly. The values handed to the switch are passed
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
  /// The case path, or what makes it when needed (see ``casePath``).
  @usableFromInline let fallback: Fallback

  /// Where a lookup gets its case path from.
  @usableFromInline
  enum Fallback: @unchecked Sendable {
    /// Made with the lookup: it has no position, so every action goes through it.
    case made(AnyCasePath<Root, Value>)
    /// An `AllCasePaths` member whose case has a position: the case path is made only for an
    /// action the generated switches cannot build (a case with several associated values),
    /// which no case a `scope` or a reducer operator names is. Making it with every lookup was
    /// an allocation per scope.
    case member(AnyKeyPath)
  }

  /// The case path the lookup extracts and embeds through when the generated switches do not.
  @usableFromInline
  var casePath: AnyCasePath<Root, Value> {
    switch self.fallback {
    case let .made(casePath):
      return casePath
    case let .member(member):
      // `member` is a member of `Root`'s `AllCasePaths` (key paths are immutable, so holding
      // one where any thread may read it is safe).
      let root = Root.self as! any CasePathable.Type
      return root.allCasePathsMember(member) as! AnyCasePath<Root, Value>
    }
  }

  /// The lookup of the case `member` names in `Root.AllCasePaths` (what a `scope` or `Scope`
  /// receives for `\.someCase`; see ``_ReducerAction/_$caseMembers``), shared: a lookup is
  /// immutable, and a literal `\.child` of `AllCasePaths` is one object for the process, so
  /// every scope and store that names it gets the lookup made the first time (see
  /// ``KeyPathMemo``).
  @usableFromInline
  static func member(
    _ member: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>
  ) -> CaseLookup where Root: CasePathable {
    let lookup = memberLookups.value(for: member) {
      CaseLookup(member: member, route: CaseRoute(member: member))
    }
    // Found for `member`, so made for `member`, whose types are `Root` and `Value`.
    return unsafeDowncast(lookup, to: CaseLookup.self)
  }

  /// The lookup of the case `member` names, whose route is already known.
  @usableFromInline
  init(member: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>, route: CaseRoute<Root, Value>)
  where Root: CasePathable {
    self.fallback =
      route.index >= 0 || route.presentedIndex >= 0
      ? .member(member) : .made(Root.allCasePaths[keyPath: member])
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
    self.fallback = .made(AnyCasePath(keyPath))
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
    // A negative index (a case only the case key path knows) falls to the generated switch's
    // `default`, which builds nothing: no separate test on the send path.
    if let indexable = Root.self as? any _ReducerAction.Type {
      // One generated call builds the action in place.
      return _withUnprotectedUnsafePointer(to: value) { payload in
        _withUnprotectedUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer -> Root in
          let result = buffer.baseAddress!
          guard
            indexable._$embed(
              self.index, UnsafeRawPointer(payload), into: UnsafeMutableRawPointer(result))
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
///
/// A store finds its route every time it is scoped, which a view does on every render: it is
/// kept per key path object (``KeyPathMemo``), and worked out the first time from a table made
/// once per pair of action types, keyed by the key paths' values (a key path made anew at each
/// call, such as `\.child.presented` as a case key path, is found there).
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
    self.init(
      positions: caseKeyPathPositions.value(for: keyPath) {
        RoutePositions(
          routes(
            in: caseKeyPathRoutes, of: Root.self, Value.self, listing: { $0._$casePaths },
            presented: \Case<PresentationAction<Value>>.presented)[keyPath])
      })
  }

  /// The route of `member`.
  @usableFromInline
  init(member: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>) where Root: CasePathable {
    self.init(
      positions: memberPositions.value(for: member) {
        RoutePositions(
          routes(
            in: memberRoutes, of: Root.self, Value.self, listing: { $0._$caseMembers },
            presented: \AnyCasePath<Root, PresentationAction<Value>>.presented)[member])
      })
  }

  private init(positions: RoutePositions) {
    (self.index, self.presentedIndex) = (positions.index, positions.presentedIndex)
  }
}

extension CasePathable {
  /// The member of ``allCasePaths`` that `member` reads.
  fileprivate static func allCasePathsMember(_ member: AnyKeyPath) -> Any {
    Self.allCasePaths[keyPath: member]!
  }
}

/// A route's two positions, as ``CaseRoute`` holds them, kept per key path object: a literal
/// `\.child` of `AllCasePaths` (one object for the process) finds its route without hashing its
/// components, and a case key path held in a value finds it too.
private struct RoutePositions {
  let index: Int
  let presentedIndex: Int

  init(_ route: Route?) {
    switch route {
    case let route? where route.presented:
      (self.index, self.presentedIndex) = (-1, route.index)
    case let route?:
      (self.index, self.presentedIndex) = (route.index, -1)
    case nil:
      (self.index, self.presentedIndex) = (-1, -1)
    }
  }
}

/// The positions of case key paths already routed, per key path object.
private let caseKeyPathPositions = KeyPathMemo<RoutePositions>()

/// The lookups of `AllCasePaths` members, per key path object (one found there is of the key
/// path's own types).
private let memberLookups = KeyPathMemo<AnyObject>()

/// The positions of `AllCasePaths` members already routed, per key path object.
private let memberPositions = KeyPathMemo<RoutePositions>()

/// A route, as the tables hold it: a position, through `.presented` or not.
private struct Route {
  let index: Int
  let presented: Bool
}

/// A pair of action types: a parent's and a child's.
private struct TypePair: Hashable {
  let root: ObjectIdentifier
  let value: ObjectIdentifier
}

/// The routes of every key path `list` gives for `Root` (each case's own, and, for a case
/// holding a `PresentationAction<Value>`, the key path followed by `presented`), from `cache`,
/// which holds them per pair of types once asked. None when `Root` has no generated switches.
/// The conformance is looked up only the first time: a dynamic cast costs as much as the rest
/// of a lookup.
private func routes<Root, Value>(
  in cache: Locked<[TypePair: UncheckedSendable<[AnyKeyPath: Route]>]>,
  of _: Root.Type, _: Value.Type, listing list: (any _ReducerAction.Type) -> [AnyKeyPath],
  presented: @autoclosure () -> AnyKeyPath
) -> [AnyKeyPath: Route] {
  let types = TypePair(root: ObjectIdentifier(Root.self), value: ObjectIdentifier(Value.self))
  if let routes = cache.withLock({ $0[types] }) {
    return routes.value
  }
  var routes: [AnyKeyPath: Route] = [:]
  if let indexable = Root.self as? any _ReducerAction.Type {
    let presented = presented()
    for (index, keyPath) in list(indexable).enumerated() {
      routes[keyPath] = Route(index: index, presented: false)
      // `nil` unless the case holds a `PresentationAction<Value>`.
      if let path = keyPath.appending(path: presented) {
        routes[path] = Route(index: index, presented: true)
      }
    }
  }
  cache.withLock { $0[types] = UncheckedSendable(routes) }
  return routes
}

/// The routes of case key paths (`_$casePaths`, and through `.presented`), per pair of action
/// types. (Key paths are immutable, so sharing them is safe.)
private let caseKeyPathRoutes = Locked<[TypePair: UncheckedSendable<[AnyKeyPath: Route]>]>([:])

/// The routes of `AllCasePaths` members (`_$caseMembers`, and through `.presented`), per pair of
/// action types.
private let memberRoutes = Locked<[TypePair: UncheckedSendable<[AnyKeyPath: Route]>]>([:])
