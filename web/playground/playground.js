// The playground: a scene file run by the scene layer in WebAssembly (the lines `sweepbox run`
// prints, the picture `sweepbox run --svg` draws), and over the picture, live, what the library
// does for a move you drag: the whole-trip box, the sub-boxes along the primary axis, the
// candidates, the first contact with its normal, the velocity after the response; a click shoots
// a bullet that throws sparks. The interactive world is the package's World, built from the
// scene's state at the current step.
import {
  MoveOptions, Particles, World, emitSparks, moveParticles, newCastHit, newMoveResult,
} from '../sweepbox.js';
import { openScene } from '../scene.js';

const SVG = 'http://www.w3.org/2000/svg';
// The SVG renderer's colours (src/scene/svg.cpp), one meaning each.
const C = {
  trip: '#8e3fb8', part: '#129a9a', candidate: '#f08a00', contact: '#e0201b', normal: '#109a3a',
  velocity: '#f08a00', path: '#2a5d9e', start: '#6f9fd8', spark: '#d9480f', ray: '#8e3fb8',
};

const $ = (id) => document.getElementById(id);
const view = $('view'), linesOut = $('lines'), readout = $('readout'), errorOut = $('error');

const state = {
  name: '', text: '', files: new Map(), scene: null, lines: [], world: null, ids: new Map(), svg: null, overlay: null,
  sparksLayer: null, u: 1, tool: 'box', probe: null, ray: null, last: null,
};
const moveResult = newMoveResult(), castHit = newCastHit();
const options = new MoveOptions();
const particles = new Particles(1500);
particles.count = 0;
const sparkAge = new Int32Array(particles.capacity);
let sparkSeed = 1, animating = false;

function showError(message) {
  errorOut.hidden = !message;
  errorOut.textContent = message ?? '';
}

