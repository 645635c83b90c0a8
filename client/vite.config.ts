/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// index.html's static footer carries the same year as the React footer (src/components/layouts/main-layout.tsx).
function buildYear(): Plugin {
  return { name: 'wakestake:build-year', transformIndexHtml: (html) => html.replaceAll('%BUILD_YEAR%', String(new Date().getFullYear())) };
}

// The API runs on :3000 in development; the dev server proxies /api to it so the browser sees one origin.
export default defineConfig({
  plugins: [react(), buildYear()],
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
