import AppFeature
import AppSettings
import ComposableArchitecture
import Foundation
import HomeFeature
import HomeFeatureTesting
import ProfileFeature
import ProfileFeatureTesting
import SearchFeature
import SearchFeatureTesting
import SettingsFeature
import UserDetailFeature
import UserDetailFeatureTesting
import UserListFeature
import UserListFeatureTesting

/// One randomized run: a real `Store` of the app, driven by a sequence of commands, with the
/// invariants checked after every step.
///
/// Each step resolves its command against the current state, sends the action and waits for
/// every effect it started (the clients are the features' in-memory doubles and the clock is
/// immediate, so nothing waits on time or the network and a run is the same every time). The
/// runtime's issues are collected rather than failing the test: a step must cause exactly the
/// ones its action is expected to cause. The run stops at the first broken invariant.
@MainActor
struct AppRun {
  /// What a run found.
  struct Outcome {
    /// The steps sent (up to and including the failing one).
    var steps = 0
    /// The runtime issues that were expected for deliberately invalid actions.
    var expectedIssues = 0
    /// The failure, if an invariant broke.
    var failure: Failure?
  }

  /// The first broken invariant of a run.
  struct Failure {
    /// The failing step, from 1.
    var step: Int
    /// What broke.
    var violations: [String]
    /// The actions sent, as they were resolved, the failing one last.
    var actions: [String]

    /// The failure for people: what broke and the actions that led there.
    var report: String {
      let numbered = actions.enumerated().map { "  \($0 + 1). \($1)" }
      return """
        Invariant broken after step \(step):
        \(violations.map { "  - \($0)" }.joined(separator: "\n"))
        Actions sent:
        \(numbered.joined(separator: "\n"))
        """
    }
  }

  /// The error the clients throw while the network is down.
  struct NetworkDown: Error {}

  /// Runs `commands` on a new store of the app, checking the dump of the state every
  /// `dumpInterval` steps (and at the last one).
  static func run(_ commands: [AppCommand], dumpInterval: Int = 1) async -> Outcome {
    let ids = StackElementIDGenerator.incrementing()
    let isOnline = LockIsolated(true)
    // Each run starts from the default settings, whatever earlier runs of the test wrote.
    let fileStorage = FileStorage.inMemory
    let store = Store(initialState: App.State()) {
      App()
    } withDependencies: {
      $0.homeClient = HomeClient(feed: { page, limit in
        try check(isOnline)
        return try await HomeClient.mock.feed(page, limit)
      })
      $0.searchClient = SearchClient(search: { query, limit in
        try check(isOnline)
        return try await SearchClient.mock.search(query, limit)
      })
      $0.userListClient = UserListClient(users: { page, limit in
        try check(isOnline)
        return try await UserListClient.mock.users(page, limit)
      })
      $0.userDetailClient = UserDetailClient(
        user: { id in
          try check(isOnline)
          return try await UserDetailClient.mock.user(id)
        },
        posts: { id, page, limit in
          try check(isOnline)
          return try await UserDetailClient.mock.posts(id, page, limit)
        })
      $0.profileClient = .mock
      $0.defaultFileStorage = fileStorage
      $0.continuousClock = ImmediateClock()
      $0.stackElementID = ids
    }

    let collector = IssueCollector()
    var outcome = Outcome()
    var actions: [Step] = []
    var retiredIDs: [StackElementID] = []
    var state = store.withState { $0 }
    // The settings are shared: held by reference, so an earlier state reads their current
    // value. They are recorded beside each dump, to compare states as they were.
    var dumped = (state: state, settings: state.userSettings, dump: String(customDumping: state))
    await withIssueReporters([collector]) {
      for command in commands {
        let context = RunContext(
          state: state, nextID: ids.peek(), retiredIDs: retiredIDs, fileStorage: fileStorage)
        let step = command.resolve(in: context)
        outcome.steps += 1
        if step.togglesNetwork {
          isOnline.withValue { $0.toggle() }
          actions.append(.network(isOnline: isOnline.value))
        }
        if let settings = step.settingsWrittenElsewhere {
          withDependencies {
            $0.defaultFileStorage = fileStorage
          } operation: {
            @Shared(.userSettings) var shared
            $shared.withLock { $0 = settings }
          }
          actions.append(.settingsWritten(settings))
        }
        if let action = step.action {
          actions.append(.action(action))
          await store.send(action).finish()
        } else if !step.togglesNetwork && step.settingsWrittenElsewhere == nil {
          actions.append(.none)
        }

        let after = store.withState { $0 }
        var violations = AppInvariants.violations(of: after)
        violations += AppInvariants.violations(from: state, to: after, step: step, context: context)
        if outcome.steps % dumpInterval == 0 || outcome.steps == commands.count {
          let dump = String(customDumping: after)
          violations += dumpViolations(
            areEqual: dumped.state == after && dumped.settings == after.userSettings,
            dumpBefore: dumped.dump, after: after, dumpAfter: dump)
          dumped = (after, after.userSettings, dump)
        }
        let issues = collector.drain()
        if issues.count != step.expectedIssues {
          violations.append(
            """
            the runtime reported \(issues.count) issue(s), \(step.expectedIssues) expected\
            \(issues.map { ":\n    " + $0.prefix(300) }.joined())
            """)
        }
        outcome.expectedIssues += min(issues.count, step.expectedIssues)
        guard violations.isEmpty else {
          outcome.failure = Failure(
            step: outcome.steps, violations: violations, actions: actions.map(\.description))
          return
        }
        let idsAfter = Set(after.path.ids)
        retiredIDs += state.path.ids.filter { !idsAfter.contains($0) }
        state = after
      }
    }
    return outcome
  }

  /// Whether the dump of the state is a faithful image of it: the same state dumps the same
  /// text every time, and two states dump the same text exactly when they are equal.
  private static func dumpViolations(
    areEqual: Bool, dumpBefore: String, after: App.State, dumpAfter: String
  ) -> [String] {
    var violations: [String] = []
    if String(customDumping: after) != dumpAfter {
      violations.append("dumping the same state twice gave two texts")
    }
    if areEqual != (dumpBefore == dumpAfter) {
      violations.append(
        areEqual
          ? "two equal states dumped different texts"
          : "two different states dumped the same text")
    }
    return violations
  }

  /// What a step did, described only when a run fails.
  private enum Step: CustomStringConvertible {
    case action(App.Action)
    case network(isOnline: Bool)
    case settingsWritten(UserSettings)
    case none

    /// One line, long payloads cut.
    var description: String {
      switch self {
      case let .action(action):
        let text = String(customDumping: action)
          .split(whereSeparator: \.isNewline)
          .map { $0.trimmingCharacters(in: .whitespaces) }
          .joined(separator: " ")
        return text.count > 200 ? text.prefix(200) + "…" : text
      case let .network(isOnline):
        return isOnline ? "(the network comes back)" : "(the network goes down)"
      case let .settingsWritten(settings):
        return "(the settings are changed elsewhere: \(settings))"
      case .none:
        return "(no action)"
      }
    }
  }

  private nonisolated static func check(_ isOnline: LockIsolated<Bool>) throws {
    guard isOnline.value else { throw NetworkDown() }
  }
}
