import ComposableArchitecture
import Foundation
import SharedModels

/// What the Search feature needs from the outside world.
///
/// The live value is in `SearchFeatureLive`; named doubles are in `SearchFeatureTesting`.
@DependencyClient
public struct SearchClient: Sendable {
  /// Users and posts matching `query`, best first, at most `limit` of each; the answer echoes
  /// the query it is for.
  public var search: @Sendable (_ query: String, _ limit: Int) async throws -> SearchResults
}

extension SearchClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = SearchClient()

  /// A client that searches a few built-in users and posts by case- and diacritic-insensitive
  /// substring, at once, for previews.
  public static var previewValue: SearchClient {
    SearchClient(
      search: { query, limit in
        let users = PreviewData.users.filter {
          PreviewData.matches(query, in: [$0.handle, $0.displayName, $0.bio])
        }
        let posts = PreviewData.posts.filter { PreviewData.matches(query, in: [$0.body]) }
        return SearchResults(
          query: query,
          users: users.prefix(limit).map { SearchResult(item: $0, rank: 1) },
          posts: posts.prefix(limit).map { SearchResult(item: $0, rank: 1) }
        )
      }
    )
  }
}

extension DependencyValues {
  /// The Search feature's client.
  public var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}

/// The rows ``SearchClient/previewValue`` searches.
private enum PreviewData {
  static let joined = Date(timeIntervalSince1970: 1_704_067_200)

  static let users = [
    User(
      id: 1, handle: "alice", displayName: "Alice Liddell", bio: "Curiouser and curiouser.",
      joinedAt: joined, postCount: 2),
    User(
      id: 2, handle: "zoe", displayName: "Zoë Ångström", bio: "Café owner ☕️ and night owl 🦉",
      joinedAt: joined, postCount: 1),
    User(
      id: 3, handle: "hana", displayName: "山田 花子", bio: "東京から。写真とコーヒー。",
      joinedAt: joined, postCount: 0),
  ]

  static let posts = [
    post(id: 3, author: users[1], body: "New single-origin beans at the café today."),
    post(id: 2, author: users[0], body: "Down the rabbit hole again."),
    post(id: 1, author: users[0], body: "Swift on the server, from a terminal."),
  ]

  static func post(id: Int, author: User, body: String) -> Post {
    Post(
      id: id, authorID: author.id, authorHandle: author.handle,
      authorDisplayName: author.displayName, body: body,
      createdAt: joined.addingTimeInterval(Double(id) * 3_600), likeCount: id)
  }

  static func matches(_ query: String, in fields: [String]) -> Bool {
    fields.contains {
      $0.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
