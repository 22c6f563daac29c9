@_spi(Reflection) import CasePaths

/// Which child a navigation reducer runs, told apart from another child at the same place: the
/// case of enum state, and the `id` of `Identifiable` state (or of the case's `Identifiable`
/// payload). Two values that agree on both are the same child, whatever else changed in them;
/// replacing a child with another identity dismisses the first one (its effects are cancelled).
///
/// Working the identity out takes dynamic casts and boxing the `id`, too much to do on every
/// action, so it remembers the ``ObservableState`` identity of the value it was worked out from
/// (`key`): a child whose value still has that identity (mutated in place, not replaced) is the
/// same child, and compares equal at once.
///
/// It is an object, so that a reducer passes and compares it at the cost of a pointer: it is
/// made only when a child is presented or replaced.
@usableFromInline
final class _NavigationIdentity: Hashable, @unchecked Sendable {
  /// The case of enum state, `nil` for other state.
  let tag: UInt32?
  /// The `id` of `Identifiable` state, or of the current case's `Identifiable` payload.
  let id: AnyHashable?
  /// The observable state identity of the value this was worked out from, when it has one; not
  /// part of the identity's value.
  @usableFromInline let key: StateIdentityKey?

  init(tag: UInt32?, id: AnyHashable?, key: StateIdentityKey? = nil) {
    self.tag = tag
    self.id = id
    self.key = key
  }

  /// The identity of state that is neither an enum nor `Identifiable`: every value of it is the
  /// same child.
  @usableFromInline
  static let plain = _NavigationIdentity(tag: nil, id: nil)

  /// Whether this is ``plain``.
  @usableFromInline
  var isPlain: Bool { self.tag == nil && self.id == nil }

  @inlinable
  static func == (lhs: _NavigationIdentity, rhs: _NavigationIdentity) -> Bool {
    if lhs === rhs { return true }
    if let key = lhs.key, key == rhs.key { return true }
    return lhs.isSame(as: rhs)
  }

  @usableFromInline
  func isSame(as other: _NavigationIdentity) -> Bool {
    self.tag == other.tag && self.id == other.id
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(self.tag)
    hasher.combine(self.id)
  }
}

/// The case of enum state and the `id` of `Identifiable` state (or of the case's payload): what
/// tells one child from another at the same place (see ``_NavigationIdentity``).
@usableFromInline
struct _ChildIdentityParts: Equatable {
  var tag: UInt32?
  var id: AnyHashable?
}

/// What navigation needs to know of a type of child state, worked out once per type: whether it
/// is `Identifiable`, and for enum state, which of its cases hold `Identifiable` or alert-like
/// (ephemeral) payloads.
@usableFromInline
final class _NavigationStateInfo: Sendable {
  private let isIdentifiable: Bool
  private let isEphemeral: Bool
  private let enumInfo: EnumInfo?
  /// Whether values of the type can be told apart (it is an enum or `Identifiable`); when not,
  /// every value's identity is ``_NavigationIdentity/plain``, without asking.
  @usableFromInline let hasIdentity: Bool
  /// Whether a value of the type can be alert-like (the type is, or it is an enum that may hold
  /// such a case); when not, no action dismisses it, without asking.
  @usableFromInline let mayBeEphemeral: Bool
  /// ``_NavigationIdentity/plain``, kept here so that a send reads it from the object it has at
  /// hand rather than first making sure the shared one exists.
  @usableFromInline let plain = _NavigationIdentity.plain

  private struct EnumInfo: @unchecked Sendable {
    let metadata: EnumMetadata
    /// By tag: whether the case's payload is `Identifiable`.
    let identifiablePayloads: [Bool]
    /// By tag: the action type of the case's payload, when it is alert-like.
    let ephemeralPayloads: [(any _EphemeralState.Type)?]
  }

  private init(_ type: Any.Type) {
    self.isIdentifiable = type is any Identifiable.Type
    self.isEphemeral = type is any _EphemeralState.Type
    guard let metadata = EnumMetadata(type) else {
      self.enumInfo = nil
      self.hasIdentity = self.isIdentifiable
      self.mayBeEphemeral = self.isEphemeral
      return
    }
    self.hasIdentity = true
    self.mayBeEphemeral = true
    let descriptor = metadata.typeDescriptor
    let caseCount = Int(descriptor.payloadCaseCountValue + descriptor.emptyCaseCountValue)
    let payloadTypes = (0..<caseCount).map { metadata.associatedValueType(forTag: UInt32($0)) }
    self.enumInfo = EnumInfo(
      metadata: metadata,
      identifiablePayloads: payloadTypes.map { $0 is any Identifiable.Type },
      ephemeralPayloads: payloadTypes.map { $0 as? any _EphemeralState.Type }
    )
  }

