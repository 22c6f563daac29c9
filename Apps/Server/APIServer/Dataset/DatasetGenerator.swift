import Foundation

/// Generates the deterministic dataset: users with names, handles and bios, and posts with
/// text and timestamps, all derived from one seed.
///
/// Rows are made one at a time (``nextUser()``, then ``nextPost()``), so that whoever writes them
/// holds only the row being written, whatever the dataset's size; the handles made so far are
/// all it keeps (posts mention users by handle).
struct DatasetGenerator {
  /// A generated user row.
  struct UserRow {
    var id: Int
    var handle: String
    var displayName: String
    var bio: String
    var email: String
    var joinedAt: Int
  }

  /// A generated post row.
  struct PostRow {
    var id: Int
    var authorID: Int
    var body: String
    var createdAt: Int
    var likeCount: Int
  }

  /// 2020-01-01T00:00:00Z, the earliest join date.
  static let firstJoinDate = 1_577_836_800
  /// 2024-01-01T00:00:00Z, the earliest post date.
  static let firstPostDate = 1_704_067_200
  /// Two years, the span posts are spread over.
  static let postSpan = 2 * 365 * 24 * 3600

  private var random: SplitMix64
  let configuration: DatasetConfiguration
  /// The handles of the users made so far, in id order.
  private(set) var handles: [String] = []
  /// The same handles, to keep new ones unique.
  private var takenHandles = Set<String>()
  /// How many posts were made so far.
  private var postsMade = 0

  init(configuration: DatasetConfiguration) {
    self.configuration = configuration
    random = SplitMix64(seed: configuration.seed)
  }

  /// The next user, ids 1 through `userCount`; `nil` once they are all made.
  mutating func nextUser() -> UserRow? {
    guard handles.count < configuration.userCount else { return nil }
    let id = handles.count + 1
    let first = random.pick(WordLists.firstNames)
    let last = random.pick(WordLists.lastNames)
    let base = Self.handleWord(first) + "_" + Self.handleWord(last)
    var handle = base
    var suffix = 2
    while !takenHandles.insert(handle).inserted {
      handle = base + String(suffix)
      suffix += 1
    }
    handles.append(handle)
    let bio = fill(random.pick(WordLists.bioTemplates), handles: [])
    let joinedAt = Self.firstJoinDate + random.below(4 * 365 * 24 * 3600)
    return UserRow(
      id: id, handle: handle, displayName: "\(first) \(last)", bio: bio,
      email: "\(handle)@example.com", joinedAt: joinedAt)
  }

  /// The next post, ids 1 through `postCount`, written by the users made so far (make the users
  /// first); `nil` once they are all made.
  mutating func nextPost() -> PostRow? {
    guard postsMade < configuration.postCount else { return nil }
    postsMade += 1
    // Squaring a uniform draw makes low ids prolific and high ids quiet, as in real networks.
    let draw = random.below(1 << 20)
    let squared = Int((UInt64(draw) * UInt64(draw)) >> 20)
    let authorIndex = (squared * handles.count) >> 20
    var body = fill(random.pick(WordLists.postTemplates), handles: handles)
    if random.chance(40) {
      body += " " + fill(random.pick(WordLists.postTemplates), handles: handles)
    }
    if random.chance(15) {
      body += " " + random.pick(WordLists.emoji)
    }
    let createdAt = Self.firstPostDate + random.below(Self.postSpan)
    let likeCount = random.below(20) * random.below(25)
    return PostRow(
      id: postsMade, authorID: authorIndex + 1, body: body, createdAt: createdAt,
      likeCount: likeCount)
  }

  /// `template` with each `{slot}` replaced by a random word of its list.
  private mutating func fill(_ template: String, handles: [String]) -> String {
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let slot = rest[rest.index(after: open)..<close]
      let word = self.word(for: slot, handles: handles)
      if slot == "article" {
        // Decide "a" or "an" from the word that follows, which the next slot supplies.
        result += "\u{0}"
      } else {
        result += word
      }
      rest = rest[rest.index(after: close)...]
    }
    result += rest
    return Self.resolveArticles(result)
  }

  private mutating func word(for slot: Substring, handles: [String]) -> String {
    switch slot {
    case "adjective": random.pick(WordLists.adjectives)
    case "noun": random.pick(WordLists.nouns)
    case "nouns": Self.plural(of: random.pick(WordLists.nouns))
    case "pastVerb": random.pick(WordLists.pastVerbs)
    case "gerund": random.pick(WordLists.gerunds)
    case "place": random.pick(WordLists.places)
    case "city": random.pick(WordLists.cities)
    case "topic": random.pick(WordLists.topics)
    case "drink": random.pick(WordLists.drinks)
    case "handle": handles.isEmpty ? "someone" : random.pick(handles)
    default: ""
    }
  }

  /// The English plural of one of ``WordLists/nouns``: "sandwiches", "libraries", "books".
  static func plural(of noun: String) -> String {
    if ["s", "x", "z", "ch", "sh"].contains(where: noun.hasSuffix) { return noun + "es" }
    if noun.hasSuffix("y"), let beforeY = noun.dropLast().last, !"aeiou".contains(beforeY) {
      return noun.dropLast() + "ies"
    }
    return noun + "s"
  }

  /// Replaces each article marker with "a" or "an", by the first letter of the next word.
  private static func resolveArticles(_ text: String) -> String {
    guard text.contains("\u{0}") else { return text }
    var result = ""
    var characters = text[...]
    while let marker = characters.firstIndex(of: "\u{0}") {
      result += characters[..<marker]
      let next = characters[characters.index(after: marker)...]
      let startsWithVowel = next.first { !$0.isWhitespace }.map { "aeiou".contains($0) } ?? false
      result += startsWithVowel ? "an" : "a"
      characters = next
    }
    return result + characters
  }

  /// A name reduced to lowercase ASCII letters for a handle (`Zoë` → `zoe`, `O'Brien` →
  /// `obrien`).
  static func handleWord(_ name: String) -> String {
    var word = ""
    for scalar in name.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic {
        word.unicodeScalars.append(scalar)
      } else if let spelled = asciiSpellings[scalar] {
        word += spelled
      }
    }
    return word.isEmpty ? "user" : word
  }

  /// Letters that do not decompose into an ASCII letter and a diacritic.
  private static let asciiSpellings: [Unicode.Scalar: String] = [
    "ø": "o", "æ": "ae", "ß": "ss", "ł": "l", "đ": "d", "œ": "oe", "þ": "th",
  ]
}
