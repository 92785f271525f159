// Random scenes for the determinism checks (random_scenes.hpp). Every draw is its own statement:
// the order in which function arguments are evaluated differs between GCC and Clang.

#include "random_scenes.hpp"

#include <array>
#include <vector>
#include <sweepbox/sweepbox.hpp>

#include "answer_hash.hpp"
#include "rng.hpp"

namespace sweepbox::determinism {

using reference::Rng;

namespace {

enum class Role { character, grenade, bullet, crate };

struct Mover {
    BodyId id{};
    Role role = Role::crate;
    Vec2 velocity{0, 0};
    real walk = 0; // characters: the walking speed, changed now and then
    bool on_floor = false;
};

struct Platform {
    BodyId id{};
    Vec2 step{0, 0}; // per frame; turns back every 40 frames
};

constexpr std::int32_t columns = 48, rows = 32;
// Kind indices of the scene's tile map: 0-2 the defaults, then water (a sensor), a barrier that
// only some bodies meet, the four one-way directions, and every slope shape at its own index.
constexpr std::int32_t water = 3, barrier = 4, one_way_first = 26;

Vec2 pick(Rng& rng, Vec2 lo, Vec2 hi) {
    const real x = rng.uniform(lo.x, hi.x);
    const real y = rng.uniform(lo.y, hi.y);
    return {x, y};
}

class RandomScene {
public:
    RandomScene(std::uint32_t seed, AnswerHash& hash) : rng_(seed), h_(&hash), world_(world_def()) { build(); }

    void frame(int f) {
        platforms(f);
        movers(f);
        queries();
        if (f % 9 == 4) doors();
        if (f % 13 == 6) bookkeeping(f);
        sparks(f);
        world_.overlapping_pairs(pairs_);
        h_->i(std::int64_t(pairs_.size()));
        for (const Pair& p : pairs_) {
            h_->id(p.a);
            h_->id(p.b);
            h_->r(p.overlap.depth);
            h_->v(p.overlap.normal);
        }
        world_.update_events();
        h_->events(world_.events());
        calls_ += 2;
    }
    [[nodiscard]] long calls() const { return calls_; }
    [[nodiscard]] World& world() { return world_; }
    void hash_into(AnswerHash& hash) { h_ = &hash; }
    // The game's state of `from` (everything but the world), answers hashed into `hash`: with the
    // world restored from a snapshot of `from`'s, the scene goes on as `from` would.
    void take_game_state(const RandomScene& from, AnswerHash& hash) {
        World keep = std::move(world_);
        *this = from;
        world_ = std::move(keep);
        h_ = &hash;
    }

private:
    WorldDef world_def() {
        static constexpr real cells[4] = {16, 24, 40, 64};
        WorldDef d;
        d.cell_size = cells[rng_.uniform_int(0, 3)];
        return d;
    }

