import Dependencies
import OrderedCollections

/// The state of a navigation stack: an ordered collection of elements, each with a
/// ``StackElementID`` that stays the same for the element's lifetime.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// // …
/// state.path.append(.detail(Detail.State()))
/// state.path.pop(from: id)
/// ```
public struct StackState<Element> {
  @usableFromInline var elements: OrderedDictionary<StackElementID, Element>
  /// The ids of the elements the stack's reducer last saw, whose effects it cancels once they
  /// are gone (even when another reducer removed them); not part of the stack's value.
  @usableFromInline var mountedIDs: OrderedSet<StackElementID> = []

  /// An empty stack.
  public init() {
    self.elements = [:]
  }

  /// A stack of `elements`, with new ids.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements {
      self.append(element)
    }
  }

  /// The ids of the elements, bottom first.
  @inlinable
  public var ids: OrderedSet<StackElementID> {
    self.elements.keys
  }

  /// The element with `id`, if it is in the stack. Setting `nil` removes it.
  ///
  /// Outside of tests, assigning an element at an id that is not in the stack changes nothing
  /// and is reported ("Can't assign element at missing ID."); tests may add elements this way.
  public subscript(
    id id: StackElementID
  ) -> Element? {
    @inlinable
    get { self.elements[id] }
    @inlinable
    _modify { yield &self.elements[id] }
    set {
      if newValue != nil, self.elements[id] == nil, !isTesting {
        reportIssue("Can't assign element at missing ID.")
        return
      }
      self.elements[id] = newValue
    }
  }

  /// The state of the element with `id` in one case of an enum element, if the element is in
  /// the stack and in that case: `$0.path[id: 0, case: \.detail]?.count = 1`.
  ///
  /// Setting `nil` while the element is in that case removes it. Modifying it while the element
  /// is in another case (or missing) changes nothing and is reported as an issue ("Can't modify
  /// unrelated case").
  public subscript<Case>(
    id id: StackElementID,
    case path: CaseKeyPath<Element, Case>
  ) -> Case?
  where Element: CasePathable {
    _read { yield self.elements[id].flatMap { $0[case: path] } }
    _modify {
      let element = self.elements[id]
      var value = element.flatMap { $0[case: path] }
      let wasInCase = value != nil
      yield &value
      guard wasInCase else {
        reportIssue(unrelatedCaseMessage(element))
        return
      }
      self.elements[id] = value.map { path($0) }
    }
  }

  /// Pushes an element on top of the stack, with a new id.
  public mutating func append(_ element: Element) {
    let stackElementID = DependencyValues._current.stackElementID
    self.elements[stackElementID()] = element
  }

  /// Pushes an element with an id of its own (the id of a ``StackAction/push(id:state:)``),
  /// which must not be in the stack.
  ///
  /// Outside of tests, the ids made from now on come after it. In tests, an id that is the next
  /// one to be made is used up; one further ahead is left to the caller to report (see
  /// ``StackElementIDGenerator/peek()``). `generator` is the current `stackElementID`
  /// dependency, and `isTesting` whether the current context is `.test`.
  @inlinable
  mutating func append(
    _ element: Element, id: StackElementID, generator stackElementID: StackElementIDGenerator,
    isTesting: Bool
  ) {
    if isTesting {
      if id == stackElementID.peek() {
        _ = stackElementID()
      }
    } else {
      stackElementID.skip(past: id)
    }
    self.elements[id] = element
  }

  /// Removes the element with `id` and every element above it.
  @inlinable
  public mutating func pop(from id: StackElementID) {
    guard let index = self.elements.index(forKey: id) else { return }
    self.elements.removeSubrange(index...)
  }

  /// Removes every element above the one with `id`.
  @inlinable
  public mutating func pop(to id: StackElementID) {
    guard let index = self.elements.index(forKey: id) else { return }
    self.elements.removeSubrange((index + 1)...)
  }
}

extension StackState: RandomAccessCollection, MutableCollection {
  public typealias Index = Int
  @inlinable public var startIndex: Int { self.elements.values.startIndex }
  @inlinable public var endIndex: Int { self.elements.values.endIndex }
  @inlinable public func index(after i: Int) -> Int { i + 1 }
  @inlinable public func index(before i: Int) -> Int { i - 1 }

  public subscript(position: Int) -> Element {
    @inlinable get { self.elements.values[position] }
    @inlinable set { self.elements.values[position] = newValue }
  }
}

extension StackState: RangeReplaceableCollection {
  /// Removes every element, keeping what the stack's reducer knows of them (so it cancels their
  /// effects).
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    self.elements.removeAll(keepingCapacity: keepCapacity)
  }

  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Element {
    let stackElementID = DependencyValues._current.stackElementID
    let kept = self.elements.elements
    var elements = OrderedDictionary<StackElementID, Element>()
    for (id, element) in kept[..<subrange.lowerBound] {
      elements[id] = element
    }
    for element in newElements {
      elements[stackElementID()] = element
    }
    for (id, element) in kept[subrange.upperBound...] {
      elements[id] = element
    }
    self.elements = elements
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Stacks are equal when they hold equal elements under the same ids.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Decodable where Element: Decodable {
  /// Decodes the elements, bottom first, giving them new ids.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements, bottom first (their ids are not encoded).
  public func encode(to encoder: any Encoder) throws {
    try Array(self.elements.values).encode(to: encoder)
  }
}

extension StackState: CustomStringConvertible {
  /// The elements, bottom first, as an array prints them: `[1, 2]`.
  public var description: String {
    Array(self.elements.values).description
  }
}

extension StackState: CustomDebugStringConvertible {
  /// The stack's type and its elements by id: `StackState<Int>([#0: 1, #1: 2])`.
  public var debugDescription: String {
    "\(Self.self)(\(self.elements.description))"
  }
}

extension StackState: CustomDumpReflectable {
  /// A dictionary of the elements by id: `[#0: …, #1: …]`.
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      unlabeledChildren: Array(zip(self.elements.keys, self.elements.values)),
      displayStyle: .dictionary
    )
  }
}
