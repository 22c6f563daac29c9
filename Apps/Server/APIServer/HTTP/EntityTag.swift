import Foundation
import SharedModels

/// Entity tags (RFC 9110 section 8.8.3) of `/me`'s representation, and the evaluation of the
/// `If-Match` and `If-None-Match` preconditions (sections 13.1.1 and 13.1.2) against them.
///
/// A tag is strong: a hash of every field of the profile, so it changes whenever the JSON
/// does, and two servers holding the same profile give it the same tag.
enum EntityTag {
  /// The strong entity tag of `profile`, quoted as the `ETag` field carries it.
  static func of(_ profile: UserProfile) -> String {
    // FNV-1a over the fields, each followed by a byte no UTF-8 text contains.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let fields = [
      String(profile.id), profile.handle, profile.displayName, profile.bio, profile.email,
    ]
    for field in fields {
      for byte in field.utf8 + [0xFF] {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
  }

  /// Whether an `If-Match` field `value` holds for a resource whose current tag is `tag`: `*`,
  /// or a listed tag equal to it by the strong comparison (a weak tag never matches).
  static func ifMatch(_ value: String, holdsFor tag: String) -> Bool {
    let listed = list(value)
    return listed.contains("*") || listed.contains(tag)
  }

  /// Whether an `If-None-Match` field `value` holds for a resource whose current tag is `tag`:
  /// it does not when it is `*` or lists a tag equal to it by the weak comparison.
  static func ifNoneMatch(_ value: String, holdsFor tag: String) -> Bool {
    let listed = list(value).map { $0.hasPrefix("W/") ? String($0.dropFirst(2)) : $0 }
    return !listed.contains("*") && !listed.contains(tag)
  }

  /// The members of a comma-separated list of entity tags (commas inside a quoted tag do not
  /// separate), trimmed of whitespace.
  private static func list(_ value: String) -> [String] {
    var members: [String] = []
    var current = ""
    var isQuoted = false
    for character in value {
      if character == "\"" { isQuoted.toggle() }
      if character == "," && !isQuoted {
        members.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    members.append(current)
    return members.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
