import { defineConfig } from 'vite';

// Builds the browser side of the storefront: the island runtime (one small entry that
// loads each island on demand) and the site stylesheet. Files are content-hashed, so
// the server serves /assets/* as immutable. The editor SPA at /config is a second entry;
// no storefront page references it, and the islands never import editor code.
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
        editor: 'src/editor/main.tsx',
      },
    },
  },
});
