import Foundation
import Hummingbird
import NIOCore
import SharedModels

/// `GET /me` and `PUT /me`: the signed-in user's profile.
///
/// Both answers carry the profile's ``EntityTag`` in `ETag`. A `GET` whose `If-None-Match`
/// names the current version is answered `304 Not Modified` without a body; a `PUT` whose
/// `If-Match` does not name it (or whose `If-None-Match` does) is refused with `412` and saves
/// nothing. The `PUT`'s condition is checked again in the transaction that writes, so a
/// client that read a version and sends `If-Match` with its tag never overwrites another
/// client's save unseen.
struct ProfileRoutes {
  let database: APIDatabase
  let limits: APILimits

  func register(on router: Router<APIRequestContext>) {
    router.get("me") { request, context in
      guard let profile = try await database.profile() else {
        throw APIFailure.notFound("There is no signed-in user.")
      }
      let tag = EntityTag.of(profile)
      let conditions = Self.conditions(of: request)
      if let ifMatch = conditions.ifMatch, !EntityTag.ifMatch(ifMatch, holdsFor: tag) {
        throw APIFailure.preconditionFailed(currentTag: tag)
      }
      if let ifNoneMatch = conditions.ifNoneMatch,
        !EntityTag.ifNoneMatch(ifNoneMatch, holdsFor: tag)
      {
        return Response(status: .notModified, headers: [.eTag: tag])
      }
      return try JSONResponse(profile, headers: [.eTag: tag]).response(
        from: request, context: context)
    }
    router.put("me") { request, context in
      // A precondition that already fails is answered once the head's own checks pass and
      // before the body is read (RFC 9110 sections 13.2.1 and 13.2.2: preconditions are
      // evaluated before the content is processed, and ignored when the request fails anyway).
      let precondition = Self.precondition(of: request)
      let update = try await Self.decodeBody(
        ProfileUpdate.self, of: request, context: context, timeout: limits.bodyTimeout,
        beforeReading: {
          if let current = try await database.profile() { try precondition(current) }
        })
      let valid: ProfileUpdate
      do {
        valid = try update.validated()
      } catch let error as ProfileValidationError {
        throw APIFailure.validation(error.message, field: error.field)
      }
      guard let profile = try await database.updateProfile(valid, precondition: precondition)
      else {
        throw APIFailure.notFound("There is no signed-in user.")
      }
      // The answer is `/me` as saved (the fields trimmed), as a `GET` would return it, which
      // `Content-Location` says; its `ETag` names that, not the body sent.
      return JSONResponse(
        profile, headers: [.eTag: EntityTag.of(profile), .contentLocation: "/me"])
    }
  }

  /// `request`'s `If-Match` and `If-None-Match`, each one list however many lines it was sent
  /// on (RFC 9110 section 5.3), or `nil` when it was not sent.
  static func conditions(of request: Request) -> (ifMatch: String?, ifNoneMatch: String?) {
    func list(_ lines: [String]) -> String? {
      lines.isEmpty ? nil : lines.joined(separator: ", ")
    }
    return (list(request.headers[values: .ifMatch]), list(request.headers[values: .ifNoneMatch]))
  }

  /// The check `request`'s `If-Match` and `If-None-Match` make of the profile they would
  /// change: it throws a 412 naming the profile's version when either does not hold.
  static func precondition(
    of request: Request
  ) -> @Sendable (UserProfile) throws -> Void {
    let (ifMatch, ifNoneMatch) = conditions(of: request)
    return { profile in
      let tag = EntityTag.of(profile)
      let holds =
        (ifMatch.map { EntityTag.ifMatch($0, holdsFor: tag) } ?? true)
        && (ifNoneMatch.map { EntityTag.ifNoneMatch($0, holdsFor: tag) } ?? true)
      guard holds else { throw APIFailure.preconditionFailed(currentTag: tag) }
    }
  }

  /// The JSON body of `request` decoded as `type`: 415 when it is not JSON or is encoded
  /// (`Content-Encoding: gzip`), 413 when it is too large, 408 when it does not arrive within
  /// `timeout`, 400 when it is malformed or lacks a field.
  ///
  /// `beforeReading` runs once the head's checks pass, before any of the body is read.
  static func decodeBody<T: Decodable>(
    _ type: T.Type, of request: Request, context: APIRequestContext, timeout: Duration,
    beforeReading: () async throws -> Void = {}
  ) async throws -> T {
    // Refusals the head decides are answered without reading the body, which
    // `UnreadBodyMiddleware` then drains (or, for a client waiting on `100 Continue`, never
    // asks for).
    guard Self.isJSON(contentType: request.headers[.contentType] ?? "") else {
      throw APIFailure.unsupportedMediaType
    }
    if let coding = request.headers[.contentEncoding],
      coding.trimmingCharacters(in: .whitespaces).lowercased() != "identity"
    {
      throw APIFailure.unsupportedContentCoding(coding)
    }
    let declaredLength = request.headers[.contentLength].flatMap { Int($0) } ?? 0
    guard declaredLength <= context.maxUploadSize else { throw APIFailure.payloadTooLarge }
    try await beforeReading()
    let buffer = try await BodyDrain.collect(
      request.body, upTo: context.maxUploadSize, within: timeout)
    let data = Data(buffer.readableBytesView)
    guard !data.isEmpty else {
      throw APIFailure.badRequest("The body is empty: it must be a JSON object.")
    }
    guard StrictJSON.isValid(data) else {
      throw APIFailure.badRequest("The body is not valid JSON.")
    }
    do {
      return try JSONDecoder.api.decode(T.self, from: data)
    } catch let error as DecodingError {
      throw APIFailure.badRequest(Self.describe(error), field: Self.field(of: error))
    }
  }

  /// Whether `contentType` is JSON's media type, `application/json` (compared without case),
  /// with no charset or UTF-8's (RFC 8259: JSON exchanged between systems is UTF-8).
  static func isJSON(contentType: String) -> Bool {
    let parts = contentType.split(separator: ";", omittingEmptySubsequences: false)
    guard let type = parts.first,
      type.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    else { return false }
    for parameter in parts.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2,
        pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
      else { continue }
      let charset = pair[1].trimmingCharacters(in: .whitespaces)
        .trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
      guard charset == "utf-8" || charset == "utf8" else { return false }
    }
    return true
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, _):
      "The body lacks the field `\(key.stringValue)`."
    case .typeMismatch(_, let context) where context.codingPath.isEmpty,
      .valueNotFound(_, let context) where context.codingPath.isEmpty:
      "The body must be a JSON object."
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      "The field `\(context.codingPath.map(\.stringValue).joined(separator: "."))` has the wrong type."
    case .dataCorrupted:
      "The body is not valid JSON."
    @unknown default:
      "The body could not be read."
    }
  }

  private static func field(of error: DecodingError) -> String? {
    switch error {
    case .keyNotFound(let key, _): key.stringValue
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      context.codingPath.last?.stringValue
    default: nil
    }
  }
}