function el(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// ---- the scene ----

async function sceneList() {
  const response = await fetch('../dist/scenes/index.json');
  if (!response.ok) throw new Error('no scene list (../dist/scenes/index.json: build with ./dev.sh web)');
  return response.json();
}

// A file beside the listed scenes (a level's, as the scene names it: "levels/platformer.tmx").
async function fetchBeside(name) {
  const response = await fetch(`../dist/scenes/${name}`);
  if (!response.ok) throw new Error(`cannot load ${name}: ${response.status} ${response.statusText}`);
  return response.text();
}

async function openNamed(file) {
  await openText(await fetchBeside(file), file);
  $('scene-list').value = file;
}

// Opens scene text; a scene with an editor's "level" gets its files fetched beside the listed
// scenes (a pasted scene too). Throws SceneError before anything changes.
async function openText(text, name, known = new Map()) {
  const { scene, files } = await openScene(text, name, fetchBeside, known);
  reopen(scene, text, name, files);
}

function reopen(scene, text, name, files) {
  state.scene?.destroy();
  state.scene = scene;
  state.name = name;
  state.text = text;
  state.files = files;
  state.lines = [];
  state.probe = null;
  state.ray = null;
  particles.count = 0;
  showError('');
  refresh();
}

function step() {
  const s = state.scene;
  if (!s || s.nextStep >= s.stepCount) return;
  try {
    state.lines.push(s.step());
  } catch (e) {
    showError(e.message);
  }
  refresh();
}

function runAll() {
  const s = state.scene;
  try {
    while (s.nextStep < s.stepCount) state.lines.push(s.step());
  } catch (e) {
    showError(e.message);
  }
  refresh();
  return state.lines;
}

// The picture, the output, and the package's world at this step.
function refresh() {
  const s = state.scene;
  $('step-count').textContent = `step ${s.nextStep} of ${s.stepCount}`;
  $('step').disabled = $('run-all').disabled = s.nextStep >= s.stepCount;
  linesOut.textContent = state.lines.join('\n');
  view.innerHTML = s.svg({ title: state.name }).replace(/^<\?xml[^>]*>\s*/, '');
  state.svg = view.querySelector('svg');
  const [, , vw, vh] = state.svg.getAttribute('viewBox').split(' ').map(Number);
  state.u = Math.max(vw / 166, vh / 112); // the renderer's unit: a hundredth of the content
  state.overlay = el('g', { id: 'overlay' }, state.svg);
  state.sparksLayer = el('g', { id: 'sparks' }, state.svg);
  buildWorld(s.state());
  choosePointers(s);
  draw();
  attachPointer();
}

function buildWorld(st) {
  state.world?.destroy();
  const w = new World({ cellSize: st.cell_size });
  if (st.tiles) {
    const t = st.tiles;
    w.setTileMap({ origin: { x: t.origin[0], y: t.origin[1] }, tileSize: t.size, columns: t.columns, rows: t.rows,
      category: t.category, mask: t.mask });
    for (const k of t.kinds) w.setTileKind(k.index, { shape: k.shape, category: k.category, mask: k.mask, sensor: k.sensor });
    t.cells.forEach((kind, i) => {
      if (kind !== 0) w.setTile(i % t.columns, Math.floor(i / t.columns), kind);
    });
  }
  state.ids = new Map();
  state.bodies = st.bodies;
  for (const b of st.bodies) {
    state.ids.set(b.name, w.add({
      box: { minX: b.box[0], minY: b.box[1], maxX: b.box[2], maxY: b.box[3] }, isStatic: b.static,
      isPlatform: b.platform, isSensor: b.sensor, category: b.category, mask: b.mask, oneWay: b.one_way,
    }));
  }
  state.world = w;
}

// The box to drag: the body of the next move or frames step, else the first movable body, else
// a probe added to the package's world; the ray: from the next cast_ray step, else across.
function choosePointers(s) {
  const w = state.world, steps = JSON.parse(state.text).steps ?? [];
  const next = steps.slice(s.nextStep).find((st) => (st.op === 'move' || st.op === 'frames') && state.ids.has(st.body));
  const movable = state.bodies.find((b) => !b.static && !b.sensor && !b.platform);
  const [x0, y0, x1, y1] = contentBounds();
  const span = Math.max(x1 - x0, y1 - y0);
  // (The world is built anew at each step: the probe is kept by name, its id looked up again.)
  if (state.probe && state.probe.name !== null && !state.ids.has(state.probe.name)) state.probe = null;
  if (!state.probe) {
    let name = null, delta;
    if (next) {
      name = next.body;
      delta = next.delta ? { x: next.delta[0], y: next.delta[1] } : { x: span / 4, y: span / 8 };
    } else if (movable) {
      name = movable.name;
      delta = { x: span / 4, y: span / 8 };
    } else {
      delta = { x: span / 3, y: span / 5 };
    }
    state.probe = { name, delta, id: 0 };
  }
  if (state.probe.name !== null) {
    state.probe.id = state.ids.get(state.probe.name);
  } else {
    const size = Math.max(2, span / 40);
    state.probe.id = w.add({ box: { minX: x0 + size, minY: y0 + size, maxX: x0 + 2 * size, maxY: y0 + 2 * size } });
  }
  if (!state.ray) {
    const cast = steps.find((st) => st.op === 'cast_ray');
    state.ray = cast ? { from: { x: cast.from[0], y: cast.from[1] }, to: { x: cast.from[0] + cast.delta[0], y: cast.from[1] + cast.delta[1] } }
      : { from: { x: x0 + span * 0.05, y: y0 + span * 0.05 }, to: { x: x0 + span * 0.6, y: y0 + span * 0.4 } };
  }
}

function contentBounds() {
  const [vx, vy, vw, vh] = state.svg.getAttribute('viewBox').split(' ').map(Number);
  const u = state.u;
  return [vx + 6 * u, vy + 6 * u, vx + vw - 60 * u, vy + vh - 6 * u];
}

// ---- the overlay ----

function rect(b, style, parent = state.overlay) {
  return el('rect', { x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY, ...style }, parent);
}

function arrow(x, y, dx, dy, colour) {
  const u = state.u, len = Math.hypot(dx, dy);
  if (!(len > 0)) return;
  const ux = dx / len, uy = dy / len, h = Math.min(1.2 * u, len / 2);
  el('line', { x1: x, y1: y, x2: x + dx, y2: y + dy, stroke: colour, 'stroke-width': 0.35 * u }, state.overlay);
  el('polygon', {
    points: `${x + dx},${y + dy} ${x + dx - h * ux - 0.5 * h * uy},${y + dy - h * uy + 0.5 * h * ux} ${x + dx - h * ux + 0.5 * h * uy},${y + dy - h * uy - 0.5 * h * ux}`,
    fill: colour,
  }, state.overlay);
}

function drawInspection(ins) {
  const u = state.u;
  for (const c of ins.candidates) rect(c.box, { fill: C.candidate, 'fill-opacity': 0.25, stroke: C.candidate, 'stroke-width': 0.3 * u });
  for (const p of ins.parts) {
    rect(p.box, { fill: 'none', stroke: C.part, 'stroke-width': 0.15 * u, 'stroke-opacity': p.visited ? 0.9 : 0.25 });
  }
  rect(ins.trip, { fill: 'none', stroke: C.trip, 'stroke-width': 0.25 * u, 'stroke-dasharray': `${u},${0.6 * u}` });
}

function handle(x, y, kind) {
  el('circle', { cx: x, cy: y, r: 1.4 * state.u, fill: '#ffffff', stroke: '#222', 'stroke-width': 0.3 * state.u,
    'data-handle': kind, style: 'cursor: grab' }, state.overlay);
}

function draw() {
  const g = state.overlay, w = state.world, u = state.u;
  g.replaceChildren();
  const response = $('response').value;
  if (state.tool === 'box') {
    const { id, delta } = state.probe;
    const start = w.box(id);
    const ins = w.inspectMove(id, delta.x, delta.y);
    options.response = response;
    options.restitution = 0.8;
    options.setVelocity(delta.x, delta.y);
    const r = w.check(id, delta.x, delta.y, options, moveResult);
    drawInspection(ins);
    rect(start, { fill: 'none', stroke: C.start, 'stroke-width': 0.3 * u, 'stroke-dasharray': `${u},${0.6 * u}` });
    const centre = (b) => `${(b.minX + b.maxX) / 2},${(b.minY + b.maxY) / 2}`;
    el('polyline', { points: [start, ...r.contacts.map((c) => c.box), r.box].map(centre).join(' '), fill: 'none',
      stroke: C.path, 'stroke-width': 0.3 * u }, g);
    for (const c of r.contacts) rect(c.box, { fill: 'none', stroke: C.contact, 'stroke-width': 0.3 * u });
    rect(r.box, { fill: C.path, 'fill-opacity': 0.2, stroke: C.path, 'stroke-width': 0.4 * u });
    const first = r.contacts[0];
    if (first) {
      arrow(first.point.x, first.point.y, first.normal.x * 5 * u, first.normal.y * 5 * u, C.normal);
      const v = r.velocity, scale = 12 * u / Math.max(1e-9, Math.hypot(delta.x, delta.y));
      arrow(first.point.x, first.point.y, v.x * scale, v.y * scale, C.velocity);
      el('circle', { cx: first.point.x, cy: first.point.y, r: 0.8 * u, fill: C.contact, stroke: '#fff', 'stroke-width': 0.15 * u }, g);
    }
    const end = { x: (start.minX + start.maxX) / 2 + delta.x, y: (start.minY + start.maxY) / 2 + delta.y };
    handle(end.x, end.y, 'box-end');
    state.last = { tool: 'box', inspection: ins, contacts: r.contacts.map((c) => ({ ...c, other: { ...c.other } })),
      box: { ...r.box }, velocity: { ...r.velocity }, delta: { ...delta } };
    showReadout(ins, first, r.velocity, r.box);
  } else {
    const { from, to } = state.ray;
    const dx = to.x - from.x, dy = to.y - from.y;
    const ins = w.inspectCast({ minX: from.x, minY: from.y, maxX: from.x, maxY: from.y }, dx, dy);
    const hit = w.castRay(from.x, from.y, dx, dy, undefined, castHit);
    drawInspection(ins);
    el('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, stroke: C.ray, 'stroke-width': 0.3 * u,
      'stroke-dasharray': hit.hit ? `${u},${0.6 * u}` : '' }, g);
    let after = null;
    if (hit.hit) {
      el('line', { x1: from.x, y1: from.y, x2: hit.point.x, y2: hit.point.y, stroke: C.ray, 'stroke-width': 0.4 * u }, g);
      arrow(hit.point.x, hit.point.y, hit.normal.x * 5 * u, hit.normal.y * 5 * u, C.normal);
      // The bullet's velocity reflected about the normal (restitution 1, no friction).
      const into = dx * hit.normal.x + dy * hit.normal.y, len = Math.hypot(dx, dy);
      after = { x: dx - 2 * into * hit.normal.x, y: dy - 2 * into * hit.normal.y };
      arrow(hit.point.x, hit.point.y, after.x / len * 12 * u, after.y / len * 12 * u, C.velocity);
      el('circle', { cx: hit.point.x, cy: hit.point.y, r: 0.8 * u, fill: C.contact, stroke: '#fff', 'stroke-width': 0.15 * u }, g);
    }
    handle(from.x, from.y, 'ray-from');
    handle(to.x, to.y, 'ray-end');
    state.last = { tool: 'ray', inspection: ins, hit: { ...hit, point: { ...hit.point }, normal: { ...hit.normal }, other: { ...hit.other } } };
    showReadout(ins, hit.hit ? hit : null, after, null);
  }
}

