import GRDB

/// The database schema, as a sequence of migrations.
enum Schema {
  /// Migrates the database of `writer` to the current schema.
  ///
  /// Two processes may open one new file at the same moment (two apps started together on a
  /// new data directory). GRDB's migrator reads which migrations are applied before it takes
  /// the write lock for each, so both may run the same one; the second's transaction then fails
  /// (the table is already there) and is rolled back, leaving nothing half-made. When a failure
  /// comes with more migrations applied than before, another process made progress: the
  /// applied ones are read again and the rest run. Any other failure is thrown.
  static func migrate(_ writer: some DatabaseWriter) throws {
    let migrator = migrator
    var applied = try writer.read { db in try migrator.appliedIdentifiers(db) }
    while true {
      do {
        return try migrator.migrate(writer)
      } catch {
        let now = try writer.read { db in try migrator.appliedIdentifiers(db) }
        guard now.isStrictSuperset(of: applied) else { throw error }
        applied = now
      }
    }
  }

  /// The migrations, in order. Never edit a shipped migration; append a new one.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: users, posts and their full-text indexes") { db in
      try db.execute(
        sql: """
          CREATE TABLE user (
            id INTEGER PRIMARY KEY,
            handle TEXT NOT NULL UNIQUE,
            displayName TEXT NOT NULL,
            bio TEXT NOT NULL,
            email TEXT NOT NULL,
            joinedAt INTEGER NOT NULL
          );
          CREATE TABLE post (
            id INTEGER PRIMARY KEY,
            authorID INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            body TEXT NOT NULL,
            createdAt INTEGER NOT NULL,
            likeCount INTEGER NOT NULL DEFAULT 0
          );
          CREATE INDEX post_by_date ON post(createdAt DESC, id DESC);
          CREATE INDEX post_by_author_date ON post(authorID, createdAt DESC, id DESC);

          CREATE VIRTUAL TABLE user_fts USING fts5(
            handle, displayName, bio,
            content = 'user', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2'
          );
          CREATE TRIGGER user_fts_insert AFTER INSERT ON user BEGIN
            INSERT INTO user_fts(rowid, handle, displayName, bio)
            VALUES (new.id, new.handle, new.displayName, new.bio);
          END;
          CREATE TRIGGER user_fts_delete AFTER DELETE ON user BEGIN
            INSERT INTO user_fts(user_fts, rowid, handle, displayName, bio)
            VALUES ('delete', old.id, old.handle, old.displayName, old.bio);
          END;
          CREATE TRIGGER user_fts_update AFTER UPDATE ON user BEGIN
            INSERT INTO user_fts(user_fts, rowid, handle, displayName, bio)
            VALUES ('delete', old.id, old.handle, old.displayName, old.bio);
            INSERT INTO user_fts(rowid, handle, displayName, bio)
            VALUES (new.id, new.handle, new.displayName, new.bio);
          END;

          CREATE VIRTUAL TABLE post_fts USING fts5(
            body,
            content = 'post', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2'
          );
          CREATE TRIGGER post_fts_insert AFTER INSERT ON post BEGIN
            INSERT INTO post_fts(rowid, body) VALUES (new.id, new.body);
          END;
          CREATE TRIGGER post_fts_delete AFTER DELETE ON post BEGIN
            INSERT INTO post_fts(post_fts, rowid, body) VALUES ('delete', old.id, old.body);
          END;
          CREATE TRIGGER post_fts_update AFTER UPDATE OF body ON post BEGIN
            INSERT INTO post_fts(post_fts, rowid, body) VALUES ('delete', old.id, old.body);
            INSERT INTO post_fts(rowid, body) VALUES (new.id, new.body);
          END;
          """)
    }
    migrator.registerMigration("v2: full-text indexes tokenized by search_words") { db in
      // The indexes again, with `SearchWordsTokenizer`, rebuilt from their tables.
      try db.execute(
        sql: """
          DROP TABLE user_fts;
          DROP TABLE post_fts;
          CREATE VIRTUAL TABLE user_fts USING fts5(
            handle, displayName, bio,
            content = 'user', content_rowid = 'id',
            tokenize = '\(SearchWordsTokenizer.name)'
          );
          CREATE VIRTUAL TABLE post_fts USING fts5(
            body,
            content = 'post', content_rowid = 'id',
            tokenize = '\(SearchWordsTokenizer.name)'
          );
          INSERT INTO user_fts(user_fts) VALUES ('rebuild');
          INSERT INTO post_fts(post_fts) VALUES ('rebuild');
          """)
    }
    return migrator
  }
}
