import Foundation
import SharedModels

extension Post {
  /// A deterministic post for tests, written by `author`:
  /// ``SharedModels/Post/sample(id:author:body:likeCount:)``, with its date replaceable.
  public static func fixture(
    id: Int = 1,
    author: User = .alice,
    body: String? = nil,
    createdAt: Date? = nil,
    likeCount: Int = 0
  ) -> Post {
    var post = Post.sample(id: id, author: author, body: body, likeCount: likeCount)
    if let createdAt { post.createdAt = createdAt }
    return post
  }

  /// Posts with ids `ids` by `author`, newest (highest id) first, as the API orders them.
  public static func fixtures(ids: ClosedRange<Int>, author: User = .alice) -> [Post] {
    ids.reversed().map { Post.fixture(id: $0, author: author) }
  }
}

extension Page {
  /// The page `page` of `all`, `limit` items a page, as the server would cut it.
  public static func fixture(of all: [Element], page: Int, limit: Int) -> Page<Element> {
    Page(slicing: all, page: page, limit: limit)
  }
}
