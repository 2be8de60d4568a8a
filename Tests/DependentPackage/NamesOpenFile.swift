// A game that imports only PlaytimeGuard names the platform layer's OpenFile: this must not compile
// ("cannot find type 'OpenFile' in scope"; Tests/PlaytimeSurfaceTests/DependentPackageTests.swift,
// scripts/dependent-package.sh).
import PlaytimeGuard

func uses(_ value: borrowing OpenFile) {}
