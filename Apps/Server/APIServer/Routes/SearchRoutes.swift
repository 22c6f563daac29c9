import Hummingbird
import SharedModels

/// `GET /search?q=&limit=`: full-text search over users and posts.
///
/// `q` is required and must have a non-blank character; a `q` with no letters or digits (only
/// punctuation or emoji) finds nothing and answers 200 with empty lists.
struct SearchRoutes {
  let database: APIDatabase
  let limits: APILimits

  func register(on router: Router<APIRequestContext>) {
    router.get("search") { request, context in
      let parameters = RequestParameters(request: request, context: context)
      guard let query = parameters.query("q"), query.contains(where: { !$0.isWhitespace }) else {
        throw APIFailure.badRequest("`q` must be a non-empty search query.", field: "q")
      }
      guard query.count <= limits.maxQueryLength else {
        throw APIFailure.badRequest(
          "`q` can be at most \(limits.maxQueryLength) characters.", field: "q")
      }
      let limit = try parameters.integer(
        "limit", default: limits.defaultSearchLimit, in: 1...limits.maxSearchLimit)
      return JSONResponse(try await database.search(query, limit: limit))
    }
  }
}
