/**
 * The import direction of CONVENTIONS.md, written with globs so new folders are covered.
 * Checked by `npm run lint`.
 */
const FEATURE = '^src/server/features/([^/]+)/';
const WEB_FEATURE = '^src/web/features/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'src/shared holds pure rules: it imports nothing else of ours.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'server-base-knows-no-features',
      comment: 'db, auth, adapters, http and jobs sit below features and app.ts.',
      severity: 'error',
      from: { path: '^src/server/(db|auth|adapters|http|jobs)/' },
      to: { path: ['^src/server/features/', '^src/server/app\\.ts$', '^src/server/main\\.ts$'] },
    },
    {
      name: 'adapters-know-no-auth',
      severity: 'error',
      from: { path: '^src/server/adapters/' },
      to: { path: '^src/server/auth/' },
    },
    {
      name: 'feature-uses-services-not-routes',
      comment: 'A feature that needs another feature calls its service, never its routes.',
      severity: 'error',
      from: { path: FEATURE },
      to: {
        path: '^src/server/features/([^/]+)/.+\\.routes\\.ts$',
        pathNot: `${FEATURE.replace('([^/]+)', '$1')}`,
      },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      from: { path: '^src/server/features/' },
      to: { path: ['^src/server/app\\.ts$', '^src/server/main\\.ts$'] },
    },
    {
      name: 'server-knows-no-web',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'web-imports-only-server-types',
      comment: 'The web app may import the server only as types (AppType).',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-base-knows-no-features',
      comment: 'components and lib sit below features and app.',
      severity: 'error',
      from: { path: '^src/web/(components|lib)/' },
      to: { path: ['^src/web/features/', '^src/web/app/'] },
    },
    {
      name: 'web-feature-isolated',
      comment: 'A web feature never imports another feature; routes combine them.',
      severity: 'error',
      from: { path: WEB_FEATURE },
      to: { path: '^src/web/features/', pathNot: WEB_FEATURE.replace('([^/]+)', '$1') },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', 'src/server/db/migrations'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
