import Testing

/// Every test of the client, run one at a time: each starts a server, and running them all at
/// once would starve the other targets' timing-sensitive tests.
@Suite(.serialized) enum ClientSuite {}
