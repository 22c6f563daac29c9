import Hummingbird
import SharedModels

/// `GET /posts`: the home feed, newest first.
struct PostRoutes {
  let database: APIDatabase
  let limits: APILimits

  func register(on router: Router<APIRequestContext>) {
    router.get("posts") { request, context in
      let page = try RequestParameters(request: request, context: context).page(limits)
      return JSONResponse(try await database.feed(page))
    }
  }
}
