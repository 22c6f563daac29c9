import Hummingbird
import SharedModels

/// Registers the API's routes on a router.
public enum APIRoutes {
  /// Adds the logging, unread-body and error middleware, then every endpoint, to `router`.
  public static func register(
    on router: Router<APIRequestContext>, database: APIDatabase, limits: APILimits = APILimits()
  ) {
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: UnreadBodyMiddleware())
    router.add(middleware: ErrorMiddleware())
    router.get("health") { _, _ in
      let counts = try await database.counts()
      return JSONResponse(Health(status: "ok", users: counts.users, posts: counts.posts))
    }
    UserRoutes(database: database, limits: limits).register(on: router)
    PostRoutes(database: database, limits: limits).register(on: router)
    SearchRoutes(database: database, limits: limits).register(on: router)
    ProfileRoutes(database: database, limits: limits).register(on: router)
  }
}
