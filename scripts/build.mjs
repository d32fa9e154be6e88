#!/usr/bin/env node
// Builds the web app (Vite → dist/web) and the server (esbuild → dist/server/main.js, migrations beside it).
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

import { BUILD_STAMP } from './lib/build-state.mjs';

export async function buildAll({ quiet = false } = {}) {
  const started = Date.now();
  await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: quiet ? 'warn' : 'info' });
  await prerenderLanding(quiet);
  precompressAssets(path.join(root, 'dist', 'web', 'assets'));
  const serverOut = path.join(root, 'dist', 'server');
  rmSync(serverOut, { recursive: true, force: true });
  mkdirSync(serverOut, { recursive: true });
  await esbuild({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'set-role': path.join(root, 'src/server/cli/set-role.ts'),
      'pglite-initdb': path.join(root, 'src/server/db/pglite-initdb.ts'),
    },
    outdir: serverOut,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: quiet ? 'warning' : 'info',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(serverOut, 'migrations'), {
    recursive: true,
  });
  buildExtension(path.join(root, 'dist', 'extension'));
  writeFileSync(BUILD_STAMP, JSON.stringify({ builtAt: new Date().toISOString() }));
  if (!quiet) console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The browser extension beside the server bundle, without its tests: the server zips it for download. */
function buildExtension(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(path.join(root, 'src', 'extension'), outDir, {
    recursive: true,
    filter: (source) => !/\.(test\.ts|d\.ts)$/.test(source),
  });
}

/** Writes .br and .gz twins of text assets so the server sends them without compressing per request. */
function precompressAssets(dir) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(dir, name);
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

/** Renders the landing page to static HTML inside dist/web/landing.html (fast first paint, little JS). */
async function prerenderLanding(quiet) {
  const outDir = path.join(root, 'dist', 'prerender');
  await viteBuild({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: quiet ? 'warn' : 'info',
    build: {
      ssr: path.join(root, 'src/web/prerender.tsx'),
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: undefined },
    },
  });
  const { renderLanding } = await import(`${path.join(outDir, 'prerender.js')}?t=${Date.now()}`);
  const htmlPath = path.join(root, 'dist', 'web', 'landing.html');
  const html = readFileSync(htmlPath, 'utf8');
  if (!html.includes('<!--app-html-->'))
    throw new Error('landing.html lacks the <!--app-html--> placeholder');
  writeFileSync(htmlPath, html.replace('<!--app-html-->', renderLanding()));
  rmSync(outDir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll({ quiet: process.argv.includes('--quiet') }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
