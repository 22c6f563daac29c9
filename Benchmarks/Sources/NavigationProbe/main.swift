import ComposableArchitecture
import Foundation

// Sends N actions through one navigation path, so that the instructions of one send can be
// counted from outside: run it under valgrind's callgrind with two values of N and divide the
// difference of the totals by the difference of the N's (set-up cancels out).
//
//   valgrind --tool=callgrind NavigationProbe <case> <N>
//
// Cases: root (a counter's store), presented (a presented child's action through the child's
// store), presented-identifiable (the same, the child's state `Identifiable`), stack-parent and
// stack-element (the top of a 10-deep stack, through the parent and through the element's
// store scoped with `\.path[id:]`), stack-element-store (the same element's store scoped from
// the stack's store with `\.[id:]`, as `NavigationStack` scopes it), row-parent and
// row-element (a row of 1,000, the same two ways), screen-presented and screen-row (a parent
// with a presented child, a stack and rows at once), nested (the deepest of ten scoped stores)
// and first-send (ten scoped stores built, the deepest sent one action, all released);
// nested-observed (the same deepest store, its count observed, so every level reports);
// present-dismiss (a child presented, sent one action and dismissed: three sends); push-pop (an
// element pushed on a 9-deep stack, sent one action and popped: three sends); observed
// and observed-others (an `@ObservableState` store's send changing `count`, without observers
// and with 100 observers of its `title`, which the send must not cost); rescope-presented and
// rescope-element (a presented child's and a stack element's store scoped again and found in
// the parent's cache, as a view does on every render).

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
  print("usage: NavigationProbe <case> <sends>")
  exit(2)
}

@MainActor
func probe(_ name: String, sends count: Int) -> Bool {
  switch name {
  case "root":
    let store = Store(initialState: Counter.State()) { Counter() }
    for _ in 0..<count { store.send(.incrementButtonTapped) }
  case "presented":
    let store = Store(initialState: PlainPresenter.State()) { PlainPresenter() }
    let child = store.scope(state: \.child, action: \.child.presented)!
    for _ in 0..<count { child.send(.incrementButtonTapped) }
  case "presented-identifiable":
    let store = Store(initialState: Presenter.State()) { Presenter() }
    let child = store.scope(state: \.child, action: \.child.presented)!
    for _ in 0..<count { child.send(.incrementButtonTapped) }
  case "present-dismiss":
    let store = Store(initialState: Presenting.State()) { Presenting() }
    for _ in 0..<count {
      store.send(.showCounterTapped)
      store.send(.counter(.presented(.incrementButtonTapped)))
      store.send(.counter(.dismiss))
    }
  case "stack-parent":
    let store = Store(initialState: Stacker.State()) { Stacker() }
    let top = store.path.ids.last!
    for _ in 0..<count { store.send(.path(.element(id: top, action: .incrementButtonTapped))) }
  case "stack-element":
    let store = Store(initialState: Stacker.State()) { Stacker() }
    let top = store.path.ids.last!
    let element = store.scope(state: \.path[id: top], action: \.path[id: top])!
    for _ in 0..<count { element.send(.incrementButtonTapped) }
  case "stack-element-store":
    let store = Store(initialState: Stacker.State()) { Stacker() }
    let top = store.path.ids.last!
    let path = store.scope(state: \.path, action: \.path)
    let element = path.scope(state: \.[id: top], action: \.[id: top])!
    for _ in 0..<count { element.send(.incrementButtonTapped) }
  case "push-pop":
    // Per "send": an element pushed on a 9-deep stack, sent one action and popped (three sends).
    let store = Store(initialState: Stacker.State(depth: 9)) { Stacker() }
    for index in 0..<count {
      let id = StackElementID(rawValue: 1_000 + index)
      store.send(.path(.push(id: id, state: Row.State(id: 9))))
      store.send(.path(.element(id: id, action: .incrementButtonTapped)))
      store.send(.path(.popFrom(id: id)))
    }
  case "row-parent":
    let store = Store(initialState: Lister.State()) { Lister() }
    for _ in 0..<count { store.send(.rows(.element(id: 500, action: .incrementButtonTapped))) }
  case "row-element":
    let store = Store(initialState: Lister.State()) { Lister() }
    let row = store.scope(state: \.rows, action: \.rows)[500]
    for _ in 0..<count { row.send(.incrementButtonTapped) }
  case "screen-presented":
    let store = Store(initialState: Host.State()) { Host() }
    let child = store.scope(state: \.identified, action: \.identified.presented)!
    for _ in 0..<count { child.send(.incrementButtonTapped) }
  case "screen-row":
    let store = Store(initialState: Host.State()) { Host() }
    for _ in 0..<count { store.send(.rows(.element(id: 500, action: .incrementButtonTapped))) }
  case "nested":
    // The deepest of ten scoped stores.
    let store = Store(initialState: Level10.State()) { Level10() }
    let deepest = deepestStore(of: store)
    for _ in 0..<count { deepest.send(.incrementButtonTapped) }
  case "nested-observed":
    // The deepest of ten scoped stores, its count read once inside observation tracking: every
    // level's child field stays observed, so each send reports to observation at every level
    // (and stamps each child it modifies in place).
    let store = Store(initialState: Level10.State()) { Level10() }
    let deepest = deepestStore(of: store)
    withObservationTracking {
      _ = deepest.count
    } onChange: {
    }
    for _ in 0..<count { deepest.send(.incrementButtonTapped) }
  case "observed", "observed-others":
    let store = Store(initialState: Observed.State()) { Observed() }
    let observers = name == "observed" ? 0 : 100
    for _ in 0..<observers {
      withObservationTracking {
        _ = store.title
      } onChange: {
        print("error: an observer of title was told of a change of count")
        exit(1)
      }
    }
    for _ in 0..<count { store.send(.incrementButtonTapped) }
  case "rescope-presented":
    // Per "send": the presented child's store scoped again, found in the cache (what a view
    // does on every render), with a literal and with a case key path held in a value.
    let store = Store(initialState: PlainPresenter.State()) { PlainPresenter() }
    let toChild: CaseKeyPath<PlainPresenter.Action, Counter.Action> = \.child.presented
    for _ in 0..<count {
      blackHole(store.scope(state: \.child, action: \.child.presented))
      blackHole(store.scope(state: \.child, action: toChild))
    }
  case "rescope-element":
    // Per "send": the top stack element's store scoped again from the parent, found in the
    // cache (`\.path[id:]`, only a case key path can spell it).
    let store = Store(initialState: Stacker.State()) { Stacker() }
    let top = store.path.ids.last!
    for _ in 0..<count {
      blackHole(store.scope(state: \.path[id: top], action: \.path[id: top]))
    }
  case "first-send":
    // Per "send": a root store made, scoped ten levels deep, its deepest store sent an action,
    // and all of it released.
    for _ in 0..<count {
      let store = Store(initialState: Level10.State()) { Level10() }
      deepestStore(of: store).send(.incrementButtonTapped)
    }
  default:
    return false
  }
  return true
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

let known = MainActor.assumeIsolated { probe(arguments[1], sends: count) }
if !known {
  print("unknown case \"\(arguments[1])\"")
  exit(2)
}
