import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * `npm run build` writes web/dist, which the server serves from the API's port; without source
 * maps, which would publish the source (`npm run dev:web` serves its own).
 */
export const config = defineConfig({
  root,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1000 },
  // The engine lives outside web/: Vite may read the project's files.
  server: { fs: { allow: ['..'] }, proxy: { '/api': 'http://127.0.0.1:3000' } },
});

// Vite reads the default export of its config file.
export { config as default };
