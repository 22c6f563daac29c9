extension PackageGraph {
  /// Every dependency cycle, each as the names of its targets in dependency order, starting
  /// from its alphabetically first target; a target that depends on itself is a cycle of one.
  public func cycles() -> [[String]] {
    var finder = StronglyConnectedComponents(graph: self)
    return finder.components()
      .filter { component in
        component.count > 1 || dependencies(of: component[0]).contains(component[0])
      }
      .map { orderedCycle(through: Set($0)) }
      .sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// A shortest cycle through the alphabetically first member of a strongly connected
  /// component, staying inside the component.
  private func orderedCycle(through members: Set<String>) -> [String] {
    let start = members.min()!
    var previous: [String: String] = [:]
    var visited: Set<String> = [start]
    var queue = [start]
    var index = 0
    while index < queue.count {
      let current = queue[index]
      index += 1
      let next = dependencies(of: current).filter { members.contains($0) }
      if next.contains(start) {
        var path = [current]
        var step = current
        while let before = previous[step] {
          path.append(before)
          step = before
        }
        return path.reversed()
      }
      for name in next where visited.insert(name).inserted {
        previous[name] = current
        queue.append(name)
      }
    }
    return members.sorted()
  }
}

/// Tarjan's algorithm over a package graph's target dependencies.
private struct StronglyConnectedComponents {
  let graph: PackageGraph
  var index = 0
  var stack: [String] = []
  var onStack: Set<String> = []
  var indices: [String: Int] = [:]
  var lowLinks: [String: Int] = [:]
  var result: [[String]] = []

  init(graph: PackageGraph) {
    self.graph = graph
  }

  mutating func components() -> [[String]] {
    for target in graph.targets where indices[target.name] == nil {
      visit(target.name)
    }
    return result
  }

  private mutating func visit(_ name: String) {
    indices[name] = index
    lowLinks[name] = index
    index += 1
    stack.append(name)
    onStack.insert(name)
    for next in graph.dependencies(of: name) {
      if indices[next] == nil {
        visit(next)
        lowLinks[name] = min(lowLinks[name]!, lowLinks[next]!)
      } else if onStack.contains(next) {
        lowLinks[name] = min(lowLinks[name]!, indices[next]!)
      }
    }
    guard lowLinks[name] == indices[name] else { return }
    var component: [String] = []
    while let member = stack.popLast() {
      onStack.remove(member)
      component.append(member)
      if member == name { break }
    }
    result.append(component.sorted())
  }
}
