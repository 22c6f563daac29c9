/// The editable fields of a ``UserProfile``: the body of `PUT /me`.
///
/// The server trims each field and validates it (see ``ProfileRules``); an invalid field is
/// answered with status 422 and an ``APIErrorBody`` naming the field.
public struct ProfileUpdate: Codable, Hashable, Sendable {
  /// The new display name.
  public var displayName: String
  /// The new bio.
  public var bio: String
  /// The new e-mail address.
  public var email: String

  /// Creates an update.
  public init(displayName: String, bio: String, email: String) {
    self.displayName = displayName
    self.bio = bio
    self.email = email
  }

  /// The update that keeps `profile` as it is, to edit from.
  public init(_ profile: UserProfile) {
    self.init(displayName: profile.displayName, bio: profile.bio, email: profile.email)
  }
}
