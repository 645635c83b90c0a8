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
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// The API runs on :3000 in development; the dev server proxies /api to it so the browser sees one origin.
export default defineConfig({
  plugins: [react(), buildYear(), precompress()],
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
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
