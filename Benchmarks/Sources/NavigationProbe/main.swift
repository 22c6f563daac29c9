import ComposableArchitecture
import Foundation

// Sends N actions through one navigation path, so that the instructions of one send can be
// counted from outside: run it under valgrind's callgrind with two values of N and divide the
// difference of the totals by the difference of the N's (set-up cancels out).
//
//   valgrind --tool=callgrind NavigationProbe <case> <N>
//
// Cases: root, presented, presented-identifiable, stack-parent, stack-element, row-parent,
// row-element.

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
  print("usage: NavigationProbe <case> <sends>")
  exit(2)
}

@MainActor
func probe(_ name: String, sends count: Int) -> Bool {
  let host = Host.State(
    plain: PlainTally.State(), identified: Tally.State(id: 7),
    path: StackState((0..<10).map { Tally.State(id: $0) }),
    rows: IdentifiedArray(uniqueElements: (0..<1_000).map { Tally.State(id: $0) }))
  let store = Store(initialState: host) { Host() }
  let top = store.path.ids.last!
  switch name {
  case "root":
    let counter = Store(initialState: Tally.State()) { Tally() }
    for _ in 0..<count { counter.send(.increment) }
  case "presented":
    let child = store.scope(state: \.plain, action: \.plain.presented)!
    for _ in 0..<count { child.send(.increment) }
  case "presented-identifiable":
    let child = store.scope(state: \.identified, action: \.identified.presented)!
    for _ in 0..<count { child.send(.increment) }
  case "stack-parent":
    for _ in 0..<count { store.send(.path(.element(id: top, action: .increment))) }
  case "stack-element":
    let element = store.scope(state: \.path[id: top], action: \.path[id: top])!
    for _ in 0..<count { element.send(.increment) }
  case "row-parent":
    for _ in 0..<count { store.send(.rows(.element(id: 500, action: .increment))) }
  case "row-element":
    let row = store.scope(state: \.rows, action: \.rows)[500]
    for _ in 0..<count { row.send(.increment) }
  default:
    return false
  }
  return true
}

let known = MainActor.assumeIsolated { probe(arguments[1], sends: count) }
if !known {
  print("unknown case \"\(arguments[1])\"")
  exit(2)
}
