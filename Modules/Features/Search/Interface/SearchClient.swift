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

  /// A client that searches the sample users and posts by case- and diacritic-insensitive
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

/// The rows ``SearchClient/previewValue`` searches: the sample users and posts.
private enum PreviewData {
  static let users = User.samples

  static let posts = Post.samples

  static func matches(_ query: String, in fields: [String]) -> Bool {
    fields.contains {
      $0.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
