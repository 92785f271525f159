// The playground in a real browser: Debian's Chromium, headless, driven through its DevTools
// protocol over Node's WebSocket. The web folder is served by `python3 -m http.server`, as a user
// would serve it. Checks, failing with a non-zero exit:
//  - the playground lists every scene of scenes/, and each prints in the page the lines of the
//    native `sweepbox run` (a scene with an editor's level fetches the level's files beside it);
//  - dragging the box's end and the ray's end with the mouse draws the library's own answer
//    (the page's overlay against a check of the same move), with the first contact among the
//    candidates;
//  - a click throws sparks;
//  - tests/test_determinism.cpp's simulation, run in the page, gives the native golden hash;
//  - nothing is logged as an error and no exception escapes in the page.
// Screenshots of each scene and of the drags go to the folder given (build/web/screenshots).
// Usage: node web/test/browser.js [SCREENSHOT_DIR]   (after ./dev.sh web)
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const shots = path.resolve(process.argv[2] ?? path.join(root, 'build/web/screenshots'));
const program = process.env.SWEEPBOX_PROGRAM ?? path.join(root, 'build/gcc/apps/sweepbox');
const chromium = process.env.SWEEPBOX_CHROMIUM ?? '/usr/bin/chromium';

// Node 20 has its WebSocket behind a flag: run again with it.
if (typeof WebSocket === 'undefined') {
  const child = spawn(process.execPath, ['--experimental-websocket', ...process.argv.slice(1)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(`browser test: FAILED: ${error.stack ?? error}`);
      process.exit(1);
    });
}

// Starts `command args` and resolves with the first match of `pattern` in its output.
function startAndWait(command, args, pattern, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${command}: no ${pattern} in 30 s:\n${seen}`)), 30000);
    const look = (data) => {
      seen += data;
      const m = seen.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}):\n${seen}`)));
  });
}

// A DevTools protocol session on one page target.
class Cdp {
  constructor(url) {
    this.ws = new WebSocket(url);
    this.next = 1;
    this.waiting = new Map();
    this.listeners = [];
    this.ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.id && this.waiting.has(msg.id)) {
        const { resolve, reject, method } = this.waiting.get(msg.id);
        this.waiting.delete(msg.id);
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
        else resolve(msg.result);
      } else if (msg.method) {
        for (const listener of this.listeners) listener(msg);
      }
    };
  }
  open() {
    return new Promise((resolve, reject) => {
      this.ws.onopen = resolve;
      this.ws.onerror = () => reject(new Error('cannot connect to Chromium'));
    });
  }
  send(method, params = {}) {
    const id = this.next++;
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject, method }));
  }
  // The value of an expression in the page (awaited), or its exception.
  async eval(expression) {
    const r = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) {
      throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    }
    return r.result.value;
  }
  async screenshot(file) {
    // The page down to the end of its content (a wide scene leaves the bottom empty).
    const bottom = await this.eval("Math.ceil(Math.max(document.querySelector('main').getBoundingClientRect().bottom, document.querySelector('#view svg').getBoundingClientRect().bottom + 16))");
    const clip = { x: 0, y: 0, width: 1400, height: Math.min(1000, bottom), scale: 1 };
    const { data } = await this.send('Page.captureScreenshot', { format: 'png', clip });
    fs.writeFileSync(path.join(shots, file), Buffer.from(data, 'base64'));
    console.log(`  screenshot ${path.join(shots, file)}`);
  }
  mouse(type, x, y) {
    return this.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1 });
  }
  async drag(from, to, steps = 12) {
    await this.mouse('mouseMoved', from.x, from.y);
    await this.mouse('mousePressed', from.x, from.y);
    for (let i = 1; i <= steps; ++i) {
      await this.mouse('mouseMoved', from.x + (to.x - from.x) * i / steps, from.y + (to.y - from.y) * i / steps);
    }
    await this.mouse('mouseReleased', to.x, to.y);
  }
}

