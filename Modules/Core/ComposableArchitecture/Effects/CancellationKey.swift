/// A cancellation id as the runtime stores it: the user's id, its type (so `1 as Int` and
/// `1 as UInt` differ), and the navigation path of the feature that used it.
@usableFromInline
struct CancellationKey: Hashable, Sendable {
  let id: AnyHashableSendable
  let discriminator: ObjectIdentifier
  var path: NavigationIDPath

  init<ID: Hashable & Sendable>(id: ID, path: NavigationIDPath) {
    self.id = AnyHashableSendable(id)
    self.discriminator = ObjectIdentifier(ID.self)
    self.path = path
  }
}
