// A game that imports only PlaytimeGuard names the platform layer's UDPSocket: this must not compile
// ("cannot find type 'UDPSocket' in scope"; Tests/PlaytimeSurfaceTests/DependentPackageTests.swift,
// scripts/dependent-package.sh).
import PlaytimeGuard

func uses(_ value: borrowing UDPSocket) {}