  private static let cache = Locked<[ObjectIdentifier: _NavigationStateInfo]>([:])

  /// The information for `type`, worked out on first use.
  @usableFromInline
  static func of<State>(_ type: State.Type) -> _NavigationStateInfo {
    let key = ObjectIdentifier(type)
    if let info = Self.cache.withLock({ $0[key] }) { return info }
    let info = _NavigationStateInfo(type)
    Self.cache.withLock { $0[key] = info }
    return info
  }

  /// The identity of `state`, whose observable state identity is `key`.
  @usableFromInline
  func identity<State>(of state: State, key: StateIdentityKey? = nil) -> _NavigationIdentity {
    let parts = self.identityParts(of: state)
    return _NavigationIdentity(tag: parts.tag, id: parts.id, key: key)
  }

  /// The case and `id` that tell `state` apart from another child at its place, worked out
  /// without making an identity object (as a plain `ifLet` does on every action).
  @usableFromInline
  func identityParts<State>(of state: State) -> _ChildIdentityParts {
    var parts = _ChildIdentityParts()
    if self.isIdentifiable {
      parts.id = identifiableID(state)
    }
    if let enumInfo = self.enumInfo {
      let caseTag = enumInfo.metadata.tag(of: state)
      parts.tag = caseTag
      if parts.id == nil, enumInfo.identifiablePayloads.indices.contains(Int(caseTag)),
        enumInfo.identifiablePayloads[Int(caseTag)]
      {
        parts.id = EnumMetadata.project(state).flatMap(identifiableID)
      }
    }
    return parts
  }

  /// Whether presented `state` is dismissed after `action`: it is alert-like, or an enum whose
  /// current case holds alert-like state, and `action` is one of that state's actions (the
  /// action itself, or the case of an enum action holding it).
  @usableFromInline
  func isDismissed<State, Action>(_ state: State, after action: Action) -> Bool {
    if self.isEphemeral, let ephemeral = State.self as? any _EphemeralState.Type {
      return ephemeral.canSend(action)
    }
    guard let enumInfo = self.enumInfo else { return false }
    let tag = Int(enumInfo.metadata.tag(of: state))
    guard enumInfo.ephemeralPayloads.indices.contains(tag),
      let ephemeral = enumInfo.ephemeralPayloads[tag]
    else { return false }
    return ephemeral.canSend(action)
  }
}

extension EnumTypeDescriptor {
  /// The address of the descriptor in the runtime's metadata (the descriptor's only stored
  /// property).
  private var address: UnsafeRawPointer {
    unsafeBitCast(self, to: UnsafeRawPointer.self)
  }

  /// The number of cases with a payload (the low 24 bits of the descriptor's sixth word).
  fileprivate var payloadCaseCountValue: UInt32 {
    self.address.load(fromByteOffset: 5 * 4, as: UInt32.self) & 0xFF_FFFF
  }

  /// The number of cases without one (the descriptor's seventh word).
  fileprivate var emptyCaseCountValue: UInt32 {
    self.address.load(fromByteOffset: 6 * 4, as: UInt32.self)
  }
}

/// The `id` of `value` when it is `Identifiable`.
private func identifiableID(_ value: Any) -> AnyHashable? {
  func open(_ identifiable: some Identifiable) -> AnyHashable {
    AnyHashable(identifiable.id)
  }
  guard let identifiable = value as? any Identifiable else { return nil }
  return open(identifiable)
}

extension _EphemeralState {
  /// Whether `action` is one of this state's actions: of its action type, or an enum action
  /// whose current case holds one.
  static func canSend<SentAction>(_ action: SentAction) -> Bool {
    if SentAction.self == Self.Action.self { return true }
    guard let metadata = EnumMetadata(SentAction.self) else { return false }
    return metadata.associatedValueType(forTag: metadata.tag(of: action)) == Self.Action.self
  }
}

/// The issue reported when a write goes through a case that `value` is not in: "Can't modify
/// unrelated case", followed by the name of the case `value` is in.
func unrelatedCaseMessage<Value>(_ value: Value?) -> String {
  var caseName: String?
  if let value, let metadata = EnumMetadata(Value.self) {
    caseName = metadata.caseName(forTag: metadata.tag(of: value))
  }
  return "Can't modify unrelated case\(caseName.map { " \($0.debugDescription)" } ?? "")"
}
