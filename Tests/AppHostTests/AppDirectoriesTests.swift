import AppHost
import Foundation
import Testing

struct AppDirectoriesTests {
  @Test
  func xdgVariablesNameTheDirectories() {
    let directories = AppDirectories.xdg(
      environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/conf"]
    )
    #expect(directories.data.path == "/data/tcal")
    #expect(directories.config.path == "/conf/tcal")
  }

  @Test
  func withoutXDGVariablesTheHomeFallbacksApply() {
    let directories = AppDirectories.xdg(environment: ["HOME": "/home/ann"])
    #expect(directories.data.path == "/home/ann/.local/share/tcal")
    #expect(directories.config.path == "/home/ann/.config/tcal")
  }

  @Test
  func emptyOrRelativeXDGVariablesAreIgnored() {
    let directories = AppDirectories.xdg(
      environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "relative/conf"]
    )
    #expect(directories.data.path == "/home/ann/.local/share/tcal")
    #expect(directories.config.path == "/home/ann/.config/tcal")
  }
}
