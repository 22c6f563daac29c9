@preconcurrency import Benchmark
import Foundation

/// The code of one benchmark: `make` prepares its state outside the measurement and returns the
/// measured work, which performs the benchmark's operations (``CaseInfo/operations``) once.
struct Case: Sendable {
  /// How a benchmark's work runs.
  enum Work: Sendable {
    /// Synchronous work, run on the main queue outside any task, as a host's event handler
    /// runs, and as the swift-benchmark harness ran every benchmark (on the main thread).
    case synchronous(@MainActor @Sendable () -> @MainActor () -> Void)
    /// Work that awaits, run in a task on the main actor.
    case awaiting(@MainActor @Sendable () -> @MainActor () async -> Void)
  }

  /// The benchmark's name; its entry in ``catalog`` has the same.
  let name: String
  /// Reads the value of the benchmark's custom metric (``CaseInfo/customMetric``) after each
  /// iteration, if it has one.
  var customMetricValue: (@MainActor @Sendable () -> Int)? = nil
  /// Prepares state and returns the measured work.
  let work: Work

  /// A benchmark whose work is synchronous.
  init(
    name: String, customMetricValue: (@MainActor @Sendable () -> Int)? = nil,
    make: @escaping @MainActor @Sendable () -> @MainActor () -> Void
  ) {
    self.name = name
    self.customMetricValue = customMetricValue
    self.work = .synchronous(make)
  }

  /// A benchmark whose work awaits.
  init(
    awaiting name: String,
    make: @escaping @MainActor @Sendable () -> @MainActor () async -> Void
  ) {
    self.name = name
    self.work = .awaiting(make)
  }
}

/// Whether this machine's processor counters can count instructions: a hardware performance
/// monitoring unit that perf events can use (virtual machines often have none; the kernel then
/// offers software events only) and `perf_event_paranoid` at most 2. Without them, benchmarks
/// measure no instructions rather than fail.
let instructionCountersAvailable: Bool = {
  let setting = try? String(
    contentsOfFile: "/proc/sys/kernel/perf_event_paranoid", encoding: .utf8)
  let paranoid = setting.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  guard let paranoid, paranoid <= 2 else { return false }
  let devices =
    (try? FileManager.default.contentsOfDirectory(atPath: "/sys/bus/event_source/devices")) ?? []
  return devices.contains { $0 == "cpu" || $0.hasPrefix("cpu_") || $0.hasPrefix("armv") }
}()

/// The allowed increase of a benchmark's malloc count per iteration (its 90th percentile, as
/// `thresholds check` compares) over the committed thresholds (Benchmarks/Thresholds).
/// Allocation counts do not depend on the machine's load, but the awaiting benchmarks' vary a
/// little with the threads they wake (Baseline.Task.StartCancel: 9.0–10.0 per operation between
/// iterations): half an allocation per operation for those, a tenth for the others, none for a
/// benchmark of one operation per iteration. One more allocation per operation fails either.
func mallocCountTolerance(
  _ info: CaseInfo, awaiting: Bool
) -> BenchmarkThresholds.AbsoluteThreshold {
  awaiting ? info.operations / 2 : info.operations / 10
}

/// The allowed increase of a benchmark's instruction count over the committed thresholds', in
/// percent, where both were counted.
let instructionsTolerance: BenchmarkThresholds.RelativeThreshold = 5

/// How one benchmark is run and checked: wall clock time (never gated: the VM's speed drifts),
/// throughput (package-benchmark's JMH export needs it), malloc counts (gated against the
/// committed thresholds, at their 90th percentile) and, where the machine can count them,
/// instructions (recorded; the committed thresholds hold none, so they are not gated).
func configuration(for info: CaseInfo, awaiting: Bool) -> Benchmark.Configuration {
  let mallocTolerance = mallocCountTolerance(info, awaiting: awaiting)
  let ungated = BenchmarkThresholds(relative: [:], absolute: [:])
  var metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
  var thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
    .wallClock: ungated,
    .throughput: ungated,
    .mallocCountTotal: BenchmarkThresholds(
      relative: [:],
      absolute: [.p90: mallocTolerance]),
  ]
  if instructionCountersAvailable {
    metrics.append(.instructions)
    thresholds[.instructions] = BenchmarkThresholds(
      relative: [.p90: instructionsTolerance], absolute: [:])
  }
  if let customMetric = info.customMetric {
    // Checked by BenchmarkReport against its budget, not against the baseline.
    let metric = BenchmarkMetric.custom(customMetric, useScalingFactor: false)
    metrics.append(metric)
    thresholds[metric] = ungated
  }
  return Benchmark.Configuration(
    metrics: metrics,
    timeUnits: .nanoseconds,
    warmupIterations: 2,
    scalingFactor: info.operations == 1 ? .one : .kilo,
    maxDuration: .seconds(1),
    maxIterations: 1_000,
    thresholds: thresholds
  )
}

/// Registers every benchmark of ``catalog`` with package-benchmark (called by the `main` its
/// plugin generates) and returns them.
///
/// Each iteration prepares the case's state, starts the measurement, runs the work and stops the
/// measurement, so set-up and the hop to the main actor are not measured. package-benchmark runs
/// benchmarks from a task on the thread pool, so synchronous work is sent to the main queue,
/// where it runs on the main actor outside any task, and awaiting work runs in a task on the
/// main actor.
@discardableResult
func benchmarks() -> [Benchmark] {
  catalog.compactMap { info in
    guard let benchmarkCase = allCases.first(where: { $0.name == info.name }) else {
      fatalError("No code for the benchmark \(info.name) in Cases.swift.")
    }
    switch benchmarkCase.work {
    case .synchronous(let make):
      let configuration = configuration(for: info, awaiting: false)
      return Benchmark(info.name, configuration: configuration) { benchmark in
        // Not `DispatchQueue.main.sync`, which would run the block on this thread, inside the
        // runner's task.
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            let work = make()
            benchmark.startMeasurement()
            work()
            benchmark.stopMeasurement()
            if let name = info.customMetric, let value = benchmarkCase.customMetricValue {
              benchmark.measurement(.custom(name, useScalingFactor: false), value())
            }
          }
          done.signal()
        }
        done.wait()
      }
    case .awaiting(let make):
      let configuration = configuration(for: info, awaiting: true)
      return Benchmark(info.name, configuration: configuration) { @MainActor benchmark async in
        let work = make()
        benchmark.startMeasurement()
        await work()
        benchmark.stopMeasurement()
      }
    }
  }
}
