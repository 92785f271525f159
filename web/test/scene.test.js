// The scene layer in WebAssembly gives, for every scene of scenes/ (those with an editor's level
// too, their files read through openScene), the output lines of the native `sweepbox run` (and
// scenes/expected/) and the same SVG picture, byte for byte. The native program is
// SWEEPBOX_PROGRAM, else build/gcc/apps/sweepbox (./dev.sh web builds it).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Scene, SceneError, openScene, runScene } from '../scene.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const program = process.env.SWEEPBOX_PROGRAM ?? path.join(root, 'build/gcc/apps/sweepbox');
const scenes = fs.readdirSync(path.join(root, 'scenes')).filter((f) => f.endsWith('.json')).sort();
const hasLevel = (f) => 'level' in JSON.parse(fs.readFileSync(path.join(root, 'scenes', f), 'utf8'));
const readBeside = async (name) => fs.readFileSync(path.join(root, 'scenes', name), 'utf8');

test('there are scenes, three of them with an editor level, and a native program to compare with', () => {
  assert.ok(scenes.length >= 12, `${scenes.length} scenes`);
  assert.ok(scenes.filter(hasLevel).length >= 3, 'the editor level scenes');
  assert.ok(fs.existsSync(program), `no native program at ${program} (build the gcc preset's sweepbox_program)`);
});

for (const file of scenes) {
  test(`${file}: the lines and the picture of sweepbox run`, async () => {
    const text = fs.readFileSync(path.join(root, 'scenes', file), 'utf8');
    const { scene, files } = await openScene(text, file, readBeside);
    scene.destroy();
    if (hasLevel(file)) assert.ok(files.size >= 1, 'the level file was read');
    const { lines, svg } = runScene(text, file, {}, files);
    const svgPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sweepbox-')), 'native.svg');
    const native = execFileSync(program, ['run', path.join(root, 'scenes', file), '--svg', svgPath], { encoding: 'utf8', maxBuffer: 1 << 28 });
    assert.equal(lines.join('\n') + '\n', native);
    // The three editor level scenes share one expected file (editor_level.jsonl).
    const expectedName = file.replace(/^(editor_level)_[a-z]+\.json$/, '$1.json').replace(/\.json$/, '.jsonl');
    const expected = fs.readFileSync(path.join(root, 'scenes/expected', expectedName), 'utf8');
    assert.equal(lines.join('\n') + '\n', expected);
    assert.ok(svg === fs.readFileSync(svgPath, 'utf8'), 'the SVG differs from the native one');
  });
}

test('a level scene reads exactly the files its level needs, relative to the scene', async () => {
  const wanted = [];
  const read = async (name) => {
    wanted.push(name);
    return readBeside(name);
  };
  const text = fs.readFileSync(path.join(root, 'scenes/editor_level_tmx.json'), 'utf8');
  const { scene } = await openScene(text, 'editor_level_tmx.json', read);
  scene.destroy();
  assert.deepEqual(wanted, ['levels/platformer.tmx', 'levels/platformer.tsx']);
  // The same names from a scene in a folder: the paths stay relative to it.
  wanted.length = 0;
  (await openScene(text, 'some/folder/editor_level_tmx.json', read)).scene.destroy();
  assert.deepEqual(wanted, ['levels/platformer.tmx', 'levels/platformer.tsx']);
});

test('a level scene without its files is a SceneError naming the missing file', () => {
  const text = fs.readFileSync(path.join(root, 'scenes/editor_level_ldtk.json'), 'utf8');
  assert.throws(() => new Scene(text, 'editor_level_ldtk.json'), (e) => e instanceof SceneError &&
    e.message.startsWith('editor_level_ldtk.json: ') && e.missingFile === 'levels/platformer.ldtk');
  // A file given is used once: the next open has no files.
  const level = fs.readFileSync(path.join(root, 'scenes/levels/platformer.ldtk'), 'utf8');
  new Scene(text, 'editor_level_ldtk.json', { 'levels/platformer.ldtk': level }).destroy();
  assert.throws(() => new Scene(text, 'editor_level_ldtk.json'), (e) => e.missingFile === 'levels/platformer.ldtk');
});

test('a compressed layer is refused in the web build, naming its layer', () => {
  const scene = '{"level": "level.tmx", "steps": []}';
  const tmx = '<?xml version="1.0"?>\n<map orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">\n' +
    ' <layer name="Ground" width="2" height="1">\n  <data encoding="base64" compression="zlib">eJxjZGBgAAAADgAD</data>\n' +
    ' </layer>\n</map>\n';
  assert.throws(() => new Scene(scene, 'z.json', { 'level.tmx': tmx }), (e) => e instanceof SceneError &&
    /level\.tmx:4: layer "Ground": zlib-compressed layers are not supported in this build/.test(e.message) &&
    e.missingFile === '');
});

test('a malformed TMX level is a SceneError with its line', () => {
  const scene = '{"level": "bad.tmx", "steps": []}';
  assert.throws(() => new Scene(scene, 'x.json', { 'bad.tmx': '<map>\n<layer>\n</map>' }), (e) =>
    e instanceof SceneError && /bad\.tmx:3: not XML: <\/map> closes <layer>/.test(e.message));
});

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
