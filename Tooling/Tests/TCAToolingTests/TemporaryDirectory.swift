import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
  let url: URL

  init(_ prefix: String = "tca-tests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `contents` to `path` inside the directory, creating folders as needed.
  func write(_ contents: String, to path: String) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: file)
  }

  /// Every file and folder inside the directory, as sorted relative paths.
  func listing() -> [String] {
    let base = url.standardizedFileURL.path
    let enumerator = FileManager.default.enumerator(atPath: base)
    var paths: [String] = []
    while let path = enumerator?.nextObject() as? String {
      paths.append(path)
    }
    return paths.sorted()
  }
}
