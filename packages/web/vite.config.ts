import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// `npm run dev`: Vite serves the app and forwards API calls to the API process.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside every asset, made once at build: the API serves them as they are
    // to a browser that accepts them (@fastify/static preCompressed), never compressing per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|json|txt|xml|ttf)$/, threshold: 1024 }),
  ],
  server: { port: 5173, proxy: { '/svc': apiTarget } },
  build: {
    outDir: 'dist',
    // Source maps for whoever debugs a build on the server, not published: no sourceMappingURL in
    // the scripts, and the API refuses to serve *.map (plugins/web.ts).
    sourcemap: 'hidden',
    // Which chunks a route needs, so the server can preload them with the page (plugins/web.ts).
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
});
