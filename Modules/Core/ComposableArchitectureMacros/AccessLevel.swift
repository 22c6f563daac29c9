import SwiftSyntax

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
