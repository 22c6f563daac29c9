import Hummingbird
import SharedModels

/// Registers the API's routes on a router.
public enum APIRoutes {
  /// Adds the logging, unread-body, error, `Host`, framing, method and database-file middleware,
  /// then every endpoint, to `router`.
  ///
  /// Routes added to `router` afterwards answer 404, not 405, for a method they do not serve;
  /// ``APIServer/makeRouter(database:configuration:)`` covers its additional routes too.
  public static func register(
    on router: Router<APIRequestContext>, database: APIDatabase, limits: APILimits = APILimits()
  ) {
    let routes = RouteTable()
    register(on: router, database: database, limits: limits, routes: routes)
    routes.record(router)
  }

  /// ``register(on:database:limits:)`` with the table of routes the method middleware reads,
  /// for the caller to fill once it has added its own routes, and the name answers give the
  /// process to restart (``APIServerConfiguration/processName``).
  static func register(
    on router: Router<APIRequestContext>, database: APIDatabase, limits: APILimits,
    routes: RouteTable, processName: String = "the server"
  ) {
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: UnreadBodyMiddleware())
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: HostHeaderMiddleware())
    router.add(middleware: RequestFramingMiddleware())
    router.add(middleware: MethodNotAllowedMiddleware(routes: routes))
    router.add(middleware: DatabaseFileMiddleware(database: database, processName: processName))
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
