import AppFeature
import AppHost
import ComposableArchitecture
import FeatureKit
import Foundation
import SharedModels
import SharedModelsTesting
import TerminalUI
import UserListFeature

#if canImport(Glibc)
  import Glibc
#endif

/// `tcal --measure-keystrokes`: how long a key press takes to become a redrawn frame, and how
/// many bytes that frame writes, with 10,000 users loaded in the Users tab.
///
/// The composed app runs on the test doubles (no server), its Users tab holding `rows` users,
/// the selection on the first. Two measurements, each pressing `j` (down):
///
/// - in process: the key handled as the hosts handle it (the view's action sent to the store),
///   the frame rendered and diffed against the previous one, timed together;
/// - through the terminal host: the real ``TerminalHost`` on a pseudo-terminal, from the key's
///   byte written to the terminal to the last byte of the frame read back (a frame counts as
///   complete after 20 ms without output), one key at a time.
@MainActor
enum KeystrokeMeasurement {
  /// One key press: how long until its frame, and the bytes the frame wrote.
  struct Sample: Sendable {
    /// Wall-clock time.
    var seconds: Double
    /// The process's CPU time, when known: what the work cost whatever else the
    /// machine was doing (on a busy machine, wall-clock time includes waiting for a core).
    var cpuSeconds: Double?
    var bytes: Int
  }

  static let rows = 10_000
  static let size = TerminalSize(width: 100, height: 30)

  /// Runs both measurements and prints the report.
  static func run() async throws {
    #if DEBUG
      say("(a debug build: build with -c release for meaningful numbers)")
    #endif
    say(
      "Keystroke to frame: \(rows.formatted()) users in the Users tab, "
        + "\(size.width)×\(size.height), dark theme")
    let inProcess = measureInProcess(app: makeApp(), keystrokes: 1_000)
    say(report("in process (send + render + diff), 1,000 × j", inProcess))
    let hosted = try await measureThroughHost(app: makeApp(), keystrokes: 300)
    say(report("through TerminalHost on a pty, 300 × j", hosted))
  }

  /// Writes `line` to standard output at once (a pipe would buffer `print`).
  private static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// The composed app on the test doubles, showing `rows` users in the Users tab.
  static func makeApp() -> ComposedApp {
    let users = IdentifiedArray(
      uniqueElements: (1...rows).map { User.fixture(id: $0, postCount: $0 % 997) })
    var state = App.State(selectedTab: .users)
    state.users = UserList.State(users: users, paging: Paging(nextPage: nil))
    let store = Store(initialState: state) {
      App()
    } withDependencies: {
      ClientSource.mock.assign(to: &$0)
    }
    return ComposedApp(store: store, forcesMonochrome: false)
  }

  /// Presses `j` `keystrokes` times, timing each key's handling, rendering and diffing.
  static func measureInProcess(app: ComposedApp, keystrokes: Int) -> [Sample] {
    let context = RenderContext(width: size.width, height: size.height, theme: app.theme)
    var previous = app.screen(in: context)
    let clock = ContinuousClock()
    return (0..<keystrokes).map { _ in
      var bytes: [UInt8] = []
      let cpuStart = processCPUTime()
      let elapsed = clock.measure {
        _ = app.handle(.character("j"))
        let next = app.screen(in: context)
        bytes = FrameDiff.bytes(from: previous, to: next)
        previous = next
      }
      let cpu = processCPUTime() - cpuStart
      return Sample(seconds: elapsed.seconds, cpuSeconds: cpu, bytes: bytes.count)
    }
  }

  /// Runs `app` in a ``TerminalHost`` on a pseudo-terminal and presses `j` `keystrokes` times
  /// through it, then `q`.
  static func measureThroughHost(app: ComposedApp, keystrokes: Int) async throws -> [Sample] {
    var primary: Int32 = -1
    var secondary: Int32 = -1
    var windowSize = winsize(
      ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&primary, &secondary, nil, nil, &windowSize) == 0 else {
      throw TerminalError.system("openpty", errno)
    }
    defer {
      close(primary)
      close(secondary)
    }
    let session = try TerminalSession(input: secondary, output: secondary)
    let host = TerminalHost(app: app, session: session, theme: app.theme)
    let running = Task { await host.run() }
    let samples = await PseudoTerminalDriver.press(
      "j", times: keystrokes, primary: primary, quit: "q")
    await running.value
    return samples
  }

