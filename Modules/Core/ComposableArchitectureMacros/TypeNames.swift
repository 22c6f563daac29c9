import SwiftSyntax

extension TypeSyntax {
  /// The last component of the type's name, without generic arguments: `Reducer` for both
  /// `Reducer` and `ComposableArchitecture.Reducer`.
  var lastNameComponent: String {
    if let member = self.as(MemberTypeSyntax.self) {
      return member.name.text
    }
    if let identifier = self.as(IdentifierTypeSyntax.self) {
      return identifier.name.text
    }
    return trimmedDescription
  }
}
