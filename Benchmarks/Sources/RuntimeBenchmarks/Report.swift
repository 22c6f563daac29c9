import ComposableArchitecture
import Foundation

/// The results of one run: a table of medians and ratios, and the budgets checked against them.
struct Report {
  let cases: [Case]
  let measurements: [Measurement]

  /// The median time per operation of a benchmark, in nanoseconds.
  func median(_ name: String) -> Double? {
    self.measurements.first { $0.name == name }?.nanosecondsPerOperation
  }

  /// How many times slower `name` is than `baseline`: the median, over the rounds, of the
  /// ratio of their medians in that round. A case and its baseline run within seconds of each
  /// other in a round, so the VM's speed, which drifts over minutes, cancels out of each
  /// round's ratio; the ratio of the two overall medians could take them from different phases.
  func ratio(_ name: String, to baseline: String) -> Double? {
    guard
      let measurement = self.measurements.first(where: { $0.name == name }),
      let base = self.measurements.first(where: { $0.name == baseline })
    else { return nil }
    // Every case selected for a run is measured in each of its rounds.
    return zip(measurement.roundMedians, base.roundMedians).map { $0 / $1 }.median
  }

  /// Each benchmark's median and its ratio to its baseline.
  func table() -> String {
    var lines = [
      pad("Benchmark", 32) + pad("median ns/op", 14, right: true) + "  "
        + pad("baseline", 30) + pad("ratio", 10, right: true)
    ]
    lines.append(String(repeating: "-", count: lines[0].count))
    for measurement in self.measurements {
      let benchmarkCase = self.cases.first { $0.name == measurement.name }
      let baseline = benchmarkCase?.baseline
      let ratio = baseline.flatMap { self.ratio(measurement.name, to: $0) }
      lines.append(
        pad(measurement.name, 32)
          + pad(format(measurement.nanosecondsPerOperation), 14, right: true) + "  "
          + pad(baseline ?? "", 30)
          + pad(ratio.map { format($0) + "x" } ?? "", 10, right: true)
      )
    }
    return lines.joined(separator: "\n")
  }

  /// The performance budgets, each with its measured value and whether it holds.
  func budgets(memoryGrowth: Int, sharedMemoryGrowth: Int) -> String {
    var lines = ["", "Budgets:"]
    func check(_ description: String, _ value: Double?, _ limit: Double, unit: String) {
      guard let value else {
        lines.append("  ?    \(description): not measured")
        return
      }
      let mark = value <= limit ? "ok  " : "FAIL"
      lines.append(
        "  \(mark) \(description): \(format(value))\(unit) (limit \(format(limit))\(unit))")
    }
    check("Store.Send", self.median("Store.Send"), 150, unit: " ns")
    check(
      "Store.Send / minimal store", self.ratio("Store.Send", to: "Baseline.MinimalStore"), 12,
      unit: "x")
    check(
      "NestedStore.Send / Store.Send", self.ratio("NestedStore.Send", to: "Store.Send"), 2,
      unit: "x")
    check(
      "ForEach.100000 / ForEach.1000", self.ratio("ForEach.100000", to: "ForEach.1000"), 1.2,
      unit: "x")
    check(
      "ForEach.100000 / IdentifiedArray update",
      self.ratio("ForEach.100000", to: "Baseline.IdentifiedArray.100000"), 3, unit: "x")
    check(
      "ForEach.Observed.100000 / ForEach.Observed.1000",
      self.ratio("ForEach.Observed.100000", to: "ForEach.Observed.1000"), 1.2, unit: "x")
    check(
      "100 observers of other fields / none",
      self.ratio("Observation.100OtherObservers", to: "Observation.NoObservers"), 1.2, unit: "x")
    check(
      "Effect started and cancelled", self.median("Effects.Run.StartCancel").map { $0 / 1_000 },
      50, unit: " µs")
    check("Memory growth over 1,000,000 sends", Double(memoryGrowth) / 1_024, 1_024, unit: " KiB")
    check(
      "Memory growth over 1,000,000 shared writes", Double(sharedMemoryGrowth) / 1_024, 1_024,
      unit: " KiB")
    return lines.joined(separator: "\n")
  }
}

/// The resident memory growth, in bytes, over `count` sends to a counter store.
@MainActor
func memoryGrowthOverSends(_ count: Int) -> Int {
  let store = Store(initialState: Counter.State()) { Counter() }
  for _ in 0..<10_000 {
    store.send(.incrementButtonTapped)
  }
  let before = residentMemory()
  for _ in 0..<count {
    store.send(.incrementButtonTapped)
  }
  return max(0, residentMemory() - before)
}

/// The resident memory growth, in bytes, over `count` writes to a shared value through
/// `withLock`.
@MainActor
func memoryGrowthOverSharedWrites(_ count: Int) -> Int {
  let state = SharedCounter.State()
  for _ in 0..<10_000 {
    increment(state)
  }
  let before = residentMemory()
  for _ in 0..<count {
    increment(state)
  }
  return max(0, residentMemory() - before)
}

/// The process's resident memory in bytes, from `/proc/self/statm`.
func residentMemory() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  guard text.count < width else { return text }
  let padding = String(repeating: " ", count: width - text.count)
  return right ? padding + text : text + padding
}

private func format(_ value: Double) -> String {
  value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
}
