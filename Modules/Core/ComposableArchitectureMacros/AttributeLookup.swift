import SwiftSyntax

extension AttributeSyntax {
  /// The last component of the attribute's name, without generic arguments: `CasePathable` for
  /// both `@CasePathable` and `@CasePaths.CasePathable`.
  var baseName: String {
    attributeName.lastNameComponent
  }
}

extension AttributeListSyntax {
  /// The attributes written in this list, skipping `#if` blocks of attributes.
  var plainAttributes: [AttributeSyntax] {
    compactMap { $0.as(AttributeSyntax.self) }
  }

  /// Whether an attribute whose last name component is one of `names` is present.
  func containsAttribute(named names: Set<String>) -> Bool {
    plainAttributes.contains { names.contains($0.baseName) }
  }
}

extension AttributeListSyntax {
  /// Whether one of these attributes is `@available(…, deprecated…)`.
  var marksDeprecated: Bool {
    contains { element in
      guard case .attribute(let attribute) = element,
        attribute.attributeName.trimmedDescription == "available",
        case .availability(let arguments)? = attribute.arguments
      else { return false }
      return arguments.contains { $0.trimmedDescription.hasPrefix("deprecated") }
    }
  }
}
