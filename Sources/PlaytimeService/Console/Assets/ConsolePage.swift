/// The support console's page: markup only. No inline script or style (the Content-Security-Policy forbids both):
/// `/console/app.js` fills it from the look-ups, `/console/app.css` dresses it. It holds no data of its own.
enum ConsolePage {
    /// The HTML.
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>PlaytimeGuard support console</title>
        <link rel="stylesheet" href="/console/app.css">
        <script src="/console/app.js" defer></script>
        </head>
        <body data-state="loading">
        <header>
          <h1>PlaytimeGuard support console</h1>
          <p class="note">Read-only: nothing on this page can change a payment. Every look-up is in the server's access log under your operator key's name.</p>
        </header>
        <section id="access" aria-label="Operator key">
          <form id="key-form" autocomplete="off">
            <label for="key-input">Operator key</label>
            <input id="key-input" type="password" placeholder="pto_…" spellcheck="false">
            <button type="submit">Use this key</button>
            <button type="button" id="forget-key">Forget the key</button>
            <span id="key-state"></span>
          </form>
        </section>
        <section id="search" aria-label="Look up">
          <form id="player-form" autocomplete="off">
            <label for="player-input">Player id</label>
            <input id="player-input" type="text" spellcheck="false">
            <button type="submit">Look up the player</button>
          </form>
          <form id="session-form" autocomplete="off">
            <label for="session-input">Session id</label>
            <input id="session-input" type="text" spellcheck="false">
            <button type="submit">Find the session</button>
          </form>
        </section>
        <p id="status" role="status"></p>
        <main id="result"></main>
        <noscript><p>The console needs JavaScript (its own script, /console/app.js).</p></noscript>
        </body>
        </html>

        """
}
