import { defineConfig } from 'vite';

// Builds the browser side of the storefront: the island runtime (one small entry that
// loads each island on demand) and the site stylesheet. Files are content-hashed, so
// the server serves /assets/* as immutable.
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        islands: 'src/islands/client.ts',
        site: 'src/styles/site.css',
      },
    },
  },
});
