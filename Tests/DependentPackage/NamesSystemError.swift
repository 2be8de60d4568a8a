// A game that imports only PlaytimeGuard names the platform layer's SystemError: this must not compile
// ("cannot find type 'SystemError' in scope"; Tests/PlaytimeSurfaceTests/DependentPackageTests.swift,
// scripts/dependent-package.sh).
import PlaytimeGuard

func uses(_ value: borrowing SystemError) {}