    void build() {
        static constexpr real sizes[4] = {16, real(12.5), 10, real(0.7)};
        TileMapDef td;
        td.tile_size = sizes[rng_.uniform_int(0, 3)];
        const real ox = rng_.grid(-40, 40, 0.5);
        const real oy = rng_.grid(-40, 40, 0.5);
        td.origin = {ox, oy};
        td.columns = columns;
        td.rows = rows;
        world_.set_tile_map(td);
        world_.set_tile_kind(water, {TileShape::solid, 1, 0xffffffffu, true});
        world_.set_tile_kind(barrier, {TileShape::solid, 16, ~4u, false}); // lets grenades (4) through
        for (int s = int(TileShape::slope45_ul); s < tile_shape_count; ++s) world_.set_tile_kind(s, {TileShape(s)});
        for (int k = 0; k < 4; ++k)
            world_.set_tile_kind(one_way_first + k, {TileShape(int(TileShape::one_way_down) + k)});
        for (std::int32_t c = 0; c < columns; ++c) {
            world_.set_tile({c, 0}, Tile::solid);
            world_.set_tile({c, rows - 1}, Tile::solid);
        }
        for (std::int32_t r = 0; r < rows; ++r) {
            world_.set_tile({0, r}, Tile::solid);
            world_.set_tile({columns - 1, r}, Tile::solid);
        }
        for (int k = 0; k < 24; ++k) { // ledges: solid, one-way in any direction, barriers
            const std::int32_t r = rng_.uniform_int(3, rows - 3);
            const std::int32_t c0 = rng_.uniform_int(2, columns - 9);
            const std::int32_t len = rng_.uniform_int(2, 7);
            const std::int32_t kind = rng_.chance(0.3) ? one_way_first + rng_.uniform_int(0, 3)
                                    : rng_.chance(0.2) ? barrier
                                                       : 1;
            for (std::int32_t c = c0; c < c0 + len; ++c) world_.set_tile({c, r}, kind);
        }
        for (int k = 0; k < 10; ++k) { // ramps on the floor: 45 degrees, shallow and steep pairs
            const std::int32_t c = rng_.uniform_int(2, columns - 4);
            const int shape = rng_.uniform_int(0, 2);
            if (shape == 0) {
                world_.set_tile({c, rows - 2}, rng_.chance(0.5) ? std::int32_t(TileShape::slope45_ul)
                                                                : std::int32_t(TileShape::slope45_ur));
            } else if (shape == 1) {
                world_.set_tile({c, rows - 2}, std::int32_t(TileShape::shallow_ul_low));
                world_.set_tile({c + 1, rows - 2}, std::int32_t(TileShape::shallow_ul_high));
                world_.set_tile({c + 2, rows - 2}, Tile::solid);
            } else {
                world_.set_tile({c, rows - 2}, std::int32_t(TileShape::steep_ur_low));
                world_.set_tile({c, rows - 3}, std::int32_t(TileShape::steep_ur_high));
            }
        }
        for (int k = 0; k < 6; ++k) { // ceilings and loose slopes of any shape
            const std::int32_t c = rng_.uniform_int(2, columns - 3);
            const std::int32_t r = rng_.uniform_int(2, rows - 3);
            world_.set_tile({c, r}, rng_.uniform_int(int(TileShape::slope45_ul), tile_shape_count - 1));
        }
        const std::int32_t wc = rng_.uniform_int(4, columns - 12);
        for (std::int32_t c = wc; c < wc + 6; ++c) world_.set_tile({c, rows - 2}, water);

        const Aabb inside{{world_.tiles().edge_x(1), world_.tiles().edge_y(1)},
                          {world_.tiles().edge_x(columns - 1), world_.tiles().edge_y(rows - 1)}};
        const real u = td.tile_size;
        auto spot = [&](real w, real hgt) {
            const Vec2 p = pick(rng_, inside.min, inside.max - Vec2{w, hgt});
            return Aabb{p, p + Vec2{w, hgt}};
        };
        for (int k = 0; k < 12; ++k) { // pillars and walls of no thickness
            const bool thin = rng_.chance(0.3);
            const real w = thin ? real(0) : rng_.uniform(0.5, 3) * u;
            const real hgt = rng_.uniform(0.5, 4) * u;
            world_.add({.box = spot(w, hgt), .is_static = true, .category = 2});
        }
        for (int k = 0; k < 3; ++k) { // jump-through planks
            const real w = rng_.uniform(2, 5) * u;
            world_.add({.box = spot(w, 0), .is_static = true, .category = 2, .one_way = OneWay::down});
        }
        for (int k = 0; k < 3; ++k) { // triggers
            const real w = rng_.uniform(1, 4) * u;
            const real hgt = rng_.uniform(1, 4) * u;
            world_.add({.box = spot(w, hgt), .is_static = k == 0, .is_sensor = true});
        }
        for (int k = 0; k < 3; ++k) { // platforms, each with a rider and a crate on it
            const Aabb pb = spot(3 * u, u / 2);
            Platform p;
            p.id = world_.add({.box = pb, .is_platform = true, .category = 2});
            const real speed = rng_.uniform(0.05, 0.4);
            p.step = k == 1 ? Vec2{0, speed * u} : Vec2{speed * u, 0};
            platforms_.push_back(p);
            const Aabb rider{{pb.min.x + u / 4, pb.min.y - u}, {pb.min.x + u, pb.min.y}};
            movers_.push_back({world_.add({.box = rider, .category = 1}), Role::character, {0, 0}, u, true});
            const Aabb crate{{pb.max.x - u, pb.min.y - u}, {pb.max.x - u / 4, pb.min.y}};
            movers_.push_back({world_.add({.box = crate, .category = 1}), Role::crate});
        }
        for (int k = 0; k < 30; ++k) {
            const Role role = Role(k % 4);
            const real s = role == Role::bullet ? real(0) : role == Role::grenade ? u / 4 : u * real(0.75);
            const Aabb b = spot(s, role == Role::character ? 2 * s : s);
            const std::uint32_t category = role == Role::grenade ? 4u : role == Role::bullet ? 8u : 1u;
            const std::uint32_t mask = role == Role::bullet ? ~8u : 0xffffffffu;
            Mover m{world_.add({.box = b, .category = category, .mask = mask}), role};
            const Vec2 v = pick(rng_, {-20, -20}, {20, 20});
            m.velocity = v * u;
            m.walk = rng_.uniform(-8, 8) * u;
            movers_.push_back(m);
        }
        cone_.count = 16;
        sparks_.x.assign(64, 0);
        sparks_.y.assign(64, 0);
        sparks_.vx.assign(64, 0);
        sparks_.vy.assign(64, 0);
        sparks_.alive.assign(64, 0);
        contacts_.resize(256);
        gravity_ = Vec2{0, 40 * u};
    }

