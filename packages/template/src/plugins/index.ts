// Plugin formatter and predicate groups (§5, §6 of LANGUAGE.md).

import type { Formatter, Predicate } from '../types.ts';

export const PLUGIN_FORMATTERS: Record<string, Formatter> = {};
export const PLUGIN_PREDICATES: Record<string, Predicate> = {};
