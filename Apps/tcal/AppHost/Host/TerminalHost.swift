import ComposableArchitecture
import Foundation
import Observation
import TerminalUI

/// Runs the app full-screen in a terminal: keys in, frames out.
///
/// - Frames are drawn from the app's state; the host observes what a frame read and redraws
///   when that changes, at most once per ``frameInterval``: a change after a quiet moment (a
///   key press) is drawn at once, and changes that follow within the interval are coalesced
///   into one frame at its end.
/// - Only changed lines are written (``FrameDiff``); a resize redraws everything.
/// - A lone Escape is told apart from the start of an escape sequence by a short pause.
/// - The terminal is given back as found when the loop ends, whatever ends it (quit, SIGINT,
///   SIGTERM, SIGHUP, the end of input).
@MainActor
public final class TerminalHost {
  /// The most characters of one paste typed into a text field (every field here holds less).
  public static let maximumPastedCharacters = 1_000

  private let app: any HostedApp
  private let session: TerminalSession
  private let theme: Theme
  private var previous: Screen?
  private var decoder = KeyDecoder()
  private var tick = 0
  private var redrawScheduled = false
  private var settleScheduled = false
  /// When the last frame was drawn.
  private var lastDraw: ContinuousClock.Instant?
  /// How many frames were drawn; a change observed by an earlier frame than the last is
  /// already on screen.
  private var frameCount = 0
  private var flushScheduled = false
  private let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation

  /// The shortest time between two frames.
  public var frameInterval: Duration = .milliseconds(16)
  /// How long after an Escape byte the host waits for the rest of a sequence.
  public var escapeTimeout: Duration = .milliseconds(30)
  /// The time between two spinner frames.
  public var tickInterval: Duration = .milliseconds(100)
  /// How long after a change is reported the host draws once more (see ``Event/settle``).
  public var settleInterval: Duration = .milliseconds(50)

  private enum Event: Sendable {
    case input([UInt8])
    case inputEnded
    case signal(SignalEvent)
    case stateChanged(frame: Int)
    case redraw
    /// A second look after a change: observation reports a change before it is made, and one
    /// made on another thread (a settings file another process wrote) may land after the frame
    /// drawn for the report, which then shows the value before.
    case settle
    case flushEscape
    case tick
  }

  /// Creates a host drawing `app` on `session` in `theme`.
  public init(app: any HostedApp, session: TerminalSession, theme: Theme) {
    self.app = app
    self.session = session
    self.theme = theme
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
  }

  /// Runs until the person quits or a signal asks the app to stop, then restores the terminal.
  public func run() async {
    let signals = SignalEvents()
    let continuation = self.continuation
    let signalTask = Task {
      for await signal in signals.events { continuation.yield(.signal(signal)) }
    }
    InputReader.start(
      descriptor: session.input,
      onBytes: { continuation.yield(.input($0)) },
      onEnd: { continuation.yield(.inputEnded) }
    )
    let ticker = Task { [tickInterval] in
      while !Task.isCancelled {
        try? await Task.sleep(for: tickInterval)
        continuation.yield(.tick)
      }
    }
    defer {
      signalTask.cancel()
      ticker.cancel()
      session.restore()
    }

    draw()
    for await event in events {
      switch event {
      case let .input(bytes):
        for key in decoder.decode(bytes) where !handle(key) { return }
        scheduleEscapeFlush()
      case .inputEnded:
        return
      case .signal(.resized):
        previous = nil
        draw()
      case .signal(.terminate):
        return
      case let .stateChanged(frame):
        scheduleSettle()
        // A frame drawn since then already shows the change (or the settle redraw will).
        guard frame == frameCount else { continue }
        scheduleRedraw()
      case .redraw:
        redrawScheduled = false
        draw()
      case .settle:
        settleScheduled = false
        draw()
      case .flushEscape:
        flushScheduled = false
        for key in decoder.flush() where !handle(key) { return }
      case .tick:
        guard app.isAnimating else { continue }
        tick &+= 1
        draw()
      }
      if app.hasQuit { return }
    }
  }