    void platforms(int f) {
        for (std::size_t k = 0; k < platforms_.size(); ++k) {
            Platform& p = platforms_[k];
            if (f % 40 == 39) p.step = -p.step;
            const PlatformOptions o{.up = {0, -1}, .crush = (f + int(k)) % 2 ? Crush::stop : Crush::pass};
            try {
                move_platform(world_, p.id, p.step, o, platform_);
                h_->platform(platform_);
            } catch (const Error& e) {
                h_->text(e.what());
            }
            ++calls_;
        }
    }

    void movers(int f) {
        const real dt = real(1) / 60;
        for (Mover& m : movers_) {
            if (!world_.is_valid(m.id)) continue;
            MoveOptions o;
            SnapRules snap;
            try {
                switch (m.role) {
                case Role::character:
                    if (f % 30 == 0) m.walk = rng_.uniform(-8, 8) * world_.tiles().def().tile_size;
                    m.velocity = Vec2{m.walk, m.velocity.y} + gravity_ * dt;
                    o.velocity = m.velocity;
                    snap.snap = world_.tiles().def().tile_size / 4;
                    snap.constant_speed = f % 4 < 2;
                    snap.stop_on_steep = f % 3 == 0;
                    snap.ground.max_floor_angle = 50;
                    move_and_snap(world_, m.id, m.velocity * dt, o, m.on_floor, snap, result_);
                    m.on_floor = ground_state(result_).on_floor;
                    h_->i(m.on_floor);
                    break;
                case Role::grenade:
                    m.velocity += gravity_ * dt;
                    o = {.response = Response::bounce, .restitution = real(0.6), .friction = real(0.1)};
                    o.velocity = m.velocity;
                    o.rest_speed = real(0.5) * world_.tiles().def().tile_size;
                    world_.move(m.id, m.velocity * dt, o, result_);
                    break;
                case Role::bullet:
                    o.response = f % 2 ? Response::bounce : Response::cross;
                    o.velocity = m.velocity;
                    o.drop_through = f % 5 == 0;
                    world_.move(m.id, m.velocity * (4 * dt), o, result_);
                    break;
                case Role::crate:
                    m.velocity += gravity_ * dt;
                    o.response = f % 7 == 0 ? Response::touch : Response::slide;
                    o.velocity = m.velocity;
                    o.max_iterations = 3;
                    world_.move(m.id, m.velocity * dt, o, result_);
                    break;
                }
                m.velocity = result_.velocity;
                h_->move(result_);
            } catch (const Error& e) {
                h_->text(e.what());
            }
            ++calls_;
        }
        if (f % 7 == 3 && world_.is_valid(movers_[5].id)) { // a dry run
            const Vec2 d = pick(rng_, {-200, -200}, {200, 200});
            world_.check(movers_[5].id, d, {.response = Response::bounce}, result_);
            h_->move(result_);
            ++calls_;
        }
    }

