import AppFeature
import AppSettings
import ComposableArchitecture
import Foundation
import HomeFeature
import HomeFeatureTesting
import ProfileFeature
import SearchFeature
import SearchFeatureTesting
import SettingsFeature
import SharedModels
import SharedModelsTesting
import TerminalUI
import UserDetailFeature
import UserDetailFeatureTesting
import UserListFeature
import UserListFeatureTesting

/// What a run knows when it resolves a command: the state, and the stack ids it has seen.
struct RunContext {
  /// The app's state before the step.
  var state: App.State
  /// The id the stack will give the next element it makes.
  var nextID: StackElementID
  /// Ids that were on the stack and left it, oldest first.
  var retiredIDs: [StackElementID]
  /// The file storage the run's shared settings are kept in.
  var fileStorage: FileStorage
}

/// A command resolved against a state.
struct ResolvedStep {
  /// The action to send, or `nil` when the step only changes the network.
  var action: App.Action?
  /// How many issues the runtime must report for the action: one for an action it rejects as
  /// a programming error (for a stack element or a presented alert that is not there, a push of
  /// an id already on the stack or far ahead), none otherwise.
  var expectedIssues = 0
  /// The id of a pushed element, which may be an id seen before.
  var pushedID: StackElementID?
  /// Whether the step takes the network down or brings it back.
  var togglesNetwork = false
  /// Settings another holder of the shared settings writes (as another process would), with
  /// no action.
  var settingsWrittenElsewhere: UserSettings?
}

