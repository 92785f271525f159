#pragma once
// Internal to the web layer: how its functions are exported from the WebAssembly module (the C
// API's are listed by src/web/CMakeLists.txt from sweepbox.h).

#if defined(__EMSCRIPTEN__)
#    include <emscripten/emscripten.h>
#    define SWEEPBOX_WEB_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#    define SWEEPBOX_WEB_EXPORT extern "C"
#endif
