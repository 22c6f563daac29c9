import Foundation

/// The signed-in user's own data, as `GET /me` returns it and the profile editor shows it.
public struct UserProfile: Codable, Hashable, Identifiable, Sendable {
  /// The signed-in user's ``User/id``.
  public var id: Int
  /// The signed-in user's handle (not editable).
  public var handle: String
  /// The name shown in the interface: 1 to 50 characters once trimmed.
  public var displayName: String
  /// A short self-description: at most 160 characters once trimmed.
  public var bio: String
  /// The e-mail address the account is reached at.
  public var email: String

  /// Creates a profile.
  public init(id: Int, handle: String, displayName: String, bio: String, email: String) {
    self.id = id
    self.handle = handle
    self.displayName = displayName
    self.bio = bio
    self.email = email
  }
}
