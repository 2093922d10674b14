import * as foundation from './0001-foundation.ts';

export type Migration = { name: string; sql: string };

/** Applied in this order, each once; never edit one that has shipped, add a new one. */
export const migrations: readonly Migration[] = [foundation];
