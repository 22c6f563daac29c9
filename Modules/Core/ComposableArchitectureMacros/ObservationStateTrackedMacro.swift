import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implements `@ObservationStateTracked`, which turns a stored property of an observable state
/// struct into a computed one backed by a `_name` peer.
///
/// The accessors report every read (`access`), write (`willSet`/`didSet`) and in-place
/// modification (`willModify`/`didModify`) to the struct's `_$observationRegistrar`, and an init accessor lets
/// the memberwise initializer and default values initialize the peer. Declarations other than a
/// single stored instance `var` are left untouched.
public enum ObservationStateTrackedMacro {}

extension ObservationStateTrackedMacro: AccessorMacro {
  /// The init accessor, getter, setter and `_modify` accessor that route through the registrar.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard
      let variable = declaration.as(VariableDeclSyntax.self),
      variable.isTrackableStoredProperty,
      let identifier = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier
    else { return [] }

    let name = identifier.trimmedDescription
    let storage = "_\(identifier.unescapedText)"
    let field = observationBit(of: identifier.unescapedText)
    return [
      """
      @storageRestrictions(initializes: \(raw: storage))
      init(initialValue) {
        \(raw: storage) = initialValue
      }
      """,
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name), field: \(raw: field))
        return \(raw: storage)
      }
      """,
      """
      set {
        guard _$observationRegistrar._mayHaveObservers(field: \(raw: field)),
          !ComposableArchitecture._$isUnchanged(\(raw: storage), newValue)
        else {
          \(raw: storage) = newValue
          return
        }
        let registrar = _$observationRegistrar
        let identityBefore = ComposableArchitecture._$identity(of: &\(raw: storage))
        let notifies = registrar.willSet(&self, keyPath: \\.\(raw: name), identityBefore, ComposableArchitecture._$identity(of: newValue))
        \(raw: storage) = newValue
        registrar.didSet(&self, keyPath: \\.\(raw: name), notifies)
      }
      """,
      """
      _modify {
        let observed = _$observationRegistrar._mayHaveObservers(field: \(raw: field))
        let identityBefore = observed ? ComposableArchitecture._$identityBeforeModifying(&\(raw: storage)) : .untracked
        if observed {
          _$observationRegistrar.copy().willModify(&self, keyPath: \\.\(raw: name), identityBefore)
        }
        defer {
          if observed {
            let identityAfter = ComposableArchitecture._$identity(of: &\(raw: storage))
            _$observationRegistrar.copy().didModify(&self, keyPath: \\.\(raw: name), identityBefore, identityAfter)
          }
        }
        yield &\(raw: storage)
      }
      """,
    ]
  }
}

extension ObservationStateTrackedMacro: PeerMacro {
  /// The private `_name` storage that holds the property's value.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let variable = declaration.as(VariableDeclSyntax.self),
      variable.isTrackableStoredProperty,
      let binding = variable.bindings.first,
      let name = binding.identifierName
    else { return [] }

    var storage = "_\(name)"
    if let type = binding.typeAnnotation?.type {
      storage += ": \(type.trimmedDescription)"
    }
    if let initializer = binding.initializer?.value {
      storage += " = \(initializer.trimmedDescription)"
    }
    return [
      """
      @ObservationStateIgnored
      private var \(raw: storage)
      """
    ]
  }
}
