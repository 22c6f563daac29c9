import Foundation
import SharedModels
import Testing

@testable import APIServer

extension ServerSuite {
  @Suite("Dataset")
  struct DatasetTests {
    /// The first users and newest posts of a database seeded with `dataset`.
    static func sample(_ dataset: DatasetConfiguration) async throws -> ([User], [Post]) {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let database = try APIDatabase(path: path)
      try database.seedIfEmpty(dataset)
      let users = try await database.users(PageRequest(page: 1, limit: 30)).items
      let posts = try await database.feed(PageRequest(page: 1, limit: 50)).items
      return (users, posts)
    }

    @Test func sameSeedGivesTheSameData() async throws {
      let first = try await Self.sample(.small)
      let second = try await Self.sample(.small)
      #expect(first.0 == second.0)
      #expect(first.1 == second.1)
      #expect(first.0.count == 30)
    }

    @Test func differentSeedsGiveDifferentData() async throws {
      let first = try await Self.sample(.small)
      var other = DatasetConfiguration.small
      other.seed = 8
      let second = try await Self.sample(other)
      #expect(first.0.map(\.handle) != second.0.map(\.handle))
      #expect(first.1.map(\.body) != second.1.map(\.body))
    }

    @Test func seedingAFilledDatabaseChangesNothing() throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let database = try APIDatabase(path: path)
      #expect(try database.seedIfEmpty(.small))
      var other = DatasetConfiguration.small
      other.seed = 99
      #expect(try !database.seedIfEmpty(other))
    }

    @Test func fullDatasetIsLargeAndUnique() async throws {
      try await withLiveServer(dataset: .standard) { server in
        let counts = try await server.database.counts()
        #expect(counts.users >= 1_000)
        #expect(counts.posts >= 20_000)
        let users = try await server.database.users(PageRequest(page: 1, limit: 100)).items
        #expect(Set(users.map(\.handle)).count == users.count)
        #expect(users.allSatisfy { !$0.displayName.isEmpty && $0.bio.count <= 160 })
      }
    }

    @Test func generatorMakesEveryUserThenEveryPostOneAtATime() {
      var generator = DatasetGenerator(configuration: .small)
      var userIDs: [Int] = []
      while let user = generator.nextUser() {
        userIDs.append(user.id)
      }
      #expect(userIDs == Array(1...DatasetConfiguration.small.userCount))
      #expect(generator.handles.count == userIDs.count)
      #expect(Set(generator.handles).count == userIDs.count)
      var postIDs: [Int] = []
      while let post = generator.nextPost() {
        postIDs.append(post.id)
        #expect(userIDs.contains(post.authorID))
      }
      #expect(postIDs == Array(1...DatasetConfiguration.small.postCount))
      #expect(generator.nextUser() == nil)
    }

    @Test func splitMix64MatchesTheReferenceSequence() {
      var random = SplitMix64(seed: 0)
      #expect(random.next() == 0xE220_A839_7B1D_CDAF)
      #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }
  }
}
