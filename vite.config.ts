import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    // Our own service worker (sw/sw.ts, DESIGN.md Data flow 6–7); the app registers it itself (src/app/lib/pwa).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The skeleton viewer's three.js chunk must be precached too, or the viewer cannot open offline.
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      manifest: {
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
