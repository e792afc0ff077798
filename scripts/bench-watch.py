#!/usr/bin/env python3
"""Latency from a write in one process to the line a watcher prints in another.

Measures `prefs defaults watch` against `gsettings monitor` on GLib's keyfile
backend, the same way in the same run: the watcher runs in the background,
a writer process changes one value, and the time from the writer's exit to
the watcher's line is recorded.

usage: bench-watch.py PREFS_BINARY [--rounds 50]
"""
import argparse, os, statistics, subprocess, sys, tempfile, threading, time

SCHEMA = """<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="com.example.bench" path="/com/example/bench/">
    <key name="level" type="i"><default>0</default></key>
  </schema>
</schemalist>
"""


def measure(watch_cmd, write_cmd, env, rounds):
    """Per write: (ms from the writer's start to the line, ms from its exit to the line)."""
    watcher = subprocess.Popen(watch_cmd, stdout=subprocess.PIPE, env=env, bufsize=0)
    arrivals = []
    lock = threading.Lock()

    def read_lines():
        for _ in iter(watcher.stdout.readline, b""):
            with lock:
                arrivals.append(time.perf_counter())

    reader = threading.Thread(target=read_lines, daemon=True)
    reader.start()
    time.sleep(0.5)
    results = []
    try:
        for value in range(1, rounds + 1):
            with lock:
                seen = len(arrivals)
            start = time.perf_counter()
            subprocess.run(write_cmd(value), env=env, check=True, stdout=subprocess.DEVNULL)
            exited = time.perf_counter()
            deadline = exited + 2.0
            while time.perf_counter() < deadline:
                with lock:
                    if len(arrivals) > seen:
                        arrived = arrivals[seen]
                        break
                time.sleep(0.0002)
            else:
                print(f"  no line within 2 s for round {value}", file=sys.stderr)
                continue
            results.append(((arrived - start) * 1000, max(0.0, arrived - exited) * 1000))
            time.sleep(0.02)
    finally:
        watcher.terminate()
        watcher.wait()
    return results


def report(name, results):
    if not results:
        print(f"{name}: no measurement")
        return
    from_start = sorted(r[0] for r in results)
    from_exit = sorted(r[1] for r in results)
    print(f"{name}: writer start to line: median {statistics.median(from_start):.2f} ms, "
          f"worst {from_start[-1]:.2f} ms; writer exit to line: median "
          f"{statistics.median(from_exit):.2f} ms, worst {from_exit[-1]:.2f} ms ({len(results)} writes)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("prefs")
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"), HOME=work,
                   GSETTINGS_BACKEND="keyfile", GSETTINGS_SCHEMA_DIR=os.path.join(work, "schemas"))
        os.makedirs(env["GSETTINGS_SCHEMA_DIR"])
        os.makedirs(env["XDG_CONFIG_HOME"])
        with open(os.path.join(env["GSETTINGS_SCHEMA_DIR"], "com.example.bench.gschema.xml"), "w") as f:
            f.write(SCHEMA)
        subprocess.run(["glib-compile-schemas", env["GSETTINGS_SCHEMA_DIR"]], check=True)
        prefs = [args.prefs, "defaults"]
        subprocess.run(prefs + ["write", "com.example.bench", "level", "-int", "0"], env=env, check=True)
        report("prefs defaults watch", measure(
            prefs + ["watch", "com.example.bench"], lambda v: prefs + ["write", "com.example.bench", "level", "-int", str(v)],
            env, args.rounds))
        subprocess.run(["gsettings", "set", "com.example.bench", "level", "0"], env=env, check=True)
        report("gsettings monitor (keyfile)", measure(
            ["gsettings", "monitor", "com.example.bench"], lambda v: ["gsettings", "set", "com.example.bench", "level", str(v)],
            env, args.rounds))


if __name__ == "__main__":
    main()
