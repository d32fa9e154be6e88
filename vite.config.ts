import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  root: 'src/web',
  publicDir: path.resolve(here, 'public'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.resolve(here, 'dist/web'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: process.env.VITE_SOURCEMAP === '1',
    target: 'es2022',
    rollupOptions: {
      input: {
        index: path.resolve(here, 'src/web/index.html'),
        landing: path.resolve(here, 'src/web/landing.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
