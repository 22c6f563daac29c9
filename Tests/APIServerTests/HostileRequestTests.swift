import APIServer
import Foundation
import SharedModels
import Testing

/// A request sent byte for byte, and the statuses it may get: a refusal, or the right answer
/// when the bytes, odd as they are, mean something.
struct HostileCase: Sendable, CustomTestStringConvertible {
  var name: String
  var request: [UInt8]
  var allowed: Set<Int>

  var testDescription: String { name }

  init(_ name: String, _ request: [UInt8], allowed: Set<Int>) {
    self.name = name
    self.request = request
    self.allowed = allowed
  }

  init(_ name: String, _ request: String, allowed: Set<Int>) {
    self.init(name, Array(request.utf8), allowed: allowed)
  }

  /// `GET target` with a `Host` and `Connection: close`.
  static func get(_ name: String, _ target: String, allowed: Set<Int>) -> HostileCase {
    HostileCase(
      name, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      allowed: allowed)
  }

  /// `GET target` with raw bytes in the target.
  static func get(_ name: String, _ target: [UInt8], allowed: Set<Int>) -> HostileCase {
    HostileCase(
      name,
      Array("GET ".utf8) + target
        + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8),
      allowed: allowed)
  }

  /// `PUT /me` with `body` as JSON.
  static func putMe(_ name: String, _ body: [UInt8], allowed: Set<Int>) -> HostileCase {
    HostileCase(
      name,
      Array(
        ("PUT /me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n").utf8) + body,
      allowed: allowed)
  }

  /// `PUT /me` with `body` as JSON text.
  static func putMe(_ name: String, _ body: String, allowed: Set<Int>) -> HostileCase {
    putMe(name, Array(body.utf8), allowed: allowed)
  }
}

/// A refusal: any 4xx.
let refused = Set(400..<500)

extension ServerSuite {
  /// Hostile requests over a real socket: each gets a 4xx, or the right answer, never a 5xx,
  /// a dropped connection without an answer, or a crash; and the server answers a normal
  /// request afterwards.
  @Suite("Hostile requests over loopback")
  struct HostileRequestTests {
    static let host = "Host: 127.0.0.1\r\n"

