#pragma once
/// @file sweepbox.hpp
/// Everything: include this one header to use sweepbox.

#include <sweepbox/config.hpp>
#include <sweepbox/error.hpp>
#include <sweepbox/geometry.hpp>
#include <sweepbox/id.hpp>
#include <sweepbox/particles.hpp>
#include <sweepbox/tile_map.hpp>
#include <sweepbox/world.hpp>
#include <sweepbox/character.hpp>
#include <sweepbox/platforms.hpp>
