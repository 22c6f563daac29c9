import SharedModels

extension UserProfile {
  /// The signed-in user's profile in tests and previews: Alice's.
  public static let fixture = UserProfile.alice
}