  /// The process's CPU time in seconds (`clock(3)`); while the keys are measured in process,
  /// nothing else in it runs.
  static func processCPUTime() -> Double {
    Double(clock()) / Double(CLOCKS_PER_SEC)
  }

  /// A line of the report: median and 95th percentile of the time and the bytes.
  static func report(_ title: String, _ samples: [Sample]) -> String {
    let bytes = samples.map(\.bytes).sorted()
    func milliseconds(_ value: Double) -> String { String(format: "%.3f ms", value * 1_000) }
    func times(_ values: [Double]) -> String {
      let sorted = values.sorted()
      return "median \(milliseconds(percentile(sorted, 0.5))), "
        + "p95 \(milliseconds(percentile(sorted, 0.95))), max \(milliseconds(sorted.last ?? 0))"
    }
    let cpu = samples.compactMap(\.cpuSeconds)
    return """
        \(title):
          wall   \(times(samples.map(\.seconds)))
      \(cpu.isEmpty ? "" : "    cpu    \(times(cpu))\n")\
          bytes  median \(percentile(bytes, 0.5)), p95 \(percentile(bytes, 0.95)), \
      max \(bytes.last ?? 0), mean \(bytes.isEmpty ? 0 : bytes.reduce(0, +) / bytes.count)
      """
  }

  /// The value at `fraction` of `sorted` (nearest rank).
  static func percentile<Value: Numeric>(_ sorted: [Value], _ fraction: Double) -> Value {
    guard !sorted.isEmpty else { return 0 }
    let index = Int((Double(sorted.count - 1) * fraction).rounded())
    return sorted[min(max(index, 0), sorted.count - 1)]
  }
}

/// Types keys into a pseudo-terminal's primary side and times the output that answers each,
/// on a thread of its own (its reads block).
enum PseudoTerminalDriver {
  /// How long without output ends a frame.
  static let quiet: Int32 = 20

  /// Waits for the first frame, then presses `key` `times` times, one at a time, timing each
  /// from the write to the last byte of its frame; then writes `quit`.
  static func press(
    _ key: String, times: Int, primary: Int32, quit: String
  ) async -> [KeystrokeMeasurement.Sample] {
    await withCheckedContinuation { continuation in
      let thread = Thread {
        // The first frame: wait up to 5 s for it, then until the output stops.
        _ = drain(primary, firstByteTimeout: 5_000)
        var samples: [KeystrokeMeasurement.Sample] = []
        for _ in 0..<times {
          let start = DispatchTime.now().uptimeNanoseconds
          write(primary, key)
          let (bytes, last) = drain(primary, firstByteTimeout: 1_000)
          let seconds = Double((last ?? start) - start) / 1_000_000_000
          samples.append(
            KeystrokeMeasurement.Sample(seconds: seconds, cpuSeconds: nil, bytes: bytes))
        }
        write(primary, quit)
        _ = drain(primary, firstByteTimeout: 1_000)
        continuation.resume(returning: samples)
      }
      thread.name = "tcal.measure"
      thread.start()
    }
  }

  private static func write(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    _ = Glibc.write(descriptor, &bytes, bytes.count)
  }

  /// Reads until `quiet` ms pass without output (waiting `firstByteTimeout` ms for the first
  /// byte): how many bytes came, and when the last one did.
  private static func drain(
    _ descriptor: Int32, firstByteTimeout: Int32
  ) -> (bytes: Int, last: UInt64?) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var total = 0
    var last: UInt64?
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while poll(&poller, 1, last == nil ? firstByteTimeout : quiet) > 0 {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      total += count
      last = DispatchTime.now().uptimeNanoseconds
    }
    return (total, last)
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  fileprivate var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