async function main() {
  assert.ok(fs.existsSync(path.join(root, 'web/dist/sweepbox.wasm')), 'web/dist is not built (./dev.sh web)');
  assert.ok(fs.existsSync(program), `no native program at ${program}`);
  fs.mkdirSync(shots, { recursive: true });
  const t0 = Date.now();
  const server = await startAndWait('python3', ['-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory',
    path.join(root, 'web')], /Serving HTTP on \S+ port (\d+)/);
  const site = `http://127.0.0.1:${server.match[1]}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sweepbox-chromium-'));
  const browser = await startAndWait(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, '--remote-debugging-port=0',
    '--window-size=1400,1000', '--hide-scrollbars', 'about:blank',
  ], /DevTools listening on (ws:\/\/[^\s]+)/);
  try {
    const port = new URL(browser.match[1]).port;
    const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
    const page = targets.find((t) => t.type === 'page');
    const cdp = new Cdp(page.webSocketDebuggerUrl);
    await cdp.open();
    const problems = [];
    cdp.listeners.push((msg) => {
      if (msg.method === 'Runtime.exceptionThrown') problems.push(msg.params.exceptionDetails.exception?.description ?? msg.params.exceptionDetails.text);
      if (msg.method === 'Runtime.consoleAPICalled' && msg.params.type === 'error') problems.push(msg.params.args.map((a) => a.value ?? a.description).join(' '));
      if (msg.method === 'Log.entryAdded' && msg.params.entry.level === 'error') problems.push(`${msg.params.entry.text} ${msg.params.entry.url ?? ''}`);
    });
    await cdp.send('Runtime.enable');
    await cdp.send('Log.enable');
    await cdp.send('Page.enable');
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1400, height: 1000, deviceScaleFactor: 1, mobile: false });
    await cdp.send('Page.navigate', { url: `${site}/playground/` });
    await cdp.eval('new Promise((r) => { const w = () => window.playground ? r() : setTimeout(w, 20); w(); }).then(() => window.playground.ready)');

    // Every scene: the page's lines are the native program's.
    const scenes = await cdp.eval('window.playground.scenes()');
    const onDisk = fs.readdirSync(path.join(root, 'scenes')).filter((f) => f.endsWith('.json')).sort();
    assert.deepEqual(scenes.map((s) => s.file).sort(), onDisk, 'the playground lists every scene of scenes/');
    for (const { file } of scenes) {
      const lines = await cdp.eval(`window.playground.open(${JSON.stringify(file)}).then(() => window.playground.runAll())`);
      const native = execFileSync(program, ['run', path.join(root, 'scenes', file)], { encoding: 'utf8', maxBuffer: 1 << 28 });
      assert.equal(lines.join('\n') + '\n', native, `${file}: the page's lines differ from sweepbox run's`);
      const files = await cdp.eval('window.playground.files()');
      const level = JSON.parse(fs.readFileSync(path.join(root, 'scenes', file), 'utf8')).level;
      if (level) assert.ok(files.includes(level), `${file}: the page did not fetch ${level} (${files})`);
      const state = await cdp.eval('window.playground.state()');
      if (level) assert.ok(state.tiles && state.tiles.cells.some((k) => k !== 0), `${file}: the level has no tiles in the page`);
      console.log(`  ${file}: ${lines.length} lines, the same as sweepbox run's${files.length ? ` (files: ${files.join(', ')})` : ''}`);
      await cdp.screenshot(`scene-${file.replace(/\.json$/, '')}.png`);
    }

    // Drag the grenade's move: the overlay is the library's answer for the move dragged to.
    await cdp.eval("window.playground.open('grenade_room.json')");
    await cdp.eval("window.playground.setTool('box')");
    const before = await cdp.eval('window.playground.last()');
    // (The targets are world points, a fraction of the way across the picture's content.)
    const [x0, y0, x1, y1] = await cdp.eval('window.playground.bounds()');
    const at = (fx, fy) => cdp.eval(`window.playground.screenPoint(${x0 + (x1 - x0) * fx}, ${y0 + (y1 - y0) * fy})`);
    const grab = await cdp.eval("window.playground.handle('box-end')");
    await cdp.drag(grab, await at(0.45, 0.8));
    const dragged = await cdp.eval('window.playground.last()');
    assert.notDeepEqual(dragged.delta, before.delta, 'the drag changed nothing');
    const answer = await cdp.eval(`window.playground.check(${dragged.delta.x}, ${dragged.delta.y})`);
    assert.deepEqual(dragged.box, answer.box);
    assert.deepEqual(dragged.velocity, answer.velocity);
    assert.deepEqual(dragged.contacts, answer.contacts);
    assert.ok(dragged.contacts.length > 0, 'the dragged move meets nothing');
    const first = dragged.contacts[0].other;
    assert.ok(dragged.inspection.candidates.some((c) => c.other.kind === first.kind && c.other.body === first.body &&
      c.other.column === first.column && c.other.row === first.row), 'the first contact is not among the candidates');
    console.log(`  box dragged by (${dragged.delta.x.toFixed(1)}, ${dragged.delta.y.toFixed(1)}): ` +
      `${dragged.contacts.length} contacts, ${dragged.inspection.candidates.length} candidates, ${dragged.inspection.parts.length} sub-boxes`);
    await cdp.screenshot('drag-box.png');
    // A long drag, across the room and up: the trip covers many grid cells, so the bodies' walk
    // goes by sub-boxes along the primary axis.
    await cdp.eval("window.playground.open('hills.json')");
    await cdp.eval("document.getElementById('response').value = 'bounce'");
    const [hx0, hy0, hx1, hy1] = await cdp.eval('window.playground.bounds()');
    const probe = await cdp.eval('window.playground.probeCentre()');
    const far = (lo, hi, v) => (v < (lo + hi) / 2 ? lo + (hi - lo) * 0.95 : lo + (hi - lo) * 0.05);
    await cdp.drag(await cdp.eval("window.playground.handle('box-end')"),
      await cdp.eval(`window.playground.screenPoint(${far(hx0, hx1, probe.x)}, ${far(hy0, hy1, probe.y)})`));
    const long = await cdp.eval('window.playground.last()');
    assert.ok(long.inspection.parts.length > 0, `a long move shows no sub-boxes: ${JSON.stringify(long.inspection.cells)}`);
    console.log(`  long drag: ${long.inspection.parts.length} sub-boxes (${long.inspection.parts.filter((p) => p.visited).length} walked), ${long.contacts.length} contacts`);
    await cdp.screenshot('drag-box-long.png');

    // The ray's end.
    await cdp.eval("window.playground.setTool('ray')");
    const end = await cdp.eval("window.playground.handle('ray-end')");
    await cdp.drag(end, { x: end.x + 150, y: end.y + 220 });
    const ray = await cdp.eval('window.playground.last()');
    assert.equal(ray.tool, 'ray');
    assert.ok(ray.hit.hit, 'the dragged ray hits nothing');
    await cdp.screenshot('drag-ray.png');

    // A click shoots: sparks fly.
    const [rx0, ry0, rx1, ry1] = await cdp.eval('window.playground.bounds()');
    const target = await cdp.eval(`window.playground.screenPoint(${rx0 + (rx1 - rx0) * 0.5}, ${ry0 + (ry1 - ry0) * 0.75})`);
    await cdp.mouse('mouseMoved', target.x, target.y);
    await cdp.mouse('mousePressed', target.x, target.y);
    await cdp.mouse('mouseReleased', target.x, target.y);
    const sparks = await cdp.eval('new Promise((r) => setTimeout(() => r(window.playground.sparks()), 400))');
    assert.ok(sparks.count > 0 && sparks.alive > 0, `no sparks after a click: ${JSON.stringify(sparks)}`);
    await cdp.screenshot('sparks.png');

    // The determinism simulation in Chromium's engine gives the native golden hash.
    const golden = fs.readFileSync(path.join(root, 'tests/data/determinism_hash.txt'), 'utf8').trim();
    const sim = await cdp.eval(`Promise.all([import('/sweepbox.js'), import('/test/determinism_run.js')])
      .then(([api, d]) => { const r = d.runSimulation(api); return { hash: r.hash, moves: r.moves }; })`);
    assert.equal(sim.hash, golden, 'the determinism hash in Chromium');
    console.log(`  determinism in Chromium: ${sim.moves} moves, hash ${sim.hash} (native ${golden})`);

    assert.deepEqual(problems, [], 'errors in the page');
    console.log(`browser test: passed in ${((Date.now() - t0) / 1000).toFixed(1)} s (Chromium ${(await cdp.send('Browser.getVersion')).product})`);
  } finally {
    const exited = (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    browser.child.kill('SIGTERM');
    server.child.kill('SIGTERM');
    await Promise.all([exited(browser.child), exited(server.child)]);
    // (Chromium's helper processes may still be writing to the profile a moment after it exits.)
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.error(`browser test: could not remove ${profile}: ${error.message}`);
    }
  }
}
