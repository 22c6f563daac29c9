import Testing

/// Every test of the server, run one at a time: each starts servers and seeds databases, and
/// running them all at once would starve the other targets' timing-sensitive tests.
@Suite(.serialized) enum ServerSuite {}
