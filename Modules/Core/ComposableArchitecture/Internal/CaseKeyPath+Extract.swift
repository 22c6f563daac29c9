/// The associated value of `root` when it is in the case of `keyPath`.
///
/// Works for any root type, whether or not the compiler can see it is `CasePathable` at the
/// call site (a generic reducer's action, say).
@inlinable
func extract<Root, Value>(_ keyPath: CaseKeyPath<Root, Value>, from root: Root) -> Value? {
  AnyCasePath(keyPath).extract(from: root)
}
