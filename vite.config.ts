import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressAssets } from './src/server/http/precompressAssets.ts';

export default defineConfig({
  plugins: [
    react(),
    // After everything is written (the service worker too): .br and .gz beside each text asset, for the server.
    {
      name: 'precompress',
      apply: 'build',
      enforce: 'post',
      closeBundle: { order: 'post', sequential: true, handler: () => void precompressAssets('dist') },
    },
    // Our own service worker (sw/sw.ts, docs/design.md Data flow 6–7); the app registers it itself (src/app/lib/pwa).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Store screenshots are for the install sheet, not for running offline.
        globIgnores: ['screenshots/**'],
        // The skeleton viewer's three.js chunk must be precached too, or the viewer cannot open offline.
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
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
    alias: { '#app': fileURLToPath(new URL('./src/app', import.meta.url)) },
  },
  build: { outDir: 'dist' },
  server: {
    // The API server (npm run dev / tsx src/server/main.ts) listens on 8080 by default.
    proxy: { '/api': 'http://localhost:8080' },
  },
});
