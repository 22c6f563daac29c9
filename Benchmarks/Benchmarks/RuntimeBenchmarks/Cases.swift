import ComposableArchitecture
import Foundation
import Synchronization

// Each case's measured work performs its operations once: 1,000 (a loop) or 1, as its entry in
// Catalog.swift says. The cases that measure sends send one action while setting up
// ("warm-up"). A store's first action builds its reducers' bodies and caches them: work done
// once per store (NestedStore.FirstSend measures it: a ten-level store made and its first action
// sent), which in a measured batch of 1,000 sends would add its share to every send.

/// Every benchmark's code; ``catalog`` names each one.
let allCases: [Case] =
  storeCases + nestedCases + presentationCases + forEachCases + effectCases + testStoreCases
  + observationCases + sharedCases + memoryCases

// MARK: - Store

let storeCases: [Case] = [
  Case(name: "Baseline.Switch") {
    var state = BaselineCounter.State()
    return {
      for _ in 0..<1_000 {
        BaselineCounter.reduce(&state, .incrementButtonTapped)
      }
      blackHole(state.count)
    }
  },
  Case(name: "Baseline.MinimalStore") {
    let store = MinimalStore(state: BaselineCounter.State(), reducer: BaselineCounter.reduce)
    return {
      for _ in 0..<1_000 {
        store.send(.incrementButtonTapped)
      }
      blackHole(store.state.count)
    }
  },
  Case(name: "Store.Send") {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.incrementButtonTapped)  // Builds the body (see warm-up, above).
    return {
      for _ in 0..<1_000 {
        store.send(.incrementButtonTapped)
      }
    }
  },
  Case(name: "Store.Access") {
    let store = Store(initialState: Counter.State()) { Counter() }
    return {
      var total = 0
      for _ in 0..<1_000 {
        total &+= store.count
      }
      blackHole(total)
    }
  },
  Case(name: "Baseline.MinimalStore.Access") {
    let store = MinimalStore(state: BaselineCounter.State(), reducer: BaselineCounter.reduce)
    return {
      var total = 0
      for _ in 0..<1_000 {
        total &+= readCount(store)
      }
      blackHole(total)
    }
  },
  Case(name: "Store.Create") {
    return {
      for _ in 0..<1_000 {
        blackHole(Store(initialState: Counter.State()) { Counter() })
      }
    }
  },
  Case(name: "Baseline.MinimalStore.Create") {
    return {
      for _ in 0..<1_000 {
        blackHole(MinimalStore(state: BaselineCounter.State(), reducer: BaselineCounter.reduce))
      }
    }
  },
]

// MARK: - Nested stores

let nestedCases: [Case] = [
  Case(name: "Baseline.Nested") {
    var state = BaselineNested.Level10()
    return {
      for _ in 0..<1_000 {
        BaselineNested.incrementDeepest(&state)
      }
      blackHole(state.child.child.child.child.child.child.child.child.child.child.count)
    }
  },
  Case(name: "NestedStore.Send") {
    let root = Store(initialState: Level10.State()) { Level10() }
    let deepest = deepestStore(of: root)
    deepest.send(.incrementButtonTapped)  // Builds the ten bodies (see warm-up, above).
    return {
      for _ in 0..<1_000 {
        deepest.send(.incrementButtonTapped)
      }
    }
  },
  Case(name: "NestedStore.RootSend") {
    let root = Store(initialState: Level10.State()) { Level10() }
    let deepest = deepestStore(of: root)
    deepest.send(.incrementButtonTapped)  // Builds the ten bodies (see warm-up, above).
    return {
      for _ in 0..<1_000 {
        root.send(.incrementButtonTapped)
      }
      blackHole(deepest)
    }
  },
  Case(name: "NestedStore.FirstSend") {
    return {
      let root = Store(initialState: Level10.State()) { Level10() }
      deepestStore(of: root).send(.incrementButtonTapped)
    }
  },
  Case(name: "NestedStore.Access") {
    let root = Store(initialState: Level10.State()) { Level10() }
    let deepest = deepestStore(of: root)
    return {
      var total = 0
      for _ in 0..<1_000 {
        total &+= deepest.count
      }
      blackHole(total)
    }
  },
]

// MARK: - Presentation

