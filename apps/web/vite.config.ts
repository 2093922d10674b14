import { defineConfig, type UserConfig } from 'vite';

// Builds the browser side of the storefront: the island runtime (one small entry that
// loads each island on demand) and the site stylesheet. Files are content-hashed, so
// the server serves /assets/* as immutable.
//
// The editor SPA at /config is built by a second run in mode 'editor' (scripts/build.mjs)
// into the same folder with its own manifest. A second input in the same run would let
// the bundler share chunks between the two graphs, which splits code out of the islands
// runtime and adds requests to every storefront page; separate runs keep the storefront
// byte-for-byte what it was, and no storefront page ever references editor files.
export default defineConfig(({ mode }): UserConfig => {
  const isEditor = mode === 'editor';
  return {
    root: import.meta.dirname,
    publicDir: false,
    build: {
      outDir: 'dist',
      emptyOutDir: !isEditor,
      manifest: isEditor ? '.vite/editor-manifest.json' : true,
      target: 'es2022',
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: isEditor
          ? { editor: 'src/editor/main.tsx' }
          : { islands: 'src/islands/client.ts', site: 'src/styles/site.css' },
      },
    },
  };
});
