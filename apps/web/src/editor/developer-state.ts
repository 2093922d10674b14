import {
  TEMPLATE_SLOT_LABELS,
  type Template,
  type TemplateDiagnostic,
  type TemplateSlot,
  type TemplateWarning,
} from '@atelier/contract';

// Developer mode's screen state as a pure reducer: which slot is open, unsaved text per
// slot, and the last save's outcome. The panel renders it; effects (API calls) stay there.

/** What a new template starts from: the fields each slot's context has. */
export const STARTERS: Record<TemplateSlot, string> = {
  'collection-list': `<section class="product-list">
  <h1>{collection.title}</h1>
  <ul>
  {.repeated section items}
    <li><a href="{fullUrl}">{title}</a></li>
  {.end}
  </ul>
</section>
`,
  item: `<article class="product">
  <h1>{item.title}</h1>
  {item.body}
</article>
`,
  header: `<a class="site-title" href="/">{website.siteTitle}</a>
<nav aria-label="Main">
  <ul class="nav">
  {.repeated section navigation}<li><a href="{href}">{title}</a></li>{.end}
  </ul>
</nav>
`,
  footer: `<p>© {website.siteTitle}. {website.siteDescription}</p>
`,
};

export type Notice =
  /** warnings: what rendering the saved template over real data reported (it is live). */
  | { kind: 'status'; text: string; warnings?: TemplateWarning[] }
  | { kind: 'invalid'; text: string; diagnostics: TemplateDiagnostic[] }
  | { kind: 'error'; text: string };

export type DeveloperState = {
  templates: Template[];
  slot: TemplateSlot;
  /** Unsaved text per slot, so switching slots loses nothing. */
  drafts: Partial<Record<TemplateSlot, string>>;
  notice: Notice | null;
};

export type DeveloperAction =
  | { type: 'loaded'; templates: Template[] }
  | { type: 'select'; slot: TemplateSlot }
  | { type: 'edit'; source: string }
  | { type: 'saved'; template: Template; warnings?: TemplateWarning[] }
  | { type: 'refused'; message: string; diagnostics: TemplateDiagnostic[] }
  | { type: 'removed'; template: Template }
  | { type: 'failed'; message: string };

export const initialDeveloperState: DeveloperState = {
  templates: [],
  slot: 'collection-list',
  drafts: {},
  notice: null,
};

const withTemplate = (templates: Template[], template: Template) =>
  templates.map((t) => (t.slot === template.slot ? template : t));

const withoutDraft = (drafts: DeveloperState['drafts'], slot: TemplateSlot) => {
  const { [slot]: _dropped, ...rest } = drafts;
  return rest;
};

export function developerReducer(state: DeveloperState, action: DeveloperAction): DeveloperState {
  switch (action.type) {
    case 'loaded':
      return { ...state, templates: action.templates };
    case 'select':
      return { ...state, slot: action.slot, notice: null };
    case 'edit':
      return { ...state, drafts: { ...state.drafts, [state.slot]: action.source } };
    case 'saved':
      return {
        ...state,
        templates: withTemplate(state.templates, action.template),
        drafts: withoutDraft(state.drafts, action.template.slot),
        notice: {
          kind: 'status',
          text: `${TEMPLATE_SLOT_LABELS[action.template.slot]} saved. It is live now.`,
          ...(action.warnings && action.warnings.length > 0 && { warnings: action.warnings }),
        },
      };
    case 'refused':
      // The draft stays: the developer fixes it where the errors point.
      return {
        ...state,
        notice: { kind: 'invalid', text: action.message, diagnostics: action.diagnostics },
      };
    case 'removed':
      return {
        ...state,
        templates: withTemplate(state.templates, action.template),
        drafts: withoutDraft(state.drafts, action.template.slot),
        notice: {
          kind: 'status',
          text: `${TEMPLATE_SLOT_LABELS[action.template.slot]} uses the default rendering again.`,
        },
      };
    case 'failed':
      return { ...state, notice: { kind: 'error', text: action.message } };
  }
}

/** The open slot's stored template, if it has one. */
export const currentTemplate = (state: DeveloperState): Template | undefined =>
  state.templates.find((t) => t.slot === state.slot);

/** The text in the editor: the unsaved draft, else the saved template, else a starter. */
export function sourceOf(state: DeveloperState, slot: TemplateSlot = state.slot): string {
  const draft = state.drafts[slot];
  if (draft !== undefined) return draft;
  const template = state.templates.find((t) => t.slot === slot);
  return template?.isCustom ? template.source : STARTERS[slot];
}
