import ConcurrencyExtras
import Dependencies
import Dispatch
import Foundation
import Testing

@testable import Sharing

/// A file system in memory whose change events and delayed work run when the test says, and
/// whose write of chosen contents waits, once it has started, until the test lets it land: so a
/// test can put another thread's write or change event in the middle of it.
private final class ScriptedFiles: @unchecked Sendable {
  let files = LockIsolated<[URL: Data]>([:])
  private let handlers = LockIsolated<[@Sendable () -> Void]>([])
  private let scheduled = LockIsolated<[@Sendable () -> Void]>([])
  private let heldContents = LockIsolated<Data?>(nil)
  private let writeStarted = DispatchSemaphore(value: 0)
  private let writeReleased = DispatchSemaphore(value: 0)

  var storage: FileStorage {
    FileStorage(
      id: AnyHashableSendable(ObjectIdentifier(self)),
      load: { [files] url in files.withValue { $0[url] } },
      save: { [self] data, url in
        if heldContents.withValue({ $0 == data }) {
          writeStarted.signal()
          writeReleased.wait()
        }
        files.withValue { $0[url] = data }
      },
      moveAside: { [files] url in
        let destination = url.appendingPathExtension("corrupt")
        files.withValue { ($0[destination], $0[url]) = ($0[url], nil) }
        return destination
      },
      watch: { [handlers] _, handler in
        handlers.withValue { $0.append(handler) }
        return SharedSubscription {}
      },
      schedule: { [scheduled] _, work in scheduled.withValue { $0.append(work) } }
    )
  }

  /// Makes the next write of `contents` wait, once started, for ``releaseHeldWrite()``.
  func holdWrite(of contents: Data) { heldContents.setValue(contents) }

  /// Waits until the held write has started.
  func waitForHeldWrite() { writeStarted.wait() }

  /// Lets the held write land.
  func releaseHeldWrite() {
    heldContents.setValue(nil)
    writeReleased.signal()
  }

  /// Tells every watcher that the file may have changed, as the file system would.
  func sendChangeEvent() {
    for handler in handlers.value { handler() }
  }

  /// Runs the work scheduled so far (the end of a write's throttle), as its delay would; only
  /// the first `count` items, when given.
  func runScheduledWork(first count: Int = .max) {
    let work = scheduled.withValue { work in
      defer { work.removeFirst(min(count, work.count)) }
      return work.prefix(count)
    }
    for item in work { item() }
  }
}

/// Runs `work` on a thread of its own; the group is left when it is done.
private func onThread(_ group: DispatchGroup, _ work: @escaping @Sendable () -> Void) {
  group.enter()
  Thread {
    work()
    group.leave()
  }.start()
}

private let url = URL(fileURLWithPath: "/scripted/count.json")

