#pragma once
// Internal to the scene layer: the bodies a platform moved over a step's frames, each once, in
// the order first seen (the runner prints them by name).

#include <cstdint>
#include <unordered_set>
#include <vector>

#include <sweepbox/platforms.hpp>

namespace sweepbox::detail {

/// An id as one number, for hash sets of ids.
[[nodiscard]] inline std::uint64_t id_key(BodyId id) { return std::uint64_t(id.index) << 32 | id.generation; }

struct PlatformNames {
    std::vector<BodyId> riders, pushed, crushed;
    bool stopped = false;

    void add(const PlatformResult& r) {
        merge(riders, seen_riders_, r.riders);
        merge(pushed, seen_pushed_, r.pushed);
        merge(crushed, seen_crushed_, r.crushed);
        stopped = stopped || r.stopped;
    }

private:
    // A set beside each list: a platform carrying many bodies for many frames stays linear.
    static void merge(std::vector<BodyId>& into, std::unordered_set<std::uint64_t>& seen,
                      const std::vector<BodyId>& from) {
        for (BodyId id : from)
            if (seen.insert(id_key(id)).second) into.push_back(id);
    }
    std::unordered_set<std::uint64_t> seen_riders_, seen_pushed_, seen_crushed_;
};

} // namespace sweepbox::detail