  /// Handles one key; `false` means quit.
  private func handle(_ key: Key) -> Bool {
    if case let .paste(text) = key {
      return typePaste(text)
    }
    if key == .ctrl("c") {
      return requestQuit()
    }
    if key == .ctrl("l") {
      previous = nil
      draw()
      return true
    }
    if key == .ctrl("z") {
      // The shell's prompt until `fg`, then the whole screen again.
      session.suspend()
      previous = nil
      draw()
      return true
    }
    switch app.handle(key) {
    case .quit:
      // `q` where nothing takes it: the app asks first, as for `ctrl-c` (unsaved changes).
      return requestQuit()
    case .sent, .handled:
      scheduleRedraw()
      return true
    }
  }

  /// Types pasted `text` into the text field the screen has focused, a character at a time,
  /// with its line breaks and tabs as spaces and other control characters left out, up to
  /// ``maximumPastedCharacters``; on a screen without a text field the paste is ignored, so
  /// that no letter in it acts as a key. `false` means quit (never, as nothing typed quits).
  private func typePaste(_ text: String) -> Bool {
    guard app.takesText else { return true }
    for character in text.prefix(Self.maximumPastedCharacters) {
      let typed: Character
      if character.isNewline || character == "\t" {
        typed = " "
      } else if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) {
        typed = character
      } else {
        continue
      }
      guard app.takesText else { break }
      _ = app.handle(.character(typed))
    }
    scheduleRedraw()
    return true
  }

  /// Asks the app to quit; `false` when it may stop now.
  private func requestQuit() -> Bool {
    switch app.quitRequested() {
    case .quit: return false
    case .sent, .handled:
      scheduleRedraw()
      return !app.hasQuit
    }
  }

  /// Draws now when the last frame is at least ``frameInterval`` old, else once the interval
  /// has passed (one frame for every change until then).
  private func scheduleRedraw() {
    guard !redrawScheduled else { return }
    guard
      let wait = Self.redrawDelay(
        sinceLastFrame: lastDraw.map { ContinuousClock.now - $0 }, frameInterval: frameInterval)
    else {
      draw()
      return
    }
    redrawScheduled = true
    let continuation = self.continuation
    Task {
      try? await Task.sleep(for: wait)
      continuation.yield(.redraw)
    }
  }

  /// How long to wait before drawing a change `elapsed` after the last frame (`nil` before the
  /// first): `nil` to draw at once, when a whole `frameInterval` has passed.
  nonisolated static func redrawDelay(
    sinceLastFrame elapsed: Duration?, frameInterval: Duration
  ) -> Duration? {
    guard let elapsed, elapsed < frameInterval else { return nil }
    return frameInterval - elapsed
  }

  private func scheduleSettle() {
    guard !settleScheduled else { return }
    settleScheduled = true
    let continuation = self.continuation
    Task { [settleInterval] in
      try? await Task.sleep(for: settleInterval)
      continuation.yield(.settle)
    }
  }

  private func scheduleEscapeFlush() {
    guard decoder.hasPendingInput, !flushScheduled else { return }
    flushScheduled = true
    let continuation = self.continuation
    Task { [escapeTimeout] in
      try? await Task.sleep(for: escapeTimeout)
      continuation.yield(.flushEscape)
    }
  }

  /// Renders a frame, observing what it reads, and writes what changed.
  private func draw() {
    let size = session.size
    let context = RenderContext(
      width: size.width, height: size.height, theme: theme, tick: tick)
    let continuation = self.continuation
    let app = self.app
    frameCount &+= 1
    let frame = frameCount
    let screen = withObservationTracking {
      // Read here so that the app's finishing to ask wakes the loop, which then stops.
      _ = app.hasQuit
      return app.screen(in: context)
    } onChange: {
      continuation.yield(.stateChanged(frame: frame))
    }
    let bytes = FrameDiff.update(from: previous, to: screen)
    if !bytes.isEmpty { session.write(bytes) }
    previous = screen
    lastDraw = .now
  }
}
