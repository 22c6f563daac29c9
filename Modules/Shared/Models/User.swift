import Foundation

/// A member of the network, as every client sees them.
public struct User: Codable, Hashable, Identifiable, Sendable {
  /// The user's stable identifier (1 and up).
  public var id: Int
  /// The unique handle, without the leading `@` (lowercase ASCII letters, digits and `_`).
  public var handle: String
  /// The name shown in the interface.
  public var displayName: String
  /// A short self-description, at most 160 characters.
  public var bio: String
  /// When the user joined.
  public var joinedAt: Date
  /// How many posts the user has written.
  public var postCount: Int

  /// Creates a user.
  public init(
    id: Int,
    handle: String,
    displayName: String,
    bio: String,
    joinedAt: Date,
    postCount: Int
  ) {
    self.id = id
    self.handle = handle
    self.displayName = displayName
    self.bio = bio
    self.joinedAt = joinedAt
    self.postCount = postCount
  }
}
