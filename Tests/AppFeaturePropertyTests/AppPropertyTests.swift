import AppFeature
import ComposableArchitecture
import Foundation
import HomeFeature
import PropertyBased
import SettingsFeature
import Testing

/// Randomized runs of the whole app: `APP_PROPERTY_ACTIONS` random actions in all (100,000 by
/// default), in runs of `APP_PROPERTY_RUN_LENGTH` (1,000 by default), each on a new store, with
/// the state's dump checked every `APP_PROPERTY_DUMP_INTERVAL` steps (100 by default; 1 checks
/// it after every action, about 30 ms a step in a debug build).
///
/// A failure reports the broken invariant with the actions that led to it, after shrinking the
/// run to as few steps as still fail, and the seed that replays the run: add
/// `.fixedSeed("…")` to the test (with the same run length) to replay it. See
/// docs/RELIABILITY.md.
@MainActor
struct AppPropertyTests {
  @Test
  func randomActionsKeepTheAppsInvariants() async {
    let configuration = RunConfiguration(environment: ProcessInfo.processInfo.environment)
    let totals = LockIsolated(Totals())
    let start = ContinuousClock.now
    await propertyCheck(
      count: configuration.runs, input: AppCommand.run(length: configuration.runLength)
    ) { run in
      let outcome = await AppRun.run(run.commands, dumpInterval: configuration.dumpInterval)
      totals.withValue {
        $0.runs += 1
        $0.steps += outcome.steps
        $0.expectedIssues += outcome.expectedIssues
      }
      if let failure = outcome.failure {
        Issue.record(Comment(rawValue: failure.report))
      }
    }
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    let value = totals.value
    print(
      """
      Randomized app runs: \(value.runs) runs, \(value.steps) actions \
      (\(value.expectedIssues) expected runtime issues for invalid actions) in \
      \(String(format: "%.1f", seconds)) s, \
      \(Int(Double(value.steps) / max(seconds, 0.001))) actions/s
      """)
  }

  @Test
  func theInvariantsCatchASelectionOutsideItsList() {
    var state = App.State()
    state.home.selection = 3
    state.settings.selection = -1
    #expect(
      AppInvariants.violations(of: state) == [
        "home selection 3 outside 0 posts",
        "settings selection -1 outside 4 rows",
      ])
  }

  @Test
  func chunksGoFirstThenSingleStepsAreSimplified() {
    let commands = (1...4).map { AppCommand(kindSelector: $0, first: $0, second: 0) }
    let candidates = Array(CommandShrinks(commands))
    #expect(candidates.first == Array(commands[2...]))
    #expect(candidates.allSatisfy { $0 != commands })
    let simplified = AppCommand(kindSelector: 4, first: 0, second: 0)
    #expect(candidates.last == Array(commands.prefix(3)) + [simplified])
  }
}

/// What the whole check ran.
private struct Totals {
  var runs = 0
  var steps = 0
  var expectedIssues = 0
}

/// How much a check runs, read from the environment.
struct RunConfiguration {
  /// Random actions in all.
  var actions: Int
  /// Actions per run (each run starts from a new store).
  var runLength: Int
  /// How many steps apart the state's dump is checked.
  var dumpInterval: Int

  /// Runs of ``runLength`` covering ``actions``.
  var runs: Int { max(actions / max(runLength, 1), 1) }

  init(environment: [String: String]) {
    actions = environment["APP_PROPERTY_ACTIONS"].flatMap(Int.init) ?? 100_000
    runLength = environment["APP_PROPERTY_RUN_LENGTH"].flatMap(Int.init) ?? 1_000
    dumpInterval = max(environment["APP_PROPERTY_DUMP_INTERVAL"].flatMap(Int.init) ?? 100, 1)
  }
}
