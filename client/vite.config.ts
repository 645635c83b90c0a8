/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// <link rel="modulepreload"> for the landing route's chunk and its imports (the entry's own imports are preloaded by
// Vite already): "/" is the page first visitors open, and React's first render waits for the route chunk.
function preloadLandingRoute(): Plugin {
  const landing = 'src/app/routes/landing.tsx';
  return {
    name: 'wakestake:preload-landing-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const route = chunks.find((c) => c.facadeModuleId?.endsWith(landing));
        if (!route) return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          for (const i of chunk?.imports ?? []) visit(i);
        };
        visit(route.fileName);
        const tags = [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
        return { html, tags };
      },
    },
  };
}

// The API runs on :3000 in development; the dev server proxies /api to it so the browser sees one origin.
export default defineConfig({
  plugins: [react(), preloadLandingRoute()],
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
