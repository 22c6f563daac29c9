/// Counts as the views write them: `1 post`, `2 posts`, `0 posts`.
public enum CountText {
  /// `count` followed by `noun`, with an `s` unless `count` is 1 (the views' nouns, `post`,
  /// `user`, `like`, all take one).
  public static func of(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }
}
