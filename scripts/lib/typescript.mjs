/**
 * Runs a TypeScript script of this project in this process, compiled on load by Sucrase as the
 * tests are (jest.config.js), so it drives the source as is. React's production build is used
 * unless NODE_ENV says otherwise, as in the server.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

/** Runs `file` with `args` as its command-line arguments (process.argv after the script). */
export function runTypeScript(file, args) {
  process.env.NODE_ENV ??= 'production';
  process.argv = [process.argv[0], path.resolve(file), ...args];
  const require = createRequire(import.meta.url);
  const { addHook } = require('sucrase/dist/register');
  addHook('.ts', { transforms: ['imports', 'typescript'] });
  addHook('.tsx', { transforms: ['imports', 'typescript', 'jsx'], jsxRuntime: 'automatic', production: true });
  require(path.resolve(file));
}
