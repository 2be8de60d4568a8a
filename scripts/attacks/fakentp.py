#!/usr/bin/env python3
"""A lying (or, with offset 0, honest) NTP server on loopback: answers mode-3 requests with this
machine's real time plus an offset, echoing the request's transmit timestamp as the origin, so every
packet check passes. Usage: fakentp.py DIR COUNT. Binds COUNT UDP sockets on 127.0.0.1 (free ports),
writes their ports, space-separated, to DIR/ports; the offset of the server on port P is read, as
seconds (may be negative or fractional), from DIR/offset.P at every request (absent: 0)."""
import os, select, socket, struct, sys, time

directory, count = sys.argv[1], int(sys.argv[2])
socks = []
for _ in range(count):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    socks.append(s)
ports = [s.getsockname()[1] for s in socks]
with open(os.path.join(directory, "ports.tmp"), "w") as f:
    f.write(" ".join(map(str, ports)) + "\n")
os.rename(os.path.join(directory, "ports.tmp"), os.path.join(directory, "ports"))

def offset(port):
    try:
        with open(os.path.join(directory, "offset.%d" % port)) as f:
            return float(f.read().strip() or 0)
    except FileNotFoundError:
        return 0.0

def ntp(unix):  # 64-bit NTP timestamp; seconds wrap every 2^32 (era rule, 2036 and later)
    seconds = unix + 2208988800
    whole = int(seconds // 1)
    return struct.pack("!II", whole % 2**32, int((seconds - whole) * 2**32) % 2**32)

while True:
    for s in select.select(socks, [], [])[0]:
        data, peer = s.recvfrom(512)
        if len(data) < 48 or data[0] & 7 != 3:        # only client (mode 3) requests
            continue
        now = time.time() + offset(s.getsockname()[1])
        reply = (bytes([(data[0] & 0x38) | 4, 2, data[2], 0xec])  # LI 0, version echoed, mode 4, stratum 2
                 + struct.pack("!II", 16, 16) + b"LIAR"             # root delay/dispersion ~0.24 ms, ref id
                 + ntp(now - 1) + data[40:48] + ntp(now) + ntp(now))  # reference, origin, receive, transmit
        s.sendto(reply, peer)
