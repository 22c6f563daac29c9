import ComposableArchitecture
import Foundation

// Runs the runtime's benchmarks and prints each one's median time per operation and its ratio
// to its baseline, measured in the same run, then checks the performance budgets.
//
//   swift run -c release --package-path Benchmarks RuntimeBenchmarks [--filter NAME] [--iterations N]
//
// `--filter Send` runs the cases whose names contain "Send" and the baselines they are compared
// with; `--filter =Store.Send` runs only the case named "Store.Send" (for profiling one case,
// e.g. under valgrind's callgrind).

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name),
    arguments.index(after: index) < arguments.endIndex
  else { return nil }
  return arguments[arguments.index(after: index)]
}
let filter = option("--filter") ?? ""
let iterations: Int
if let text = option("--iterations") {
  guard let value = Int(text), (1...10_000).contains(value) else {
    print("--iterations takes a whole number from 1 to 10000, not \"\(text)\".")
    exit(2)
  }
  iterations = value
} else {
  iterations = 15
}

MainActor.assumeIsolated {
  do {
    let measurements = try measure(allCases, filter: filter, iterations: iterations)
    let report = Report(cases: allCases, measurements: measurements)
    print(report.table())
    if filter.isEmpty {
      print(
        report.budgets(
          memoryGrowth: memoryGrowthOverSends(1_000_000),
          sharedMemoryGrowth: memoryGrowthOverSharedWrites(1_000_000)))
    }
    print("Unexpected observer calls: \(unexpectedObserverCalls.withLock { $0 })")
  } catch {
    print("Benchmarks failed: \(error)")
    exit(1)
  }
}
