import ArgumentParser

/// `tca`: the repository's developer tools.
@main
struct TCA: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tca",
    abstract: "Developer tools for the TCA-on-Linux monorepo.",
    discussion: """
      Run from the repository, for example `swift run --package-path Tooling tca affected`.
      """,
    subcommands: [Affected.self, NewFeature.self, CheckArchitecture.self, Graph.self]
  )
}