let presentationCases: [Case] = [
  Case(name: "Presentation.ChildSend") {
    let store = Store(initialState: Presenting.State()) { Presenting() }
    store.send(.showCounterTapped)
    let counter = store.scope(state: \.counter, action: \.counter.presented)!
    counter.send(.incrementButtonTapped)  // Builds the bodies (see warm-up, above).
    return {
      for _ in 0..<1_000 {
        counter.send(.incrementButtonTapped)
      }
    }
  },
  Case(name: "Presentation.IdentifiableChildSend") {
    // A presented child whose state is `Identifiable`, through its store.
    let store = Store(initialState: PresentingRow.State()) { PresentingRow() }
    store.send(.showRowTapped)
    let row = store.scope(state: \.row, action: \.row.presented)!
    row.send(.incrementButtonTapped)
    return {
      for _ in 0..<1_000 {
        row.send(.incrementButtonTapped)
      }
    }
  },
  Case(name: "Presentation.PresentDismiss") {
    // One operation: present the child, send it an action, dismiss it (three sends).
    let store = Store(initialState: Presenting.State()) { Presenting() }
    return {
      for _ in 0..<1_000 {
        store.send(.showCounterTapped)
        store.send(.counter(.presented(.incrementButtonTapped)))
        store.send(.counter(.dismiss))
      }
    }
  },
  Case(name: "Stack.ElementSend") {
    // The top of a 10-deep stack, through the parent.
    let store = Store(
      initialState: Stacking.State(path: StackState((0..<10).map { Row.State(id: $0) }))
    ) { Stacking() }
    let top = store.withState { $0.path.ids.last! }
    store.send(.path(.element(id: top, action: .incrementButtonTapped)))
    return {
      for _ in 0..<1_000 {
        store.send(.path(.element(id: top, action: .incrementButtonTapped)))
      }
    }
  },
  Case(name: "Stack.ElementStoreSend") {
    // The top of a 10-deep stack, through the element's own store.
    let store = Store(
      initialState: Stacking.State(path: StackState((0..<10).map { Row.State(id: $0) }))
    ) { Stacking() }
    let top = store.withState { $0.path.ids.last! }
    let element = store.scope(state: \.path[id: top], action: \.path[id: top])!
    element.send(.incrementButtonTapped)
    return {
      for _ in 0..<1_000 {
        element.send(.incrementButtonTapped)
      }
    }
  },
  Case(name: "Stack.PushPop") {
    // One operation: push an element on a 9-deep stack, send it an action, pop it (three sends).
    let store = Store(
      initialState: Stacking.State(path: StackState((0..<9).map { Row.State(id: $0) }))
    ) { Stacking() }
    var next = 1_000
    return {
      for _ in 0..<1_000 {
        let id = StackElementID(rawValue: next)
        next += 1
        store.send(.path(.push(id: id, state: Row.State(id: 9))))
        store.send(.path(.element(id: id, action: .incrementButtonTapped)))
        store.send(.path(.popFrom(id: id)))
      }
    }
  },
  // The same sends from inside a task, as a host's input loop and every effect send: the
  // store's dependencies are then pushed in the task's own allocator, not with `malloc`.
  Case(awaiting: "Store.Send.InTask") {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.incrementButtonTapped)
    return {
      for _ in 0..<1_000 {
        store.send(.incrementButtonTapped)
      }
    }
  },
  Case(awaiting: "Presentation.ChildSend.InTask") {
    let store = Store(initialState: Presenting.State()) { Presenting() }
    store.send(.showCounterTapped)
    let counter = store.scope(state: \.counter, action: \.counter.presented)!
    counter.send(.incrementButtonTapped)
    return {
      for _ in 0..<1_000 {
        counter.send(.incrementButtonTapped)
      }
    }
  },
  Case(awaiting: "Stack.ElementSend.InTask") {
    let store = Store(
      initialState: Stacking.State(path: StackState((0..<10).map { Row.State(id: $0) }))
    ) { Stacking() }
    let top = store.withState { $0.path.ids.last! }
    store.send(.path(.element(id: top, action: .incrementButtonTapped)))
    return {
      for _ in 0..<1_000 {
        store.send(.path(.element(id: top, action: .incrementButtonTapped)))
      }
    }
  },
]

// MARK: - forEach

