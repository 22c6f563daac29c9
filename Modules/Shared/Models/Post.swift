import Foundation

/// A short text a user published, with enough about its author to show it in a feed.
public struct Post: Codable, Hashable, Identifiable, Sendable {
  /// The post's stable identifier (1 and up).
  public var id: Int
  /// The author's ``User/id``.
  public var authorID: Int
  /// The author's ``User/handle``.
  public var authorHandle: String
  /// The author's ``User/displayName``.
  public var authorDisplayName: String
  /// The text of the post.
  public var body: String
  /// When the post was published.
  public var createdAt: Date
  /// How many people liked the post.
  public var likeCount: Int

  /// Creates a post.
  public init(
    id: Int,
    authorID: Int,
    authorHandle: String,
    authorDisplayName: String,
    body: String,
    createdAt: Date,
    likeCount: Int
  ) {
    self.id = id
    self.authorID = authorID
    self.authorHandle = authorHandle
    self.authorDisplayName = authorDisplayName
    self.body = body
    self.createdAt = createdAt
    self.likeCount = likeCount
  }
}
