extension PackageGraph {
  /// The given targets and every target that depends on one of them, directly or through
  /// other targets.
  public func reverseDependencyClosure(of names: Set<String>) -> Set<String> {
    var closure: Set<String> = []
    var pending = Array(names.filter { self[$0] != nil })
    while let name = pending.popLast() {
      guard closure.insert(name).inserted else { continue }
      pending.append(contentsOf: dependents(of: name))
    }
    return closure
  }

  /// The targets `name` depends on, directly or through other targets (without `name` itself
  /// unless it lies on a cycle).
  public func dependencyClosure(of name: String) -> Set<String> {
    var closure: Set<String> = []
    var pending = dependencies(of: name)
    while let next = pending.popLast() {
      guard closure.insert(next).inserted else { continue }
      pending.append(contentsOf: dependencies(of: next))
    }
    return closure
  }

  /// A shortest chain of dependencies from `source` to the first target that satisfies
  /// `isDestination`, both ends included; `nil` when no such target is reachable.
  ///
  /// `source` itself is never a destination.
  public func dependencyPath(
    from source: String,
    to isDestination: (PackageTarget) -> Bool
  ) -> [String]? {
    var previous: [String: String] = [:]
    var visited: Set<String> = [source]
    var queue = [source]
    var index = 0
    while index < queue.count {
      let current = queue[index]
      index += 1
      for next in dependencies(of: current) where visited.insert(next).inserted {
        previous[next] = current
        if let target = self[next], isDestination(target) {
          var path = [next]
          var step = next
          while let before = previous[step] {
            path.append(before)
            step = before
          }
          return path.reversed()
        }
        queue.append(next)
      }
    }
    return nil
  }
}
