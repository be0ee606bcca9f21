import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
