#pragma once
// Internal: the kind of a JSON value as an error message names it ("expected a number, got a
// string"), for the layers that read JSON (scene files, editors' levels). A template, so that the
// core itself needs no JSON library.

namespace sweepbox::detail {

template <class Json> const char* json_type_name(const Json& j) {
    using Kind = typename Json::value_t;
    switch (j.type()) {
    case Kind::null: return "null";
    case Kind::boolean: return "a boolean";
    case Kind::string: return "a string";
    case Kind::array: return "an array";
    case Kind::object: return "an object";
    case Kind::discarded: return "nothing";
    default: return "a number";
    }
}

} // namespace sweepbox::detail
