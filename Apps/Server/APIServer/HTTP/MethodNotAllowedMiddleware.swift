import Hummingbird
import Synchronization

/// Answers a request for a known path with a method the path does not serve: `OPTIONS` with
/// 204 and an `Allow` header, any other method with 405 and `Allow`
/// (``APIFailure/methodNotAllowed(_:served:)``). A path no route matches stays a 404. The
/// asterisk target (`OPTIONS * HTTP/1.1`) is answered 204 with every method the server serves,
/// and refused with 400 for any other method.
///
/// The router only says "not found" for both an unknown path and an unknown method, so the
/// middleware looks the path up in ``RouteTable``, filled once every route is registered.
public struct MethodNotAllowedMiddleware: RouterMiddleware {
  /// The routes the router serves.
  let routes: RouteTable

  /// Creates the middleware over `routes`.
  public init(routes: RouteTable) {
    self.routes = routes
  }

  /// Runs the rest of the chain; turns its "no such route" into 405, or 204 for `OPTIONS`, when
  /// the path is served with other methods.
  public func handle(
    _ request: Request, context: APIRequestContext,
    next: (Request, APIRequestContext) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError where error.status == .notFound {
      if request.uri.path == "*" {
        // The asterisk form asks about the server as a whole, and only OPTIONS may use it
        // (RFC 9110, section 9.3.7; RFC 9112, section 3.2.4).
        guard request.method == .options else {
          throw APIFailure.badRequest("The target * is only for OPTIONS.")
        }
        return Response(
          status: .noContent, headers: [.allow: RouteTable.allowHeader(routes.allMethods)])
      }
      // A route that serves this method and threw its own 404 keeps its answer.
      guard let served = routes.methods(forPath: request.uri.path),
        !served.contains(request.method)
      else { throw error }
      if request.method == .options {
        return Response(status: .noContent, headers: [.allow: RouteTable.allowHeader(served)])
      }
      throw APIFailure.methodNotAllowed(request.method, served: served)
    }
  }
}

/// The paths a router serves and the methods each answers, for ``MethodNotAllowedMiddleware``.
///
/// Fill it with ``record(_:)`` once every route is registered; until then every path is unknown.
public final class RouteTable: Sendable {
  private let routes = Mutex<[(path: RouterPath, methods: Set<HTTPRequest.Method>)]>([])

  /// Creates an empty table.
  public init() {}

  /// Records the routes `router` serves (replacing any recorded before).
  public func record(_ router: Router<APIRequestContext>) {
    var byPath: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
    for route in router.routes {
      byPath[route.path.description, default: (route.path, [])].methods.insert(route.method)
    }
    let table = byPath.values.map { route in
      var methods = route.methods
      // Hummingbird adds HEAD to every GET route when it builds the responder, after this.
      if methods.contains(.get) { methods.insert(.head) }
      return (path: route.path, methods: methods)
    }
    routes.withLock { $0 = table }
  }

  /// The methods some route serves (HEAD with GET).
  public var allMethods: Set<HTTPRequest.Method> {
    routes.withLock { routes in routes.reduce(into: Set()) { $0.formUnion($1.methods) } }
  }

  /// The methods the routes matching `path` serve (HEAD with GET); `nil` when no route matches
  /// the path.
  public func methods(forPath path: String) -> Set<HTTPRequest.Method>? {
    let components = path.split(separator: "/")
    let matching = routes.withLock { routes in
      routes.filter { Self.matches($0.path, components) }.map(\.methods)
    }
    guard !matching.isEmpty else { return nil }
    return matching.reduce(into: Set()) { $0.formUnion($1) }
  }

  /// The value of an `Allow` header for a path whose routes serve `methods`: those and
  /// OPTIONS, which ``MethodNotAllowedMiddleware`` answers, in ``ordered(_:)``'s order.
  public static func allowHeader(_ methods: Set<HTTPRequest.Method>) -> String {
    ordered(methods.union([.options])).map(\.rawValue).joined(separator: ", ")
  }

  /// `methods` in the usual order: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, then any
  /// other by name.
  static func ordered(_ methods: Set<HTTPRequest.Method>) -> [HTTPRequest.Method] {
    let usual: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
    return usual.filter(methods.contains)
      + methods.subtracting(usual).sorted { $0.rawValue < $1.rawValue }
  }

  /// Whether `path` matches the path components of a request, as the router's trie does:
  /// empty components are ignored, `**` takes the rest.
  static func matches(_ path: RouterPath, _ components: [Substring]) -> Bool {
    var remaining = components[...]
    for element in path.components {
      if element == .recursiveWildcard { return true }
      guard let component = remaining.popFirst(), element ~= component else { return false }
    }
    return remaining.isEmpty
  }
}
