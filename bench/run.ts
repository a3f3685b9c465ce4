/**
 * `npm run bench`: the benchmark of the performance issue (list, search, detail and session
 * check under load, growth, bundle sizes, image processing, start-up) is not built yet. Until
 * then this prints what it will measure and exits successfully, so nobody mistakes it for
 * figures.
 */
console.log('bench: not implemented yet (see the performance issue); no figures are printed.');
