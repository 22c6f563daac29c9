/// The bit, from 0 to 63, that stands for a field of an observable struct in the record of
/// which fields were read (and so may have observers): a stable hash of the field's name, so
/// that every macro deriving it for the same field agrees without seeing the whole struct.
func observationBit(of name: String) -> Int {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in name.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x0000_0100_0000_01b3
  }
  return Int(hash % 64)
}
