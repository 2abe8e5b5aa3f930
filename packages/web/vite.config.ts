import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { endpointAddresses } from './vite/endpoint-addresses';
import { localeParts } from './vite/locale-parts';

// `npm run dev`: Vite serves the app and forwards API calls to the API process.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/**
 * The build runs on Preact's React compatibility layer (decision 0034): ~4 KB compressed where
 * react-dom is ~55 KB, the largest part of the first script. `npm run dev` and the component tests
 * (jsdom, Testing Library) keep React itself; the journeys (e2e) drive the built app, Preact.
 */
const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    endpointAddresses(),
    localeParts(),
    // Brotli and gzip copies beside every asset, made once at build: the API serves them as they are
    // to a browser that accepts them (@fastify/static preCompressed), never compressing per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|json|txt|xml|ttf)$/, threshold: 1024 }),
  ],
  server: { port: 5173, proxy: { '/svc': apiTarget } },
  // A relative base: the scripts find their chunks and the style sheets their fonts relative to
  // themselves, so one build serves the site at the root or under a proxy's prefix (PUBLIC_URL
  // with a path); the API puts index.html's own addresses under that path (plugins/web.ts atBase).
  base: command === 'build' ? './' : '/',
  resolve: { alias: command === 'build' ? PREACT : [] },
  build: {
    outDir: 'dist',
    // Source maps for whoever debugs a build on the server, not published: no sourceMappingURL in
    // the scripts, and the API refuses to serve *.map (plugins/web.ts).
    sourcemap: 'hidden',
    // Which chunks a route needs, so the server can preload them with the page (plugins/web.ts).
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 4_000,
        // zod in a chunk of its own, loaded by the forms that check with a contract schema
        // (useContractForm, schemaResolver) and never merged with code the first script needs
        // (first-load.spec: no schemas on the home page).
        manualChunks: (id) => (/[\\/]node_modules[\\/]zod[\\/]/.test(id) ? 'zod' : undefined),
      },
    },
  },
}));
