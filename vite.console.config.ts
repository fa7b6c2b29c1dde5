import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console: the renderer's console pages, built for the server to serve under /console/.
export default defineConfig({
  root: resolve(__dirname, 'renderer'),
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: resolve(__dirname, 'out/console'),
    emptyOutDir: true,
    // One bundle of about 700 kB (React, the router and the charts): the console is an operator's tool
    // loaded once per session, so it is not split.
    chunkSizeWarningLimit: 800,
    rollupOptions: { input: resolve(__dirname, 'renderer/console.html') },
  },
});
