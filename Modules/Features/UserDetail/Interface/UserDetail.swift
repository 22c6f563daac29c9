import AppSettings
import ComposableArchitecture
import FeatureKit
import Foundation
import SharedModels

/// The UserDetail feature: one user, found by id, and their posts, a page at a time.
///
/// ``Action/onAppear`` loads the user, then the first page of their posts; moving the selection
/// within ``Paging/prefetchDistance`` posts of the end loads the next page, until a page says
/// there is no more. An unknown id shows the not-found state (``State/isNotFound``). A failed
/// request shows ``State/errorMessage`` and ``Action/retry`` repeats it (``State/failedRequest``);
/// ``Action/refresh`` reloads the user and the first page, replacing the posts.
@Reducer
public struct UserDetail {

  /// What the feature shows.
  @ObservableState
  public struct State: Equatable {
    /// The id of the user shown.
    public var userID: User.ID
    /// The user, once loaded.
    public var user: User?
    /// The user's posts loaded so far, newest first.
    public var posts: IdentifiedArrayOf<Post>
    /// The selected post's index in ``posts`` (0 when there are none).
    public var selection: Int
    /// The person's settings, shared with the Settings feature that changes them.
    @SharedReader(.userSettings) public var settings: UserSettings
    /// Whether the user is being loaded.
    public var isLoadingUser: Bool
    /// Whether the server has no user with ``userID``.
    public var isNotFound: Bool
    /// Whether loading the user failed, which ``Action/retry`` repeats.
    public var userFailed: Bool
    /// Which pages of posts are loaded, loading or failed, and the page size they were cut
    /// with.
    public var paging: Paging
    /// What went wrong with ``failedRequest``.
    public var errorMessage: String?

    /// Creates the state for the user with id `userID`; by default nothing is loaded yet.
    public init(
      userID: User.ID,
      user: User? = nil,
      posts: IdentifiedArrayOf<Post> = [],
      selection: Int = 0,
      isLoadingUser: Bool = false,
      isNotFound: Bool = false,
      userFailed: Bool = false,
      paging: Paging = Paging(),
      errorMessage: String? = nil
    ) {
      self.userID = userID
      self.user = user
      self.posts = posts
      self.selection = selection
      self.isLoadingUser = isLoadingUser
      self.isNotFound = isNotFound
      self.userFailed = userFailed
      self.paging = paging
      self.errorMessage = errorMessage
    }

    /// How many posts each request asks for (the settings' page size; the server allows
    /// 1–100).
    public var pageSize: Int { settings.pageSize }

    /// Whether posts show a preview of their text (a setting).
    public var showsPostPreviews: Bool { settings.showsPostPreviews }

    /// Whether a request is in flight.
    public var isLoading: Bool { isLoadingUser || paging.isLoading }

    /// Whether every page of posts is loaded.
    public var isAtEnd: Bool { paging.isAtEnd }

    /// The request that failed, which ``Action/retry`` repeats: the user's, else the page of
    /// posts that failed, if any.
    public var failedRequest: Request? {
      if userFailed { return .user }
      return paging.failedPage.map { .posts(page: $0) }
    }

    /// The selected post, if any.
    public var selectedPost: Post? {
      posts.indices.contains(selection) ? posts[selection] : nil
    }

    /// Whether the user is loaded, and neither reloading nor failed, so that their posts can
    /// load.
    var isUserReady: Bool {
      user != nil && !isLoadingUser && !userFailed
    }
  }

  /// A request of the screen, named so ``Action/retry`` can repeat it.
  public enum Request: Equatable, Sendable {
    /// Loading the user.
    case user
    /// Loading this page of the user's posts.
    case posts(page: Int)
  }

  /// What happens in the feature.
  public enum Action: Equatable {
    /// The screen was shown: loads the user unless they are loaded, loading or not found.
    case onAppear
    /// Reloads the user, then the first page of posts, replacing the posts once it arrives.
    case refresh
    /// Repeats the request that failed.
    case retry
    /// Moves the selection by `offset` posts, clamped; loads the next page when it comes within
    /// ``Paging/prefetchDistance`` posts of the end.
    case moveSelection(Int)
    /// Loads the next page of posts, unless there is none, something is loading or a request
    /// failed.
    case loadNextPage
    /// The person asked to leave the screen.
    case close
    /// The user arrived.
    case userLoaded(User)
    /// The server has no user with this id.
    case userNotFound
    /// Loading the user failed; the payload is the message to show.
    case userFailed(String)
    /// A page of posts arrived (dropped unless it is the page awaited).
    case pageLoaded(Page<Post>)
    /// A page load failed; the payload is the message to show (ignored unless a page was
    /// awaited).
    case pageFailed(String)
    /// What the parent must handle.
    case delegate(Delegate)

