import Foundation

extension JSONEncoder {
  /// The encoder the API uses on both sides: ISO-8601 dates, sorted keys.
  public static var api: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }
}

extension JSONDecoder {
  /// The decoder the API uses on both sides: ISO-8601 dates.
  public static var api: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
