/**
 * Module boundaries (ARCHITECTURE.md): a module talks to another only through its commands, queries and events, and
 * nothing imports in a circle. `npm test` runs this (test/e2e/boundaries.e2e-spec.ts).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-module-insides',
      comment:
        "A module imports another module's commands/, queries/ and events/ only (its own or an aggregate sub-folder's, e.g. challenges/day/commands/), never its domain, infrastructure, services or module file.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/(commands|queries|events)/', '^src/modules/[^/]+/[^/]+/(commands|queries|events)/'] },
    },
    {
      name: 'controllers-dispatch',
      comment:
        'Controllers and job processors dispatch commands and queries (issue #18): they never reach a service, repository, storage, mail or a handler; guards and interceptors are theirs to use.',
      severity: 'error',
      // a module's own or an aggregate sub-folder's (challenges/day/challenges.controller.ts)
      from: {
        path: [
          '^src/modules/[^/]+/[^/]+\\.controller\\.ts$',
          '^src/modules/[^/]+/[^/]+/[^/]+\\.controller\\.ts$',
          '^src/modules/[^/]+/jobs/[^/]+\\.processor\\.ts$',
          '^src/modules/[^/]+/[^/]+/jobs/[^/]+\\.processor\\.ts$',
        ],
      },
      to: {
        path: ['^src/modules/[^/]+/(application|infrastructure)/', '^src/modules/[^/]+/[^/]+/(application|infrastructure)/', '\\.(service|repository|handler)\\.ts$', '^src/common/(storage|mail)/'],
        pathNot: ['\\.(guard|interceptor)\\.ts$'],
      },
    },
    {
      name: 'no-common-to-modules',
      comment: 'src/common holds no business rules: it never reaches into a module.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles (a cycle makes load order decide what is undefined).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|\\.spec\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
