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

# measure_cpu COMMAND...: "<seconds> <peak RSS MiB> <CPU seconds (user + system)>" of it (environment assignments
# go before the command, as for `env`).
measure_cpu() {
  python3 - "$@" <<'PY'
import os, resource, subprocess, sys, time
arguments = sys.argv[1:]
environment = dict(os.environ)
while arguments and "=" in arguments[0] and not arguments[0].startswith("/"):
    name, value = arguments.pop(0).split("=", 1)
    environment[name] = value
start = time.perf_counter()
subprocess.run(arguments, stdout=subprocess.DEVNULL, check=False, env=environment)
elapsed = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{elapsed:.3f} {usage.ru_maxrss / 1024:.1f} {usage.ru_utime + usage.ru_stime:.3f}")
PY
}
