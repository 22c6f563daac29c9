import PropertyBased

/// One step of a randomized run, before it meets a state: which kind of action to send and two
/// numbers that pick its details (a row of a table, an offset, an id).
///
/// A command is resolved against the state it is sent in (``AppCommand/resolve(in:)``), so the
/// same numbers make a valid action in one state and an invalid one in another, and a sequence
/// with steps removed by shrinking still means something. Every number shrinks towards 0, and
/// 0 picks the simplest choice of each table.
struct AppCommand: Equatable, Sendable, CustomStringConvertible {
  /// Picks the kind: ``Kind/allCases`` by index, and anything past them a key press.
  var kindSelector: Int
  /// Picks the first detail (usually a row of a table of values).
  var first: Int
  /// Picks the second detail.
  var second: Int

  /// The kind of action this command sends.
  var kind: Kind {
    kindSelector < Kind.allCases.count ? Kind.allCases[kindSelector] : .key
  }

  var description: String {
    "\(kind)(\(first), \(second))"
  }

  /// How many extra draws go to key presses, the actions a person actually produces: about a
  /// third of all commands.
  static let extraKeyWeight = 30

  /// Random commands; every field shrinks towards 0.
  static var generator: Generator<AppCommand, Shrink.Tuple<(Int, Int, Int)>> {
    zip(
      Gen.int(in: 0...(Kind.allCases.count + extraKeyWeight - 1)),
      Gen.int(in: 0...255),
      Gen.int(in: 0...255)
    )
    .map { AppCommand(kindSelector: $0, first: $1, second: $2) }
  }

  /// Runs of `length` random commands, shrunk by removing chunks of steps, then by simplifying
  /// single steps (see ``CommandShrinks``).
  static func run(
    length: Int
  ) -> Generator<CommandRun, LazyMapSequence<CommandShrinks, CommandRun>> {
    let commands = generator.array(of: length)
    return Generator(
      run: { rng in CommandRun(commands: commands.run(using: &rng)) },
      shrink: { CommandShrinks($0.commands).lazy.map(CommandRun.init(commands:)) }
    )
  }
}

/// The commands of one run, described in full only when short (a failing run is described
/// once shrunk, and its unshrunk original would fill pages).
struct CommandRun: Equatable, Sendable, CustomStringConvertible {
  /// The commands, in the order they are sent.
  var commands: [AppCommand]

  var description: String {
    let shown = commands.prefix(20).map(\.description).joined(separator: ", ")
    let rest = commands.count > 20 ? ", … \(commands.count - 20) more" : ""
    return "\(commands.count) commands: [\(shown)\(rest)]"
  }
}

extension AppCommand {
  /// What a command sends.
  enum Kind: CaseIterable, Sendable {
    // The app's own actions.
    case tabSelected, backRequested, appOnAppear
    // The network the clients reach goes down or comes back (sends no action).
    case networkToggled
    // A key, mapped to an action by the app's view, as the terminal host does.
    case key
    // Home.
    case homeAppear, homeRefresh, homeRetry, homeMove, homeOpen, homeOpenAuthor, homeLoadNext
    case homeLatePage, homeFailure, homeAlertRetry, homeAlertDismiss, homeAlertSelection
    case homeDelegate
    // Search.
    case searchAppear, searchQuery, searchRetry, searchMove, searchOpen, searchLateResults
    case searchFailure, searchDelegate
    // Users.
    case usersAppear, usersRefresh, usersRetry, usersMove, usersOpen, usersLoadNext
    case usersLatePage, usersFailure, usersDelegate
    // Profile.
    case profileAppear, profileRetry, profileEdit, profileFocus, profileSave, profileLeave
    case profileLateLoaded, profileLateSaved, profileSaveFailed, profileLoadFailed
    case profileAlertRetry, profileAlertDismiss, profileDialogDiscard, profileDialogSave
    case profileDialogDismiss, profileDelegate
    // Settings.
    case settingsMove, settingsTheme, settingsPageSize, settingsDebounce
    case settingsPreviews, settingsReset, settingsNoticeDismissed, settingsChangedElsewhere
    // The drill-down stack, with ids on it, gone from it, next, or never made.
    case pathElement, pathPush, pathPop
  }
}