function nameOf(other) {
  if (other.kind === 'tile') return `tile [${other.column}, ${other.row}]`;
  for (const [name, id] of state.ids) if (id === other.body) return name;
  return other.kind === 'body' ? 'the probe' : '—';
}

function showReadout(ins, first, velocity, box) {
  const f = (v) => (Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(3) : +v.toFixed(4));
  const rows = [
    ['primary axis', ins.axis],
    ['whole-trip box', `[${f(ins.trip.minX)}, ${f(ins.trip.minY)}, ${f(ins.trip.maxX)}, ${f(ins.trip.maxY)}]`],
    ['grid cells', `${ins.cells.x1 - ins.cells.x0 + 1} × ${ins.cells.y1 - ins.cells.y0 + 1} of ${ins.cellSize}`],
    ['sub-boxes', ins.parts.length ? `${ins.parts.filter((p) => p.visited).length} walked of ${ins.parts.length}, ${ins.step} long`
      : 'none: 16 cells or fewer, one pass'],
    ['candidates', String(ins.candidates.length)],
    ['first contact', first ? `${nameOf(first.other)} at t = ${f(first.time)}` : 'none'],
  ];
  if (first) {
    rows.push(['point', `(${f(first.point.x)}, ${f(first.point.y)})`], ['normal', `(${f(first.normal.x)}, ${f(first.normal.y)})`]);
  }
  if (velocity) rows.push(['velocity after', `(${f(velocity.x)}, ${f(velocity.y)})`]);
  if (box) rows.push(['box after', `[${f(box.minX)}, ${f(box.minY)}, ${f(box.maxX)}, ${f(box.maxY)}]`]);
  readout.replaceChildren(...rows.flatMap(([k, v]) => {
    const dt = document.createElement('dt'), dd = document.createElement('dd');
    dt.textContent = k;
    dd.textContent = v;
    return [dt, dd];
  }));
}

