import Foundation

// Reads the results of a run of the runtime's benchmarks, exported by package-benchmark in its
// JMH format, prints each benchmark's median time and malloc count per operation and its ratio
// to its baseline (measured in the same run), then checks the budgets of Catalog.swift. Exits
// with 1 when a gated budget does not hold or could not be measured, after printing a line
// `recheck: NAME …` with the benchmarks those budgets compare.
//
//   swift run -c release --package-path Benchmarks BenchmarkReport RUN.jmh.json [RERUN.jmh.json]…
//
// The table is the first file's. With more files (re-runs of some benchmarks, as Benchmarks/
// run.sh makes for the budgets that failed), each budget's value is the median of its values in
// the files that measured it, every ratio taken within one file.

/// One metric of one benchmark in a JMH export: percentiles keyed "50.0", "100.0", … Times are
/// in microseconds per iteration, counts per iteration.
struct JMHMetric: Decodable {
  let scorePercentiles: [String: Double]
}

/// One benchmark in a JMH export.
struct JMHElement: Decodable {
  /// `package.benchmark.<target>.<name>`.
  let benchmark: String
  let secondaryMetrics: [String: JMHMetric]
}

/// A benchmark's results, per operation.
struct Result {
  /// Median wall clock time per operation, in nanoseconds.
  let nanoseconds: Double
  /// Median malloc count per operation.
  let mallocs: Double?
  /// Median instructions per operation, where the machine could count them.
  let instructions: Double?
  /// The largest value of each custom metric over the iterations.
  let customMaxima: [String: Double]
}

let paths = CommandLine.arguments.dropFirst()
guard !paths.isEmpty else {
  print("usage: BenchmarkReport RUN.jmh.json [RERUN.jmh.json …]")
  exit(2)
}

// The metric names are package-benchmark's descriptions of its metrics.
let wallClockName = "Time (wall clock)"
let mallocsName = "Malloc (total)"
let instructionsName = "Instructions"
let targetPrefix = "package.benchmark.RuntimeBenchmarks."

/// The results of one exported run, by benchmark name.
func results(at path: String) -> [String: Result] {
  let elements: [JMHElement]
  do {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    elements = try JSONDecoder().decode([JMHElement].self, from: data)
  } catch {
    print("error: cannot read \(path): \(error)")
    exit(2)
  }
  var results: [String: Result] = [:]
  for element in elements where element.benchmark.hasPrefix(targetPrefix) {
    let name = String(element.benchmark.dropFirst(targetPrefix.count))
    guard let info = catalog.first(where: { $0.name == name }),
      let time = element.secondaryMetrics[wallClockName]?.scorePercentiles["50.0"]
    else { continue }
    let operations = Double(info.operations)
    func median(_ metric: String) -> Double? {
      element.secondaryMetrics[metric]?.scorePercentiles["50.0"].map { $0 / operations }
    }
    var customMaxima: [String: Double] = [:]
    // package-benchmark's export repeats other benchmarks' custom metrics in each element: only
    // the benchmark's own counts.
    if let metric = info.customMetric {
      customMaxima[metric] = element.secondaryMetrics[metric]?.scorePercentiles["100.0"]
    }
    results[name] = Result(
      nanoseconds: time * 1_000 / operations, mallocs: median(mallocsName),
      instructions: median(instructionsName), customMaxima: customMaxima)
  }
  return results
}

/// Each file's results, in the order given.
let runs = paths.map(results(at:))
/// The first file's results, which the table shows.
let results = runs[0]

/// The ratio of two benchmarks' median times per operation in one run, when both were measured.
func ratio(_ name: String, to baseline: String, in results: [String: Result]) -> Double? {
  guard let value = results[name]?.nanoseconds, let base = results[baseline]?.nanoseconds,
    base > 0
  else { return nil }
  return value / base
}

/// The middle value of `values` (the mean of the two middle ones for an even count).
func median(of values: [Double]) -> Double? {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return nil }
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  guard text.count < width else { return text }
  let padding = String(repeating: " ", count: width - text.count)
  return right ? padding + text : text + padding
}

func format(_ value: Double) -> String {
  value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
}

let countsInstructions = results.values.contains { $0.instructions != nil }
var header =
  pad("Benchmark", 32) + pad("median ns/op", 14, right: true) + pad("mallocs/op", 12, right: true)
if countsInstructions {
  header += pad("instr/op", 12, right: true)
}
header += "  " + pad("baseline", 32) + pad("ratio", 9, right: true)
var lines = [header, String(repeating: "-", count: header.count)]
for info in catalog {
  guard let result = results[info.name] else { continue }
  var line =
    pad(info.name, 32) + pad(format(result.nanoseconds), 14, right: true)
    + pad(result.mallocs.map(format) ?? "", 12, right: true)
  if countsInstructions {
    line += pad(result.instructions.map(format) ?? "", 12, right: true)
  }
  let ratioText = info.baseline.flatMap { ratio(info.name, to: $0, in: results) }
    .map { format($0) + "x" }
  line += "  " + pad(info.baseline ?? "", 32) + pad(ratioText ?? "", 9, right: true)
  lines.append(line)
}
if !countsInstructions {
  lines.append("(instructions: not counted, this machine's processor counters are unavailable)")
}
print(lines.joined(separator: "\n"))

print(runs.count > 1 ? "\nBudgets (median over \(runs.count) runs):" : "\nBudgets:")
var failures = 0
var recheck: [String] = []
for budget in budgets {
  let values: [Double]
  let gated: Bool
  let benchmarks: [String]
  // Custom metrics count events that must not happen (unexpected observer calls, memory
  // growth): the worst run counts, and measuring again cannot excuse it.
  var isCount = false
  switch budget.measure {
  case .ratio(let name, let baseline):
    values = runs.compactMap { ratio(name, to: baseline, in: $0) }
    gated = true
    benchmarks = [name, baseline]
  case .customMetric(let metric, let benchmark):
    values = runs.compactMap { $0[benchmark]?.customMaxima[metric] }
    gated = true
    benchmarks = [benchmark]
    isCount = true
  case .nanoseconds(let name):
    values = runs.compactMap { $0[name]?.nanoseconds }
    gated = false
    benchmarks = [name]
  }
  let gateLimit = budget.gateLimit ?? budget.limit
  var limit = "limit \(format(budget.limit))\(budget.unit)"
  if gateLimit != budget.limit {
    limit += ", gated at \(format(gateLimit))\(budget.unit)"
  }
  if !gated {
    limit += ", absolute time: not gated"
  }
  guard let value = isCount ? values.max() : median(of: values) else {
    print("  ?    \(budget.description): not measured (\(limit))")
    if gated {
      failures += 1
      recheck += benchmarks
    }
    continue
  }
  let passes = !gated || value <= gateLimit
  let mark = value <= budget.limit ? "ok  " : passes ? "over" : "FAIL"
  print("  \(mark) \(budget.description): \(format(value))\(budget.unit) (\(limit))")
  if !passes {
    failures += 1
    if !isCount { recheck += benchmarks }
  }
}
if failures > 0 {
  print("\nerror: \(failures) gated budget(s) failed or were not measured")
  var seen = Set<String>()
  print("recheck: " + recheck.filter { seen.insert($0).inserted }.joined(separator: " "))
  exit(1)
}
print("\nEvery gated budget holds.")
