/**
 * The client's layers (STYLE.md, after bulletproof-react): a feature uses another feature only through its index
 * (`@/features/<name>`), never its insides; shared code (lib, components, config) imports no feature; no cycles.
 * Tests and their helpers may reach in. Run by the server's test/e2e/boundaries.e2e-spec.ts inside `npm test`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-insides',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/', pathNot: '\\.test\\.tsx?$|/testing/' },
      to: { path: '^src/features/[^/]+/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'no-shared-to-features',
      severity: 'error',
      from: { path: '^src/(lib|components|config)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/features/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
