import SwiftSyntax

extension DeclGroupSyntax {
  /// The declarations written directly in the type's body, including those inside `#if` blocks.
  var flattenedMembers: [DeclSyntax] {
    memberBlock.members.flatMap { $0.decl.flattenedDeclarations }
  }

  /// Whether the type's body declares a nested type or type alias called `name`.
  func declaresNestedType(named name: String) -> Bool {
    flattenedMembers.contains { member in
      if let structure = member.as(StructDeclSyntax.self) {
        return structure.name.text == name
      }
      if let enumeration = member.as(EnumDeclSyntax.self) {
        return enumeration.name.text == name
      }
      if let classDecl = member.as(ClassDeclSyntax.self) {
        return classDecl.name.text == name
      }
      if let alias = member.as(TypeAliasDeclSyntax.self) {
        return alias.name.text == name
      }
      return false
    }
  }

  /// Whether the type's body declares a property called `name`, static or not.
  func declaresProperty(named name: String) -> Bool {
    flattenedMembers.contains { member in
      member.as(VariableDeclSyntax.self)?.boundNames.contains(name) ?? false
    }
  }

  /// Whether the type's body declares a function called `name` whose leading argument labels
  /// are exactly `labels`.
  func declaresFunction(named name: String, labels: [String]) -> Bool {
    flattenedMembers.contains { member in
      guard let function = member.as(FunctionDeclSyntax.self), function.name.text == name else {
        return false
      }
      return function.signature.parameterClause.parameters.map(\.firstName.text) == labels
    }
  }
}

extension DeclSyntax {
  /// This declaration, or, for a `#if` block, every declaration in each of its clauses.
  fileprivate var flattenedDeclarations: [DeclSyntax] {
    guard let ifConfig = self.as(IfConfigDeclSyntax.self) else { return [self] }
    return ifConfig.clauses.flatMap { clause -> [DeclSyntax] in
      guard case .decls(let members)? = clause.elements else { return [] }
      return members.flatMap { $0.decl.flattenedDeclarations }
    }
  }
}
