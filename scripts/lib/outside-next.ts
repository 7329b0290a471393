/**
 * Import this first in a command-line entry point (scripts, benchmarks, Playwright specs) that
 * runs our server modules outside Next.js.
 *
 * Every module in src/server starts with `import "server-only"`, which Next.js resolves to an
 * empty module on the server (the `react-server` export condition) and refuses in a client bundle.
 * Plain Node has no such condition, so the package's default entry throws. Here, outside any
 * bundle, there is no client to protect: mark the package as already loaded, empty.
 */
import Module from "node:module";

const require = Module.createRequire(__filename);
const id = require.resolve("server-only");
if (!require.cache[id]) {
  const stub = new Module(id);
  stub.filename = id;
  stub.loaded = true;
  stub.exports = {};
  require.cache[id] = stub;
}