extension AppCommand {
  /// The action this command sends in `context`, valid or invalid there.
  func resolve(in context: RunContext) -> ResolvedStep {
    let state = context.state
    let offset = ValueTables.pick(ValueTables.offsets, first)
    let message = ValueTables.pick(ValueTables.messages, second)
    switch kind {
    case .tabSelected:
      return ResolvedStep(action: .tabSelected(ValueTables.pick(AppTab.allCases, first)))
    case .backRequested:
      return ResolvedStep(action: .backRequested)
    case .appOnAppear:
      return ResolvedStep(action: .onAppear)
    case .networkToggled:
      return ResolvedStep(action: nil, togglesNetwork: true)
    case .key:
      let key = ValueTables.pick(Self.keys, first)
      return ResolvedStep(action: AppView(state: state).action(for: key))

    case .homeAppear: return ResolvedStep(action: .home(.onAppear))
    case .homeRefresh: return ResolvedStep(action: .home(.refresh))
    case .homeRetry: return ResolvedStep(action: .home(.retry))
    case .homeMove: return ResolvedStep(action: .home(.moveSelection(offset)))
    case .homeOpen: return ResolvedStep(action: .home(.openSelected))
    case .homeOpenAuthor:
      let posts = state.home.posts
      let id = posts.isEmpty || second.isMultiple(of: 4) ? -first : posts[first % posts.count].id
      return ResolvedStep(action: .home(.openAuthor(postID: id)))
    case .homeLoadNext: return ResolvedStep(action: .home(.loadNextPage))
    case .homeLatePage:
      let page = Page.fixture(
        of: HomeClient.mockPosts, page: ValueTables.pick(ValueTables.pages, first),
        limit: state.home.pageSize)
      return ResolvedStep(action: .home(.pageLoaded(page)))
    case .homeFailure: return ResolvedStep(action: .home(.pageFailed(message)))
    case .homeAlertRetry:
      return ResolvedStep(
        action: .home(.alert(.presented(.retry))), expectedIssues: state.home.alert == nil ? 1 : 0)
    case .homeAlertDismiss:
      return ResolvedStep(
        action: .home(.alert(.dismiss)), expectedIssues: state.home.alert == nil ? 1 : 0)
    case .homeAlertSelection: return ResolvedStep(action: .home(.alertSelectionChanged(offset)))
    case .homeDelegate:
      let id = ValueTables.pick(ValueTables.userIDs, first)
      return ResolvedStep(action: .home(.delegate(.openUser(id: id))))

    case .searchAppear: return ResolvedStep(action: .search(.onAppear))
    case .searchQuery:
      return ResolvedStep(
        action: .search(.queryChanged(ValueTables.pick(ValueTables.queries, first))))
    case .searchRetry: return ResolvedStep(action: .search(.retry))
    case .searchMove: return ResolvedStep(action: .search(.moveSelection(offset)))
    case .searchOpen: return ResolvedStep(action: .search(.openSelected))
    case .searchLateResults:
      let query = ValueTables.pick(ValueTables.queries, first)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let results = SearchClient.mockResults(query: query, limit: state.search.limit)
      return ResolvedStep(action: .search(.resultsLoaded(results)))
    case .searchFailure: return ResolvedStep(action: .search(.resultsFailed(message)))
    case .searchDelegate:
      let id = ValueTables.pick(ValueTables.userIDs, first)
      return ResolvedStep(action: .search(.delegate(.openUser(id: id))))

    case .usersAppear: return ResolvedStep(action: .users(.onAppear))
    case .usersRefresh: return ResolvedStep(action: .users(.refresh))
    case .usersRetry: return ResolvedStep(action: .users(.retry))
    case .usersMove: return ResolvedStep(action: .users(.moveSelection(offset)))
    case .usersOpen: return ResolvedStep(action: .users(.openSelected))
    case .usersLoadNext: return ResolvedStep(action: .users(.loadNextPage))
    case .usersLatePage:
      let page = Page.fixture(
        of: UserListClient.mockUsers, page: ValueTables.pick(ValueTables.pages, first),
        limit: state.users.pageSize)
      return ResolvedStep(action: .users(.pageLoaded(page)))
    case .usersFailure: return ResolvedStep(action: .users(.pageFailed(message)))
    case .usersDelegate:
      let id = ValueTables.pick(ValueTables.userIDs, first)
      return ResolvedStep(action: .users(.delegate(.openUser(id: id))))

    case .profileAppear: return ResolvedStep(action: .profile(.onAppear))
    case .profileRetry: return ResolvedStep(action: .profile(.retry))
    case .profileEdit:
      let binding: BindingAction<Profile.State> =
        switch second % 3 {
        case 0: .set(\.draft.displayName, ValueTables.pick(ValueTables.displayNames, first))
        case 1: .set(\.draft.bio, ValueTables.pick(ValueTables.bios, first))
        default: .set(\.draft.email, ValueTables.pick(ValueTables.emails, first))
        }
      return ResolvedStep(action: .profile(.binding(binding)))
    case .profileFocus:
      let field = ValueTables.pick(Profile.Field.allCases, first)
      return ResolvedStep(action: .profile(.binding(.set(\.focusedField, field))))
    case .profileSave: return ResolvedStep(action: .profile(.saveButtonTapped))
    case .profileLeave: return ResolvedStep(action: .profile(.leaveRequested))
    case .profileLateLoaded: return ResolvedStep(action: .profile(.profileLoaded(.fixture)))
    case .profileLateSaved:
      var saved = UserProfile.fixture
      saved.displayName = ValueTables.pick(ValueTables.displayNames, first)
      return ResolvedStep(action: .profile(.profileSaved(saved)))
    case .profileSaveFailed: return ResolvedStep(action: .profile(.saveFailed(message)))
    case .profileLoadFailed: return ResolvedStep(action: .profile(.profileFailed(message)))
    case .profileAlertRetry:
      return ResolvedStep(
        action: .profile(.alert(.presented(.retry))),
        expectedIssues: state.profile.alert == nil ? 1 : 0)
    case .profileAlertDismiss:
      return ResolvedStep(
        action: .profile(.alert(.dismiss)), expectedIssues: state.profile.alert == nil ? 1 : 0)
    case .profileDialogDiscard:
      return ResolvedStep(
        action: .profile(.confirmationDialog(.presented(.discardChanges))),
        expectedIssues: state.profile.confirmationDialog == nil ? 1 : 0)
    case .profileDialogSave:
      return ResolvedStep(
        action: .profile(.confirmationDialog(.presented(.save))),
        expectedIssues: state.profile.confirmationDialog == nil ? 1 : 0)
    case .profileDialogDismiss:
      return ResolvedStep(
        action: .profile(.confirmationDialog(.dismiss)),
        expectedIssues: state.profile.confirmationDialog == nil ? 1 : 0)
    case .profileDelegate: return ResolvedStep(action: .profile(.delegate(.leaveConfirmed)))

    case .settingsMove: return ResolvedStep(action: .settings(.moveSelection(offset)))
    case .settingsTheme:
      let theme = ValueTables.pick(UserSettings.Theme.allCases, first)
      return ResolvedStep(action: .settings(.themeSelected(theme)))
    case .settingsPageSize:
      return ResolvedStep(
        action: .settings(first.isMultiple(of: 2) ? .pageSizeIncremented : .pageSizeDecremented))
    case .settingsDebounce:
      return ResolvedStep(
        action: .settings(
          first.isMultiple(of: 2) ? .searchDebounceIncremented : .searchDebounceDecremented))
    case .settingsPreviews: return ResolvedStep(action: .settings(.showsPostPreviewsToggled))
    case .settingsReset: return ResolvedStep(action: .settings(.resetToDefaults))
    case .settingsNoticeDismissed: return ResolvedStep(action: .settings(.noticeDismissed))
    case .settingsChangedElsewhere:
      return ResolvedStep(
        action: nil, settingsWrittenElsewhere: ValueTables.settings(first, second))

    case .pathElement:
      let id = pickID(first, in: context)
      let action = elementAction(second, offset: offset, message: message, id: id, in: state)
      let isMissing = !Set(state.path.ids).contains(id)
      return ResolvedStep(
        action: .path(.element(id: id, action: .userDetail(action))),
        expectedIssues: isMissing ? 1 : 0)
    case .pathPush:
      let id = pickID(first, in: context)
      let detail = withDependencies {
        $0.defaultFileStorage = context.fileStorage
      } operation: {
        UserDetail.State(userID: ValueTables.pick(ValueTables.userIDs, second))
      }
      let isRejected = Set(state.path.ids).contains(id) || id > context.nextID
      return ResolvedStep(
        action: .path(.push(id: id, state: .userDetail(detail))),
        expectedIssues: isRejected ? 1 : 0, pushedID: id)
    case .pathPop:
      let id = pickID(first, in: context)
      return ResolvedStep(
        action: .path(.popFrom(id: id)), expectedIssues: Set(state.path.ids).contains(id) ? 0 : 1)
    }
  }

