import CasePaths

extension Shared {
  /// The associated value of one case of a shared enum, shared with it, or `nil` while the
  /// enum is in another case: `$route.detail` of a `@CasePathable` `Route`.
  ///
  /// ```swift
  /// if let detail = Shared($model.route.detail) { … }   // or simply `$model.route.detail`
  /// ```
  ///
  /// Writing it (`withLock`) writes the enum while it is in that case; once the enum has moved to
  /// another case, the value keeps its last state and writes no longer reach the enum.
  @_disfavoredOverload
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, Member>>
  ) -> Shared<Member>? where Value: CasePathable {
    Shared<Member>(Shared<Member?>(reference: CaseReference(base: reference, keyPath: keyPath)))
  }
}

extension SharedReader {
  /// The associated value of one case of a shared enum, read-only, or `nil` while the enum is
  /// in another case: `$route.detail` of a `@CasePathable` `Route`.
  @_disfavoredOverload
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, Member>>
  ) -> SharedReader<Member>? where Value: CasePathable {
    SharedReader<Member>(
      SharedReader<Member?>(reference: ReadCaseReference(base: reference, keyPath: keyPath)))
  }
}
