import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// TipTap is hundreds of KB: it must reach only the editor, and there only when a
// rich-text field is first shown. Checked on a build, from Vite's manifests.

const distDir = join(import.meta.dirname, '..', '..', '..', 'dist');
const viteDir = join(distDir, '.vite');
type ManifestEntry = {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
};
const read = (name: string): Record<string, ManifestEntry> =>
  JSON.parse(readFileSync(join(viteDir, name), 'utf8'));

describe('where the rich-text editor ships', () => {
  it('is measured on a build', () => {
    expect(existsSync(join(viteDir, 'editor-manifest.json')), 'run `npm run build` first').toBe(
      true,
    );
  });

  it('is a lazy chunk of the editor that its entry does not load up front', () => {
    const editor = read('editor-manifest.json');
    const chunk = editor['src/editor/rich-text/RichTextEditor.tsx'];
    expect(chunk?.isDynamicEntry).toBe(true);
    const entry = editor['src/editor/main.tsx'];
    expect(entry?.isEntry).toBe(true);
    // The entry's static closure (what /config loads first) holds no ProseMirror code.
    const seen = new Set<string>();
    const visit = (key: string) => {
      const item = editor[key];
      if (!item || seen.has(key)) return;
      seen.add(key);
      for (const next of item.imports ?? []) visit(next);
    };
    visit('src/editor/main.tsx');
    const initial = [...seen].map((key) => editor[key]?.file ?? '');
    expect(initial).not.toContain(chunk?.file);
    for (const file of initial) {
      expect(readFileSync(join(distDir, file), 'utf8'), file).not.toContain('ProseMirror');
    }
  });

  it('never reaches the storefront build', () => {
    const storefront = read('manifest.json');
    for (const key of Object.keys(storefront)) {
      expect(key).not.toMatch(/rich-text|tiptap|prosemirror|links\/LinkEditor/i);
    }
    // And no storefront script carries ProseMirror under another name.
    const storefrontFiles = new Set(Object.values(storefront).map((e) => e.file));
    for (const file of readdirSync(join(distDir, 'assets'))) {
      if (!storefrontFiles.has(`assets/${file}`) || !file.endsWith('.js')) continue;
      expect(readFileSync(join(distDir, 'assets', file), 'utf8'), file).not.toContain(
        'ProseMirror',
      );
    }
  });
});