    /// Actions for the parent feature.
    @CasePathable
    public enum Delegate: Equatable {
      /// Leave the screen.
      case close
    }
  }

  /// The ids of the feature's cancellable effects.
  enum CancelID {
    /// The user request in flight.
    case user
    /// The page request in flight.
    case page
  }

  @Dependency(\.userDetailClient) var userDetailClient

  /// Creates the reducer.
  public init() {}

  /// The feature's logic.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard state.user == nil, !state.isLoadingUser, !state.isNotFound else { return .none }
        return loadUser(&state)

      case .refresh:
        state.paging.loadingPage = nil
        return .merge(.cancel(id: CancelID.page), loadUser(&state))

      case .retry:
        switch state.failedRequest {
        case .user: return loadUser(&state)
        case let .posts(page): return load(page: page, &state)
        case nil: return .none
        }

      case let .moveSelection(offset):
        state.selection = state.paging.move(state.selection, by: offset, count: state.posts.count)
        guard state.isUserReady,
          state.paging.wantsNextPage(selection: state.selection, count: state.posts.count)
        else { return .none }
        return .send(.loadNextPage)

      case .loadNextPage:
        guard state.isUserReady, let page = state.paging.nextPage, !state.paging.isLoading,
          state.paging.failedPage == nil
        else { return .none }
        return load(page: page, &state)

      case .close:
        return .send(.delegate(.close))

      case let .userLoaded(user):
        guard user.id == state.userID, state.isLoadingUser else { return .none }
        state.isLoadingUser = false
        state.isNotFound = false
        state.user = user
        return load(page: 1, &state)

      case .userNotFound:
        state.isLoadingUser = false
        state.isNotFound = true
        state.user = nil
        state.posts = []
        state.selection = 0
        state.userFailed = false
        state.paging = Paging(nextPage: nil)
        state.errorMessage = nil
        return .merge(.cancel(id: CancelID.user), .cancel(id: CancelID.page))

      case let .userFailed(message):
        guard state.isLoadingUser else { return .none }
        state.isLoadingUser = false
        state.userFailed = true
        state.errorMessage = message
        return .none

      case let .pageLoaded(page):
        // A copy of the paging: changing it and the posts in one call would access the
        // state twice at once, which Swift forbids.
        var paging = state.paging
        guard paging.receive(page, into: &state.posts) else { return .none }
        state.paging = paging
        state.selection = state.paging.finishMove(state.selection, count: state.posts.count)
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

  /// Starts loading the user, cancelling a user request in flight.
  private func loadUser(_ state: inout State) -> Effect<Action> {
    state.isLoadingUser = true
    state.userFailed = false
    state.paging.failedPage = nil
    state.errorMessage = nil
    let id = state.userID
    return .run { [userDetailClient] send in
      do {
        await send(.userLoaded(try await userDetailClient.user(id: id)))
      } catch UserDetailClientError.notFound {
        await send(.userNotFound)
      } catch {
        await send(.userFailed(error.localizedDescription))
      }
    }
    .cancellable(id: CancelID.user, cancelInFlight: true)
  }

  /// Starts loading `page` of posts, cancelling a page request in flight.
  private func load(page: Int, _ state: inout State) -> Effect<Action> {
    let limit = state.paging.startLoading(page, pageSize: state.pageSize)
    state.errorMessage = nil
    let id = state.userID
    return .run { [userDetailClient] send in
      do {
        let posts = try await userDetailClient.posts(userID: id, page: page, limit: limit)
        await send(.pageLoaded(posts))
      } catch UserDetailClientError.notFound {
        await send(.userNotFound)
      } catch {
        await send(.pageFailed(error.localizedDescription))
      }
    }
    .cancellable(id: CancelID.page, cancelInFlight: true)
  }
}
