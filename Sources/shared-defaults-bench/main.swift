import Foundation

// Issue 17's speed targets for scripts/bench, in a program of its own so that
// its release build needs postgres-nio only. Usage:
//   shared-defaults-bench URL FOLDER [PSQL]
// BENCH_WRITES=N: the latency's writes (1,000); BENCH_THROUGHPUT_ONLY=1: no latency,
// and the file backend's throughput only with BENCH_FILE=1.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: shared-defaults-bench URL FOLDER [PSQL]\n".utf8))
  exit(2)
}
do {
  try SharedBench.run(
    url: arguments[0], folder: arguments[1], psql: arguments.count > 2 ? arguments[2] : nil,
    writes: Int(ProcessInfo.processInfo.environment["BENCH_WRITES"] ?? "") ?? 1000,
    latencyToo: ProcessInfo.processInfo.environment["BENCH_THROUGHPUT_ONLY"] != "1",
    fileToo: ProcessInfo.processInfo.environment["BENCH_THROUGHPUT_ONLY"] != "1"
      || ProcessInfo.processInfo.environment["BENCH_FILE"] == "1")
} catch {
  FileHandle.standardError.write(Data("shared-defaults-bench: \(error)\n".utf8))
  exit(1)
}