    void queries() {
        const TileMap& m = world_.tiles();
        for (int q = 0; q < 6; ++q) {
            const Vec2 from = pick(rng_, m.bounds().min, m.bounds().max);
            const Vec2 d = pick(rng_, {-400, -400}, {400, 400});
            QueryFilter filter;
            filter.sensors = q % 2 == 1;
            if (q % 3 == 2) filter.mask = ~2u;
            if (q == 4) filter.ignore = movers_[0].id;
            h_->cast(world_.cast_ray(from, d, filter));
            const Aabb b{from, from + Vec2{m.def().tile_size / 2, m.def().tile_size / 2}};
            h_->cast(world_.cast_box(b, d, filter));
            world_.cast_all(b, d, hits_, filter);
            h_->i(std::int64_t(hits_.size()));
            for (const CastHit& hit : hits_) h_->cast(hit);
            world_.query_rect({from, from + Vec2{40, 30}}, found_, filter);
            h_->others(found_);
            world_.query_point(from, found_, filter);
            h_->others(found_);
            world_.query_segment(from, from + d, found_, filter);
            h_->others(found_);
            calls_ += 6;
        }
    }

    void doors() {
        const std::int32_t c = rng_.uniform_int(1, columns - 2);
        const std::int32_t r = rng_.uniform_int(1, rows - 2);
        const std::int32_t kind = rng_.uniform_int(0, 4);
        world_.set_tile({c, r}, kind);
        ++calls_;
    }

    // Removals, additions (a freed slot comes back with the next generation), teleports, and
    // changed filters and one-way directions.
    void bookkeeping(int f) {
        Mover& g = movers_[6 + std::size_t(f % 20)];
        if (world_.is_valid(g.id)) {
            const Aabb b = world_.box(g.id);
            const BodyInfo info = world_.info(g.id);
            world_.remove(g.id);
            g.id = world_.add({.box = b, .category = info.category, .mask = info.mask});
            h_->id(g.id);
        }
        Mover& c = movers_[7 + std::size_t(f % 16)];
        if (world_.is_valid(c.id)) {
            const Aabb b = world_.box(c.id);
            world_.teleport(c.id, {b.min + Vec2{3, -5}, b.max + Vec2{3, -5}});
            world_.set_filter(c.id, f % 2 ? 1u : 5u, f % 3 ? 0xffffffffu : ~2u);
        }
        world_.set_one_way(platforms_[0].id, f % 2 ? OneWay::down : OneWay::none);
        calls_ += 4;
    }

