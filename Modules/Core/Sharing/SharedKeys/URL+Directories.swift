import Foundation

#if !canImport(Darwin)
  extension URL {
    /// The user's documents directory, as `FileManager` answers on Linux (`~/Documents`).
    ///
    /// Foundation on Apple platforms has it; Foundation on Linux does not, and
    /// `.fileStorage(.documentsDirectory.appending(component: "sync-ups.json"))` is how TCA's
    /// samples name their files.
    public static var documentsDirectory: URL {
      directory(.documentDirectory, else: "Documents")
    }

    /// The user's application support directory, as `FileManager` answers on Linux
    /// (`$XDG_DATA_HOME`, else `~/.local/share`). Foundation on Apple platforms has it.
    public static var applicationSupportDirectory: URL {
      directory(.applicationSupportDirectory, else: ".local/share")
    }

    /// The user's caches directory, as `FileManager` answers on Linux (`$XDG_CACHE_HOME`, else
    /// `~/.cache`). Foundation on Apple platforms has it.
    public static var cachesDirectory: URL {
      directory(.cachesDirectory, else: ".cache")
    }

    private static func directory(
      _ directory: FileManager.SearchPathDirectory, else path: String
    ) -> URL {
      FileManager.default.urls(for: directory, in: .userDomainMask).first
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(path)
    }
  }
#endif
