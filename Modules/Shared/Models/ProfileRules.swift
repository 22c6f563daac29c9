/// The limits a ``ProfileUpdate`` must respect, shared so clients can check input before
/// sending it.
public enum ProfileRules {
  /// The longest display name, in characters, after trimming.
  public static let displayNameMaxLength = 50
  /// The longest bio, in characters, after trimming.
  public static let bioMaxLength = 160
  /// The longest e-mail address, in characters, after trimming.
  public static let emailMaxLength = 254
}
