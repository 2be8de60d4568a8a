/// The support console's style sheet (served as `/console/app.css`).
enum ConsoleStyle {
    /// The CSS.
    static let source = """
        :root { --ink: #1d232a; --muted: #5b6672; --line: #d5dbe1; --paper: #ffffff; --wash: #f4f6f8;
                --verified: #2e7d4f; --provisional: #b7791f; --rejected: #c0392b; --escrow: #7b8ea3; --covered: #8e6bbf; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 0 24px 32px; font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; color: var(--ink); background: var(--wash); }
        header h1 { font-size: 20px; margin: 16px 0 2px; }
        .note { color: var(--muted); margin: 0 0 12px; }
        section, main > section, article { background: var(--paper); border: 1px solid var(--line); border-radius: 6px; padding: 10px 14px; margin: 10px 0; }
        form { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 4px 0; }
        label { font-weight: 600; min-width: 110px; }
        input { font: inherit; padding: 4px 6px; border: 1px solid var(--line); border-radius: 4px; min-width: 280px; }
        button { font: inherit; padding: 4px 10px; border: 1px solid #9aa7b4; border-radius: 4px; background: #eef2f6; cursor: pointer; }
        #status { min-height: 1.4em; margin: 6px 0; color: var(--muted); }
        #status.error { color: var(--rejected); font-weight: 600; }
        h2 { font-size: 17px; margin: 6px 0; }
        h3 { font-size: 15px; margin: 8px 0 4px; }
        .player-id, code, .mono { font-family: "DejaVu Sans Mono", ui-monospace, monospace; overflow-wrap: anywhere; }
        .budget svg { display: block; width: 100%; max-width: 720px; height: 22px; }
        .bar-back { fill: #e3e8ed; } .bar-used { fill: var(--verified); } .bar-full { fill: var(--rejected); }
        .timeline svg { display: block; width: 100%; height: auto; background: #fbfcfd; border: 1px solid var(--line); border-radius: 4px; }
        .lane-label { font-size: 12px; fill: var(--muted); }
        .axis { stroke: #c3ccd5; stroke-width: 1; } .tick { font-size: 11px; fill: var(--muted); }
        rect.away.verified { fill: var(--verified); } rect.away.provisional { fill: var(--provisional); } rect.away.rejected { fill: var(--rejected); }
        rect.away.unproven { fill-opacity: 0.45; stroke-dasharray: 3 2; stroke: var(--ink); stroke-width: 0.6; }
        rect.escrow { fill: var(--escrow); } rect.covered { fill: var(--covered); }
        .legend span { display: inline-block; margin-right: 14px; color: var(--muted); }
        .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: middle; }
        .swatch.verified { background: var(--verified); } .swatch.provisional { background: var(--provisional); }
        .swatch.rejected { background: var(--rejected); } .swatch.escrow { background: var(--escrow); } .swatch.covered { background: var(--covered); }
        table { border-collapse: collapse; width: 100%; margin: 4px 0; }
        th, td { text-align: left; padding: 3px 6px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { color: var(--muted); font-weight: 600; font-size: 12px; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; }
        .headline { font-size: 15px; font-weight: 600; }
        .messages li { color: var(--ink); }
        .status-verified { color: var(--verified); font-weight: 600; } .status-provisional { color: var(--provisional); font-weight: 600; }
        .status-rejected { color: var(--rejected); font-weight: 600; }
        .figures span { display: inline-block; margin-right: 16px; }
        details { margin: 2px 0; } summary { cursor: pointer; }
        .flag { display: inline-block; padding: 0 6px; margin: 1px 2px; border-radius: 8px; background: #fde8e6; color: #8a2a1f; font-size: 12px; }
        .muted { color: var(--muted); }

        """
}
