import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev`: Vite serves the app and forwards API calls to the API process.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/svc': apiTarget } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900 },
});
