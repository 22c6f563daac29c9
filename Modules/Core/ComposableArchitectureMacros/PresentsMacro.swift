import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implements `@Presents`, which turns `var destination: Destination.State?` in an
/// `@ObservableState` struct into observed presentation state: the property reads and writes the
/// presented state, `$destination` is its `PresentationState` (what `ifLet(\.$destination, …)`
/// takes), and both report to the struct's observation registrar under `destination`.
public enum PresentsMacro {
  enum Failure {
    static let notAnOptionalProperty = MacroDiagnostic(
      id: "presents-needs-optional-type",
      message:
        "'@Presents' must be applied to a 'var' with an optional type annotation, like 'var destination: Destination.State?'"
    )
  }

  /// The property's name and the presented state's type (the annotation without `?`).
  static func presentedProperty(
    of declaration: some DeclSyntaxProtocol
  ) -> (name: String, state: String)? {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      !variable.isLet,
      variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let name = binding.identifierName,
      let type = binding.typeAnnotation?.type
    else { return nil }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return (name, optional.wrappedType.trimmedDescription)
    }
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
      let argument = identifier.genericArgumentClause?.arguments.first
    {
      return (name, argument.argument.trimmedDescription)
    }
    return nil
  }

  /// The statements that write `value` (an expression of the presented state's optional type)
  /// through the registrar.
  static func write(_ value: String, name: String) -> String {
    """
    let registrar = _$observationRegistrar
    let identityBefore = ComposableArchitecture._$identity(of: &_\(name).wrappedValue)
    let notifies = registrar.willSet(&self, keyPath: \\.\(name), identityBefore, ComposableArchitecture._$identity(of: \(value)))
    _\(name).wrappedValue = \(value)
    registrar.didSet(&self, keyPath: \\.\(name), notifies)
    """
  }
}

extension PresentsMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let (name, _) = presentedProperty(of: declaration) else {
      context.diagnose(Failure.notAnOptionalProperty, at: node)
      return []
    }
    return [
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) {
        _\(raw: name) = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
      }
      """,
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name), field: \(raw: observationBit(of: name)))
        return _\(raw: name).wrappedValue
      }
      """,
      """
      set {
        \(raw: write("newValue", name: name))
      }
      """,
    ]
  }
}

extension PresentsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let (name, state) = presentedProperty(of: declaration),
      let variable = declaration.as(VariableDeclSyntax.self)
    else { return [] }
    let access =
      variable.modifiers.contains {
        $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open)
      } ? "public " : ""
    return [
      """
      \(raw: access)var $\(raw: name): ComposableArchitecture.PresentationState<\(raw: state)> {
        get {
          _$observationRegistrar.access(self, keyPath: \\.\(raw: name), field: \(raw: observationBit(of: name)))
          return _\(raw: name)
        }
        set {
          \(raw: write("newValue.wrappedValue", name: name))
        }
        _modify {
          let registrar = _$observationRegistrar
          let identityBefore = ComposableArchitecture._$identity(of: &_\(raw: name).wrappedValue)
          registrar.willModify(&self, keyPath: \\.\(raw: name), identityBefore)
          defer {
            let identityAfter = ComposableArchitecture._$identity(of: &_\(raw: name).wrappedValue)
            registrar.didModify(&self, keyPath: \\.\(raw: name), identityBefore, identityAfter)
          }
          yield &_\(raw: name)
        }
      }
      """,
      """
      @ObservationStateIgnored
      private var _\(raw: name) = ComposableArchitecture.PresentationState<\(raw: state)>(wrappedValue: nil)
      """,
    ]
  }
}
