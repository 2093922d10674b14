import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DESIGN_STYLESHEET } from '../design/design.service.ts';

// The /config SPA is its own Vite build: its script and stylesheet come from its own
// manifest beside the storefront's, and no storefront page ever references them.

export const EDITOR_ENTRY = 'src/editor/main.tsx';
const SITE_STYLES = 'src/styles/site.css';

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), css: z.array(z.string()).optional() }).loose(),
);

export type EditorAssets = {
  script: string | undefined;
  styles: string[];
  /** The storefront's stylesheet, which the canvas frame loads so pages look as they will live. */
  canvasStyles: string[];
};

export function loadEditorAssets(webDistDir: string): EditorAssets {
  const read = (name: string) => {
    const path = join(webDistDir, '.vite', name);
    return existsSync(path) ? manifestSchema.parse(JSON.parse(readFileSync(path, 'utf8'))) : {};
  };
  // The editor is built by its own Vite run (apps/web/vite.config.ts, mode 'editor').
  const entry = read('editor-manifest.json')[EDITOR_ENTRY];
  const site = read('manifest.json')[SITE_STYLES];
  return {
    script: entry ? `/${entry.file}` : undefined,
    styles: (entry?.css ?? []).map((f) => `/${f}`),
    // Only inside the canvas frame: in the editor's own document it would restyle the editor.
    // Then the website's design (issue 25), which public pages inline after it.
    canvasStyles: site ? [`/${site.file}`, DESIGN_STYLESHEET] : [],
  };
}
