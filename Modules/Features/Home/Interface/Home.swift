import AppSettings
import ComposableArchitecture
import FeatureKit
import Foundation
import SharedModels

/// The Home feature: the feed of everyone's posts, newest first, loaded a page at a time as
/// the selection nears the end.
///
/// Opening a post (or its author) asks the parent to show the author, through
/// ``Action/Delegate/openUser(id:)``.
@Reducer
public struct Home {
  /// What the feed shows.
  @ObservableState
  public struct State: Equatable {
    /// The posts loaded so far, newest first.
    public var posts: IdentifiedArrayOf<Post>
    /// The index of the selected row in ``posts`` (0 when the feed is empty).
    public var selection: Int
    /// The person's settings, shared with the Settings feature that changes them.
    @SharedReader(.userSettings) public var settings: UserSettings
    /// Which pages are loaded, loading or failed, and the page size they were cut with.
    public var paging: Paging
    /// What went wrong with the last load, if it failed.
    public var errorMessage: String?
    /// The alert shown when a load fails.
    @Presents public var alert: AlertState<Action.Alert>?
    /// The index of the alert's selected button (the one enter chooses in the terminal).
    public var alertSelection: Int

    /// How many posts a page holds (the settings' page size).
    public var pageSize: Int { settings.pageSize }

    /// Whether rows show the start of each post's text (a setting).
    public var showsPostPreviews: Bool { settings.showsPostPreviews }

    /// Whether a page load is in flight.
    public var isLoading: Bool { paging.isLoading }

    /// The selected post, if any.
    public var selectedPost: Post? {
      posts.indices.contains(selection) ? posts[selection] : nil
    }

    /// Creates the state; by default an empty feed that loads page 1 on appearing.
    public init(
      posts: IdentifiedArrayOf<Post> = [],
      selection: Int = 0,
      paging: Paging = Paging(),
      errorMessage: String? = nil,
      alert: AlertState<Action.Alert>? = nil,
      alertSelection: Int = 0
    ) {
      self.posts = posts
      self.selection = selection
      self.paging = paging
      self.errorMessage = errorMessage
      self.alert = alert
      self.alertSelection = alertSelection
    }
  }

  /// What happens on the feed.
  public enum Action: Equatable {
    /// The screen appeared: loads page 1 unless a load is in flight or the feed is loaded at
    /// the settings' page size (a feed loaded at another size reloads).
    case onAppear
    /// Reloads the feed from page 1, cancelling a page load in flight.
    case refresh
    /// Loads the page that failed last again.
    case retry
    /// Moves the selection by an offset (+1 down, −1 up, ±n a page), clamped to the rows;
    /// nearing the end loads the next page.
    case moveSelection(Int)
    /// Opens the selected post's author.
    case openSelected
    /// Opens the author of the post with this id.
    case openAuthor(postID: Post.ID)
    /// Loads the next page, unless a load is in flight or the feed is at its end.
    case loadNextPage
    /// A page arrived (dropped unless it is the page awaited).
    case pageLoaded(Page<Post>)
    /// A page load failed, with a message for people (ignored unless a page was awaited).
    case pageFailed(String)
    /// The load-failure alert.
    case alert(PresentationAction<Alert>)
    /// Selects the alert's button at this index, clamped to its buttons.
    case alertSelectionChanged(Int)
    /// What the parent handles.
    case delegate(Delegate)

    /// The load-failure alert's buttons.
    @CasePathable
    public enum Alert: Equatable {
      /// "Retry": loads the failed page again.
      case retry
    }

    /// What the feed asks its parent to do.
    @CasePathable
    public enum Delegate: Equatable {
      /// Show the user with this id (a post's author).
      case openUser(id: User.ID)
    }
  }

  /// The ids of the feature's cancellable effects.
  enum CancelID {
    /// The page load in flight (at most one).
    case load
  }

  @Dependency(\.homeClient) var homeClient

  /// Creates the reducer.
  public init() {}

  /// The feature's logic.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard state.paging.needsFirstPage(pageSize: state.pageSize) else { return .none }
        return load(page: 1, into: &state)

      case .refresh:
        return load(page: 1, into: &state)

      case .retry, .alert(.presented(.retry)):
        guard let page = state.paging.failedPage, !state.paging.isLoading else { return .none }
        return load(page: page, into: &state)

      case let .moveSelection(offset):
        state.selection = state.paging.move(state.selection, by: offset, count: state.posts.count)
        guard state.paging.wantsNextPage(selection: state.selection, count: state.posts.count)
        else { return .none }
        return .send(.loadNextPage)

      case .openSelected:
        guard let post = state.selectedPost else { return .none }
        return .send(.delegate(.openUser(id: post.authorID)))

      case let .openAuthor(postID):
        guard let post = state.posts[id: postID] else { return .none }
        return .send(.delegate(.openUser(id: post.authorID)))

      case .loadNextPage:
        guard let page = state.paging.nextPage, !state.paging.isLoading else { return .none }
        return load(page: page, into: &state)

      case let .pageLoaded(page):
        // A copy of the paging: changing it and the posts in one call would access the
        // state twice at once, which Swift forbids.
        var paging = state.paging
        guard paging.receive(page, into: &state.posts) else { return .none }
        state.paging = paging
        state.selection =
          page.page == 1 ? 0 : state.paging.finishMove(state.selection, count: state.posts.count)
        // A move that went past this page too goes on with the next.
        return state.paging.pendingMove > 0 ? .send(.loadNextPage) : .none

      case let .pageFailed(message):
        guard state.paging.fail() != nil else { return .none }
        state.errorMessage = message
        state.alertSelection = 0
        state.alert = AlertState {
          TextState("Couldn't load the feed")
        } actions: {
          ButtonState(action: .retry) { TextState("Retry") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState(message)
        }
        return .none

      case let .alertSelectionChanged(index):
        state.alertSelection = ListSelection.clamped(
          index, count: state.alert?.buttons.count ?? 0)
        return .none

      case .alert:
        return .none

      case .delegate:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  /// Starts loading `page`, replacing any load in flight.
  private func load(page: Int, into state: inout State) -> Effect<Action> {
    let limit = state.paging.startLoading(page, pageSize: state.pageSize)
    state.errorMessage = nil
    state.alert = nil
    return .run { [homeClient] send in
      do {
        await send(.pageLoaded(try await homeClient.feed(page: page, limit: limit)))
      } catch {
        await send(.pageFailed(error.localizedDescription))
      }
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }
}
