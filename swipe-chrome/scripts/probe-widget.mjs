// probe-widget.mjs: a developer's check of one widget page, not part of the build.
// Opens URL in headless Debian Chromium with the same phone emulation as the chrome:
// device (393x852 CSS px, DPR 3, mobile, touch; override with W, H, DPR env vars),
// runs the steps, and prints what the page's test-only swipeTruth() hook returns.
// Touch input is sent the way the SDK sends it: CDP Input.dispatchTouchEvent.
//
//   python3 -m http.server 8765 --bind 127.0.0.1 --directory swipe-chrome/src/test/resources/widgets &
//   node --experimental-websocket swipe-chrome/scripts/probe-widget.mjs \
//     http://127.0.0.1:8765/pages/snap-wheel-stop.html \
//     '[{"truth":1},{"swipe":[170,330,170,230,400]},{"wait":1500},{"truth":1},{"shot":"/tmp/after.png"}]'
//
// (Node 22+ has WebSocket built in; Node 20 needs --experimental-websocket.)
// Steps, run in order:
//   {"truth":1}                     print JSON.stringify(swipeTruth())
//   {"eval":"js"}                   print the value of an expression
//   {"wait":ms}                     sleep
//   {"shot":"file.png"}             screenshot of the viewport at 1 image px per CSS px
//   {"tap":[x,y]}                   one finger down and up (CSS px)
//   {"swipe":[x1,y1,x2,y2,ms],"hold":ms}  one finger moved in ~16 ms steps, optionally held before lifting
//   {"pinch":[cx,cy,d0,d1,ms]}      two fingers on a horizontal line, distance d0 -> d1
// Exceptions, console messages and HTTP errors seen by the page are printed at the end.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [url, stepsJson = '[{"truth":true}]'] = process.argv.slice(2);
if (!url) { console.error('usage: node --experimental-websocket probe-widget.mjs URL [STEPS_JSON]'); process.exit(2); }
if (typeof WebSocket === 'undefined') { console.error('probe-widget: no WebSocket; run node with --experimental-websocket (Node 20) or use Node 22+'); process.exit(2); }
const steps = JSON.parse(stepsJson);
const W = Number(process.env.W || 393), H = Number(process.env.H || 852), DPR = Number(process.env.DPR || 3);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const profile = mkdtempSync(join(tmpdir(), 'probe-'));
const chrome = spawn(process.env.CHROMIUM || '/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--remote-debugging-port=0',
  `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
let port = null;
for (let i = 0; i < 300 && !port; i++) { await sleep(50); const f = join(profile, 'DevToolsActivePort'); if (existsSync(f)) port = readFileSync(f, 'utf8').split('\n')[0].trim() || null; }
if (!port) { chrome.kill(); throw new Error('chromium did not start'); }
const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
const page = targets.find((t) => t.type === 'page');
const ws = new WebSocket(page.webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener('open', r));
let id = 0; const pending = new Map(); const logs = [];
ws.addEventListener('message', (ev) => {
  const m = JSON.parse(ev.data);
  if (m.id && pending.has(m.id)) { const p = pending.get(m.id); pending.delete(m.id); m.error ? p.reject(new Error(JSON.stringify(m.error))) : p.resolve(m.result); }
  else if (m.method === 'Runtime.exceptionThrown') logs.push('EXCEPTION ' + JSON.stringify(m.params.exceptionDetails.exception?.description || m.params.exceptionDetails.text));
  else if (m.method === 'Runtime.consoleAPICalled') logs.push('console.' + m.params.type + ' ' + m.params.args.map((a) => a.value ?? a.description).join(' '));
  else if (m.method === 'Network.loadingFailed') logs.push('LOADFAIL ' + m.params.errorText);
  else if (m.method === 'Network.responseReceived' && m.params.response.status >= 400) logs.push('HTTP ' + m.params.response.status + ' ' + m.params.response.url);
});
const send = (method, params = {}) => new Promise((resolve, reject) => { const i = ++id; pending.set(i, { resolve, reject }); ws.send(JSON.stringify({ id: i, method, params })); });
await send('Runtime.enable'); await send('Network.enable'); await send('Page.enable');
await send('Emulation.setDeviceMetricsOverride', { width: W, height: H, deviceScaleFactor: DPR, mobile: true });
await send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
await send('Page.navigate', { url });
await sleep(2500);
const evaluate = async (expr) => { const r = await send('Runtime.evaluate', { expression: expr, returnByValue: true, awaitPromise: true }); if (r.exceptionDetails) return 'EXC ' + JSON.stringify(r.exceptionDetails.exception?.description); return r.result.value; };
for (const s of steps) {
  if (s.wait) await sleep(s.wait);
  if (s.truth) console.log('truth', await evaluate('JSON.stringify(window.swipeTruth())'));
  if (s.eval) console.log('eval', await evaluate(s.eval));
  if (s.shot) { const r = await send('Page.captureScreenshot', { format: 'png', clip: { x: 0, y: 0, width: W, height: H, scale: 1 / DPR } }); writeFileSync(s.shot, Buffer.from(r.data, 'base64')); console.log('shot', s.shot); }
  if (s.tap) { const [x, y] = s.tap; await send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] }); await sleep(60); await send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }); }
  if (s.swipe) {
    const [x1, y1, x2, y2, ms = 300] = s.swipe; const n = Math.max(2, Math.round(ms / 16)); const t0 = Date.now();
    await send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x1, y: y1 }] });
    for (let i = 1; i <= n; i++) { const f = i / n; await sleep(Math.max(0, t0 + f * ms - Date.now())); await send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x1 + (x2 - x1) * f, y: y1 + (y2 - y1) * f }] }); }
    if (s.hold) await sleep(s.hold);
    await send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  if (s.pinch) { // [cx, cy, d0, d1, ms]
    const [cx, cy, d0, d1, ms = 400] = s.pinch; const n = Math.round(ms / 16); const pts = (d) => [{ x: cx - d / 2, y: cy, id: 1 }, { x: cx + d / 2, y: cy, id: 2 }];
    await send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pts(d0) });
    for (let i = 1; i <= n; i++) { await sleep(16); await send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pts(d0 + (d1 - d0) * i / n) }); }
    await send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
}
for (const l of logs) console.log(l);
ws.close(); const exited = new Promise((r) => chrome.on('exit', r)); chrome.kill(); await Promise.race([exited, sleep(5000)]); await sleep(200); rmSync(profile, { recursive: true, force: true });
process.exit(0);