/// A rows store of `count` rows, and the benchmark sending to one of them.
func forEachCase(rows count: Int) -> [Case] {
  let rows = IdentifiedArray(uniqueElements: (0..<count).map { Row.State(id: $0) })
  return [
    Case(name: "Baseline.IdentifiedArray.\(count)") {
      var rows = rows
      // The first write copies the rows shared with the set-up (copy on write): done here, so
      // that the measurement is of row updates only.
      rows[id: count / 2]?.count += 1
      return {
        for _ in 0..<1_000 {
          rows[id: count / 2]?.count += 1
        }
        blackHole(rows[id: count / 2]?.count)
      }
    },
    Case(name: "ForEach.\(count)") {
      let store = Store(initialState: Rows.State(rows: rows)) { Rows() }
      // As above: the first action copies the shared rows.
      store.send(.rows(.element(id: count / 2, action: .incrementButtonTapped)))
      return {
        for _ in 0..<1_000 {
          store.send(.rows(.element(id: count / 2, action: .incrementButtonTapped)))
        }
      }
    },
    Case(name: "ForEach.RowStore.\(count)") {
      // A row's action sent through the row's own store.
      let store = Store(initialState: Rows.State(rows: rows)) { Rows() }
      let row = store.scope(state: \.rows, action: \.rows)[count / 2]
      row.send(.incrementButtonTapped)
      return {
        for _ in 0..<1_000 {
          row.send(.incrementButtonTapped)
        }
      }
    },
    Case(name: "ForEach.Observed.\(count)") {
      let store = Store(initialState: Rows.State(rows: rows)) { Rows() }
      // A list on screen observes the rows: each send then compares the rows' identities
      // before and after (a row changed in place notifies only that row's observers).
      withObservationTracking {
        _ = store.rows
      } onChange: {
      }
      store.send(.rows(.element(id: count / 2, action: .incrementButtonTapped)))
      return {
        for _ in 0..<1_000 {
          store.send(.rows(.element(id: count / 2, action: .incrementButtonTapped)))
        }
      }
    },
  ]
}

let forEachCases: [Case] =
  forEachCase(rows: 1_000) + forEachCase(rows: 10_000)
  + forEachCase(rows: 100_000)

// MARK: - Effects

let effectCases: [Case] = [
  Case(name: "Effects.Merge100.Flat") {
    let store = Store(initialState: Idle.State()) { FlatComposition() }
    store.send(.tick)  // Builds the body (see warm-up, above).
    return {
      for _ in 0..<1_000 {
        store.send(.tick)
      }
    }
  },
  Case(name: "Effects.Merge100.Nested") {
    let store = Store(initialState: Idle.State()) { NestedComposition() }
    store.send(.tick)  // Builds the bodies (see warm-up, above).
    return {
      for _ in 0..<1_000 {
        store.send(.tick)
      }
    }
  },
  Case(awaiting: "Baseline.Task.StartCancel") {
    return {
      var tasks: [Task<Void, Never>] = []
      tasks.reserveCapacity(1_000)
      for _ in 0..<1_000 {
        tasks.append(Task { try? await Task.never() })
      }
      for task in tasks {
        task.cancel()
      }
      for task in tasks {
        await task.value
      }
    }
  },
  Case(awaiting: "Effects.Run.StartCancel") {
    let store = Store(initialState: Effects.State()) { Effects() }
    return {
      var tasks: [StoreTask] = []
      tasks.reserveCapacity(1_000)
      for id in 0..<1_000 {
        tasks.append(store.send(.start(id)))
      }
      for id in 0..<1_000 {
        store.send(.stop(id))
      }
      for task in tasks {
        await task.finish()
      }
    }
  },
  Case(awaiting: "Baseline.MainActorHops") {
    return {
      let counter = MinimalStore(state: BaselineCounter.State(), reducer: BaselineCounter.reduce)
      await Task.detached {
        for _ in 0..<1_000 {
          await counter.send(.incrementButtonTapped)
        }
      }.value
    }
  },
  Case(awaiting: "Effects.Run.Send") {
    let store = Store(initialState: Effects.State()) { Effects() }
    return {
      await store.send(.sendMany(1_000)).finish()
    }
  },
]

// MARK: - TestStore

let testStoreCases: [Case] = [
  Case(name: "Store.SendAndEffect") {
    let store = Store(initialState: PingPong.State()) { PingPong() }
    return {
      for _ in 0..<1_000 {
        store.send(.ping)
      }
    }
  },
  Case(awaiting: "TestStore.SendReceive") {
    return {
      let store = TestStore(initialState: PingPong.State()) { PingPong() }
      for step in 1...1_000 {
        await store.send(.ping) { $0.pings = step }
        await store.receive(.pong) { $0.pongs = step }
      }
    }
  },
]

// MARK: - Observation

/// How many times an observer of a field that did not change was called; must stay zero.
let unexpectedObserverCalls = Mutex(0)

