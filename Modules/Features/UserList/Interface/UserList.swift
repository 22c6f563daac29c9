import AppSettings
import ComposableArchitecture
import FeatureKit
import Foundation
import SharedModels

/// The UserList feature: every user, a page at a time.
///
/// ``Action/onAppear`` loads the first page; moving the selection within
/// ``Paging/prefetchDistance`` rows of the end loads the next one (``Action/loadNextPage``), until a
/// page says there is no more (``State/nextPage`` is `nil`). One page load runs at a time;
/// ``Action/refresh`` cancels it and reloads from page 1, replacing the rows. A failed page
/// shows ``State/errorMessage`` and ``Action/retry`` loads that page again. Enter on a row asks
/// the parent to open that user (``Action/Delegate/openUser(id:)``).
@Reducer
public struct UserList {

  /// What the feature shows.
  @ObservableState
  public struct State: Equatable {
    /// The users loaded so far, by id.
    public var users: IdentifiedArrayOf<User>
    /// The selected row's index in ``users`` (0 when there are none).
    public var selection: Int
    /// The person's settings, shared with the Settings feature that changes them.
    @SharedReader(.userSettings) public var settings: UserSettings
    /// The page to load next, or `nil` once the last page is loaded.
    public var nextPage: Int?
    /// The page being loaded, or `nil` when no request is in flight.
    public var loadingPage: Int?
    /// The page whose load failed, which ``Action/retry`` loads again.
    public var failedPage: Int?
    /// What went wrong with the last page load, if it failed.
    public var errorMessage: String?

    /// Creates the state; by default nothing is loaded yet and page 1 is next.
    public init(
      users: IdentifiedArrayOf<User> = [],
      selection: Int = 0,
      nextPage: Int? = 1,
      loadingPage: Int? = nil,
      failedPage: Int? = nil,
      errorMessage: String? = nil
    ) {
      self.users = users
      self.selection = selection
      self.nextPage = nextPage
      self.loadingPage = loadingPage
      self.failedPage = failedPage
      self.errorMessage = errorMessage
    }

    /// How many users each request asks for (the settings' page size; the server allows
    /// 1–100).
    public var pageSize: Int { settings.pageSize }

    /// Whether a page is being loaded.
    public var isLoading: Bool { loadingPage != nil }

    /// Whether every page is loaded.
    public var isAtEnd: Bool { nextPage == nil }

    /// The selected user, if any.
    public var selectedUser: User? {
      users.indices.contains(selection) ? users[selection] : nil
    }

    /// Whether the selection is close enough to the end for the next page, and that page can
    /// be loaded now: there is one, nothing is loading and no load has failed.
    var wantsNextPage: Bool {
      nextPage != nil && loadingPage == nil && errorMessage == nil
        && Paging.isNearTheEnd(selection: selection, count: users.count)
    }
  }

  /// What happens in the feature.
  public enum Action: Equatable {
    /// The screen was shown: loads the first page unless it is loaded or loading.
    case onAppear
    /// Reloads from page 1, replacing the rows once it arrives.
    case refresh
    /// Loads again the page whose load failed.
    case retry
    /// Moves the selection by `offset` rows, clamped; loads the next page when it comes within
    /// ``Paging/prefetchDistance`` rows of the end.
    case moveSelection(Int)
    /// Opens the selected user.
    case openSelected
    /// Loads ``State/nextPage``, unless there is none or a page is loading.
    case loadNextPage
    /// A page of users arrived.
    case pageLoaded(Page<User>)
    /// A page load failed; the payload is the message to show.
    case pageFailed(String)
    /// What the parent must handle.
    case delegate(Delegate)

    /// Actions for the parent feature.
    @CasePathable
    public enum Delegate: Equatable {
      /// Show the user with this id.
      case openUser(id: User.ID)
    }
  }

  /// The identifiers of the feature's cancellable effects.
  public enum CancelID: Hashable, Sendable {
    /// The page load in flight.
    case page
  }

  @Dependency(\.userListClient) var userListClient

  /// Creates the reducer.
  public init() {}

  /// The feature's logic.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard state.users.isEmpty, state.nextPage == 1, state.loadingPage == nil else {
          return .none
        }
        return load(page: 1, &state)

      case .refresh:
        return load(page: 1, &state)

      case .retry:
        guard let page = state.failedPage, state.loadingPage == nil else { return .none }
        return load(page: page, &state)

      case let .moveSelection(offset):
        state.selection = ListSelection.moved(state.selection, by: offset, count: state.users.count)
        return state.wantsNextPage ? .send(.loadNextPage) : .none

      case .openSelected:
        guard let user = state.selectedUser else { return .none }
        return .send(.delegate(.openUser(id: user.id)))

      case .loadNextPage:
        guard let page = state.nextPage, state.loadingPage == nil else { return .none }
        return load(page: page, &state)

      case let .pageLoaded(page):
        guard page.page == state.loadingPage else { return .none }
        state.loadingPage = nil
        state.nextPage = state.users.merge(page)
        state.selection = ListSelection.moved(state.selection, by: 0, count: state.users.count)
        return .none

      case let .pageFailed(message):
        guard state.loadingPage != nil else { return .none }
        state.failedPage = state.loadingPage
        state.loadingPage = nil
        state.errorMessage = message
        return .none

      case .delegate:
        return .none
      }
    }
  }

  /// Starts loading `page`, cancelling any page load in flight.
  private func load(page: Int, _ state: inout State) -> Effect<Action> {
    state.loadingPage = page
    state.failedPage = nil
    state.errorMessage = nil
    let limit = state.pageSize
    return .run { [userListClient] send in
      do {
        await send(.pageLoaded(try await userListClient.users(page: page, limit: limit)))
      } catch {
        await send(.pageFailed(error.localizedDescription))
      }
    }
    .cancellable(id: CancelID.page, cancelInFlight: true)
  }
}
