import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

// The /config SPA is its own Vite entry: its script and stylesheet come from the same
// manifest as the storefront's islands, but no storefront page ever references them.

export const EDITOR_ENTRY = 'src/editor/main.tsx';
const SITE_STYLES = 'src/styles/site.css';

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), css: z.array(z.string()).optional() }).loose(),
);

export type EditorAssets = { script: string | undefined; styles: string[] };

export function loadEditorAssets(webDistDir: string): EditorAssets {
  const manifestPath = join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { script: undefined, styles: [] };
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const entry = manifest[EDITOR_ENTRY];
  const site = manifest[SITE_STYLES];
  return {
    script: entry ? `/${entry.file}` : undefined,
    // The preview uses the storefront's own stylesheet, so blocks look as they will live.
    styles: [...(site ? [`/${site.file}`] : []), ...(entry?.css ?? []).map((f) => `/${f}`)],
  };
}
