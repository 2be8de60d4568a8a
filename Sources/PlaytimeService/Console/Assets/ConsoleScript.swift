/// The support console's one script (served as `/console/app.js`; the page allows no other): it takes the operator
/// key, calls the read-only look-ups and draws their answers (SVG timelines, tables), every text by `textContent`.
enum ConsoleScript {
    /// The JavaScript.
    static let source = #"""
        // PlaytimeGuard support console (docs/service.md, "Support console"): reads the operator key (from the URL's
        // fragment once, then sessionStorage only), calls the read-only look-ups with it and draws what they answer. Every
        // text from the server is set with textContent: a player id holding HTML or script is shown as text.
        'use strict';
        (function () {
          const KEY = 'playtime-operator-key';
          const SVG = 'http://www.w3.org/2000/svg';
          const errors = [];
          window.addEventListener('error', (event) => { errors.push(String(event.message)); mark(); });
          window.addEventListener('unhandledrejection', (event) => { errors.push(String(event.reason)); mark(); });
          document.addEventListener('securitypolicyviolation', (event) => { errors.push('CSP: ' + event.violatedDirective); mark(); });
          function mark() { document.body.dataset.scriptErrors = String(errors.length); }

          // Integers beyond 2^53 (nanosecond times) are read exactly, as BigInt, where the browser gives the source text.
          function parse(text) {
            return JSON.parse(text, function (key, value, context) {
              if (typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value) && context && context.source) {
                return BigInt(context.source);
              }
              return value;
            });
          }
          const big = (value) => (typeof value === 'bigint' ? value : BigInt(Math.trunc(Number(value))));
          const ms = (nanoseconds) => Number(big(nanoseconds) / 1000000n);
          const utc = (nanoseconds) => new Date(ms(nanoseconds)).toISOString().slice(0, 19).replace('T', ' ') + ' UTC';
          function duration(seconds) {
            seconds = Math.max(0, Math.round(Number(seconds)));
            const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
            return (h ? h + 'h ' : '') + (h || m ? m + 'm ' : '') + s + 's';
          }
          const gold = (value) => String(value === null || value === undefined ? '—' : value);
          const METHODS = {
            serverClock: 'the server\u2019s clock (a departure ticket)',
            bootClock: 'the device\u2019s boot clock (no reboot while away)',
            network: 'network time (NTP) at departure and return',
            uptimeBound: 'uptime after a reboot (a lower bound)',
            signedTime: 'signed time (Roughtime)',
            none: 'nothing proved it',
          };

          function el(tag, attributes, ...children) {
            const node = document.createElement(tag);
            for (const [name, value] of Object.entries(attributes || {})) {
              if (value !== undefined && value !== null) node.setAttribute(name, String(value));
            }
            for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
            return node;
          }
          function svg(tag, attributes, text) {
            const node = document.createElementNS(SVG, tag);
            for (const [name, value] of Object.entries(attributes || {})) {
              if (value !== undefined && value !== null) node.setAttribute(name, String(value));
            }
            if (text !== undefined) node.textContent = String(text);
            return node;
          }

          const status = document.getElementById('status');
          const result = document.getElementById('result');
          function say(text, isError) { status.textContent = text; status.className = isError ? 'error' : ''; }

          function key() { return sessionStorage.getItem(KEY) || ''; }
          function showKeyState() {
            document.getElementById('key-state').textContent = key() ? 'a key is set for this tab' : 'no key set';
          }

          async function call(path) {
            const answer = await fetch(path, { headers: { Authorization: 'Bearer ' + key() }, cache: 'no-store', credentials: 'omit' });
            const text = await answer.text();
            if (!answer.ok) {
              let detail = text;
              try { detail = JSON.parse(text).detail || text; } catch (e) { /* not a problem document */ }
              const error = new Error(answer.status + ': ' + detail);
              error.status = answer.status;
              throw error;
            }
            return text;
          }

          function refused(error) {
            result.replaceChildren();
            document.body.dataset.state = 'refused';
            say(error.status === 401 || error.status === 403
              ? 'The operator key was refused (' + error.message + '). Paste an operator key (pto_…), not a backend API key.'
              : 'The look-up failed: ' + error.message, true);
          }

          async function lookUp(player) {
            if (!player) return;
            say('Looking up ' + player + '…');
            document.body.dataset.state = 'loading';
            try {
              const answer = parse(await call('/v1/console/players/' + encodeURIComponent(player)));
              drawPlayer(answer);
              say(answer.payments.length + ' payment(s) of ' + answer.player + (answer.truncated ? ' (the first ' + answer.payments.length + '; export has all)' : ''));
              document.body.dataset.state = 'ready';
            } catch (error) { refused(error); }
          }

          async function findSession(session) {
            if (!session) return;
            say('Finding session ' + session + '…');
            try {
              const answer = parse(await call('/v1/console/sessions/' + encodeURIComponent(session)));
              const box = el('section', { id: 'session-result', 'data-session': answer.session });
              box.append(el('h2', {}, 'Session ', el('span', { class: 'mono' }, answer.session)));
              if (!answer.payments.length) box.append(el('p', { class: 'muted' }, 'No payment judged or paid this session.'));
              for (const payment of answer.payments) {
                const link = el('button', { type: 'button', class: 'open-player' }, 'Open player ', el('span', { class: 'player-id' }, payment.player));
                link.addEventListener('click', () => { document.getElementById('player-input').value = payment.player; lookUp(payment.player); });
                box.append(el('p', {}, utc(payment.paidAt) + ' · ' + payment.kind + ' · ' + payment.gold + ' gold · ', link));
              }
              result.replaceChildren(box);
              document.body.dataset.state = 'ready';
              say(answer.payments.length + ' payment(s) with session ' + answer.session);
            } catch (error) { refused(error); }
          }

          async function exportPayments(player) {
            try {
              const text = await call('/v1/console/players/' + encodeURIComponent(player) + '/export');
              const link = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/jsonl' })), download: 'payments.jsonl' });
              document.body.append(link);
              link.click();
              link.remove();
              say('Exported ' + text.split('\n').filter(Boolean).length + ' payment(s) as JSON Lines.');
            } catch (error) { refused(error); }
          }

          // What each session of a payment covers on the timeline: the proven interval, else its credited time before the
          // payment (drawn dashed: no interval was proven).
          function span(payment, session) {
            if (session.awayFrom !== undefined && session.awayFrom !== null && session.awayTo !== undefined && session.awayTo !== null) {
              return { from: big(session.awayFrom), to: big(session.awayTo), proven: true };
            }
            const to = big(payment.paidAt);
            return { from: to - big(session.creditedSeconds) * 1000000000n, to: to, proven: false };
          }

          function drawPlayer(answer) {
            const page = el('section', { id: 'player', 'data-player': answer.player });
            page.append(el('h2', {}, 'Player ', el('span', { class: 'player-id', id: 'player-name' }, answer.player)));
            page.append(drawBudget(answer.budget));
            const exportButton = el('button', { type: 'button', id: 'export' }, 'Export these payments (JSON Lines)');
            exportButton.addEventListener('click', () => exportPayments(answer.player));
            page.append(el('p', {}, exportButton));
            page.append(drawTimelines(answer));
            const list = el('section', { id: 'payments' }, el('h3', {}, 'Payments, newest first'));
            for (const payment of answer.payments.slice().reverse()) list.append(drawPayment(payment));
            result.replaceChildren(page, list);
          }

          function drawBudget(budget) {
            const limit = Number(budget.limitGold), used = Number(budget.usedGold);
            const box = el('div', { class: 'budget', id: 'budget', 'data-used': budget.usedGold, 'data-limit': budget.limitGold, 'data-remaining': budget.remainingGold });
            box.append(el('h3', {}, 'Today\u2019s budget (rolling 24 h, at ' + utc(budget.at) + ')'));
            const picture = svg('svg', { viewBox: '0 0 720 22', role: 'img' });
            picture.append(svg('title', {}, used + ' of ' + limit + ' gold used'));
            picture.append(svg('rect', { class: 'bar-back', x: 0, y: 0, width: 720, height: 22, rx: 4 }));
            const width = limit > 0 ? Math.min(720, Math.round(720 * used / limit)) : 0;
            picture.append(svg('rect', { class: used >= limit ? 'bar-full' : 'bar-used', x: 0, y: 0, width: width, height: 22, rx: 4 }));
            box.append(picture);
            box.append(el('p', { class: 'figures' }, el('span', {}, 'used ' + budget.usedGold + ' gold'), el('span', {}, 'remaining ' + budget.remainingGold + ' gold'),
              el('span', {}, 'budget ' + budget.limitGold + ' gold a day')));
            return box;
          }

          function drawTimelines(answer) {
            const lanes = [];
            for (const device of answer.devices) lanes.push({ id: device.journal, label: 'device (journal) ' + device.journal.slice(0, 12) + '…', spans: [] });
            const tickets = { id: 'tickets', label: 'tickets (server clock)', spans: [] };
            for (const payment of answer.payments) {
              const lane = payment.upload ? lanes.find((l) => l.id === payment.upload.journal) : tickets;
              for (const session of payment.sessions) lane.spans.push({ payment, session, ...span(payment, session) });
            }
            if (tickets.spans.length) lanes.push(tickets);
            const box = el('div', { class: 'timeline', id: 'timeline' }, el('h3', {}, 'Timeline: each time away on the server\u2019s clock, by device'));
            const all = lanes.flatMap((lane) => lane.spans);
            if (!all.length) { box.append(el('p', { class: 'muted' }, 'No time away judged yet.')); return box; }
            let low = all.reduce((m, s) => (s.from < m ? s.from : m), all[0].from);
            let high = all.reduce((m, s) => (s.to > m ? s.to : m), all[0].to);
            if (high <= low) high = low + 1000000000n;
            const pad = (high - low) / 50n;
            low -= pad; high += pad;
            const left = 190, width = 900, laneHeight = 46, top = 26;
            const x = (t) => left + Number((big(t) - low) * 100000n / (high - low)) * width / 100000;
            const picture = svg('svg', { viewBox: '0 0 ' + (left + width + 10) + ' ' + (top + lanes.length * laneHeight + 8), role: 'img' });
            picture.append(svg('title', {}, 'Time away per device'));
            for (let i = 0; i <= 4; i++) {
              const t = low + (high - low) * BigInt(i) / 4n;
              picture.append(svg('line', { class: 'axis', x1: x(t), x2: x(t), y1: top - 6, y2: top + lanes.length * laneHeight }));
              picture.append(svg('text', { class: 'tick', x: x(t), y: 14, 'text-anchor': i === 0 ? 'start' : i === 4 ? 'end' : 'middle' }, utc(t)));
            }
            const labels = new Map();
            lanes.forEach((lane, index) => {
              const y = top + index * laneHeight;
              picture.append(svg('text', { class: 'lane-label', x: 4, y: y + 24 }, lane.label));
              for (const s of lane.spans) {
                const x1 = x(s.from), x2 = Math.max(x(s.to), x1 + 2);
                const recomputed = Number(s.session.recomputedGold), escrow = Number(s.session.escrowGold), covered = Number(s.session.coveredGold || 0);
                const group = svg('g', { class: 'span' });
                const bar = svg('rect', {
                  class: 'away ' + s.session.status + (s.proven ? '' : ' unproven'), x: x1, y: y + 8, width: x2 - x1, height: 22, rx: 2,
                  'data-payment': s.payment.id, 'data-session': s.session.session, 'data-from': String(s.from), 'data-to': String(s.to),
                  'data-proven': String(s.proven), 'data-gold': s.session.gold, 'data-escrow': s.session.escrowGold,
                });
                group.append(bar);
                const total = recomputed + covered;
                if (total > 0 && (escrow > 0 || covered > 0)) {
                  const w = x2 - x1;
                  if (escrow > 0) group.append(svg('rect', { class: 'escrow', x: x2 - w * escrow / total, y: y + 8, width: w * escrow / total, height: 6 }));
                  if (covered > 0) group.append(svg('rect', { class: 'covered', x: x1, y: y + 24, width: w * covered / total, height: 6 }));
                }
                group.append(svg('title', {}, s.session.session + ': ' + s.session.status + ' by ' + (METHODS[s.session.method] || s.session.method) + ', '
                  + duration(s.session.creditedSeconds) + ' proven, ' + s.session.gold + ' gold paid by this call' + (escrow ? ', ' + escrow + ' in escrow' : '')
                  + (covered ? ', ' + covered + ' already covered' : '') + (s.proven ? '' : ' (no proven interval: drawn before the payment)')));
                // A later payment of the same session (a top-up) adds to the first one's label instead of writing over it.
                const earlier = labels.get(lane.id + '\n' + s.session.session);
                if (earlier) earlier.textContent += ' + ' + s.session.gold + ' g';
                else {
                  const label = svg('text', { class: 'tick', x: x1, y: y + 42 }, s.session.gold + ' g');
                  labels.set(lane.id + '\n' + s.session.session, label);
                  group.append(label);
                }
                picture.append(group);
              }
            });
            box.append(picture);
            box.append(el('p', { class: 'legend' },
              el('span', {}, el('i', { class: 'swatch verified' }), 'verified'), el('span', {}, el('i', { class: 'swatch provisional' }), 'provisional'),
              el('span', {}, el('i', { class: 'swatch rejected' }), 'rejected'), el('span', {}, el('i', { class: 'swatch escrow' }), 'share in escrow'),
              el('span', {}, el('i', { class: 'swatch covered' }), 'share a ticket or another device already covered'),
              el('span', {}, 'dashed: no proven interval (credited time drawn before the payment)')));
            return box;
          }

          function drawPayment(payment) {
            const card = el('article', { class: 'payment', 'data-id': payment.id, 'data-kind': payment.kind, 'data-gold': payment.gold,
              'data-payable': payment.payableGold, 'data-withheld': payment.withheldByBudget });
            const what = payment.kind === 'upload' ? 'Upload of journal ' + payment.upload.journal + ' (' + payment.upload.outcome + ')' : 'Ticket redeemed';
            card.append(el('h3', {}, utc(payment.paidAt) + ' · ' + what));
            const headline = payment.messages[0];
            card.append(el('p', { class: 'headline' }, 'Paid ', el('span', { class: 'gold' }, payment.gold), ' gold. The player was told: \u201c',
              headline ? headline.text : '(nothing)', '\u201d'));
            if (payment.messages.length > 1) {
              card.append(el('ul', { class: 'messages' }, ...payment.messages.slice(1).map((m) => el('li', { 'data-key': m.key }, m.text))));
            }
            card.append(el('p', { class: 'figures' }, el('span', {}, 'payable ' + payment.payableGold + ' gold'),
              el('span', {}, 'held back by the daily budget ' + payment.withheldByBudget + ' gold'), el('span', {}, 'budget ' + payment.dailyBudgetGold + ' gold a day'),
              el('span', { class: 'mono muted' }, 'payment ' + payment.id)));
            const table = el('table', {}, el('tr', {}, ...['session', 'verdict', 'what proved it', 'proven', 'proven interval (server clock)', 'claimed',
              'justified (before grants)', 'paid now', 'escrow', 'covered', 'multipliers', 'flags'].map((h) => el('th', {}, h))));
            for (const session of payment.sessions) {
              const s = span(payment, session);
              const row = el('tr', { class: 'session', 'data-payment': payment.id, 'data-session': session.session, 'data-gold': session.gold,
                'data-escrow': session.escrowGold, 'data-covered': session.coveredGold, 'data-recomputed': session.recomputedGold,
                'data-credited': session.creditedSeconds, 'data-claimed': session.claimedGold, 'data-status': session.status,
                'data-applied': (session.appliedMultipliers || []).join(','), 'data-pending': session.pendingMultipliers.join(','),
                'data-from': session.awayFrom === undefined ? null : String(session.awayFrom), 'data-to': session.awayTo === undefined ? null : String(session.awayTo) });
              const applied = session.appliedMultipliers || session.multipliers;
              const waiting = session.pendingMultipliers.filter((m) => !applied.includes(m));
              const granted = session.pendingMultipliers.filter((m) => applied.includes(m));
              const multipliers = [applied.length ? 'paid with: ' + applied.join(', ') : '', granted.length ? 'granted by the ad network: ' + granted.join(', ') : '',
                waiting.length ? 'waiting for the grant: ' + waiting.join(', ') : ''].filter(Boolean).join('; ');
              row.append(el('td', { class: 'mono' }, session.session), el('td', { class: 'status-' + session.status }, session.status),
                el('td', {}, METHODS[session.method] || session.method),
                el('td', { class: 'num' }, duration(session.creditedSeconds) + (session.upperSeconds !== undefined && session.upperSeconds !== null ? ' (at most ' + duration(session.upperSeconds) + ')' : '')),
                el('td', {}, s.proven ? utc(s.from) + ' → ' + utc(s.to) : 'none proven'),
                el('td', { class: 'num' }, gold(session.claimedGold)), el('td', { class: 'num' }, gold(session.recomputedGold)),
                el('td', { class: 'num gold' }, gold(session.gold)), el('td', { class: 'num escrow' }, gold(session.escrowGold)),
                el('td', { class: 'num covered' }, gold(session.coveredGold)), el('td', {}, multipliers || '—'),
                el('td', {}, ...(session.flags.length ? session.flags.map((f) => el('span', { class: 'flag' }, f)) : ['—'])));
              table.append(row);
              const why = el('details', { class: 'explanation' }, el('summary', {}, 'Why (technical detail) for ' + session.session), el('p', {}, session.explanation));
              table.append(el('tr', {}, el('td', { colspan: 12 }, why)));
            }
            card.append(table);
            if (payment.findings.length) {
              const findings = el('div', { class: 'findings' }, el('h3', {}, 'What the audit found'));
              for (const finding of payment.findings) {
                findings.append(el('details', { class: 'finding', 'data-kind': finding.kind },
                  el('summary', {}, finding.kind.split('-').join(' ') + (finding.session ? ' (session ' + finding.session + ')' : '')),
                  el('p', { class: 'mono' }, finding.detail)));
              }
              card.append(findings);
            }
            return card;
          }

          function start() {
            // An operator key in the fragment (#key=pto_…&player=…) is taken once into this tab's sessionStorage and
            // removed from the address bar and history; a fragment never reaches the server or its logs.
            const fragment = new URLSearchParams(location.hash.slice(1));
            if (fragment.get('key')) sessionStorage.setItem(KEY, fragment.get('key'));
            if (location.hash) history.replaceState(null, '', location.pathname);
            showKeyState();
            document.getElementById('key-form').addEventListener('submit', (event) => {
              event.preventDefault();
              const input = document.getElementById('key-input');
              if (input.value.trim()) sessionStorage.setItem(KEY, input.value.trim());
              input.value = '';
              showKeyState();
            });
            document.getElementById('forget-key').addEventListener('click', () => { sessionStorage.removeItem(KEY); result.replaceChildren(); showKeyState(); say('The key is forgotten.'); });
            document.getElementById('player-form').addEventListener('submit', (event) => { event.preventDefault(); lookUp(document.getElementById('player-input').value); });
            document.getElementById('session-form').addEventListener('submit', (event) => { event.preventDefault(); findSession(document.getElementById('session-input').value); });
            mark();
            const player = fragment.get('player'), session = fragment.get('session');
            if (player) { document.getElementById('player-input').value = player; lookUp(player); }
            else if (session) { document.getElementById('session-input').value = session; findSession(session); }
            else document.body.dataset.state = 'idle';
          }
          start();
        })();
        """#
}