    void sparks(int f) {
        const Particles batch = sparks_.view();
        if (f % 10 == 1) { // a bullet hits; sparks fly off the reflection
            const Vec2 from = world_.box(movers_[0].id).min;
            const Vec2 v = pick(rng_, {-900, -900}, {900, 900});
            const CastHit hit = world_.cast_ray(from, v * real(0.5), {.mask = ~8u});
            h_->cast(hit);
            if (hit.hit) {
                cone_.seed = std::uint64_t(f) * 7919u;
                const std::size_t first = std::size_t(f / 10 % 4) * cone_.count;
                emit_sparks(hit, v, cone_, batch, first);
                for (std::size_t k = first; k < first + cone_.count; ++k) sparks_.alive[k] = 1;
            }
            ++calls_;
        }
        ParticleFrame pf;
        pf.gravity = gravity_;
        pf.restitution = real(0.5);
        pf.friction = real(0.2);
        pf.rest_speed = 4;
        ParticleContacts out{contacts_.data(), contacts_.size()};
        const ParticleStats stats = move_particles(world_, batch, pf, out);
        h_->i(std::int64_t(stats.moved));
        h_->i(std::int64_t(out.count));
        h_->i(std::int64_t(out.dropped));
        for (std::size_t k = 0; k < out.count; ++k) h_->particle_contact(contacts_[k]);
        for (std::size_t k = 0; k < sparks_.x.size(); ++k) {
            h_->v({sparks_.x[k], sparks_.y[k]});
            h_->v({sparks_.vx[k], sparks_.vy[k]});
        }
        ++calls_;
    }

    Rng rng_;
    AnswerHash* h_;
    World world_;
    std::vector<Platform> platforms_;
    std::vector<Mover> movers_;
    Vec2 gravity_{0, 0};
    ParticleArrays sparks_;
    SparkCone cone_;
    std::vector<ParticleContact> contacts_;
    MoveResult result_;
    PlatformResult platform_;
    std::vector<CastHit> hits_;
    std::vector<Other> found_;
    std::vector<Pair> pairs_;
    long calls_ = 0;
};

} // namespace

SnapshotAnswers snapshot_scene(std::uint32_t seed, int frames, int at, int window, std::vector<std::byte>& bytes,
                               bool given) {
    SnapshotAnswers a;
    AnswerHash h;
    RandomScene scene(seed, h);
    for (int f = 0; f < at; ++f) scene.frame(f);
    std::vector<std::byte> own;
    scene.world().save(own);
    a.bytes = own.size();
    AnswerHash bh;
    bh.bytes(reinterpret_cast<const unsigned char*>(own.data()), own.size());
    a.bytes_hash = bh.h;
    if (!given) bytes = own;

    // A fresh world of the same definitions, restored, goes on with the game's state of `at`.
    AnswerHash rh;
    RandomScene restored(seed, rh);
    restored.take_game_state(scene, rh);
    World fresh(scene.world().def());
    if (!scene.world().tiles().is_empty()) fresh.set_tile_map(scene.world().tiles().def());
    restored.world() = std::move(fresh);
    restored.world().restore(bytes);
    for (int f = at; f < frames; ++f) restored.frame(f);
    a.restored = rh.h;

    // The original run from `at` (a copy of a world is that world, not a restore).
    const RandomScene saved = scene;
    AnswerHash oh;
    RandomScene original = saved;
    original.hash_into(oh);
    for (int f = at; f < frames; ++f) original.frame(f);
    a.original = oh.h;

    // Rollback: saved in both modes, run `window` frames, restored into the same world and run
    // again with the game's state of `at`: the same answers every time.
    std::vector<std::byte> full, movable;
    scene.world().save(full);
    scene.world().save(movable, SnapshotMode::movable);
    a.movable_bytes = movable.size();
    AnswerHash w0, w1, w2;
    scene.hash_into(w0);
    for (int f = at; f < at + window; ++f) scene.frame(f);
    scene.take_game_state(saved, w1);
    scene.world().restore(full);
    for (int f = at; f < at + window; ++f) scene.frame(f);
    scene.take_game_state(saved, w2);
    scene.world().restore(movable);
    for (int f = at; f < at + window; ++f) scene.frame(f);
    a.window = w0.h;
    a.window_again_full = w1.h;
    a.window_again_movable = w2.h;
    return a;
}

SceneAnswers random_scene(std::uint32_t seed, int frames, const std::function<void(int, std::uint64_t)>& each_frame) {
    AnswerHash h;
    RandomScene scene(seed, h);
    for (int f = 0; f < frames; ++f) {
        scene.frame(f);
        if (each_frame) each_frame(f, h.h);
    }
    return {h.h, scene.calls()};
}

} // namespace sweepbox::determinism
