/// Where an operator was applied, for the runtime warnings it reports.
@usableFromInline
struct SourceLocation: Sendable, CustomStringConvertible {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @inlinable
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Reports `message` as an issue at this location.
  ///
  /// The message names the location as `"\(location)"`: `Module/File.swift:12`.
  /// `Module/File.swift:12`, as the warnings name the place an operator was applied.
  @usableFromInline
  var description: String { "\(self.fileID):\(self.line)" }

  @usableFromInline
  func report(_ message: String) {
    reportIssue(
      message, fileID: self.fileID, filePath: self.filePath, line: self.line, column: self.column)
  }
}

/// A ``SourceLocation`` in an object, for reducers that carry one only to report mistakes.
@usableFromInline
final class _SourceLocationBox: Sendable {
  @usableFromInline let location: SourceLocation

  @inlinable
  init(_ location: SourceLocation) {
    self.location = location
  }
}
