import ConcurrencyExtras
import Dependencies
import Foundation
import Observation
@_spi(Internals) import Sharing
import Testing

private struct Preferences: Codable, Equatable, Sendable {
  var theme = "dark"
  var pageSize = 20
}

/// A directory of its own under the temporary directory, removed when the test ends.
private struct ScratchDirectory: ~Copyable {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("FileStorageKeyTests-\(UUID().uuidString)", isDirectory: true)

  init() {
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  deinit { try? FileManager.default.removeItem(at: url) }
}

/// Waits up to `seconds` for `condition`, checking every 10 ms.
private func eventually(
  within seconds: Double = 5, _ condition: @Sendable () -> Bool
) async -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return condition()
}

/// `.fileStorage`: in memory in tests, on disk in the app, atomic, throttled, following other
/// processes' changes, and never overwriting a file it could not read.
struct FileStorageKeyTests {
  @Test
  func inTestsTheFileSystemIsInMemoryAndEmpty() throws {
    let directory = ScratchDirectory()
    let url = directory.file("preferences.json")
    @Shared(.fileStorage(url)) var preferences = Preferences()
    $preferences.withLock { $0.theme = "light" }
    #expect(!FileManager.default.fileExists(atPath: url.path))
    @Dependency(\.defaultFileStorage) var storage
    let saved = try #require(try storage.load(url))
    #expect(try JSONDecoder().decode(Preferences.self, from: saved).theme == "light")
  }

  @Test
  func eachTestStartsWithNoFiles() {
    @Shared(.fileStorage(URL(fileURLWithPath: "/shared/preferences.json")))
    var preferences = Preferences(theme: "from this test")
    #expect(preferences.theme == "from this test")
  }

  @Test
  func everyHolderOfAURLSharesOneValue() {
    let url = URL(fileURLWithPath: "/shared/preferences.json")
    @Shared(.fileStorage(url)) var preferences = Preferences()
    @Shared(.fileStorage(url)) var same = Preferences(theme: "ignored")
    $preferences.withLock { $0.pageSize = 50 }
    #expect(same.pageSize == 50)
    #expect(same.theme == "dark")
  }

  @Test
  func aSavedFileIsLoadedByTheNextHolder() throws {
    let files = LockIsolated<[URL: Data]>([:])
    let url = URL(fileURLWithPath: "/shared/preferences.json")
    withDependencies {
      $0.defaultFileStorage = .inMemory(files: files)
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      $preferences.withLock { $0.theme = "solarized" }
    }
    let json = try #require(files[url])
    #expect(String(decoding: json, as: UTF8.self).contains(#""theme" : "solarized""#))
    withDependencies {
      $0.defaultFileStorage = .inMemory(files: files)
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      #expect(preferences.theme == "solarized")
    }
  }

  @Test
  func anUndecodableFileIsMovedAsideAndTheDefaultUsed() throws {
    let garbage = Data("{ not json".utf8)
    let url = URL(fileURLWithPath: "/shared/preferences.json")
    let files = LockIsolated<[URL: Data]>([url: garbage])
    try withDependencies {
      $0.defaultFileStorage = .inMemory(files: files)
    } operation: {
      @Shared(value: Preferences()) var preferences
      $preferences = Shared(wrappedValue: Preferences(theme: "default"), .fileStorage(url))
      #expect(preferences.theme == "default")
      let error = try #require($preferences.loadError as? FileStorageError)
      guard case .unreadable(let path, .some(let movedTo), _) = error else {
        Issue.record("Expected the file to be moved aside, got \(error)")
        return
      }
      #expect(path == url.path)
      #expect(files[URL(fileURLWithPath: movedTo)] == garbage)
      $preferences.withLock { $0.theme = "light" }
      #expect(files[URL(fileURLWithPath: movedTo)] == garbage)
    }
  }

