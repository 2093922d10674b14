import { formatWarning, type Template, type TemplateWarning } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import {
  currentTemplate,
  developerReducer,
  initialDeveloperState,
  STARTERS,
  sourceOf,
} from './developer-state.ts';

const defaults: Template[] = (['collection-list', 'item', 'header', 'footer'] as const).map(
  (slot) => ({ slot, isCustom: false, source: '', updatedAt: null }),
);
const custom = (slot: Template['slot'], source: string): Template => ({
  slot,
  isCustom: true,
  source,
  updatedAt: '2026-11-23T12:00:00.000Z',
});
const loaded = developerReducer(initialDeveloperState, { type: 'loaded', templates: defaults });

describe('the developer mode reducer', () => {
  it('starts a slot on the default rendering from its starter template', () => {
    expect(currentTemplate(loaded)?.isCustom).toBe(false);
    expect(sourceOf(loaded)).toBe(STARTERS['collection-list']);
    expect(sourceOf(loaded, 'footer')).toBe(STARTERS.footer);
  });

  it('keeps unsaved text per slot while switching between slots', () => {
    const edited = developerReducer(loaded, { type: 'edit', source: '<ul></ul>' });
    const header = developerReducer(edited, { type: 'select', slot: 'header' });
    expect(sourceOf(header)).toBe(STARTERS.header);
    const back = developerReducer(header, { type: 'select', slot: 'collection-list' });
    expect(sourceOf(back)).toBe('<ul></ul>');
  });

  it('keeps the draft and lists the errors when a save is refused, and clears them on switching', () => {
    const edited = developerReducer(loaded, { type: 'edit', source: '{.section a}' });
    const refused = developerReducer(edited, {
      type: 'refused',
      message: 'The template has errors.',
      diagnostics: [{ message: 'SyntaxError: Reached EOF', line: 1, column: 1 }],
    });
    expect(sourceOf(refused)).toBe('{.section a}');
    expect(refused.notice).toMatchObject({ kind: 'invalid', diagnostics: [{ line: 1 }] });
    expect(developerReducer(refused, { type: 'select', slot: 'item' }).notice).toBeNull();
  });

  it('shows the saved template as the slot source once saved, then the starter after removal', () => {
    const edited = developerReducer(loaded, { type: 'edit', source: '<p>{title}</p>' });
    const saved = developerReducer(edited, {
      type: 'saved',
      template: custom('collection-list', '<p>{title}</p>'),
    });
    expect(saved.drafts).toEqual({});
    expect(currentTemplate(saved)?.isCustom).toBe(true);
    expect(sourceOf(saved)).toBe('<p>{title}</p>');
    expect(saved.notice).toEqual({
      kind: 'status',
      text: 'Product list (collection list page) saved. It is live now.',
    });
    const removed = developerReducer(saved, {
      type: 'removed',
      template: defaults[0] as Template,
    });
    expect(currentTemplate(removed)?.isCustom).toBe(false);
    expect(sourceOf(removed)).toBe(STARTERS['collection-list']);
    expect(removed.notice?.kind).toBe('status');
  });

  it('keeps the warnings of a save that rendered with errors beside its status, not as an error', () => {
    const warnings = [
      {
        message: "RuntimeError: Attempt to apply partial 'card' which could not be found.",
        line: 3,
        column: 16,
      },
    ];
    const saved = developerReducer(loaded, {
      type: 'saved',
      template: custom('collection-list', '{@|apply card}'),
      warnings,
    });
    expect(saved.notice).toEqual({
      kind: 'status',
      text: 'Product list (collection list page) saved. It is live now.',
      warnings,
    });
    expect(formatWarning(warnings[0] as TemplateWarning)).toBe(
      "Line 3, column 16: RuntimeError: Attempt to apply partial 'card' which could not be found.",
    );
    expect(formatWarning({ message: 'RuntimeError: Rendering exceeded its time budget' })).toBe(
      'RuntimeError: Rendering exceeded its time budget',
    );
    // A clean save has no warnings list at all, and the next slot starts without them.
    const clean = developerReducer(saved, {
      type: 'saved',
      template: custom('collection-list', '<p>{title}</p>'),
      warnings: [],
    });
    expect(clean.notice).not.toHaveProperty('warnings');
    expect(developerReducer(saved, { type: 'select', slot: 'item' }).notice).toBeNull();
  });

  it('reports a failed call without losing the draft', () => {
    const edited = developerReducer(loaded, { type: 'edit', source: 'x' });
    const failed = developerReducer(edited, { type: 'failed', message: 'Unable to connect.' });
    expect(failed.notice).toEqual({ kind: 'error', text: 'Unable to connect.' });
    expect(sourceOf(failed)).toBe('x');
  });
});
