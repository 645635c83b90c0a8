/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// index.html's static footer carries the same year as the React footer (src/components/layouts/main-layout.tsx).
function buildYear(): Plugin {
  return { name: 'wakestake:build-year', transformIndexHtml: (html) => html.replaceAll('%BUILD_YEAR%', String(new Date().getFullYear())) };
}

// The api serves client/dist itself (@fastify/static with preCompressed): a .br and a .gz beside every text file it
// would otherwise send whole. On a phone's network the app's ~560 kB of JavaScript is ~160 kB in brotli.
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'wakestake:precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: () => {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file) || file.includes('/.vite/')) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// Chakra's createSystem builds its global CSS (the reset, the global styles and every token as a CSS variable, ~44 kB)
// eagerly, as a style object that ChakraProvider then has Emotion serialise at the first render: the longest single
// piece of start-up work on a phone (about half of createSystem's time). The production build computes that CSS once, in
// Node, from the same theme (src/components/ui/theme.ts), ships it as a string (`virtual:chakra-global-css`, inserted by
// theme.ts as one <style>), and makes createSystem's `_global` lazy so the browser never builds it. The dev server and
// the tests keep Chakra's own path (the module is empty there).
const GLOBAL_CSS_ID = 'virtual:chakra-global-css';
const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
// The rest of createSystem was still one ~110-130 ms task on a phone (issue #20), ~75 % of it merging the configs and
// building the token dictionary. The build also lets theme.ts run that part in three tasks before createSystem
// (`prepareSystemSteps`, through this global hook: the module is Chakra's own, not importable from the app): merging,
// then the dictionary's build cut in two between its steps (token-dictionary.js, `stepwise`); createSystem called next
// with the same config objects takes the prepared config and dictionary instead of building them again. The same
// calls, in the same order, on the same objects; anything else (no preparation, a step not run, other configs) is
// Chakra's own path.
const MERGE_CONFIG = '  const config = mergeConfigs(...configs);\n';
const TOKEN_DICTIONARY = '  const tokens = createTokenDictionary({\n';
const PREPARE_TOKENS = `
let preparedSystem;
function takePrepared(configs) {
  const prepared = preparedSystem;
  preparedSystem = undefined;
  return prepared && prepared.configs.length === configs.length && prepared.configs.every((c, i) => c === configs[i]) ? prepared : undefined;
}
globalThis[Symbol.for('wakestake.prepareChakraSystem')] = (...configs) => {
  preparedSystem = undefined;
  let config;
  let step;
  return [
    () => {
      config = mergeConfigs(...configs);
    },
    () => {
      if (!config) return;
      const { theme = {}, cssVarsPrefix = "chakra" } = config;
      step = createTokenDictionary({ breakpoints: theme.breakpoints, tokens: theme.tokens, semanticTokens: theme.semanticTokens, prefix: cssVarsPrefix, stepwise: true });
    },
    () => {
      if (!step) return;
      step.finish();
      preparedSystem = { configs, config, tokens: step.dictionary };
    },
  ];
};
`;
const DICTIONARY_BUILD = `  function build() {
    applyMiddlewares("pre");
    applyTransforms("pre");
    addConditionalTokens();
    addReferences();
    expandTokenReferences$1();
    applyMiddlewares("post");
    applyTransforms("post");
    setupViews();
  }
`;
const DICTIONARY_RETURN = '  build();\n  return dictionary;\n}\n';

async function chakraGlobalCss(root: string): Promise<string> {
  const { createServer } = await import('vite');
  const [{ default: createCache }, { serializeStyles }] = await Promise.all([import('@emotion/cache'), import('@emotion/serialize')]);
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    resolve: { alias: { '@': join(root, 'src') } },
    plugins: [prebuiltChakraGlobalCss({ empty: true })],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { getSystem } = (await server.ssrLoadModule('/src/components/ui/theme.ts')) as typeof import('./src/components/ui/theme');
    const system = getSystem();
    // What ChakraProvider's two <Global>s insert (the layer order, then _global), as Emotion compiles it.
    const cache = createCache({ key: 'css' });
    const css = cache.insert('', serializeStyles([system.layers.atRule, system._global as never], cache.registered), cache.sheet, false);
    if (typeof css !== 'string' || !css.includes('--chakra-colors-brand-700')) throw new Error('the Chakra global CSS came out empty');
    return css;
  } finally {
    await server.close();
  }
}

