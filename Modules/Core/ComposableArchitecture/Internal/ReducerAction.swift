import Synchronization

/// An action enum whose cases the runtime can tell apart with a `switch` instead of case key
/// paths; conformed by the ``Reducer()`` macro on a reducer's `Action`.
///
/// Extracting a child action through a case key path goes through several dynamic casts and
/// a key path application on every action. Once a reducer has seen which case a case key path
/// names (by extracting through it once), it uses these generated switches instead.
public protocol _ReducerAction {
  /// The position, in declaration order, of the case `action` is in.
  static func _$caseIndex(of action: Self) -> Int

  /// The associated value of `action` when it is in the case at `index`.
  ///
  /// `Value` must be the case's associated value type, as its case key path has it.
  static func _$extract<Value>(_ index: Int, from action: Self, as _: Value.Type) -> Value?

  /// The action of the case at `index` holding `value`, or `nil` when that case cannot be built
  /// this way (cases with several associated values).
  static func _$embed<Value>(_ index: Int, _ value: Value) -> Self?
}

/// Reinterprets `value` as a `Target`; the generated case accessors call it once a case key
/// path has shown the two types are the same.
@inlinable
public func _$cast<Source, Target>(_ value: Source, to _: Target.Type = Target.self) -> Target {
  if Source.self == Target.self
    || MemoryLayout<Source>.size == MemoryLayout<Target>.size
      && MemoryLayout<Source>.alignment == MemoryLayout<Target>.alignment
  {
    return withUnsafePointer(to: value) {
      $0.withMemoryRebound(to: Target.self, capacity: 1) { $0.pointee }
    }
  }
  return value as! Target
}

/// Extracts and embeds one case of `Root`, through a case key path the first time and through
/// the generated switches of a ``_ReducerAction`` from then on.
@usableFromInline
final class CaseLookup<Root, Value>: @unchecked Sendable {
  @usableFromInline let casePath: AnyCasePath<Root, Value>
  @usableFromInline let indexable: (any _ReducerAction.Type)?
  /// The index of the case, once seen; -1 before.
  @usableFromInline let index = Atomic<Int>(-1)

  @usableFromInline
  init(_ keyPath: CaseKeyPath<Root, Value>) {
    self.casePath = AnyCasePath(keyPath)
    self.indexable = Root.self as? any _ReducerAction.Type
  }

  /// The associated value of `root` when it is in this case.
  @usableFromInline
  func extract(from root: Root) -> Value? {
    guard let indexable = self.indexable else {
      return self.casePath.extract(from: root)
    }
    let index = self.index.load(ordering: .relaxed)
    func fast<R: _ReducerAction>(_: R.Type) -> Value? {
      let root = _$cast(root, to: R.self)
      guard index >= 0 else {
        let value = self.casePath.extract(from: _$cast(root, to: Root.self))
        if value != nil {
          self.index.store(R._$caseIndex(of: root), ordering: .relaxed)
        }
        return value
      }
      guard R._$caseIndex(of: root) == index else { return nil }
      return R._$extract(index, from: root, as: Value.self)
    }
    return fast(indexable)
  }

  /// The action of this case holding `value`.
  @usableFromInline
  func embed(_ value: Value) -> Root {
    guard let indexable = self.indexable else {
      return self.casePath.embed(value)
    }
    let index = self.index.load(ordering: .relaxed)
    func fast<R: _ReducerAction>(_: R.Type) -> Root {
      if index >= 0, let root = R._$embed(index, value) {
        return _$cast(root, to: Root.self)
      }
      let root = self.casePath.embed(value)
      if index < 0 {
        self.index.store(R._$caseIndex(of: _$cast(root, to: R.self)), ordering: .relaxed)
      }
      return root
    }
    return fast(indexable)
  }
}
