import GRDB
import SharedModels

extension APIDatabase {
  /// A page of users, by id.
  public func users(_ request: PageRequest) async throws -> Page<User> {
    try await pool.read { db in
      let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
      let users = try Row.fetchAll(
        db, sql: "SELECT \(userColumns) FROM user u ORDER BY u.id LIMIT ? OFFSET ?",
        arguments: [request.limit, request.offset]
      ).map { try User(row: $0) }
      return Page(items: users, page: request.page, limit: request.limit, total: total)
    }
  }

  /// The user with `id`, or `nil`.
  public func user(id: Int) async throws -> User? {
    try await pool.read { db in
      try Row.fetchOne(
        db, sql: "SELECT \(userColumns) FROM user u WHERE u.id = ?", arguments: [id]
      ).map { try User(row: $0) }
    }
  }
}
