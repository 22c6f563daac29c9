import SwiftSyntax
import SwiftSyntaxMacros

extension DeclGroupSyntax {
  /// The access modifier, followed by a space, that members generated into this type must carry
  /// so that they are as visible as the type itself.
  ///
  /// `public` and `open` types produce `"public "`, `package` types produce `"package "`, and any
  /// other type produces an empty string so that generated members take the default access level.
  var generatedMemberAccess: String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open):
        return "public "
      case .keyword(.package):
        return "package "
      default:
        continue
      }
    }
    return ""
  }
}

extension MacroExpansionContext {
  /// The access modifier, followed by a space, for members that a macro attached to
  /// `declaration` generates in an extension of it, so that they are as visible as the type.
  ///
  /// An extension's members do not take the access of a `private` or `fileprivate` type (nor of
  /// a type nested in one) the way members written in the type do: they would be `internal`, and
  /// a member whose type mentions the type would not compile. Those get `fileprivate`; others
  /// get ``SwiftSyntax/DeclGroupSyntax/generatedMemberAccess``.
  func extensionMemberAccess(for declaration: some DeclGroupSyntax) -> String {
    let scopes = [Syntax(declaration)] + lexicalContext
    let isFilePrivate = scopes.contains { scope in
      guard let modifiers = scope.asProtocol(WithModifiersSyntax.self)?.modifiers else {
        return false
      }
      return modifiers.contains { modifier in
        modifier.detail == nil
          && (modifier.name.tokenKind == .keyword(.private)
            || modifier.name.tokenKind == .keyword(.fileprivate))
      }
    }
    return isFilePrivate ? "fileprivate " : declaration.generatedMemberAccess
  }
}
