import SharedModels

extension UserProfile {
  /// The signed-in user's profile in tests and previews: Alice's.
  public static let fixture = UserProfile(
    id: User.alice.id,
    handle: User.alice.handle,
    displayName: User.alice.displayName,
    bio: User.alice.bio,
    email: "alice@example.com"
  )
}
