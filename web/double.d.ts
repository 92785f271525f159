// The double build of sweepbox for JavaScript: the API of sweepbox.js, with every number a double
// inside the library (realSize 8).
export * from './sweepbox.js';
