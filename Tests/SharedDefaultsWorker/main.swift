// A process of the shared-store tests: many run at once against one server,
// as many machines would. Each mode prints one line per thing done, flushed,
// so that a test can follow it; errors go to standard error.
//
//   distinct URL DOMAIN PREFIX COUNT   COUNT writes of the keys PREFIX-0 …
//   increment URL DOMAIN KEY COUNT     COUNT updates adding 1 to KEY
//   batches URL DOMAIN KEYS            forever: one update setting KEYS keys to the round's number
//   keep-writing URL DOMAIN PREFIX KEYS SECONDS
//                                      writes PREFIX-(i % KEYS) = i until SECONDS pass,
//                                      retrying through errors; prints each value that committed
//   watch URL DOMAIN                   prints "key=value" for each change heard, and the
//                                      watch's state changes as "# state"
import DefaultsStore
import Dispatch
import Foundation
import Plist
import SharedDefaults

/// One line on standard output, unbuffered: a test reads it as it comes.
@Sendable func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("shared-defaults-worker: \(message)\n".utf8))
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else { fail("usage: MODE URL DOMAIN …") }
let store: DefaultsStore
do {
  let location = try SharedStoreLocation(url: arguments[1])
  store = try SharedDefaults.store(domain: arguments[2], location: location)
} catch {
  fail("\(error)")
}

func integer(_ value: PlistValue?) -> Int64 {
  if case .integer(let number) = value { return number }
  return 0
}

@Sendable func text(_ value: PlistValue?) -> String {
  switch value {
  case .integer(let number): "\(number)"
  case .string(let string): string
  case nil: "(none)"
  case .some(let other): "\(other)"
  }
}

switch arguments[0] {
case "distinct":
  guard arguments.count == 5, let count = Int(arguments[4]) else {
    fail("distinct: URL DOMAIN PREFIX COUNT")
  }
  for index in 0..<count {
    do {
      try store.set(.integer(Int64(index)), forKey: "\(arguments[3])-\(index)")
    } catch {
      fail("\(error)")
    }
  }
  say("done")
case "increment":
  guard arguments.count == 5, let count = Int(arguments[4]) else {
    fail("increment: URL DOMAIN KEY COUNT")
  }
  let key = PlistKey(arguments[3])
  for _ in 0..<count {
    do {
      try store.update { $0[key] = .integer(integer($0[key]) + 1) }
    } catch {
      fail("\(error)")
    }
  }
  say("done")
case "batches":
  guard arguments.count == 4, let keys = Int(arguments[3]) else { fail("batches: URL DOMAIN KEYS") }
  var round: Int64 = 0
  while true {
    round += 1
    let value = round
    do {
      try store.update { values in
        for index in 0..<keys { values[PlistKey("k\(index)")] = .integer(value) }
      }
    } catch {
      fail("\(error)")
    }
    say("\(round)")
  }
case "keep-writing":
  guard arguments.count == 6, let keys = Int(arguments[4]), let seconds = Double(arguments[5])
  else { fail("keep-writing: URL DOMAIN PREFIX KEYS SECONDS") }
  let deadline = Date().addingTimeInterval(seconds)
  var index: Int64 = 0
  while Date() < deadline {
    let key = "\(arguments[3])-\(index % Int64(keys))"
    do {
      try store.set(.integer(index), forKey: key)
      say("\(key)=\(index)")
      index += 1
    } catch {
      // The server is away: try the same write again shortly.
      usleep(20_000)
    }
  }
  say("done")
case "watch":
  let token = store.observe(scheduler: ImmediateScheduler()) { changes in
    for change in changes { say("\(change.key)=\(text(change.new))") }
  }
  let stateToken = store.observeWatchState(scheduler: ImmediateScheduler()) { state in
    switch state {
    case .watching: say("# watching")
    case .reconnecting: say("# reconnecting")
    case .failed(_, let reason): say("# failed \(reason)")
    default: break
    }
  }
  withExtendedLifetime((store, token, stateToken)) { dispatchMain() }
default:
  fail("unknown mode \(arguments[0])")
}