/// A store of ``Observed`` with `observers` observers of its `title`.
@MainActor
func observedStore(observers: Int) -> StoreOf<Observed> {
  let store = Store(initialState: Observed.State()) { Observed() }
  store.send(.incrementButtonTapped)  // Builds the body (see warm-up, above).
  for _ in 0..<observers {
    withObservationTracking {
      blackHole(store.title)
    } onChange: {
      unexpectedObserverCalls.withLock { $0 += 1 }
    }
  }
  return store
}

let observationCases: [Case] = [
  Case(name: "Observation.NoObservers") {
    let store = observedStore(observers: 0)
    return {
      for _ in 0..<1_000 {
        store.send(.incrementButtonTapped)
      }
    }
  },
  Case(
    name: "Observation.100OtherObservers",
    customMetricValue: { unexpectedObserverCalls.withLock { $0 } }
  ) {
    let store = observedStore(observers: 100)
    return {
      for _ in 0..<1_000 {
        store.send(.incrementButtonTapped)
      }
    }
  },
]

// MARK: - Shared state

let sharedCases: [Case] = [
  Case(name: "Baseline.Field.Read") {
    let state = Counter.State()
    return {
      var total = 0
      for _ in 0..<1_000 {
        total &+= readCount(state)
      }
      blackHole(total)
    }
  },
  Case(name: "Shared.Read") {
    let state = SharedCounter.State()
    return {
      var total = 0
      for _ in 0..<1_000 {
        total &+= readCount(state)
      }
      blackHole(total)
    }
  },
  Case(name: "Baseline.Field.Write") {
    var state = Counter.State()
    return {
      for _ in 0..<1_000 {
        increment(&state)
      }
      blackHole(state)
    }
  },
  Case(name: "Shared.Write") {
    let state = SharedCounter.State()
    return {
      for _ in 0..<1_000 {
        increment(state)
      }
      blackHole(state)
    }
  },
  Case(name: "Shared.Send") {
    let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
    store.send(.incrementButtonTapped)  // Builds the body (see warm-up, above).
    return {
      for _ in 0..<1_000 {
        store.send(.incrementButtonTapped)
      }
    }
  },
]

/// Reads a plain `@ObservableState` field, through a call the optimiser cannot fold away.
@inline(never)
func readCount(_ state: Counter.State) -> Int {
  state.count
}

/// Reads a `@Shared` field, through a call the optimiser cannot fold away.
@inline(never)
func readCount(_ state: SharedCounter.State) -> Int {
  state.count
}

/// Writes a plain `@ObservableState` field.
@inline(never)
func increment(_ state: inout Counter.State) {
  state.count += 1
}

/// Writes a `@Shared` field through `withLock`.
@inline(never)
func increment(_ state: SharedCounter.State) {
  state.$count.withLock { $0 += 1 }
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Reads the minimal store's state through a call the optimiser cannot fold away.
@MainActor
@inline(never)
func readCount(_ store: MinimalStore<BaselineCounter.State, BaselineCounter.Action>) -> Int {
  store.state.count
}

// MARK: - Memory

/// The resident memory growth, in KiB, over the last iteration of a `Memory.*` benchmark.
@MainActor
var lastResidentGrowth = 0

/// Runs `body`, then records how much the process's resident memory grew meanwhile.
@MainActor
func recordingResidentGrowth(_ body: () -> Void) {
  let before = residentMemory()
  body()
  lastResidentGrowth = max(0, residentMemory() - before) / 1_024
}

let memoryCases: [Case] = [
  Case(name: "Memory.Sends", customMetricValue: { lastResidentGrowth }) {
    // 1,000,000 sends to a counter store, after 10,000 to settle the allocator.
    let store = Store(initialState: Counter.State()) { Counter() }
    for _ in 0..<10_000 {
      store.send(.incrementButtonTapped)
    }
    return {
      recordingResidentGrowth {
        for _ in 0..<1_000_000 {
          store.send(.incrementButtonTapped)
        }
      }
    }
  },
  Case(name: "Memory.SharedWrites", customMetricValue: { lastResidentGrowth }) {
    // 1,000,000 writes to a shared value through `withLock`, after 10,000.
    let state = SharedCounter.State()
    for _ in 0..<10_000 {
      increment(state)
    }
    return {
      recordingResidentGrowth {
        for _ in 0..<1_000_000 {
          increment(state)
        }
      }
    }
  },
]

/// The process's resident memory in bytes, from `/proc/self/statm`.
func residentMemory() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
