/// What the server generates into an empty database on its first start.
public struct DatasetConfiguration: Sendable, Hashable {
  /// The seed of the generator: the same seed always gives the same users and posts.
  public var seed: UInt64
  /// How many users to generate (at least 1; user 1 is the signed-in user of `/me`).
  public var userCount: Int
  /// How many posts to generate.
  public var postCount: Int

  /// Creates a dataset configuration.
  public init(seed: UInt64 = 42, userCount: Int = 1_000, postCount: Int = 20_000) {
    self.seed = seed
    self.userCount = max(1, userCount)
    self.postCount = max(0, postCount)
  }

  /// The full dataset: 1,000 users and 20,000 posts from seed 42.
  public static let standard = DatasetConfiguration()
}
