/// The limits a search query must respect, shared so that clients stop taking input the server
/// would refuse.
public enum SearchRules {
  /// The longest query, in characters.
  public static let queryMaxLength = 200
}