// ---- the mouse ----

function worldPoint(event) {
  const p = state.svg.createSVGPoint();
  p.x = event.clientX;
  p.y = event.clientY;
  const q = p.matrixTransform(state.svg.getScreenCTM().inverse());
  return { x: q.x, y: q.y };
}

function attachPointer() {
  const svg = state.svg;
  let dragging = null, moved = false;
  svg.addEventListener('pointerdown', (event) => {
    dragging = event.target.getAttribute?.('data-handle') ?? null;
    moved = false;
    if (dragging) svg.setPointerCapture(event.pointerId);
  });
  svg.addEventListener('pointermove', (event) => {
    if (!dragging) return;
    moved = true;
    const p = worldPoint(event);
    if (dragging === 'box-end') {
      const b = state.world.box(state.probe.id);
      state.probe.delta = { x: p.x - (b.minX + b.maxX) / 2, y: p.y - (b.minY + b.maxY) / 2 };
    } else if (dragging === 'ray-end') {
      state.ray.to = p;
    } else if (dragging === 'ray-from') {
      state.ray.from = p;
    }
    draw();
  });
  svg.addEventListener('pointerup', (event) => {
    if (!dragging && !moved) shoot(worldPoint(event));
    dragging = null;
  });
}

// ---- sparks ----

