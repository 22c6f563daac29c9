import AppFeature
import AppSettings
import ComposableArchitecture
import HomeFeature
import SearchFeature
import SettingsFeature
import TerminalUI
import UserDetailFeature
import UserListFeature

/// What must hold after every step of a run, once the step's effects have finished.
///
/// Each check returns a sentence per broken invariant, empty when everything holds. Only what
/// the reducers promise is checked: selections are clamped by `moveSelection` and reset when
/// their lists are replaced, so they stay within their lists (a binding could set one to
/// anything, and no command sends such a binding).
enum AppInvariants {
  /// The broken invariants of `state` on its own.
  static func violations(of state: App.State) -> [String] {
    var violations: [String] = []
    func check(_ condition: Bool, _ sentence: @autoclosure () -> String) {
      if !condition { violations.append(sentence()) }
    }

    // The stack.
    let ids = Array(state.path.ids)
    check(Set(ids).count == ids.count, "stack ids are not unique: \(ids)")
    check(state.path.count == ids.count, "the stack has \(state.path.count) elements for \(ids)")

    // Tabs.
    check(AppTab.allCases.contains(state.selectedTab), "unknown tab \(state.selectedTab)")
    check(
      state.pendingTab == nil || state.selectedTab == .profile,
      "tab \(state.pendingTab.map { "\($0)" } ?? "") waits to be shown while \(state.selectedTab) is shown"
    )

    // Selections within their lists.
    check(
      isWithin(state.home.selection, count: state.home.posts.count),
      "home selection \(state.home.selection) outside \(state.home.posts.count) posts")
    if let alert = state.home.alert {
      check(
        state.home.alertSelection >= 0 && state.home.alertSelection < alert.buttons.count,
        "home alert selection \(state.home.alertSelection) outside \(alert.buttons.count) buttons")
    }
    check(
      isWithin(state.users.selection, count: state.users.users.count),
      "users selection \(state.users.selection) outside \(state.users.users.count) users")
    check(
      isWithin(state.search.selection, count: state.search.rowCount),
      "search selection \(state.search.selection) outside \(state.search.rowCount) rows")
    check(
      (0..<Settings.Row.allCases.count).contains(state.settings.selection),
      "settings selection \(state.settings.selection) outside \(Settings.Row.allCases.count) rows")

    // The settings in force, within their ranges and copied into every feature.
    let settings = state.userSettings
    check(
      UserSettings.pageSizeRange.contains(settings.pageSize)
        && UserSettings.searchDebounceRange.contains(settings.searchDebounceMilliseconds),
      "settings out of range: \(settings)")
    check(
      state.home.pageSize == settings.pageSize && state.users.pageSize == settings.pageSize
        && state.home.showsPostPreviews == settings.showsPostPreviews
        && state.search.debounce == settings.searchDebounce,
      "the tabs do not follow the settings in force \(settings)")

    for (id, element) in zip(ids, state.path) {
      guard case let .userDetail(detail) = element else { continue }
      check(
        isWithin(detail.selection, count: detail.posts.count),
        "detail \(id) selection \(detail.selection) outside \(detail.posts.count) posts")
      check(
        detail.pageSize == settings.pageSize
          && detail.showsPostPreviews == settings.showsPostPreviews,
        "detail \(id) does not follow the settings in force \(settings)")
    }

    // Nothing is left loading once every effect has finished.
    check(!AppView(state: state).isBusy, "a spinner is left with no request in flight")
    return violations
  }

  /// The broken invariants of a step from `before` to `after`, which sent `step`.
  static func violations(
    from before: App.State, to after: App.State, step: ResolvedStep, context: RunContext
  ) -> [String] {
    var violations: [String] = []
    let idsBefore = Array(before.path.ids)
    let idsAfter = Array(after.path.ids)
    if case .backRequested? = step.action, idsAfter != idsBefore.dropLast() {
      violations.append(
        "back left the stack at \(idsAfter) instead of \(Array(idsBefore.dropLast()))")
    }
    if after.selectedTab != before.selectedTab, !idsAfter.isEmpty {
      violations.append(
        "tab \(after.selectedTab) replaced \(before.selectedTab) and kept its stack \(idsAfter)")
    }
    let retired = Set(context.retiredIDs)
    let known = Set(idsBefore)
    for id in idsAfter where !known.contains(id) {
      if id == step.pushedID { continue }
      if retired.contains(id) {
        violations.append("the stack reused id \(id) of an element that left it")
      } else if id < context.nextID {
        violations.append("the stack made id \(id), older than the next id \(context.nextID)")
      }
    }
    return violations
  }

  private static func isWithin(_ selection: Int, count: Int) -> Bool {
    selection >= 0 && selection <= max(count - 1, 0)
  }
}
