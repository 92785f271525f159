// The scene layer in WebAssembly gives, for every scene of scenes/ without an editor's level,
// the output lines of the native `sweepbox run` (and scenes/expected/) and the same SVG picture,
// byte for byte. The native program is SWEEPBOX_PROGRAM, else build/gcc/apps/sweepbox (./dev.sh
// web builds it).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Scene, SceneError, runScene } from '../scene.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const program = process.env.SWEEPBOX_PROGRAM ?? path.join(root, 'build/gcc/apps/sweepbox');
const all = fs.readdirSync(path.join(root, 'scenes')).filter((f) => f.endsWith('.json')).sort();
// A scene with an editor's "level" needs the levels component and the level's file, which the
// web build has not: the scene module refuses it (below), the others run as natively.
const hasLevel = (f) => 'level' in JSON.parse(fs.readFileSync(path.join(root, 'scenes', f), 'utf8'));
const scenes = all.filter((f) => !hasLevel(f));
const levelScenes = all.filter(hasLevel);

test('there are scenes and a native program to compare with', () => {
  assert.ok(scenes.length >= 9, `${scenes.length} scenes`);
  assert.ok(fs.existsSync(program), `no native program at ${program} (build the gcc preset's sweepbox_program)`);
});

for (const file of scenes) {
  test(`${file}: the lines and the picture of sweepbox run`, () => {
    const text = fs.readFileSync(path.join(root, 'scenes', file), 'utf8');
    const { lines, svg } = runScene(text, file);
    const svgPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sweepbox-')), 'native.svg');
    const native = execFileSync(program, ['run', path.join(root, 'scenes', file), '--svg', svgPath], { encoding: 'utf8', maxBuffer: 1 << 28 });
    assert.equal(lines.join('\n') + '\n', native);
    const expected = fs.readFileSync(path.join(root, 'scenes/expected', file.replace(/\.json$/, '.jsonl')), 'utf8');
    assert.equal(lines.join('\n') + '\n', expected);
    assert.ok(svg === fs.readFileSync(svgPath, 'utf8'), 'the SVG differs from the native one');
  });
}

for (const file of levelScenes) {
  test(`${file}: refused with a scene error (no levels component in the web build)`, () => {
    const text = fs.readFileSync(path.join(root, 'scenes', file), 'utf8');
    assert.throws(() => new Scene(text, file), (e) => e instanceof SceneError && e.message.startsWith(`${file}: `) &&
      /level/.test(e.message));
  });
}

test('a scene runs step by step, and its state is the world', () => {
  const scene = new Scene(fs.readFileSync(path.join(root, 'scenes/design_example.json'), 'utf8'), 'design_example.json');
  const state = scene.state();
  assert.equal(state.next_step, 0);
  assert.ok(state.bodies.length > 0);
  const first = JSON.parse(scene.step());
  assert.equal(first.step, 0);
  assert.equal(scene.nextStep, 1);
  assert.match(scene.svg({ pixels: 400 }), /^<\?xml[^]*<svg[^]*width="400"/);
  scene.destroy();
});

test('a malformed scene is a SceneError with the scene layer message', () => {
  assert.throws(() => new Scene('{"steps": [{"op": "jump"}]}', 'bad.json'), (e) => e instanceof SceneError &&
    e.message.startsWith('bad.json: ') && /jump/.test(e.message));
  assert.throws(() => new Scene('{', 'broken.json'), (e) => e instanceof SceneError && e.message.startsWith('broken.json'));
});
