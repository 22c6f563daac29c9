/// A cancellation id as the runtime stores it: the user's id, its type (so `1 as Int` and
/// `1 as UInt` differ), and the navigation path of the feature that used it.
///
/// Its hash is computed once, when the key is made or moved to another path, and the id is
/// type-erased once, when the key is made: hashing or comparing a freshly erased id costs far
/// more than the dictionary operations of the effect registry, which hash and compare a key on
/// every effect started and cancelled.
@usableFromInline
struct CancellationKey: Hashable, Sendable {
  /// The user's id; it was `Sendable` when erased, and is only compared and hashed.
  let id: UncheckedSendable<AnyHashable>
  let discriminator: ObjectIdentifier
  var path: NavigationIDPath {
    didSet { self.hash = Self.hash(self.id.value, self.discriminator, self.path) }
  }
  private var hash: Int

  init<ID: Hashable & Sendable>(id: ID, path: NavigationIDPath = NavigationIDPath()) {
    self.id = UncheckedSendable(AnyHashable(id))
    self.discriminator = ObjectIdentifier(ID.self)
    self.path = path
    self.hash = Self.hash(self.id.value, self.discriminator, path)
  }

  private static func hash(
    _ id: AnyHashable, _ discriminator: ObjectIdentifier, _ path: NavigationIDPath
  ) -> Int {
    var hasher = Hasher()
    hasher.combine(id)
    hasher.combine(discriminator)
    hasher.combine(path)
    return hasher.finalize()
  }

  /// Whether the key is a user's id used by a child feature, which is also recorded at the
  /// child's ancestors (see ``EffectRegistry``); the ids that scope a child's effects as a whole
  /// are not.
  var hasAncestors: Bool {
    !self.path.path.isEmpty && self.discriminator != ObjectIdentifier(ChildEffectsID.self)
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.discriminator == rhs.discriminator && lhs.id.value == rhs.id.value
      && lhs.path == rhs.path
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(self.hash)
  }
}
