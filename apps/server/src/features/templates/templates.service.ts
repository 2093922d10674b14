import {
  TEMPLATE_SLOTS,
  type Template,
  type TemplateDiagnostic,
  type TemplateSlot,
  type TemplateWarning,
} from '@atelier/contract';
import { type CompiledTemplate, compile, render, validate } from '@atelier/template';
import type { WebsiteTemplateRow } from '../../db/db-types.ts';
import type { SampleContextOf } from './template-context.ts';
import type { TemplatesRepo } from './templates.repo.ts';

// Developer mode: a website's own JSON-Template templates. A template is only stored
// when the engine finds no error in it, so a mistake never reaches the live site; saving
// or removing one tells the page cache, because every public page may show it.

export type TemplatesService = ReturnType<typeof createTemplatesService>;

export type SaveResult =
  | { isSaved: true; template: Template; warnings: TemplateWarning[] }
  | { isSaved: false; diagnostics: TemplateDiagnostic[] };

/** What a public page needs: the output of the website's template for a slot, if any. */
export type SiteTemplates = {
  has(slot: TemplateSlot): boolean;
  /** The HTML of the slot's template over `context`; null when the slot uses the default. */
  render(slot: TemplateSlot, context: unknown): string | null;
};

/** A template that runs away (huge loops) is cut off instead of holding the server. */
const RENDER_BUDGET_MS = 250;
const MAX_OUTPUT_LENGTH = 2_000_000;
/** Compiled templates kept: a few per website, far more websites than a process serves. */
const MAX_COMPILED = 1000;

export const NO_TEMPLATES: SiteTemplates = { has: () => false, render: () => null };

/** Errors like "partial 'name' which could not be found" quote what is missing. */
const QUOTED_NAME = /'([^'\n]+)'|"([^"\n]+)"/;

/**
 * Run-time errors come from the engine without a place. The first tag (`{…}`) that names
 * the quoted partial or formatter is where the developer would look, so it is given as
 * the warning's line and column; an error that names nothing has none.
 */
export function placeRenderError(source: string, message: string): TemplateWarning {
  const name = QUOTED_NAME.exec(message)
    ?.slice(1)
    .find((n) => n !== undefined);
  if (!name) return { message };
  const tags = /\{[^{}\n]*\}/g;
  for (let tag = tags.exec(source); tag !== null; tag = tags.exec(source)) {
    const at = tag[0].indexOf(name);
    if (at < 0) continue;
    const offset = tag.index + at;
    const before = source.slice(0, offset);
    const line = before.split('\n').length;
    return { message, line, column: offset - before.lastIndexOf('\n') };
  }
  return { message };
}

const isSlot = (slot: string): slot is TemplateSlot =>
  (TEMPLATE_SLOTS as readonly string[]).includes(slot);

function toTemplate(row: WebsiteTemplateRow): Template {
  return {
    slot: row.slot as TemplateSlot,
    isCustom: true,
    source: row.source,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const defaultTemplate = (slot: TemplateSlot): Template => ({
  slot,
  isCustom: false,
  source: '',
  updatedAt: null,
});

export function createTemplatesService(deps: {
  templatesRepo: TemplatesRepo;
  onPublicChange: (websiteId: string) => void;
  /** A real page's context for a slot, to render a template over on save. */
  sampleContextOf?: SampleContextOf;
}) {
  const { templatesRepo, onPublicChange } = deps;
  // Keyed by website and slot, valid for one updated_at: a save moves updated_at, so the
  // next page render compiles the new source. The source is compared too, because two
  // saves in one millisecond would share an updated_at once read into a JS Date.
  const compiled = new Map<
    string,
    { updatedAt: number; source: string; template: CompiledTemplate }
  >();

  function compiledOf(row: WebsiteTemplateRow): CompiledTemplate {
    const key = `${row.website_id}/${row.slot}`;
    const updatedAt = new Date(row.updated_at).getTime();
    const hit = compiled.get(key);
    if (hit && hit.updatedAt === updatedAt && hit.source === row.source) return hit.template;
    const template = compile(row.source);
    compiled.delete(key);
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, { updatedAt, source: row.source, template });
    return template;
  }

  /**
   * Parse errors refuse a save; errors that only appear while rendering (a partial not
   * found, a formatter failing on real data) would otherwise vanish on the live page, so
   * the template is rendered over the slot's real context, with the live budgets, and
   * each distinct error comes back as a warning.
   */
  async function renderWarnings(
    websiteId: string,
    slot: TemplateSlot,
    source: string,
  ): Promise<TemplateWarning[]> {
    const sample = await deps.sampleContextOf?.(websiteId, slot);
    if (!sample) return [];
    // Page contexts are plain JSON (they are what ?format=json sends).
    const json = sample.context as Parameters<typeof render>[1];
    const { errors } = render(compile(source), json, {
      locale: sample.locale,
      timeBudgetMs: RENDER_BUDGET_MS,
      maxOutputLength: MAX_OUTPUT_LENGTH,
    });
    return [...new Set(errors)].map((message) => placeRenderError(source, message));
  }

  return {
    async list(websiteId: string): Promise<Template[]> {
      const rows = new Map((await templatesRepo.list(websiteId)).map((row) => [row.slot, row]));
      return TEMPLATE_SLOTS.map((slot) => {
        const row = rows.get(slot);
        return row ? toTemplate(row) : defaultTemplate(slot);
      });
    },

    async get(websiteId: string, slot: TemplateSlot): Promise<Template> {
      const row = await templatesRepo.find(websiteId, slot);
      return row ? toTemplate(row) : defaultTemplate(slot);
    },

    /** Validates with the engine first: a template with errors is not stored. */
    async save(input: {
      websiteId: string;
      slot: TemplateSlot;
      source: string;
      memberId: string;
    }): Promise<SaveResult> {
      const diagnostics = validate(input.source);
      if (diagnostics.length > 0) return { isSaved: false, diagnostics };
      const warnings = await renderWarnings(input.websiteId, input.slot, input.source);
      const row = await templatesRepo.upsert(input);
      onPublicChange(input.websiteId);
      return { isSaved: true, template: toTemplate(row), warnings };
    },

    /** Back to the default rendering; removing a slot that has no template is a no-op. */
    async remove(websiteId: string, slot: TemplateSlot): Promise<Template> {
      if (await templatesRepo.remove(websiteId, slot)) onPublicChange(websiteId);
      return defaultTemplate(slot);
    },

    /**
     * The website's templates, compiled, for rendering its public pages; `locale` (the
     * website's language) is what i18n formatters format for.
     */
    async forWebsite(websiteId: string, locale = 'en'): Promise<SiteTemplates> {
      const rows = await templatesRepo.list(websiteId);
      if (rows.length === 0) return NO_TEMPLATES;
      const bySlot = new Map<TemplateSlot, CompiledTemplate>();
      for (const row of rows) if (isSlot(row.slot)) bySlot.set(row.slot, compiledOf(row));
      return {
        has: (slot) => bySlot.has(slot),
        render(slot, context) {
          const template = bySlot.get(slot);
          if (template === undefined) return null;
          // Page contexts are plain JSON (they are what ?format=json sends).
          const json = context as Parameters<typeof render>[1];
          return render(template, json, {
            locale,
            timeBudgetMs: RENDER_BUDGET_MS,
            maxOutputLength: MAX_OUTPUT_LENGTH,
          }).output;
        },
      };
    },
  };
}
