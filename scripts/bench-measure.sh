# Sourced by the benchmark scripts that time a whole command.
# measure COMMAND...: runs COMMAND (its output discarded) and prints "<seconds> <peak RSS MiB>" of it (the child's
# ru_maxrss).
measure() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys, time
start = time.perf_counter()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)
elapsed = time.perf_counter() - start
print(f"{elapsed:.3f} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.1f}")
PY
}
