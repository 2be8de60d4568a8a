"""Reference figures for the NTP benchmark: Python's ntplib against the same server, same run.

Usage: python3 scripts/bench_ntplib.py HOST PORT QUERIES
Latency is the wall time of one ntplib request() call; offset is ntplib's computed offset.
"""
import statistics
import sys
import time

import ntplib


def main() -> None:
    host, port, queries = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    client = ntplib.NTPClient()
    latency, offset = [], []
    for index in range(queries + queries // 10):
        started = time.perf_counter_ns()
        response = client.request(host, version=4, port=port, timeout=1)
        elapsed = time.perf_counter_ns() - started
        if index >= queries // 10:
            latency.append(elapsed)
            offset.append(abs(response.offset) * 1e9)
    latency.sort()
    p99 = latency[min(len(latency) - 1, len(latency) * 99 // 100)]
    print(f"{'Python ntplib (reference)':<31}{statistics.median(latency) / 1000:<12.1f}{p99 / 1000:<9.1f}"
          f"{statistics.median(offset) / 1000:.1f}")


if __name__ == "__main__":
    main()
