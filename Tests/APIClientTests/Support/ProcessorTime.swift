import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The processor time this process has used so far, on every thread, in user and kernel mode.
func processorTime() -> Duration {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  func duration(_ time: timeval) -> Duration {
    .seconds(time.tv_sec) + .microseconds(time.tv_usec)
  }
  return duration(usage.ru_utime) + duration(usage.ru_stime)
}
