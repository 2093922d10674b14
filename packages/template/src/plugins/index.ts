// Plugin formatter and predicate groups (§5, §6 of LANGUAGE.md).

import type { Formatter, Predicate } from '../types.ts';
import { COMMERCE_FORMATTERS } from './commerce.ts';
import { COMMERCE_SNIPPET_FORMATTERS } from './commerce-snippets.ts';
import { CONTENT_FORMATTERS } from './content.ts';
import { DATE_FORMATTERS } from './date.ts';
import { FORM_FIELD_FORMATTERS } from './form-field.ts';
import { I18N_FORMATTERS } from './i18n.ts';
import { PLUGIN_PREDICATE_TABLE } from './predicates.ts';
import { SOCIAL_FORMATTERS } from './social.ts';

export const PLUGIN_FORMATTERS: Record<string, Formatter> = {
  ...DATE_FORMATTERS,
  ...CONTENT_FORMATTERS,
  ...SOCIAL_FORMATTERS,
  ...COMMERCE_FORMATTERS,
  ...COMMERCE_SNIPPET_FORMATTERS,
  ...FORM_FIELD_FORMATTERS,
  ...I18N_FORMATTERS,
};
export const PLUGIN_PREDICATES: Record<string, Predicate> = { ...PLUGIN_PREDICATE_TABLE };
