import Foundation

/// Reads the output of `swift package describe --type json` into a ``PackageGraph``.
public enum PackageDescriptionDecoder {
  /// Decodes a package graph from `swift package describe --type json` output.
  ///
  /// - Throws: `DecodingError` when the data is not such a description.
  public static func graph(from data: Data) throws -> PackageGraph {
    let package = try JSONDecoder().decode(DescribedPackage.self, from: data)
    return PackageGraph(
      targets: package.targets.map { target in
        PackageTarget(
          name: target.name,
          kind: target.type,
          path: RepositoryPath.normalized(target.path),
          targetDependencies: target.targetDependencies ?? [],
          productDependencies: target.productDependencies ?? []
        )
      }
    )
  }
}

/// The parts of `swift package describe --type json` the tools read.
private struct DescribedPackage: Decodable {
  struct Target: Decodable {
    var name: String
    var path: String
    var type: TargetKind
    var targetDependencies: [String]?
    var productDependencies: [String]?

    enum CodingKeys: String, CodingKey {
      case name
      case path
      case type
      case targetDependencies = "target_dependencies"
      case productDependencies = "product_dependencies"
    }
  }

  var targets: [Target]
}
