/** Tests are transformed by SWC (fast, no type-checking); `npm run typecheck` runs tsc separately. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // These dependencies ship ES modules only; Jest on Node 20 cannot require() them untransformed.
  transformIgnorePatterns: ['/node_modules/(?!(htmlparser2|domhandler|domutils|dom-serializer|entities|domelementtype)/)'],
  testTimeout: 20000,
};
