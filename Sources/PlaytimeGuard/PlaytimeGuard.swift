/// PlaytimeGuard: sessions, evidence and verdicts (being built).
@_exported import PlaytimeSystem