  /// A stack id: one on the stack, one that left it, the next one the stack makes, or one far
  /// ahead that it never makes in a run.
  private func pickID(_ number: Int, in context: RunContext) -> StackElementID {
    let ids = Array(context.state.path.ids)
    switch number % 4 {
    case 0 where !ids.isEmpty:
      return ids[(number / 4) % ids.count]
    case 1 where !context.retiredIDs.isEmpty:
      return context.retiredIDs[(number / 4) % context.retiredIDs.count]
    case 2:
      return StackElementID(rawValue: context.nextID.rawValue + 1_000_000 + number)
    default:
      return context.nextID
    }
  }

  /// An action for a user detail screen, including late responses for it.
  private func elementAction(
    _ number: Int, offset: Int, message: String, id: StackElementID, in state: App.State
  ) -> UserDetail.Action {
    let detail = state.path[id: id].flatMap { element -> UserDetail.State? in
      guard case let .userDetail(detail) = element else { return nil }
      return detail
    }
    let userID = detail?.userID ?? 1
    let user =
      UserDetailClient.mockUsers.first { $0.id == userID } ?? User.fixture(id: userID)
    switch number % 12 {
    case 0: return .onAppear
    case 1: return .refresh
    case 2: return .retry
    case 3: return .moveSelection(offset)
    case 4: return .loadNextPage
    case 5: return .close
    case 6:
      // Another user's answer arriving late; wrapping, as the tables' user ids reach `Int.max`.
      return .userLoaded(number.isMultiple(of: 5) ? User.fixture(id: userID &+ 1) : user)
    case 7: return .userNotFound
    case 8: return .userFailed(message)
    case 9:
      let page = Page.fixture(
        of: UserDetailClient.mockPosts(by: user), page: ValueTables.pick(ValueTables.pages, number),
        limit: detail?.pageSize ?? 20)
      return .pageLoaded(page)
    case 10: return .pageFailed(message)
    default: return .delegate(.close)
    }
  }

  /// Keys a person may press, in any screen.
  static let keys: [Key] = [
    .down, .up, .enter, .escape, .tab, .backTab, .character("1"), .character("2"),
    .character("3"), .character("4"), .character("5"), .character("/"), .character("?"),
    .pageDown, .pageUp, .home, .end, .left, .right, .backspace, .delete, .character("a"),
    .character("z"), .character("o"), .character(" "), .character("é"), .character("🙂"),
    .character("q"), .character("r"), .ctrl("u"), .ctrl("c"), .unknown,
  ]
}
