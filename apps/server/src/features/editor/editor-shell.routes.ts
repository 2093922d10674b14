import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EditorAssets } from './editor-assets.ts';

const escapeAttr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The editor's HTML shell at /config: the SPA takes over in the browser. */
export function renderEditorShell(assets: EditorAssets): string {
  const styles = assets.styles
    .map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`)
    .join('');
  const script = assets.script
    ? `<script type="module" src="${escapeAttr(assets.script)}"></script>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Atelier editor</title>${styles}</head><body class="editor-body"><div id="editor-root"><main><h1>Atelier editor</h1><p>${assets.script ? 'Loading the editor…' : 'The editor is not built: run npm run build.'}</p></main></div>${script}</body></html>`;
}

export function registerEditorShellRoutes(app: FastifyInstance, deps: { assets: EditorAssets }) {
  const html = renderEditorShell(deps.assets);
  const send = (reply: FastifyReply) =>
    reply
      // Never cached and never framed by another site: it is a signed-in tool.
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);
  app.get('/config', { schema: { hide: true } }, (_request, reply) => send(reply));
  app.get('/config/*', { schema: { hide: true } }, (_request, reply) => send(reply));
}
