/// The stores scoped from a store, by what they were scoped with (``ScopeID``), so that scoping
/// again finds the same store.
///
/// Most stores have a few children (a feature's fields, a presented child), and every push and
/// presentation makes stores that have none yet: a few are kept in a list, compared with `==`,
/// which finds a key path made once by its address. Hashing a key path hashes each of its
/// components, and a dictionary's storage is generic metadata and an allocation of its own. A
/// store with more children than ``fewLimit`` (the rows of a collection, the elements of a
/// stack) keeps them in a dictionary.
///
/// A child of a part that is gone (a row removed, an element popped) is not scoped again, so
/// the dictionary forgets such children when it has grown to twice its size after the last
/// time it did: a list whose rows come and go, or a stack pushed and popped for hours, keeps
/// stores for about the parts still there, and a store still held elsewhere lives on with its
/// last state.
@MainActor
@usableFromInline
struct ScopedStores {
  /// The children while there are no more than ``fewLimit``.
  @usableFromInline var few: [(id: ScopeID, store: AnyObject)] = []
  /// All the children, once there have been more than ``fewLimit``.
  @usableFromInline var many: [ScopeID: AnyObject]?
  /// The size at which ``many`` next forgets the children whose part is gone.
  @usableFromInline var sweepSize = 0

  /// The most children kept in a list.
  @inlinable static var fewLimit: Int { 8 }

  @usableFromInline
  init() {}

  /// The child scoped with `id`, if any; setting `nil` forgets it.
  @inlinable
  subscript(id: ScopeID) -> AnyObject? {
    get {
      if let many = self.many { return many[id] }
      for entry in self.few where entry.id == id {
        return entry.store
      }
      return nil
    }
    set {
      if self.many != nil {
        if newValue != nil, self.many!.count >= self.sweepSize {
          self.forgetChildrenOfPartsGone()
        }
        self.many![id] = newValue
      } else if let index = self.few.firstIndex(where: { $0.id == id }) {
        if let newValue {
          self.few[index].store = newValue
        } else {
          self.few.remove(at: index)
        }
      } else if let newValue {
        if self.few.count < Self.fewLimit {
          self.few.append((id, newValue))
        } else {
          self.moveToDictionary(adding: newValue, for: id)
        }
      }
    }
  }

  /// Moves the children to a dictionary, with `store` for `id` added: there are too many to
  /// look through one by one.
  @usableFromInline
  mutating func moveToDictionary(adding store: AnyObject, for id: ScopeID) {
    var many = [ScopeID: AnyObject](minimumCapacity: self.few.count * 2)
    for entry in self.few {
      many[entry.id] = entry.store
    }
    many[id] = store
    self.many = many
    self.few = []
    self.sweepSize = 2 * many.count
  }

  /// Forgets the children whose part of the state is gone, and sets the next size to do so at.
  ///
  /// Reading whether a part is there reads the parent's state as the child's store would (for
  /// the rows and stack elements that fill a dictionary, the collection the caller scoping them
  /// has just read). Only the children gone are removed, in place.
  @usableFromInline
  mutating func forgetChildrenOfPartsGone() {
    let gone =
      self.many?.compactMap { id, store in
        (store as? any ScopedChildStore)?.isStatePresent == false ? id : nil
      } ?? []
    for id in gone {
      self.many?.removeValue(forKey: id)
    }
    self.sweepSize = max(2 * (self.many?.count ?? 0), 2 * Self.fewLimit)
  }
}

/// A store as its parent's cache sees it, without its generic types.
@MainActor
protocol ScopedChildStore: AnyObject {
  /// Whether the part of the state the store is a view of is still there.
  var isStatePresent: Bool { get }
}

extension Store: ScopedChildStore {
  var isStatePresent: Bool { self.core.isStatePresent }
}