    static let malformedHeads: [HostileCase] = [
      // What cannot start with a method the server knows is an unknown method: 501.
      HostileCase("not HTTP", "GARBAGE\r\n\r\n", allowed: [400, 501]),
      HostileCase(
        "binary noise", [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00], allowed: [400, 501]),
      HostileCase("lowercase method", "get /health HTTP/1.1\r\n\(host)\r\n", allowed: [501]),
      HostileCase("unknown method token", "FROB /health HTTP/1.1\r\n\(host)\r\n", allowed: [501]),
      HostileCase("HTTP/9.9", "GET /health HTTP/9.9\r\n\(host)\r\n", allowed: refused),
      HostileCase("no version", "GET /health\r\n\(host)\r\n", allowed: refused),
      HostileCase(
        "space in a header name", "GET /health HTTP/1.1\r\n\(host)Bad Name: y\r\n\r\n",
        allowed: [400]),
      HostileCase(
        "header without a colon", "GET /health HTTP/1.1\r\n\(host)NoColon\r\n\r\n", allowed: [400]),
      HostileCase(
        "NUL in a header value", "GET /health HTTP/1.1\r\n\(host)X-A: a\u{0}b\r\n\r\n",
        allowed: [400]),
      HostileCase(
        "header name of 0xFF bytes",
        Array("GET /health HTTP/1.1\r\n\(host)".utf8) + [0xFF, 0xFE] + Array(": y\r\n\r\n".utf8),
        allowed: [400]),
      HostileCase(
        "invalid UTF-8 in a header value",
        Array("GET /health HTTP/1.1\r\n\(host)X-A: ".utf8) + [0xC3, 0x28, 0xFF]
          + Array("\r\nConnection: close\r\n\r\n".utf8),
        allowed: [200, 400]),
      HostileCase(
        "folded header line", "GET /health HTTP/1.1\r\n\(host)X-A: a\r\n b\r\n\r\n",
        allowed: [400]),
      HostileCase(
        "bare LF line ends", "GET /health HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n",
        allowed: [200, 400]),
      HostileCase(
        "no Host header", "GET /health HTTP/1.1\r\nConnection: close\r\n\r\n", allowed: [400]),
      HostileCase(
        "two Host headers", "GET /health HTTP/1.1\r\n\(host)\(host)Connection: close\r\n\r\n",
        allowed: [400]),
      HostileCase(
        "negative Content-Length", "PUT /me HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n",
        allowed: [400]),
      HostileCase(
        "non-numeric Content-Length", "PUT /me HTTP/1.1\r\n\(host)Content-Length: ten\r\n\r\n",
        allowed: [400]),
      HostileCase(
        "overflowing Content-Length",
        "PUT /me HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999999\r\n\r\n",
        allowed: [400]),
      HostileCase(
        "two different Content-Lengths",
        "PUT /me HTTP/1.1\r\n\(host)Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
        allowed: [400]),
      HostileCase(
        "Content-Length with chunked",
        "PUT /me HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 2\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        allowed: refused),
      HostileCase(
        "bad chunk size",
        "PUT /me HTTP/1.1\r\n\(host)Content-Type: application/json\r\n"
          + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        allowed: [400]),
      HostileCase(
        "unknown transfer coding",
        "PUT /me HTTP/1.1\r\n\(host)Content-Type: application/json\r\n"
          + "Transfer-Encoding: gzip\r\nConnection: close\r\n\r\n{}",
        allowed: refused),
      HostileCase(
        "a 20 KiB header field",
        "GET /health HTTP/1.1\r\n\(host)X-Big: \(String(repeating: "a", count: 20 * 1024))\r\n\r\n",
        allowed: [400, 431]),
      HostileCase(
        "200 header fields",
        "GET /health HTTP/1.1\r\n\(host)"
          + (0..<200).map { "X-F\($0): v\r\n" }.joined() + "\r\n",
        allowed: [400, 431]),
      HostileCase(
        "a 100 KB request target",
        "GET /users?q=\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\n\(host)\r\n",
        allowed: [400, 414, 431]),
    ]

    static let routesAndMethods: [HostileCase] = [
      .get("unknown route", "/nowhere", allowed: [404]),
      .get("root", "/", allowed: [404]),
      .get("trailing slash", "/users/1/", allowed: [200, 404]),
      .get("double slash", "//users", allowed: [200, 404]),
      .get("dot segments", "/users/../../etc/passwd", allowed: [400, 404]),
      .get("encoded dot segments", "/%2e%2e/%2e%2e/etc/passwd", allowed: [400, 404]),
      .get("encoded NUL in an id", "/users/1%00", allowed: [400]),
      .get("fullwidth digits as an id", "/users/%EF%BC%91", allowed: [400]),
      .get("leading zeros in an id", "/users/0000000000000000000000000001", allowed: [400]),
      .get("plus-signed id", "/users/+1", allowed: [400]),
      .get("percent-encoded id", "/users/%31", allowed: [200]),
      .get("overflowing id", "/users/9223372036854775808", allowed: [400]),
      .get("asterisk target", "*", allowed: [400]),
      .get("absolute-form target", "http://example.com/health", allowed: [200, 400]),
      .get("raw non-ASCII bytes in the path", [0x2F, 0xC3, 0xA9, 0xFF], allowed: [400, 404]),
      .get("fragment in the target", "/health#top", allowed: [200, 400, 404]),
      HostileCase(
        "POST to a GET route",
        "POST /users HTTP/1.1\r\n\(host)Content-Length: 0\r\nConnection: close\r\n\r\n",
        allowed: [405]),
      HostileCase(
        "DELETE /users/1", "DELETE /users/1 HTTP/1.1\r\n\(host)Connection: close\r\n\r\n",
        allowed: [405]),
      HostileCase(
        "PATCH /me", "PATCH /me HTTP/1.1\r\n\(host)Content-Length: 0\r\nConnection: close\r\n\r\n",
        allowed: [405]),
      HostileCase(
        "OPTIONS /users", "OPTIONS /users HTTP/1.1\r\n\(host)Connection: close\r\n\r\n",
        allowed: [204]),
      HostileCase(
        "TRACE /", "TRACE / HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", allowed: [404]),
      HostileCase(
        "CONNECT", "CONNECT 127.0.0.1:22 HTTP/1.1\r\n\(host)Connection: close\r\n\r\n",
        allowed: refused),
      HostileCase(
        "HEAD /users", "HEAD /users HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", allowed: [200]),
      HostileCase("HTTP/1.0 without Host", "GET /health HTTP/1.0\r\n\r\n", allowed: [200]),
      HostileCase(
        "PUT /me with Expect: 100-continue and no body",
        "PUT /me HTTP/1.1\r\n\(host)Content-Type: application/json\r\nExpect: 100-continue\r\n"
          + "Content-Length: 0\r\nConnection: close\r\n\r\n",
        allowed: [400]),
    ]

    static let paging: [HostileCase] = [
      .get("page 0", "/users?page=0", allowed: [400]),
      .get("negative page", "/users?page=-1", allowed: [400]),
      .get("Int.max page", "/users?page=9223372036854775807", allowed: [400]),
      .get("page past Int.max", "/users?page=9223372036854775808", allowed: [400]),
      .get("page below Int.min", "/posts?page=-9223372036854775809", allowed: [400]),
      .get("largest page and limit", "/users/1/posts?page=1000000&limit=100", allowed: [200]),
      .get("negative limit", "/posts?limit=-1", allowed: [400]),
      .get("Int.min limit", "/posts?limit=-9223372036854775808", allowed: [400]),
      .get("exponent limit", "/users?limit=1e2", allowed: [400]),
      .get("hex limit", "/users?limit=0x10", allowed: [400]),
      .get("plus-signed limit", "/users?limit=%2B5", allowed: [200]),
      .get("Arabic-Indic digit page", "/users?page=%D9%A3", allowed: [400]),
      .get("page with a NUL", "/users?page=1%002", allowed: [400]),
      .get("repeated page", "/users?page=1&page=abc", allowed: [200]),
      .get("bracketed page", "/users?page[]=2", allowed: [200]),
      .get("bad percent-encoding", "/users?page=%zz", allowed: [200, 400]),
      .get("lone percent", "/users?page=%", allowed: [200, 400]),
    ]

    static let searches: [HostileCase] = [
      .get("FTS quote", "/search?q=%22", allowed: [200]),
      .get("FTS unbalanced quote", "/search?q=ali%22%20smi", allowed: [200]),
      .get("FTS star", "/search?q=*", allowed: [200]),
      .get("FTS NEAR", "/search?q=NEAR(ali%20smi%2C%202)", allowed: [200]),
      .get("FTS dangling OR", "/search?q=ali%20OR", allowed: [200]),
      .get("FTS NOT only", "/search?q=NOT%20ali", allowed: [200]),
      .get("FTS column filter", "/search?q=handle%3Aali", allowed: [200]),
      .get("FTS caret and minus", "/search?q=%5Eali%20-bob", allowed: [200]),
      .get("FTS parentheses", "/search?q=((((ali", allowed: [200]),
      .get("SQL-looking", "/search?q=%27%3B%20DROP%20TABLE%20user%3B--", allowed: [200]),
      .get("emoji only", "/search?q=%F0%9F%98%80%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9", allowed: [200]),
      .get("CJK", "/search?q=%E6%9D%B1%E4%BA%AC", allowed: [200]),
      .get("Arabic right-to-left", "/search?q=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7", allowed: [200]),
      .get("zero-width joiner and marks", "/search?q=a%E2%80%8Db%CC%81%E2%80%AE", allowed: [200]),
      .get(
        "one letter under 2,000 combining marks (one character, 4 KB)",
        "/search?q=e" + String(repeating: "%CC%81", count: 2_000), allowed: [200]),
      .get(
        "a query over the head limit", "/search?q=e" + String(repeating: "%CC%81", count: 3_000),
        allowed: [400]),
      .get(
        "200 emoji", "/search?q=" + String(repeating: "%F0%9F%98%80", count: 200),
        allowed: [200]),
      .get(
        "201 emoji", "/search?q=" + String(repeating: "%F0%9F%98%80", count: 201),
        allowed: [400]),
      .get(
        "100 words", "/search?q=" + Array(repeating: "a", count: 100).joined(separator: "+"),
        allowed: [200]),
      .get("invalid UTF-8 percent-encoded", "/search?q=%FF%FE%C3%28", allowed: [200, 400]),
      .get("encoded surrogate", "/search?q=%ED%A0%80", allowed: [200, 400]),
      .get("encoded NUL and controls", "/search?q=ali%00%01%1B", allowed: [200]),
      .get(
        "raw bytes in the query",
        [0x2F, 0x73, 0x65, 0x61, 0x72, 0x63, 0x68, 0x3F, 0x71, 0x3D, 0xE9, 0xFF],
        allowed: [200, 400]),
      .get("bad percent-encoding in q", "/search?q=%zzali", allowed: [200, 400]),
    ]

    static let depth = 8_000
    static let jsonBodies: [HostileCase] = [
      .putMe(
        "8,000 nested arrays",
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
        allowed: [400]),
      .putMe(
        "2,500 nested objects",
        String(repeating: #"{"a":"#, count: 2_500) + "1" + String(repeating: "}", count: 2_500),
        allowed: [400]),
      .putMe(
        "a field nested 5,000 deep",
        #"{"displayName":"# + String(repeating: "[", count: 5_000)
          + String(repeating: "]", count: 5_000) + #","bio":"","email":"a@b.co"}"#,
        allowed: [400]),
      .putMe(
        "invalid UTF-8 in a string",
        Array(#"{"displayName":""#.utf8) + [0xFF, 0xFE, 0xC3, 0x28]
          + Array(#"","bio":"","email":"a@b.co"}"#.utf8),
        allowed: [400]),
      .putMe(
        "overlong UTF-8 encoding",
        Array(#"{"displayName":"a"#.utf8) + [0xC0, 0xAF]
          + Array(#"","bio":"","email":"a@b.co"}"#.utf8),
        allowed: [400]),
      .putMe(
        "truncated UTF-8 at the end", Array(#"{"displayName":"é"#.utf8).dropLast(1).map { $0 },
        allowed: [400]),
      .putMe(
        "UTF-16 with a byte-order mark",
        [0xFF, 0xFE]
          + Array(#"{"displayName":"Ada","bio":"","email":"a@b.co"}"#.utf16)
          .flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
        allowed: [200, 400]),
      .putMe(
        "lone surrogate escape", #"{"displayName":"\uD800","bio":"","email":"a@b.co"}"#,
        allowed: [200, 400, 422]),
      .putMe(
        "NUL escape in a name", #"{"displayName":"A\u0000da","bio":"","email":"a@b.co"}"#,
        allowed: [422]),
      .putMe(
        "number too large for any type", #"{"displayName":1e999999,"bio":"","email":"a@b.co"}"#,
        allowed: [400]),
      .putMe(
        "duplicate keys", #"{"displayName":"A","displayName":"B","bio":"","email":"a@b.co"}"#,
        allowed: [200, 400]),
      .putMe("only whitespace", "   \n\t ", allowed: [400]),
      .putMe("a JSON string", #""hello""#, allowed: [400]),
      .putMe("null", "null", allowed: [400]),
      .putMe(
        "trailing garbage", #"{"displayName":"Ada","bio":"","email":"a@b.co"} trailing"#,
        allowed: [400]),
    ]

    /// Sends each case on its own connection and checks its answer, then that the server still
    /// answers `/health`.
    func check(_ cases: [HostileCase]) async throws {
      try await withLiveServer { server in
        let port = server.port
        for testCase in cases {
          let response = await onThread { RawConnection.exchange(testCase.request, port: port) }
          if let response {
            #expect(
              testCase.allowed.contains(response.status),
              "\(testCase.name): \(response.status) \(response.body.prefix(200))")
            // 501 says the method is unknown; any other 5xx would be the server failing.
            #expect(response.status < 500 || response.status == 501, "\(testCase.name)")
          } else {
            Issue.record("\(testCase.name): the connection closed without an answer")
          }
          let health = await onThread {
            RawConnection.exchange(
              "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port)
          }
          #expect(health?.status == 200, "\(testCase.name): the server stopped answering")
        }
      }
    }

    @Test func malformedAndOversizedHeads() async throws {
      try await check(Self.malformedHeads)
    }

    // A head that cannot be parsed is answered like a route's error (RFC 9110: 501 for an
    // unknown method, and a Date on every answer), then the connection closes.
    @Test func anUnparsableHeadGetsAJSONErrorWithADateThenTheConnectionCloses() async throws {
      try await withLiveServer { server in
        for (request, status, code) in [
          ("FROB /health HTTP/1.1\r\n\(Self.host)\r\n", 501, "not_implemented"),
          ("GET /health HTTP/1.1\r\n\(Self.host)Bad Name: y\r\n\r\n", 400, "bad_request"),
        ] {
          let (response, closed) = await exchangeThenWatchClose(request, port: server.port)
          let answer = try #require(response, "\(request)")
          #expect(answer.status == status, "\(request)")
          #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
          #expect(answer.headers["date"]?.hasSuffix(" GMT") == true, "\(answer.headers)")
          #expect(answer.headers["connection"] == "close")
          let body = try JSONDecoder().decode(APIErrorBody.self, from: Data(answer.body.utf8))
          #expect(body.code == code)
          #expect(closed, "\(request) left the connection open")
        }
      }
    }

    // A head over the limits says what the limits are, whether its target, one field or the
    // number of fields is at fault (the decoder reports them as one error).
    @Test func aHeadOverTheLimitsSaysWhatTheyAre() async throws {
      let big = String(repeating: "a", count: 20 * 1024)
      try await withLiveServer { server in
        for request in [
          "GET /health HTTP/1.1\r\n\(Self.host)X-Big: \(big)\r\n\r\n",
          "GET /health HTTP/1.1\r\n\(Self.host)" + (0..<200).map { "X-F\($0): v\r\n" }.joined()
            + "\r\n",
          "GET /users?q=\(big) HTTP/1.1\r\n\(Self.host)\r\n",
        ] {
          let (response, closed) = await exchangeThenWatchClose(request, port: server.port)
          let answer = try #require(response, "\(request.prefix(40))")
          #expect(answer.status == 400)
          let body = try JSONDecoder().decode(APIErrorBody.self, from: Data(answer.body.utf8))
          #expect(
            body.message
              == "The request's head is too large: the server reads at most 16384 bytes of "
              + "request target and header fields, and at most 100 fields.")
          #expect(closed)
        }
      }
    }

    // RFC 9110, section 9.3.7: OPTIONS * asks about the server as a whole.
    @Test func optionsAsteriskListsEveryMethodTheServerServes() async throws {
      try await withLiveServer { server in
        let answer = await onThread {
          RawConnection.exchange(
            "OPTIONS * HTTP/1.1\r\n\(Self.host)Connection: close\r\n\r\n", port: server.port)
        }
        #expect(answer?.status == 204)
        #expect(answer?.headers["allow"] == "GET, HEAD, PUT, OPTIONS")
      }
    }

    @Test func unknownRoutesAndMethods() async throws {
      try await check(Self.routesAndMethods)
    }

    @Test func negativeAndOverflowingPaging() async throws {
      try await check(Self.paging)
    }

    @Test func searchSyntaxAndHugeOrUnicodeQueries() async throws {
      try await check(Self.searches)
    }

    @Test func deeplyNestedAndInvalidJSON() async throws {
      try await check(Self.jsonBodies)
    }

    @Test func pipelinedRequestsAreAllAnswered() async throws {
      try await withLiveServer { server in
        let port = server.port
        let text = await onThread { () -> String in
          guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
            return ""
          }
          connection.send(
            "GET /health HTTP/1.1\r\n\(Self.host)\r\nGET /users/1 HTTP/1.1\r\n\(Self.host)\r\n"
              + "GET /nowhere HTTP/1.1\r\n\(Self.host)Connection: close\r\n\r\n")
          return String(decoding: connection.readAll().bytes, as: UTF8.self)
        }
        // Each answer's status line follows the previous answer's body directly.
        let statuses = text.matches(of: #/HTTP\/1\.1 (\d{3}) /#).map { String($0.1) }
        #expect(statuses == ["200", "200", "404"], "\(text.prefix(300))")
      }
    }

    // An unparsable head pipelined after a request waits for that request's answer: the
    // answers keep the order of the requests.
    @Test func anUnparsableHeadAfterAPipelinedRequestIsAnsweredSecond() async throws {
      try await withLiveServer { server in
        let port = server.port
        for route in ["/health", "/users/1/posts?limit=100"] {
          let text = await onThread { () -> String in
            guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
              return ""
            }
            connection.send(
              "GET \(route) HTTP/1.1\r\n\(Self.host)\r\nFROB / HTTP/1.1\r\n\(Self.host)\r\n")
            return String(decoding: connection.readAll().bytes, as: UTF8.self)
          }
          let statuses = text.matches(of: #/HTTP\/1\.1 (\d{3}) /#).map { String($0.1) }
          #expect(statuses == ["200", "501"], "\(route): \(text.prefix(300))")
        }
      }
    }
  }
}
