/// The revision `affected` compares `HEAD` and the work tree with.
public struct GitBase: Hashable, Sendable {
  /// A revision git understands (a ref, a hash, or the empty tree's hash).
  public var ref: String
  /// How the base was chosen, for people.
  public var description: String

  /// Creates a base.
  public init(ref: String, description: String) {
    self.ref = ref
    self.description = description
  }
}
