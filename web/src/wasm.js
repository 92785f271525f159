// Loading a standalone WebAssembly module of the package (dist/*.wasm) in Node and in browsers,
// with no bundler and no Emscripten JavaScript: the bytes are read (Node) or fetched (browsers),
// the few WASI functions the module imports are given here, and its constructors are run.

const isNode = typeof process === 'object' && process !== null && typeof process.versions?.node === 'string';

/** The bytes of the file at `url` (a URL object or string), in Node or a browser. */
export async function readBytes(url) {
  if (isNode) {
    const fs = await import('node:fs/promises');
    return fs.readFile(url instanceof URL ? url : new URL(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`sweepbox: cannot load ${url}: ${response.status} ${response.statusText}`);
  return response.arrayBuffer();
}

/**
 * Instantiates the module in `bytes`. Its imports are the memory-growth notice (which calls
 * `onGrow`) and WASI's exit, which a library never calls on purpose (an abort of the C++
 * runtime: a bug). `extraImports` adds functions of the caller's ("env" module), such as the
 * package's callback trampolines.
 */
export async function instantiate(bytes, extraImports = {}, onGrow = () => {}) {
  const module = await WebAssembly.compile(bytes);
  const imports = {};
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== 'function') throw new Error(`sweepbox: the module imports a ${kind} ${from}.${name}`);
    imports[from] ??= {};
    if (from === 'env' && name in extraImports) {
      imports[from][name] = extraImports[name];
    } else if (name === 'emscripten_notify_memory_growth') {
      imports[from][name] = () => onGrow(); // (the module's memory grew: its views are made anew)
    } else if (name === 'proc_exit') {
      imports[from][name] = (code) => {
        throw new Error(`sweepbox: the WebAssembly module aborted (exit code ${code})`);
      };
    } else {
      imports[from][name] = () => {
        throw new Error(`sweepbox: the WebAssembly module called ${from}.${name}, which the package does not provide`);
      };
    }
  }
  const instance = await WebAssembly.instantiate(module, imports);
  instance.exports._initialize(); // the C++ constructors of a module built with --no-entry
  return instance;
}
