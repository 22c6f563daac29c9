import SwiftSyntax

extension VariableDeclSyntax {
  /// Whether the property belongs to the type rather than to instances (`static` or `class`).
  var isTypeProperty: Bool {
    modifiers.contains { modifier in
      modifier.name.tokenKind == .keyword(.static) || modifier.name.tokenKind == .keyword(.class)
    }
  }

  /// Whether the property is declared `lazy`.
  var isLazy: Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
  }

  /// Whether the declaration introduces constants (`let`) rather than variables.
  var isLet: Bool {
    bindingSpecifier.tokenKind == .keyword(.let)
  }

  /// The names, without backticks, of every simple identifier this declaration binds.
  var boundNames: [String] {
    bindings.compactMap { $0.identifierName }
  }

  /// Whether an attribute other than one of the storage-neutral built-in attributes is present,
  /// which means the property is wrapped or otherwise managed by a macro or property wrapper.
  var hasCustomAttribute: Bool {
    attributes.contains { element in
      guard let attribute = element.as(AttributeSyntax.self) else { return true }
      return !Self.storageNeutralAttributes.contains(attribute.baseName)
    }
  }

  /// Built-in attributes that do not change how a property is stored.
  private static let storageNeutralAttributes: Set<String> = [
    "available", "usableFromInline", "preconcurrency", "nonobjc", "objc", "exclusivity", "_spi",
  ]
}

extension PatternBindingSyntax {
  /// The bound name without backticks, when the pattern is a simple identifier.
  var identifierName: String? {
    pattern.as(IdentifierPatternSyntax.self)?.identifier.unescapedText
  }

  /// Whether the binding has storage of its own: no accessors, or only `willSet`/`didSet`
  /// observers.
  var hasStorage: Bool {
    guard let accessorBlock else { return true }
    switch accessorBlock.accessors {
    case .getter:
      return false
    case .accessors(let accessors):
      return accessors.allSatisfy { accessor in
        accessor.accessorSpecifier.tokenKind == .keyword(.willSet)
          || accessor.accessorSpecifier.tokenKind == .keyword(.didSet)
      }
    }
  }
}

extension TokenSyntax {
  /// The token's text with surrounding backticks removed, so `` `default` `` becomes `default`.
  var unescapedText: String {
    let text = self.text
    if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") {
      return String(text.dropFirst().dropLast())
    }
    return text
  }
}
