// Locale data for the i18n and commerce formatters: one @phensley/cldr locale object
// per BCP-47 tag, loaded once per process from the packs that ship inside the package
// (module resolution, not arbitrary file access) and shared by every render.

import { createRequire } from 'node:module';
import { type CLDR, CLDRFramework } from '@phensley/cldr';
import type { Ctx } from '../types.ts';

const requirePack = createRequire(import.meta.url);

let framework: CLDRFramework | undefined;
const byTag = new Map<string, CLDR | null>();

function load(tag: string): CLDR | null {
  try {
    framework ??= new CLDRFramework({
      loader: (language: string) => requirePack(`@phensley/cldr/packs/${language}.json`),
    });
    return framework.get(tag.replace(/_/g, '-'));
  } catch {
    return null;
  }
}

/** The locale object of a render (null when the caller chose no locale data). */
export function cldrOf(ctx: Ctx): CLDR | null {
  if (ctx.cldr !== undefined) return ctx.cldr as CLDR | null;
  let c: CLDR | null = null;
  if (ctx.locale !== null) {
    const tag = ctx.locale === '' ? 'en' : ctx.locale;
    const cached = byTag.get(tag);
    if (cached !== undefined) c = cached;
    else {
      c = load(tag);
      byTag.set(tag, c);
    }
  }
  ctx.cldr = c;
  return c;
}
