import Benchmark
import Foundation

/// One benchmark: what it runs, how many operations one run performs, and what it is compared
/// with.
struct Case {
  /// The benchmark's name, `Group.Name`.
  let name: String
  /// The benchmark this one's ratio is taken against, if any.
  let baseline: String?
  /// Operations per run; times are reported per operation.
  let operations: Int
  /// Prepares state outside the measurement and returns the measured work.
  let make: @MainActor () -> @MainActor () -> Void
}

/// Waits for asynchronous main-actor work by running the main run loop, which is where the
/// main actor's jobs run; the benchmarks themselves run on the main thread.
@MainActor
func wait(for work: @escaping @MainActor () async -> Void) {
  var isDone = false
  Task { @MainActor in
    await work()
    isDone = true
  }
  while !isDone {
    // Returns as soon as it has run main-actor jobs; the deadline only bounds an idle wait.
    // (A short deadline would poll: a timer and a wake-up every time, taking CPU from the
    // threads the work runs on.)
    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
  }
}

/// The measured median of one benchmark, per operation.
struct Measurement {
  let name: String
  /// The median over all iterations.
  let nanosecondsPerOperation: Double
  /// The median of each round's iterations, in the order of the rounds.
  let roundMedians: [Double]
}

/// Runs the cases whose names contain `filter` (all when empty), with the baselines they are
/// compared with, or only the case named exactly so when `filter` starts with `=`, with
/// swift-benchmark, and returns each one's median time per operation.
///
/// The iterations are spread over rounds, each running every selected case a few times: the
/// VM's speed drifts over minutes, and a case measured only at the start of a run could not be
/// compared with its baseline measured only at the end. With rounds, every case has samples from
/// the whole run.
@MainActor
func measure(_ cases: [Case], filter: String, iterations: Int) throws -> [Measurement] {
  let selected = select(cases, filter: filter)
  let suite = BenchmarkSuite(name: "Runtime") { suite in
    for benchmarkCase in selected {
      suite.benchmark(benchmarkCase.name) { state in
        try MainActor.assumeIsolated {
          let work = benchmarkCase.make()
          state.start()
          work()
          try state.end()
        }
      }
    }
  }
  let iterationsPerRound = min(3, max(iterations, 1))
  let rounds = max(1, (iterations - 1) / iterationsPerRound + 1)
  var samples = Array(repeating: [Double](), count: selected.count)
  var roundMedians = Array(repeating: [Double](), count: selected.count)
  for _ in 0..<rounds {
    var runner = BenchmarkRunner(
      suites: [suite],
      settings: [
        Iterations(iterationsPerRound), WarmupIterations(1), Format(.none), Quiet(true),
      ]
    )
    try runner.run()
    for (index, result) in runner.results.enumerated() {
      samples[index] += result.measurements
      roundMedians[index].append(result.measurements.median)
    }
  }
  return selected.indices.map { index in
    let operations = Double(selected[index].operations)
    return Measurement(
      name: selected[index].name,
      nanosecondsPerOperation: samples[index].median / operations,
      roundMedians: roundMedians[index].map { $0 / operations }
    )
  }
}

extension [Double] {
  /// The middle value (the mean of the two middle values for an even count), leaving out NaN
  /// (a ratio to a baseline that measured zero); NaN when no value is left.
  var median: Double {
    let sorted = self.filter { !$0.isNaN }.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}

/// The cases `filter` selects (see ``measure(_:filter:iterations:)``), in their order.
func select(_ cases: [Case], filter: String) -> [Case] {
  if filter.hasPrefix("=") {
    return cases.filter { $0.name == filter.dropFirst() }
  }
  guard !filter.isEmpty else { return cases }
  var names = Set(cases.filter { $0.name.contains(filter) }.map(\.name))
  // A ratio needs its baseline (and a baseline's own baseline) measured in the same run.
  var added = true
  while added {
    let baselines = cases.filter { names.contains($0.name) }.compactMap(\.baseline)
    added = !names.isSuperset(of: baselines)
    names.formUnion(baselines)
  }
  return cases.filter { names.contains($0.name) }
}
