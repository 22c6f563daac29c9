/// The smaller runs tried when a run of commands fails, most shrunk first.
///
/// First whole chunks of steps are left out, halves first, then quarters and so on down to
/// single steps: a run stops at its first broken invariant, so the steps after it go in the
/// first try, and the steps that do not matter go a chunk at a time rather than one by one (as
/// the library's element-by-element array shrinker would, which is quadratic in a run of a
/// thousand steps). Then single steps are simplified: their details, then their kind, set to 0.
/// Every candidate is strictly smaller, so shrinking ends.
struct CommandShrinks: Sequence, Sendable {
  let commands: [AppCommand]

  init(_ commands: [AppCommand]) {
    self.commands = commands
  }

  func makeIterator() -> Iterator {
    Iterator(commands: commands)
  }

  struct Iterator: IteratorProtocol {
    let commands: [AppCommand]
    /// The size of the chunk left out, or 0 once every chunk size was tried.
    var chunk: Int
    /// Where the next chunk left out starts.
    var start = 0
    /// The step simplified next, once chunks are done.
    var simplified = 0

    init(commands: [AppCommand]) {
      self.commands = commands
      self.chunk = Swift.max(commands.count / 2, commands.isEmpty ? 0 : 1)
    }

    mutating func next() -> [AppCommand]? {
      while chunk > 0 {
        if start < commands.count {
          var candidate = commands
          candidate.removeSubrange(start..<Swift.min(start + chunk, commands.count))
          start += chunk
          return candidate
        }
        chunk = chunk == 1 ? 0 : Swift.max(chunk / 2, 1)
        start = 0
      }
      while simplified < commands.count {
        let index = simplified
        simplified += 1
        let command = commands[index]
        let simpler: AppCommand
        if command.first != 0 || command.second != 0 {
          simpler = AppCommand(kindSelector: command.kindSelector, first: 0, second: 0)
        } else if command.kindSelector != 0 {
          simpler = AppCommand(kindSelector: 0, first: 0, second: 0)
        } else {
          continue
        }
        var candidate = commands
        candidate[index] = simpler
        return candidate
      }
      return nil
    }
  }
}
