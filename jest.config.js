/**
 * Tests are transformed by Sucrase (pure JavaScript, no native binaries, no type-checking);
 * `npm run typecheck` runs tsc separately (docs/decisions/0001).
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '\\.(ts|tsx)$': ['@sucrase/jest-plugin', { jsxRuntime: 'automatic', production: true }] },
  testTimeout: 20000,
};
