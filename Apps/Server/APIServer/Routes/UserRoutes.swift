import Hummingbird
import SharedModels

/// `GET /users`, `GET /users/{id}` and `GET /users/{id}/posts`.
struct UserRoutes {
  let database: APIDatabase
  let limits: APILimits

  func register(on router: Router<APIRequestContext>) {
    router.get("users") { request, context in
      let page = try RequestParameters(request: request, context: context).page(limits)
      return JSONResponse(try await database.users(page))
    }
    router.get("users/:id") { request, context in
      let id = try RequestParameters(request: request, context: context).id(of: "User")
      guard let user = try await database.user(id: id) else {
        throw APIFailure.notFound("There is no user \(id).")
      }
      return JSONResponse(user)
    }
    router.get("users/:id/posts") { request, context in
      let parameters = RequestParameters(request: request, context: context)
      let id = try parameters.id(of: "User")
      let page = try parameters.page(limits)
      guard let posts = try await database.posts(ofUser: id, page) else {
        throw APIFailure.notFound("There is no user \(id).")
      }
      return JSONResponse(posts)
    }
  }
}
