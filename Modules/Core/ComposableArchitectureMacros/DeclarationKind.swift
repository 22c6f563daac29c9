import SwiftSyntax

/// The kind of type declaration a macro is attached to, used to pick an expansion path or a
/// diagnostic.
enum DeclarationKind {
  /// A `struct` declaration.
  case structure(StructDeclSyntax)
  /// An `enum` declaration.
  case enumeration(EnumDeclSyntax)
  /// A `class` or `actor` declaration: a reference type.
  case referenceType
  /// A `protocol` or `extension` declaration, or anything else that is not a concrete type.
  case other

  /// Classifies `declaration`.
  init(_ declaration: some DeclGroupSyntax) {
    if let structure = declaration.as(StructDeclSyntax.self) {
      self = .structure(structure)
    } else if let enumeration = declaration.as(EnumDeclSyntax.self) {
      self = .enumeration(enumeration)
    } else if declaration.is(ClassDeclSyntax.self) || declaration.is(ActorDeclSyntax.self) {
      self = .referenceType
    } else {
      self = .other
    }
  }
}
