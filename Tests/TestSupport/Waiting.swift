import Foundation

/// Waits until `condition` holds, checking every `interval` microseconds,
/// for at most `seconds`; the answer is the condition's last value. For
/// what another process or thread does (a file written, a screen drawn).
public func eventually(
  _ seconds: Double = 5, every interval: useconds_t = 5_000, _ condition: () -> Bool
) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    usleep(interval)
  }
  return condition()
}
