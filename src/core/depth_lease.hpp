#pragma once
// DepthLease<T>: a T of this thread for a call that may run inside another call of the same kind
// (a check run by a filter of a move or of another check), one T per depth. The Ts are kept for
// reuse, so a call allocates nothing in steady state.

#include <cstddef>
#include <memory>
#include <vector>

namespace sweepbox::detail {

template <class T> class DepthLease {
public:
    DepthLease() : depth_(depth()++) {
        if (pool().size() == depth_) [[unlikely]]
            grow();
        item_ = pool()[depth_].get();
    }
    ~DepthLease() { --depth(); }
    DepthLease(const DepthLease&) = delete;
    DepthLease& operator=(const DepthLease&) = delete;
    [[nodiscard]] T& get() const { return *item_; }

private:
    static std::size_t& depth() {
        thread_local std::size_t d = 0;
        return d;
    }
    static std::vector<std::unique_ptr<T>>& pool() {
        thread_local std::vector<std::unique_ptr<T>> p;
        return p;
    }
    [[gnu::noinline, gnu::cold]] static void grow() { pool().push_back(std::make_unique<T>()); }
    std::size_t depth_;
    T* item_;
};

} // namespace sweepbox::detail
