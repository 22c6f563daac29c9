import ArgumentParser
import TCALApp

// The `tcal` executable: everything it does lives in the `TCALApp` library, which its tests
// import (an executable's main module cannot be imported).
@main
extension TCALCommand {}
