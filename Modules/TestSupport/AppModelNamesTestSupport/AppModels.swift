// An app's own models that bear SwiftUI's names, as apps' models do (a ledger's transactions),
// so that a test can import them beside the runtime and name them without qualification.

/// A ledger's transaction.
public struct Transaction: Equatable, Identifiable, Sendable {
  /// The transaction's number.
  public var id: Int
  /// The amount, in cents.
  public var amount: Int

  /// A transaction of `amount` cents.
  public init(id: Int, amount: Int) {
    self.id = id
    self.amount = amount
  }
}

/// An animated sticker: its frames, in order.
public struct Animation: Equatable, Sendable {
  /// The frames' names.
  public var frames: [String]

  /// A sticker of `frames`.
  public init(frames: [String]) {
    self.frames = frames
  }
}
