import IdentifiedCollections
import OrderedCollections

/// The identities of a collection's elements, in order, as observation compares them before and
/// after an in-place mutation: changing one element leaves them as they were (observers of that
/// element's fields are notified, not observers of the collection); adding, removing or moving
/// an element changes them.
///
/// For a collection that keeps its ids apart from its elements (`IdentifiedArray`,
/// ``StackState``) they are the address and count of the ids' storage, which is held until the
/// comparison so that any change to the ids copies them elsewhere: taking and comparing them
/// costs the same whatever the count, and mutating an element copies nothing. For any other collection of child states they are a digest
/// of the elements' ``ObservableState/_$id``s, read in one pass.
public struct _$ElementIdentities: Equatable, @unchecked Sendable {
  @usableFromInline let count: Int
  /// The address of the ids' storage, or the digest of the elements' identities.
  @usableFromInline let key: UInt
  /// Keeps the ids' storage alive, so that its address cannot be reused while the identities
  /// are compared. Never read, and immutable: an ids collection is a value.
  @usableFromInline let retained: AnyObject?

  @inlinable
  init(count: Int, key: UInt, retained: AnyObject?) {
    self.count = count
    self.key = key
    self.retained = retained
  }

  /// The identities of a collection whose ids are `ids`.
  @inlinable
  init<ID>(ids: OrderedSet<ID>) {
    let elements = ids.elements
    let address = elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    self.init(count: elements.count, key: address, retained: _storageObject(of: elements))
  }

  /// The identities of `elements`, digested in order.
  @inlinable
  init<C: Collection>(elements: C) where C.Element: ObservableState {
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    var count = 0
    for element in elements {
      let id = element._$id
      digest =
        (digest ^ UInt64(UInt(bitPattern: ObjectIdentifier(id.storage))))
        &* 0x100_0000_01b3
      digest = (digest ^ UInt64(truncatingIfNeeded: id.tag)) &* 0x100_0000_01b3
      digest = (digest ^ UInt64(id.stamp)) &* 0x100_0000_01b3
      count += 1
    }
    self.init(count: count, key: UInt(truncatingIfNeeded: digest), retained: nil)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.key == rhs.key
  }
}

/// An `IdentifiedArray` of child states is identified by its ids, in order.
@inlinable
public func _$identity<ID: Hashable, T: ObservableState>(
  of value: inout IdentifiedArray<ID, T>
) -> _$FieldIdentity {
  .elements(_$ElementIdentities(ids: value.ids))
}

/// A stack of child states is identified by its element ids, in order.
@inlinable
public func _$identity<T: ObservableState>(of value: inout StackState<T>) -> _$FieldIdentity {
  .elements(_$ElementIdentities(ids: value.ids))
}

/// Any other collection of child states is identified by its elements' identities, in order.
@inlinable
public func _$identity<C: Collection>(of value: inout C) -> _$FieldIdentity
where C.Element: ObservableState {
  .elements(_$ElementIdentities(elements: value))
}

/// The object holding an array's elements, which an array refers to: holding it keeps the
/// elements where they are (their address cannot be reused), and makes any change to the array
/// copy them first. `nil` for an empty array, whose count tells it apart.
@inlinable
func _storageObject<Element>(of array: [Element]) -> AnyObject? {
  guard !array.isEmpty else { return nil }
  #if canImport(Darwin)
    // Bridging a native array hands over its storage (or an object holding it).
    return array as AnyObject
  #else
    // Without Objective-C bridging, an array is exactly one reference to its storage object.
    guard MemoryLayout<[Element]>.size == MemoryLayout<AnyObject>.size else { return nil }
    return unsafeBitCast(array, to: AnyObject.self)
  #endif
}

/// An `IdentifiedArray` of child states about to be modified in place is identified by its ids,
/// as always: its elements keep their stamps.
@inlinable
public func _$identityBeforeModifying<ID: Hashable, T: ObservableState>(
  _ value: inout IdentifiedArray<ID, T>
) -> _$FieldIdentity {
  _$identity(of: &value)
}

/// A stack of child states about to be modified in place is identified by its element ids.
@inlinable
public func _$identityBeforeModifying<T: ObservableState>(
  _ value: inout StackState<T>
) -> _$FieldIdentity {
  _$identity(of: &value)
}

/// Any other collection of child states about to be modified in place is identified by its
/// elements' identities.
@inlinable
public func _$identityBeforeModifying<C: Collection>(_ value: inout C) -> _$FieldIdentity
where C.Element: ObservableState {
  _$identity(of: &value)
}