/// `.fileStorage` when its writes and change events meet on different threads: the file ends
/// with the newest value, a change event never reverts a change of this process, and a file
/// removed (or emptied) gives the default back, even while a change is held back.
struct FileStorageOrderingTests {
  @Test
  func aWriteAtAThrottlesEndNeverLandsAfterTheChangeMadeWhileItIsWritten() throws {
    let scripted = ScriptedFiles()
    try withDependencies {
      $0.defaultFileStorage = scripted.storage
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }  // written at once
      $count.withLock { $0 = 2 }  // held back until the throttle ends
      scripted.holdWrite(of: try JSONEncoder().encode(2))
      let group = DispatchGroup()
      onThread(group) { scripted.runScheduledWork() }
      scripted.waitForHeldWrite()
      let shared = $count
      onThread(group) { shared.withLock { $0 = 3 } }
      // Time for the change of 3 to be written, were nothing keeping it after the write of 2.
      Thread.sleep(forTimeInterval: 0.2)
      scripted.releaseHeldWrite()
      group.wait()
      let saved = try #require(scripted.files.value[url])
      #expect(try JSONDecoder().decode(Int.self, from: saved) == 3)
      #expect(count == 3)
    }
  }

  @Test
  func aChangeEventDuringThisProcesssWriteDoesNotTakeTheFileBeforeItForANewValue() throws {
    let scripted = ScriptedFiles()
    try withDependencies {
      $0.defaultFileStorage = scripted.storage
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      $count.withLock { $0 = 2 }
      scripted.runScheduledWork()  // 2 is written, and the throttle is over
      scripted.holdWrite(of: try JSONEncoder().encode(3))
      let shared = $count
      let group = DispatchGroup()
      onThread(group) { shared.withLock { $0 = 3 } }
      scripted.waitForHeldWrite()
      // The event of the write of 2, read while the file still holds 2 and 3 is being written.
      onThread(group) { scripted.sendChangeEvent() }
      Thread.sleep(forTimeInterval: 0.2)
      #expect(count == 3)
      scripted.releaseHeldWrite()
      group.wait()
      scripted.sendChangeEvent()
      #expect(count == 3)
      let saved = try #require(scripted.files.value[url])
      #expect(try JSONDecoder().decode(Int.self, from: saved) == 3)
    }
  }

  @Test
  func aChangeHeldBackAfterAnExplicitSaveIsStillWrittenAtExit() async throws {
    let scripted = ScriptedFiles()
    try await withDependencies {
      $0.defaultFileStorage = scripted.storage
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }  // written at once; a throttle starts
      try await $count.save()  // written at once; a second throttle starts
      $count.withLock { $0 = 2 }  // held back by the second throttle
      scripted.runScheduledWork(first: 1)  // the first throttle ends: not the one holding 2
      PendingFileWrites.shared.flushAll(of: scripted.storage)  // what the process does at exit
      let saved = try #require(scripted.files.value[url])
      #expect(try JSONDecoder().decode(Int.self, from: saved) == 2)
    }
  }

  @Test
  func deletingTheFileDropsAChangeHeldBackAndGivesTheDefaultBack() {
    let scripted = ScriptedFiles()
    withDependencies {
      $0.defaultFileStorage = scripted.storage
    } operation: {
      @Shared(.fileStorage(url)) var count = 1
      $count.withLock { $0 = 2 }
      $count.withLock { $0 = 3 }  // held back
      scripted.files.withValue { $0[url] = nil }
      scripted.sendChangeEvent()
      #expect(count == 1)
      scripted.runScheduledWork()  // the throttle ends with nothing to write
      #expect(scripted.files.value[url] == nil)
      #expect($count.loadError == nil)
      #expect($count.saveError == nil)
    }
  }

  @Test
  func aFileEmptiedWhileAChangeIsHeldBackGetsTheChange() {
    let scripted = ScriptedFiles()
    withDependencies {
      $0.defaultFileStorage = scripted.storage
    } operation: {
      @Shared(.fileStorage(url)) var numbers = [Int]()
      $numbers.withLock { $0.append(1) }
      $numbers.withLock { $0.append(2) }  // held back
      scripted.files.withValue { $0[url] = Data() }  // another process empties the file
      scripted.sendChangeEvent()
      #expect(numbers == [1, 2])
      scripted.runScheduledWork()  // the throttle ends: the change held back is written
      #expect(
        scripted.files.value[url].map { try? JSONDecoder().decode([Int].self, from: $0) } == [1, 2])
      #expect($numbers.loadError == nil)
    }
  }

  @Test
  func anEmptyFileReadsAsNoValueAndIsNotKeptAside() {
    let scripted = ScriptedFiles()
    scripted.files.withValue { $0[url] = Data() }
    withDependencies {
      $0.defaultFileStorage = scripted.storage
    } operation: {
      @Shared(.fileStorage(url)) var count = 7
      #expect(count == 7)
      #expect($count.loadError == nil)
      $count.withLock { $0 = 8 }
      scripted.files.withValue { $0[url] = Data() }  // emptied by hand while in use
      scripted.sendChangeEvent()
      #expect(count == 7)
      #expect($count.loadError == nil)
      #expect(scripted.files.value.keys.sorted { $0.path < $1.path } == [url])
    }
  }
}
