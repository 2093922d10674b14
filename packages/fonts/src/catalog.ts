import { FONT_CATEGORY_IDS } from '@atelier/contract';

// The font families an owner may choose (issue 25, SPEC §2's font picker), each
// self-hosted from its Fontsource package: no font is ever fetched from another host.
// Variable packages carry every weight in one file per subset; the few script and slab
// faces with no variable cut come from the static packages, a file per weight.

/** The font picker's categories (SPEC §2), in its order: contract's, which the API names. */
export const FONT_CATEGORIES = FONT_CATEGORY_IDS;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

export type CatalogEntry = {
  /** Fontsource's id, also ours: the package's name and its files' prefix. */
  id: string;
  category: FontCategory;
  isVariable: boolean;
};

const variable = (category: FontCategory, ids: string[]): CatalogEntry[] =>
  ids.map((id) => ({ id, category, isVariable: true }));
const fixed = (category: FontCategory, ids: string[]): CatalogEntry[] =>
  ids.map((id) => ({ id, category, isVariable: false }));

export const FONT_CATALOG: readonly CatalogEntry[] = [
  ...variable('sans-serif', [
    'inter',
    'dm-sans',
    'figtree',
    'geist',
    'manrope',
    'montserrat',
    'mulish',
    'noto-sans',
    'open-sans',
    'plus-jakarta-sans',
    'public-sans',
    'raleway',
    'roboto',
    'rubik',
    'work-sans',
    'nunito',
    'outfit',
    'lexend',
    'karla',
    'libre-franklin',
    'ibm-plex-sans',
    'instrument-sans',
    'hanken-grotesk',
    'jost',
    'source-sans-3',
    'space-grotesk',
    'sora',
    'urbanist',
    'onest',
    'albert-sans',
  ]),
  ...variable('serif', [
    'lora',
    'merriweather',
    'playfair-display',
    'eb-garamond',
    'cormorant-garamond',
    'crimson-pro',
    'fraunces',
    'literata',
    'newsreader',
    'source-serif-4',
    'noto-serif',
    'bodoni-moda',
    'vollkorn',
    'petrona',
  ]),
  ...variable('display', [
    'bricolage-grotesque',
    'cinzel',
    'comfortaa',
    'fredoka',
    'unbounded',
    'syne',
    'oswald',
    'league-spartan',
  ]),
  ...variable('script', ['caveat', 'dancing-script']),
  ...fixed('script', ['pacifico', 'great-vibes', 'sacramento', 'satisfy', 'kalam']),
  ...variable('slab-serif', ['roboto-slab', 'bitter']),
  ...fixed('slab-serif', ['arvo', 'zilla-slab', 'aleo']),
  ...variable('mono', [
    'jetbrains-mono',
    'fira-code',
    'inconsolata',
    'geist-mono',
    'source-code-pro',
    'roboto-mono',
  ]),
  ...fixed('mono', ['ibm-plex-mono']),
  ...variable('other', ['recursive', 'doto', 'shantell-sans']),
];

export const packageOf = (entry: CatalogEntry): string =>
  `${entry.isVariable ? '@fontsource-variable' : '@fontsource'}/${entry.id}`;
