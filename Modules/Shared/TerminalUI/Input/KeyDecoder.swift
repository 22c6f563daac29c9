/// Decodes the bytes a terminal in raw mode sends into ``Key``s, incrementally.
///
/// Feed it whatever `read` returned, in any chunks: an escape sequence or a UTF-8 character
/// split across chunks is held back until the rest arrives. Because `ESC` alone is also how
/// every escape sequence starts, a lone `ESC` (and an unfinished sequence) is only decided
/// when the caller says input went idle, with ``flush()``; an app calls it when no byte
/// arrived for a short while (e.g. 25 ms) after an `ESC`.
///
/// Understood: CSI sequences (`ESC [ A`, `ESC [ 1 ; 5 A` — modifiers are ignored —,
/// `ESC [ 3 ~`, `ESC [ Z`…), SS3 sequences (`ESC O A`), `ESC` followed by another key (Alt-key,
/// decoded as `escape` then the key), CR and LF as enter, DEL and BS as backspace, tab,
/// control keys and UTF-8 characters. Anything malformed (an unknown or broken sequence, an
/// invalid, overlong or surrogate UTF-8 encoding) becomes one ``Key/unknown`` and decoding
/// goes on with the next byte that could start a key.
///
/// Text between `ESC [ 200 ~` and `ESC [ 201 ~` (a bracketed paste) is one ``Key/paste(_:)``
/// of its text, in whatever chunks it arrives, invalid UTF-8 replaced; at most
/// ``maximumPasteLength`` bytes of it are kept.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  /// The text of a paste under way, `nil` when none is.
  private var paste: [UInt8]?

  /// The most bytes of one paste kept; the rest of it is dropped.
  public static let maximumPasteLength = 65_536

  /// The bytes that start and end a bracketed paste.
  private static let pasteStart = Array("\u{1B}[200~".utf8)
  private static let pasteEnd = Array("\u{1B}[201~".utf8)

  /// The longest escape sequence accepted; a longer one is ``Key/unknown``.
  static let maximumSequenceLength = 32

  /// A decoder with no pending input.
  public init() {}

  /// Whether bytes are held back waiting for the rest of a sequence (call ``flush()`` when
  /// input goes idle). A paste under way waits for its end, not for idle input.
  public var hasPendingInput: Bool { paste == nil && !pending.isEmpty }

  /// The keys completed by `bytes` (and the bytes held back before them).
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    return drain(isFinal: false)
  }

  /// The keys of the bytes held back, decided now that input is idle: a lone `ESC` is
  /// ``Key/escape``, an unfinished sequence or character is ``Key/unknown``.
  public mutating func flush() -> [Key] {
    drain(isFinal: true)
  }

  private enum Step {
    case key(Key, length: Int)
    case incomplete
  }

  private mutating func drain(isFinal: Bool) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      if paste != nil {
        // Without its end yet, the paste keeps what arrived and `pending` only what may be
        // the start of the end marker.
        guard let end = takePaste(from: index) else { return keys }
        keys.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
        paste = nil
        index = end
        continue
      }
      if pending[index...].starts(with: Self.pasteStart) {
        paste = []
        index += Self.pasteStart.count
        continue
      }
      switch step(at: index) {
      case .key(let key, let length):
        keys.append(key)
        index += length
      case .incomplete:
        guard isFinal else {
          pending.removeFirst(index)
          return keys
        }
        let remaining = pending.count - index
        if pending[index] == 0x1B && remaining <= 2 {
          // `ESC`, or `ESC [` / `ESC O` typed as Alt-[ / Alt-O: escape, then what follows.
          keys.append(.escape)
          index += 1
        } else {
          keys.append(.unknown)
          index = pending.count
        }
      }
    }
    pending.removeAll(keepingCapacity: true)
    return keys
  }

  /// Adds the bytes from `index` to the paste under way, up to its end marker. Returns the
  /// index after the marker, or `nil` when the marker has not arrived yet: then `pending`
  /// keeps only the bytes that could be its start.
  private mutating func takePaste(from index: Int) -> Int? {
    let marker = Self.pasteEnd
    var position = index
    while position < pending.count {
      if pending[position] == 0x1B {
        let available = min(marker.count, pending.count - position)
        if pending[position..<position + available].elementsEqual(marker[..<available]) {
          guard available == marker.count else {
            appendToPaste(pending[index..<position])
            pending.removeFirst(position)
            return nil
          }
          appendToPaste(pending[index..<position])
          return position + marker.count
        }
      }
      position += 1
    }
    appendToPaste(pending[index...])
    pending.removeAll(keepingCapacity: true)
    return nil
  }

  /// Adds `bytes` to the paste under way, up to ``maximumPasteLength``.
  private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
    let room = Self.maximumPasteLength - (paste?.count ?? 0)
    guard room > 0 else { return }
    paste?.append(contentsOf: bytes.prefix(room))
  }

  private func step(at index: Int) -> Step {
    let byte = pending[index]
    switch byte {
    case 0x1B: return escapeSequence(at: index)
    case 0x0D, 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x7F, 0x08: return .key(.backspace, length: 1)
    case 0x00: return .key(.ctrl("@"), length: 1)
    case 0x01...0x1A:
      return .key(.ctrl(Character(Unicode.Scalar(byte - 0x01 + 0x61))), length: 1)
    case 0x1C: return .key(.ctrl("\\"), length: 1)
    case 0x1D: return .key(.ctrl("]"), length: 1)
    case 0x1E: return .key(.ctrl("^"), length: 1)
    case 0x1F: return .key(.ctrl("_"), length: 1)
    case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    default: return utf8Character(at: index)
    }
  }

  private func escapeSequence(at index: Int) -> Step {
    guard index + 1 < pending.count else { return .incomplete }
    switch pending[index + 1] {
    case UInt8(ascii: "["): return controlSequence(at: index)
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else { return .incomplete }
      let final = pending[index + 2]
      guard (0x40...0x7E).contains(final) else { return .key(.unknown, length: 2) }
      return .key(Self.ss3Key(final: final), length: 3)
    default:
      // A lone escape followed by another key (or by another escape).
      return .key(.escape, length: 1)
    }
  }

  private func controlSequence(at index: Int) -> Step {
    var parameters: [UInt8] = []
    var hasIntermediates = false
    var position = index + 2
    while position < pending.count {
      let byte = pending[position]
      switch byte {
      case 0x30...0x3F where !hasIntermediates:
        parameters.append(byte)
      case 0x20...0x2F:
        hasIntermediates = true
      case 0x40...0x7E:
        let key = hasIntermediates ? .unknown : Self.csiKey(parameters: parameters, final: byte)
        return .key(key, length: position - index + 1)
      default:
        // Not part of a sequence: the sequence so far is unknown, this byte starts a new key.
        return .key(.unknown, length: position - index)
      }
      position += 1
      if position - index >= Self.maximumSequenceLength {
        return .key(.unknown, length: position - index)
      }
    }
    return .incomplete
  }

  private func utf8Character(at index: Int) -> Step {
    let lead = pending[index]
    let length: Int
    // The range the second byte must be in rules out overlong forms, surrogates and values
    // above U+10FFFF.
    let second: ClosedRange<UInt8>
    switch lead {
    case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return .key(.unknown, length: 1)
    }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      guard index + offset < pending.count else { return .incomplete }
      let byte = pending[index + offset]
      let allowed = offset == 1 ? second : 0x80...0xBF
      guard allowed.contains(byte) else { return .key(.unknown, length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .control
    else { return .key(.unknown, length: length) }
    return .key(.character(Character(scalar)), length: length)
  }

  private static func csiKey(parameters: [UInt8], final: UInt8) -> Key {
    let fields = String(decoding: parameters, as: UTF8.self).split(
      separator: ";", omittingEmptySubsequences: false)
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch fields.first.flatMap({ Int($0) }) {
      case 1, 7: return .home
      case 3: return .delete
      case 4, 8: return .end
      case 5: return .pageUp
      case 6: return .pageDown
      default: return .unknown
      }
    default: return .unknown
    }
  }

  private static func ss3Key(final: UInt8) -> Key {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: .unknown
    }
  }
}