  @Test
  func customDecodeAndEncode() {
    let url = URL(fileURLWithPath: "/shared/count.txt")
    let files = LockIsolated<[URL: Data]>([url: Data("41".utf8)])
    withDependencies {
      $0.defaultFileStorage = .inMemory(files: files)
    } operation: {
      @Shared(
        .fileStorage(
          url,
          decode: { @Sendable in Int(String(decoding: $0, as: UTF8.self)) ?? 0 },
          encode: { @Sendable in Data(String($0).utf8) }
        )
      )
      var count = 0
      #expect(count == 41)
      $count.withLock { $0 += 1 }
      #expect(files[url] == Data("42".utf8))
    }
  }
}

/// `.fileStorage` on the disk.
@Suite(.serialized)
struct FileStorageOnDiskTests {
  @Test
  func writesLandOnDiskAsJSON() throws {
    let directory = ScratchDirectory()
    let url = directory.file("nested/preferences.json")
    try withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      $preferences.withLock { $0.theme = "light" }
      let saved = try JSONDecoder().decode(Preferences.self, from: Data(contentsOf: url))
      #expect(saved == Preferences(theme: "light"))
    }
  }

  @Test
  func changesWithinASecondOfAWriteAreCoalescedIntoOneWriteAtItsEnd() async {
    let directory = ScratchDirectory()
    let url = directory.file("preferences.json")
    await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      $preferences.withLock { $0.pageSize = 1 }
      $preferences.withLock { $0.pageSize = 2 }
      $preferences.withLock { $0.pageSize = 3 }
      let onDisk = { @Sendable in
        (try? JSONDecoder().decode(Preferences.self, from: Data(contentsOf: url)))?.pageSize
      }
      #expect(onDisk() == 1)
      #expect(await eventually { onDisk() == 3 })
      #expect(preferences.pageSize == 3)
    }
  }

  @Test
  func anExplicitSaveWritesAtOnce() async throws {
    let directory = ScratchDirectory()
    let url = directory.file("preferences.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      $preferences.withLock { $0.pageSize = 1 }
      $preferences.withLock { $0.pageSize = 2 }
      try await $preferences.save()
      let saved = try JSONDecoder().decode(Preferences.self, from: Data(contentsOf: url))
      #expect(saved.pageSize == 2)
    }
  }

  @Test
  func aChangeAnotherProcessMakesIsPickedUpAndObserved() async throws {
    let directory = ScratchDirectory()
    let url = directory.file("preferences.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      let changed = LockIsolated(false)
      withObservationTracking {
        _ = preferences.theme
      } onChange: {
        changed.setValue(true)
      }
      // Written the way another process would: not through this process's storage.
      try JSONEncoder().encode(Preferences(theme: "from elsewhere"))
        .write(to: url, options: .atomic)
      #expect(await eventually { changed.value })
      let shared = $preferences
      #expect(await eventually { shared.wrappedValue.theme == "from elsewhere" })
    }
  }

  @Test
  func aFileAnotherProcessWritesInPlaceIsReadOnceItIsWrittenAndNeverKeptAside() async throws {
    let directory = ScratchDirectory()
    let url = directory.file("preferences.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      // Created, then written in two parts with a pause between them, as a slow writer does:
      // what is there before it is done cannot be decoded.
      let json = try JSONEncoder().encode(Preferences(theme: "from elsewhere"))
      let file = try #require(fopen(url.path, "w"))
      _ = json.prefix(5).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
      fflush(file)
      try await Task.sleep(for: .milliseconds(400))
      _ = json.dropFirst(5).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
      fclose(file)
      let shared = $preferences
      #expect(await eventually { shared.wrappedValue.theme == "from elsewhere" })
      #expect(try Data(contentsOf: url) == json)
      let keptAside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        .filter { $0.contains(".corrupt-") }
      #expect(keptAside.isEmpty)
      #expect($preferences.loadError == nil)
    }
  }

  @Test
  func aFileAnotherProcessMakesUndecodableIsKeptAsideOnceItSettles() async throws {
    let directory = ScratchDirectory()
    let url = directory.file("preferences.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      let garbage = Data("{ \"theme\": 3 }".utf8)
      // The issue is reported from the queue that watches the file, outside the test.
      try garbage.write(to: url, options: .atomic)
      let shared = $preferences
      #expect(await eventually { shared.loadError != nil })
      #expect(preferences == Preferences())
      let keptAside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        .filter { $0.contains(".corrupt-") }
      #expect(keptAside.count == 1)
      #expect(!FileManager.default.fileExists(atPath: url.path))
    }
  }

  @Test
  func aFileMadeUndecodableWhileItsValueIsInUseIsKeptAsideAndTheValueWrittenBack() async throws {
    let directory = ScratchDirectory()
    let url = directory.file("preferences.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      $preferences.withLock { $0.theme = "light" }
      let saved = try Data(contentsOf: url)
      let garbage = Data("garbage!!".utf8)
      try garbage.write(to: url, options: .atomic)
      let shared = $preferences
      #expect(await eventually { shared.loadError != nil })
      #expect(preferences.theme == "light")
      let error = try #require($preferences.loadError as? FileStorageError)
      guard case .unreadableChange(let path, let movedTo, _) = error else {
        Issue.record("Expected the value to be written back, got \(error)")
        return
      }
      #expect(path == url.path)
      #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage)
      #expect(try Data(contentsOf: url) == saved)
      #expect("\(error)".contains("written back"))
      // The write back is the key's own: it is not read as a change.
      try await Task.sleep(for: .milliseconds(300))
      #expect(preferences.theme == "light")
    }
  }

  @Test
  func aFileInADirectoryMadeLaterIsPickedUpByPolling() async throws {
    let directory = ScratchDirectory()
    let url = directory.file("later/preferences.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      // Watching made nothing.
      #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try JSONEncoder().encode(Preferences(theme: "from elsewhere"))
        .write(to: url, options: .atomic)
      let shared = $preferences
      #expect(await eventually { shared.wrappedValue.theme == "from elsewhere" })
    }
  }

  @Test
  func aDeletedFileGivesTheDefaultBack() async throws {
    let directory = ScratchDirectory()
    let url = directory.file("preferences.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      $preferences.withLock { $0.theme = "light" }
      try await Task.sleep(for: .milliseconds(100))
      try FileManager.default.removeItem(at: url)
      let shared = $preferences
      #expect(await eventually { shared.wrappedValue.theme == "dark" })
    }
  }

  @Test
  func anUndecodableFileOnDiskIsKeptAside() throws {
    let directory = ScratchDirectory()
    let url = directory.file("preferences.json")
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    let garbage = Data("{ \"theme\": 3 }".utf8)
    try garbage.write(to: url)
    try withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(value: Preferences()) var preferences
      $preferences = Shared(wrappedValue: Preferences(), .fileStorage(url))
      #expect(preferences == Preferences())
      let error = try #require($preferences.loadError as? FileStorageError)
      guard case .unreadable(_, .some(let movedTo), let reason) = error else {
        Issue.record("Expected the file to be moved aside, got \(error)")
        return
      }
      #expect(movedTo.hasPrefix(url.path + ".corrupt-"))
      #expect(reason.contains("theme"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage)
      #expect(!FileManager.default.fileExists(atPath: url.path))
      #expect("\(error)".contains("moved to \(movedTo)"))
    }
  }

  @Test
  func concurrentWritersNeverLeaveATornFile() async throws {
    let directory = ScratchDirectory()
    let url = directory.file("rows.json")
    let big = { @Sendable (n: Int) in Data(String(repeating: "\(n)", count: 200_000).utf8) }
    try FileStorage.fileSystem.save(big(0), url)
    let torn = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for writer in 1...4 {
        group.addTask {
          for _ in 0..<10 { try? FileStorage.fileSystem.save(big(writer), url) }
        }
      }
      group.addTask {
        for _ in 0..<200 {
          guard let data = try? Data(contentsOf: url) else { continue }
          if Set(data).count != 1 || data.count != 200_000 { torn.withValue { $0 += 1 } }
        }
      }
    }
    #expect(torn.value == 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(leftovers == ["rows.json"])
  }
}
