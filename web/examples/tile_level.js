// The README's tile level (examples/tile_level.cpp) in JavaScript: a floor, a one-way platform
// and a low wall. A hero slides over the floor's seams and stops flush against the wall, lands on
// the platform from above, jumps through it from below; a bullet names the tile it hits; a glass
// wall (a tile kind of its own category) stops a slime and lets the hero through.
// Run: node examples/tile_level.js (exits 1 if any of that does not happen).
import { World, newMoveResult } from '../sweepbox.js';

const world = new World();
// 20 x 8 tiles of 16 units; row 0 is the top, +y points down (as on screen).
world.setTileMap({ origin: { x: 0, y: 0 }, tileSize: 16, columns: 20, rows: 8 });
for (let c = 0; c < 20; ++c) world.setTile(c, 7, 1); // the floor (kind 1: solid)
for (let c = 6; c <= 9; ++c) world.setTile(c, 4, 2); // a platform (kind 2: one-way down)
for (let r = 5; r <= 6; ++r) world.setTile(14, r, 1); // a low wall

// The hero walks right with gravity, reusing one result: the frame allocates nothing.
const hero = world.add({ box: { minX: 20, minY: 80, maxX: 32, maxY: 100 } });
let r = newMoveResult();
for (let frame = 0; frame < 120; ++frame) world.move(hero, 2.5, 3, undefined, r);
console.log(`hero at x ${r.box.minX}..${r.box.maxX}, bottom ${r.box.maxY}`);
for (const c of r.contacts) console.log(`  touches tile (${c.other.column}, ${c.other.row}), normal (${c.normal.x}, ${c.normal.y})`);
const walked = r.box.maxX === 224 && r.box.maxY === 112;

// Falling onto the one-way platform from above lands on it...
world.teleport(hero, { minX: 100, minY: 30, maxX: 112, maxY: 50 });
r = world.move(hero, 0, 40);
console.log(`lands on the platform: bottom ${r.box.maxY} (platform top 64)`);
const landed = r.box.maxY === 64;
// ...jumping up through it from below passes.
world.teleport(hero, { minX: 100, minY: 85, maxX: 112, maxY: 105 });
r = world.move(hero, 0, -60);
console.log(`jumps through it: top ${r.box.minY}, ${r.contacts.length} contacts`);
const jumped = r.box.minY === 25 && r.contacts.length === 0;

// A bullet walks the tile grid and names the tile it hits.
const h = world.castRay(0, 60, 400, 60);
if (h.hit) console.log(`bullet hits tile (${h.other.column}, ${h.other.row}) at (${h.point.x}, ${h.point.y.toPrecision(6)})`);
const shot = h.hit && h.other.kind === 'tile' && h.other.column === 14 && h.other.row === 5 && h.point.x === 224;

// A glass wall only slimes meet: kind 3 is solid with category 2, which the hero's mask lacks.
world.setTileKind(3, { shape: 'solid', category: 2 });
for (let row = 5; row <= 6; ++row) world.setTile(4, row, 3);
const slime = world.add({ box: { minX: 20, minY: 100, maxX: 36, maxY: 112 }, category: 4, mask: 3 });
world.teleport(hero, { minX: 20, minY: 92, maxX: 32, maxY: 112 });
world.setFilter(hero, 1, 1);
world.updateEvents(); // what touches now; the next call lists what changed
r = world.move(hero, 60, 0);
const s = world.move(slime, 60, 0);
console.log(`hero walks through the glass to x ${r.box.maxX}; the slime stops at x ${s.box.maxX}`);
world.updateEvents();
let slimeOnGlass = 0, heroOnGlass = 0;
for (const e of world.events().contactBegin) {
  if (e.other.kind === 'tile' && e.other.column === 4 && e.other.row < 7) {
    console.log(`  ${e.body === slime ? 'the slime' : 'the hero'} touches the glass`);
    if (e.body === slime) ++slimeOnGlass;
    else ++heroOnGlass;
  }
}
const glass = r.box.maxX === 92 && s.box.maxX === 64 && slimeOnGlass === 1 && heroOnGlass === 0;
world.destroy();
process.exitCode = walked && landed && jumped && shot && glass ? 0 : 1;