// A bullet from the ray's start (box tool: the box's centre) to p; sparks where it hits.
function shoot(p) {
  const w = state.world;
  let from = state.ray.from;
  if (state.tool === 'box') {
    const b = w.box(state.probe.id);
    from = { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
  }
  const dx = (p.x - from.x) * 2, dy = (p.y - from.y) * 2;
  const hit = w.castRay(from.x, from.y, dx, dy, { ignore: state.tool === 'box' ? state.probe.id : 0 });
  if (!hit.hit) return null;
  const n = 60, first = particles.count + n <= particles.capacity ? particles.count : 0;
  const speed = 40 * state.u; // units per second: a few screens' hundredths a frame
  const len = Math.hypot(dx, dy);
  particles.count = Math.max(particles.count, first + n);
  emitSparks(hit, dx / len * speed, dy / len * speed, { count: n, spread: 100, minSpeed: 0.3, seed: sparkSeed++ },
    particles, first);
  const alive = particles.alive;
  for (let i = first; i < first + n; ++i) {
    alive[i] = 1;
    sparkAge[i] = 0;
  }
  if (!animating) requestAnimationFrame(animate);
  animating = true;
  return { hit: { ...hit, point: { ...hit.point }, normal: { ...hit.normal } }, first, count: n };
}

const sparkFrame = { gravity: { x: 0, y: 0 }, dt: 1 / 60, restitution: 0.5, friction: 0.1, restSpeed: 0 };
function animate() {
  const u = state.u;
  sparkFrame.gravity.y = 30 * u;
  sparkFrame.restSpeed = u;
  moveParticles(state.world, particles, sparkFrame);
  const layer = state.sparksLayer, x = particles.x, y = particles.y, alive = particles.alive;
  let live = 0;
  while (layer.childNodes.length < particles.count) el('circle', { r: 0.45 * u, fill: C.spark }, layer);
  for (let i = 0; i < particles.count; ++i) {
    const c = layer.childNodes[i];
    if (alive[i] && ++sparkAge[i] > 180) alive[i] = 0;
    if (alive[i]) {
      ++live;
      c.setAttribute('cx', x[i]);
      c.setAttribute('cy', y[i]);
      c.setAttribute('visibility', 'visible');
    } else {
      c.setAttribute('visibility', 'hidden');
    }
  }
  animating = live > 0;
  if (animating) requestAnimationFrame(animate);
}

// ---- the page ----

async function start() {
  const list = await sceneList();
  const select = $('scene-list');
  for (const s of list) {
    const option = document.createElement('option');
    option.value = s.file;
    option.textContent = s.file.replace(/\.json$/, '');
    option.title = s.description;
    select.appendChild(option);
  }
  select.addEventListener('change', () => openNamed(select.value).catch((e) => showError(e.message)));
  $('step').addEventListener('click', step);
  $('run-all').addEventListener('click', runAll);
  $('reset').addEventListener('click', () => openText(state.text, state.name, state.files).catch((e) => showError(e.message)));
  $('paste-toggle').addEventListener('click', () => {
    $('paste').hidden = !$('paste').hidden;
    if (!$('paste').hidden && !$('paste-text').value) $('paste-text').value = state.text;
  });
  $('paste-run').addEventListener('click', () => {
    openText($('paste-text').value, 'pasted scene').catch((e) => showError(e.message));
  });
  for (const radio of document.querySelectorAll('input[name=tool]')) {
    radio.addEventListener('change', () => {
      state.tool = radio.value;
      draw();
    });
  }
  $('response').addEventListener('change', draw);
  const wanted = new URLSearchParams(location.search).get('scene');
  const first = list.find((s) => s.file === wanted) ?? list.find((s) => s.file === 'grenade_room.json') ?? list[0];
  select.value = first.file;
  await openNamed(first.file);
}

// What the browser test drives (web/test/browser.js).
window.playground = {
  ready: start(),
  scenes: () => sceneList(),
  open: (file) => openNamed(file),
  openText,
  files: () => [...state.files.keys()],
  state: () => state.scene.state(),
  runAll,
  step,
  lines: () => state.lines,
  last: () => state.last,
  setTool: (tool) => {
    document.querySelector(`input[name=tool][value=${tool}]`).checked = true;
    state.tool = tool;
    draw();
  },
  // The on-screen position of a handle, for the test's mouse.
  handle: (kind) => {
    const c = state.svg.querySelector(`[data-handle=${kind}]`).getBoundingClientRect();
    return { x: c.left + c.width / 2, y: c.top + c.height / 2 };
  },
  // The on-screen position of a world point.
  screenPoint: (x, y) => {
    const p = state.svg.createSVGPoint();
    p.x = x;
    p.y = y;
    const q = p.matrixTransform(state.svg.getScreenCTM());
    return { x: q.x, y: q.y };
  },
  bounds: () => contentBounds(),
  probeCentre: () => {
    const b = state.world.box(state.probe.id);
    return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
  },
  // The world answers the test checks the overlay against.
  check: (dx, dy) => {
    options.response = $('response').value;
    options.restitution = 0.8;
    options.setVelocity(dx, dy);
    const r = state.world.check(state.probe.id, dx, dy, options);
    return { box: r.box, contacts: r.contacts, velocity: r.velocity };
  },
  sparks: () => ({ count: particles.count, alive: [...particles.alive.subarray(0, particles.count)].filter(Boolean).length }),
  shoot: (x, y) => shoot({ x, y }),
};
window.playground.ready.catch((e) => showError(e.message));
