const vm = require('node:vm');
const NodeEnvironment = require('jest-environment-node').default;

/**
 * Jest's node environment, with V8's compiled code kept between the test files of one worker. Jest
 * gives each file a fresh module registry, so every file that starts the service compiles the same
 * 2,700 modules again (about 0.7 s of a file's 3 s start on this machine). Jest compiles each module
 * with `vm.compileFunction`; here the first compilation of a file's source hands out V8's code cache
 * and later ones of the same source start from it. The modules still run afresh in each file.
 */
const compiled = new Map();
const compileFunction = vm.compileFunction;

function cachedCompileFunction(source, parameters, options = {}) {
  const filename = options.filename;
  if (!filename || options.cachedData || options.produceCachedData) return compileFunction(source, parameters, options);
  const known = compiled.get(filename);
  if (known && known.source === source) {
    const fn = compileFunction(source, parameters, { ...options, cachedData: known.data });
    if (!fn.cachedDataRejected) return fn;
  }
  const fn = compileFunction(source, parameters, { ...options, produceCachedData: true });
  if (fn.cachedData) compiled.set(filename, { source, data: fn.cachedData });
  return fn;
}

if (vm.compileFunction !== cachedCompileFunction && !process.env.JEST_NO_CODE_CACHE) vm.compileFunction = cachedCompileFunction;

module.exports = NodeEnvironment;
