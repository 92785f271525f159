#pragma once
// Internal to the web layer: how its functions are exported from the WebAssembly module (the C
// API's are listed by src/web/CMakeLists.txt from sweepbox.h), and imported from JavaScript.

#if defined(__EMSCRIPTEN__)
#    include <emscripten/emscripten.h>
#    define SWEEPBOX_WEB_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
// A function the package's JavaScript gives the module (an import of module "env").
#    define SWEEPBOX_WEB_IMPORT(name) extern "C" __attribute__((import_module("env"), import_name(name)))
#else
#    define SWEEPBOX_WEB_EXPORT extern "C"
#    define SWEEPBOX_WEB_IMPORT(name) extern "C"
#endif
