// Writes src/font-metrics.json: each catalog family's vertical metrics and average width,
// and those of the local fallbacks, for the size-adjusted fallback faces that keep a font
// swap from moving the page. The source, @capsizecss/metrics, is 170 MB, so it is not a
// dependency; run this after changing the catalog:
//   npm install --no-save @capsizecss/metrics@^4 && node packages/fonts/scripts/font-metrics.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { entireMetricsCollection } from '@capsizecss/metrics/entireMetricsCollection';
import { FONT_CATALOG, packageOf } from '../src/catalog.ts';

const require = createRequire(import.meta.url);
// Capsize keys a family by its name with the spaces taken out and the first letter lowered.
const keyOf = (family) => family[0].toLowerCase() + family.slice(1).replace(/ /g, '');
const familyOf = async (entry) =>
  JSON.parse(await readFile(require.resolve(`${packageOf(entry)}/metadata.json`), 'utf8')).family;
const pick = ({ ascent, descent, lineGap, unitsPerEm, xWidthAvg }) => ({
  ascent,
  descent,
  lineGap,
  unitsPerEm,
  xWidthAvg,
});
const out = {};
const families = [
  ...(await Promise.all(FONT_CATALOG.map(async (e) => [e.id, await familyOf(e)]))),
  ['arial', 'Arial'],
  ['times-new-roman', 'Times New Roman'],
  ['courier-new', 'Courier New'],
];
for (const [id, family] of families) {
  const metrics = entireMetricsCollection[keyOf(family)];
  if (!metrics) throw new Error(`no metrics for ${id}`);
  out[id] = pick(metrics);
}
await writeFile(
  new URL('../src/font-metrics.json', import.meta.url),
  `${JSON.stringify(out, null, 1)}\n`,
);
console.log(`wrote metrics of ${Object.keys(out).length} families`);
