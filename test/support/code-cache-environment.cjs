const vm = require('node:vm');
const NodeEnvironment = require('jest-environment-node').default;

/**
 * Jest's node environment, with V8's compiled code kept between the test files of one worker. Jest
 * gives each file a fresh module registry, so every file that starts the service compiles the same
 * 2,700 modules again. Jest compiles each module with `vm.compileFunction`; here a module is compiled
 * as a `vm.Script` instead, and once the file that first loaded it has run, V8's code cache is taken
 * from the script: taken then, it holds also the functions compiled lazily while the file ran (most
 * of a module's functions), where a cache taken at compilation holds only the module's top level.
 * Later files of the worker start from it. The modules still run afresh in each file.
 */
const compiled = new Map();
/** Scripts compiled without a usable cache by the current file: their cache is taken at its end. */
let uncached = [];
const compileFunction = vm.compileFunction;

function cachedCompileFunction(source, parameters = [], options = {}) {
  const { filename, parsingContext } = options;
  if (!filename || !parsingContext || options.cachedData || options.produceCachedData || options.contextExtensions?.length) return compileFunction(source, parameters, options);
  const known = compiled.get(filename);
  // The wrapper's own line is line 0, so the module's lines and columns stay those of its source.
  const script = new vm.Script(`(function (${parameters.join(', ')}) {\n${source}\n})`, {
    filename,
    lineOffset: -1,
    cachedData: known && known.source === source ? known.data : undefined,
    importModuleDynamically: options.importModuleDynamically,
  });
  if (!known || known.source !== source || script.cachedDataRejected) uncached.push({ filename, source, script });
  return script.runInContext(parsingContext);
}

function keepCompiledCode() {
  for (const { filename, source, script } of uncached) compiled.set(filename, { source, data: script.createCachedData() });
  uncached = [];
}

const enabled = !process.env.JEST_NO_CODE_CACHE;
if (enabled && vm.compileFunction !== cachedCompileFunction) vm.compileFunction = cachedCompileFunction;

class CodeCacheEnvironment extends NodeEnvironment {
  async teardown() {
    if (enabled) keepCompiledCode();
    await super.teardown();
  }
}

module.exports = CodeCacheEnvironment;
