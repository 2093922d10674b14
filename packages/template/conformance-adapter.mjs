// Conformance adapter for Atelier's engine (contract: see the header of
// ../shared/conformance/adapters/squarespace.mjs). Imports the built bundle; run
// `node packages/template/scripts/build.mjs` first (the conformance test does).
import { compile, render as renderTemplate } from './dist/index.js';

export const name = '@atelier/template';

// Case files carry injectables as raw text (JSON); decode, falling back to the text.
const decodeInjects = (injects) => {
  const out = {};
  for (const [path, raw] of Object.entries(injects || {})) {
    if (typeof raw !== 'string') out[path] = raw;
    else {
      try {
        out[path] = JSON.parse(raw);
      } catch {
        out[path] = raw;
      }
    }
  }
  return out;
};

const renderOptions = (partials, options) => ({
  partials: partials || {},
  inject: decodeInjects(options.injects),
  locale: options.locale,
  now: options.now,
  enableExpr: options.enableExpr !== false,
  enableInclude: options.enableInclude !== false,
  exprOptions: options.exprOpts,
});

export function render(templateSource, json, partials = {}, options = {}) {
  return renderTemplate(compile(templateSource), json, renderOptions(partials, options));
}

export function prepare(templateSource, partials = {}, options = {}) {
  const compiled = compile(templateSource);
  const opts = renderOptions(partials, options);
  // Partials compiled once too, so repeated renders share them.
  opts.partials = Object.fromEntries(
    Object.entries(opts.partials).map(([k, v]) => [k, compile(v)]),
  );
  return (json) => renderTemplate(compiled, json, opts);
}