function prebuiltChakraGlobalCss({ empty = false } = {}): Plugin {
  let build = false;
  let root = '';
  return {
    name: 'wakestake:chakra-global-css',
    configResolved: (config) => {
      build = !empty && config.command === 'build';
      root = config.root;
    },
    resolveId: (source) => (source === GLOBAL_CSS_ID ? `\0${GLOBAL_CSS_ID}` : undefined),
    load: async (id) => {
      if (id !== `\0${GLOBAL_CSS_ID}`) return undefined;
      return `export default ${JSON.stringify(build ? await chakraGlobalCss(root) : '')};`;
    },
    transform(code, id) {
      if (build && id.includes('/@chakra-ui/react/dist/esm/styled-system/token-dictionary.js')) {
        if (!code.includes(DICTIONARY_BUILD) || !code.includes(DICTIONARY_RETURN))
          this.error('Chakra createTokenDictionary changed: update wakestake:chakra-global-css in vite.config.ts');
        return code
          .replace(
            DICTIONARY_BUILD,
            '  function buildFirst() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    addConditionalTokens();\n    addReferences();\n  }\n' +
              '  function buildRest() {\n    expandTokenReferences$1();\n    applyMiddlewares("post");\n    applyTransforms("post");\n    setupViews();\n  }\n' +
              '  function build() {\n    buildFirst();\n    buildRest();\n  }\n',
          )
          .replace(DICTIONARY_RETURN, '  if (options.stepwise) {\n    buildFirst();\n    return { dictionary, finish: buildRest };\n  }\n' + DICTIONARY_RETURN);
      }
      if (!build || !id.includes('/@chakra-ui/react/dist/esm/styled-system/system.js')) return undefined;
      if (!code.includes(EAGER_GLOBAL) || !code.includes('    _global,\n') || !code.includes(MERGE_CONFIG) || !code.includes(TOKEN_DICTIONARY)) {
        this.error('Chakra createSystem changed: update wakestake:chakra-global-css in vite.config.ts');
      }
      return (
        code
          .replace(EAGER_GLOBAL, 'let _global;')
          .replace('    _global,\n', '    get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n')
          .replace(MERGE_CONFIG, '  const prepared = takePrepared(configs);\n  const config = prepared?.config ?? mergeConfigs(...configs);\n')
          .replace(TOKEN_DICTIONARY, '  const tokens = prepared?.tokens ?? createTokenDictionary({\n') + PREPARE_TOKENS
      );
    },
  };
}

// The API runs on :3000 in development; the dev server proxies /api to it so the browser sees one origin.
// Fewer chunks for the dashboard's first screen. Rolldown's automatic chunking makes one chunk per set of lazy modules
// (routes, modals) sharing a module, so the dashboard needed ~40 chunks, many under 1 kB: main.tsx's import() of its
// route inserts a <link rel="modulepreload"> per chunk, all in one task (~1 ms each on a phone). Here the modules that
// the dashboard's first screen reaches through static imports, and that "/", /login, /register and the entry do not,
// go into one chunk per set of first-screen roots (below) that reach them: the dashboard loads the same modules in
// fewer files (35 instead of 40 with boot and React DOM), the other first screens load exactly what they did. Lazy
// screens that need one of those modules load the whole group's chunk (a few kB more, cached after the dashboard).
const FIRST_SCREEN_ROOTS: Record<string, string> = {
  'src/main.tsx': 'E',
  'src/boot.tsx': 'B',
  'node_modules/react-dom/client.js': 'C',
  'src/app/routes/landing.tsx': 'L',
  'src/app/routes/auth/login.tsx': 'I',
  'src/app/routes/auth/register.tsx': 'R',
  'src/app/routes/dashboard.tsx': 'D',
};

const GROUPED_ONLY_WITHOUT = ['E', 'L', 'I', 'R'];

function firstScreenGroup(): (id: string, ctx: { getModuleInfo(id: string): { importers: readonly string[] } | null }) => string | null {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const rootOf = new Map(Object.entries(FIRST_SCREEN_ROOTS).map(([path, key]) => [join(root, path), key]));
  const keys = new Map<string, string>();
  return (id, ctx) => {
    // The roots themselves stay the chunks their import() loads; the entry's modules stay in the entry.
    if (rootOf.has(id) || id.includes('\0')) return null;
    let key = keys.get(id);
    if (key === undefined) {
      const found = new Set<string>();
      const seen = new Set([id]);
      const queue = [id];
      while (queue.length) {
        const current = queue.pop()!;
        const hit = rootOf.get(current);
        if (hit) found.add(hit);
        for (const importer of ctx.getModuleInfo(current)?.importers ?? []) {
          if (!seen.has(importer)) {
            seen.add(importer);
            queue.push(importer);
          }
        }
      }
      // The import graph here is before tree-shaking (a barrel's importers reach all it re-exports), so `found` may hold
      // roots that do not need the module: only modules that no other first screen reaches, even so, are grouped (a
      // wrong key the other way would make "/" or the boot chunk load the dashboard's chunk).
      key = [...found].some((k) => GROUPED_ONLY_WITHOUT.includes(k)) ? '' : [...found].sort().join('');
      keys.set(id, key);
    }
    // Only the dashboard's: the boot chunk and React DOM were already one chunk each.
    return key.includes('D') ? `first-${key}` : null;
  };
}

export default defineConfig({
  plugins: [react(), buildYear(), prebuiltChakraGlobalCss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000', changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  // manifest: the client benchmark (bench/client.mjs) follows each route chunk's static imports from it.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstScreenGroup(), includeDependenciesRecursively: false }] } } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // npm test runs this beside two jest runs on a 2-core machine: a test's time there is mostly waiting for a core
    testTimeout: 20_000,
  },
});
