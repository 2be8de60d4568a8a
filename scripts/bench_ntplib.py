"""Reference figures for the NTP benchmark: Python's ntplib against the same server, same run.

Usage: python3 scripts/bench_ntplib.py HOST PORT QUERIES
Latency is the wall time of one ntplib request() call; offset is ntplib's own computed offset,
theta = ((T2 - T1) + (T3 - T4)) / 2 with wall-clock T1/T4 read by time.time() around sendto/recvfrom
(the same formula the Swift rows use). ntplib computes in floating point on NTP-era seconds, so each of
its timestamps is rounded to about 0.48 us and its offsets come in steps of about 0.24 us: figures
below that are ntplib's resolution, not its accuracy. Columns as the Swift rows: median and p99
latency, median |offset| and median signed offset (negative when T4 is read late); medians are
statistics.median, as the Swift rows take them.
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
            offset.append(response.offset * 1e9)
    latency.sort()
    p99 = latency[min(len(latency) - 1, len(latency) * 99 // 100)]
    print(f"{'Python ntplib (reference)':<31}{statistics.median(latency) / 1000:<12.1f}{p99 / 1000:<9.1f}"
          f"{statistics.median(abs(value) for value in offset) / 1000:<21.2f}{statistics.median(offset) / 1000:.2f}")


if __name__ == "__main__":
    main()
