import AppSettings
import ComposableArchitecture
import FeatureKit
import Foundation
import SharedModels

/// The UserList feature: every user, a page at a time.
///
/// ``Action/onAppear`` loads the first page (again when the list was loaded at another page
/// size, or marked stale after a profile save); moving the selection within ``Paging/prefetchDistance`` rows of the end loads the next
/// one (``Action/loadNextPage``), until a page says there is no more (``State/isAtEnd``). One
/// page load runs at a time; ``Action/refresh`` cancels it and reloads from page 1, replacing the
/// rows. A failed page shows ``State/errorMessage`` and ``Action/retry`` loads that page again.
/// Enter on a row asks the parent to open that user (``Action/Delegate/openUser(id:)``).
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
    /// Which pages are loaded, loading or failed, and the page size they were cut with.
    public var paging: Paging
    /// What went wrong with the last page load, if it failed.
    public var errorMessage: String?

    /// Creates the state; by default nothing is loaded yet and page 1 is next.
    public init(
      users: IdentifiedArrayOf<User> = [],
      selection: Int = 0,
      paging: Paging = Paging(),
      errorMessage: String? = nil
    ) {
      self.users = users
      self.selection = selection
      self.paging = paging
      self.errorMessage = errorMessage
    }

    /// How many users each request asks for (the settings' page size; the server allows
    /// 1–100).
    public var pageSize: Int { settings.pageSize }

    /// Whether a page is being loaded.
    public var isLoading: Bool { paging.isLoading }

    /// Whether every page is loaded.
    public var isAtEnd: Bool { paging.isAtEnd }

    /// The selected user, if any.
    public var selectedUser: User? {
      users.indices.contains(selection) ? users[selection] : nil
    }
  }

  /// What happens in the feature.
  public enum Action: Equatable {
    /// The screen was shown: loads the first page unless a load is in flight or the list is
    /// loaded at the settings' page size (a list loaded at another size reloads).
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
    /// Loads the next page, unless there is none or a page is loading.
    case loadNextPage
    /// A page of users arrived (dropped unless it is the page awaited).
    case pageLoaded(Page<User>)
    /// A page load failed; the payload is the message to show (ignored unless a page was
    /// awaited).
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

  /// The ids of the feature's cancellable effects.
  enum CancelID {
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
        guard state.paging.needsFirstPage(pageSize: state.pageSize) else { return .none }
        return load(page: 1, &state)

      case .refresh:
        return load(page: 1, &state)

      case .retry:
        guard let page = state.paging.failedPage, !state.paging.isLoading else { return .none }
        return load(page: page, &state)

      case let .moveSelection(offset):
        state.selection = state.paging.move(state.selection, by: offset, count: state.users.count)
        guard state.paging.wantsNextPage(selection: state.selection, count: state.users.count)
        else { return .none }
        return .send(.loadNextPage)

      case .openSelected:
        guard let user = state.selectedUser else { return .none }
        return .send(.delegate(.openUser(id: user.id)))

      case .loadNextPage:
        guard let page = state.paging.nextPage, !state.paging.isLoading else { return .none }
        return load(page: page, &state)

      case let .pageLoaded(page):
        // A copy of the paging: changing it and the users in one call would access the
        // state twice at once, which Swift forbids.
        var paging = state.paging
        guard paging.receive(page, into: &state.users) else { return .none }
        state.paging = paging
        state.selection = state.paging.finishMove(state.selection, count: state.users.count)
        // A move that went past this page too goes on with the next.
        return state.paging.pendingMove > 0 ? .send(.loadNextPage) : .none

      case let .pageFailed(message):
        guard state.paging.fail() != nil else { return .none }
        state.errorMessage = message
        return .none

      case .delegate:
        return .none
      }
    }
  }

  /// Starts loading `page`, cancelling any page load in flight.
  private func load(page: Int, _ state: inout State) -> Effect<Action> {
    let limit = state.paging.startLoading(page, pageSize: state.pageSize)
    state.errorMessage = nil
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
