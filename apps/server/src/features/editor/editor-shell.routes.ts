import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EditorAssets } from './editor-assets.ts';

const escapeAttr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The editor's HTML shell at /config: the SPA takes over in the browser. */
export function renderEditorShell(assets: EditorAssets): string {
  const styles = assets.styles
    .map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`)
    .join('');
  const canvasStyles = `<meta name="canvas-styles" content="${escapeAttr(assets.canvasStyles.join(' '))}">`;
  const script = assets.script
    ? `<script type="module" src="${escapeAttr(assets.script)}"></script>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Atelier editor</title><link rel="icon" href="data:,">${canvasStyles}${styles}</head><body class="editor-body"><div id="editor-root"><main><h1>Atelier editor</h1><p>${assets.script ? 'Loading the editor…' : 'The editor is not built: run npm run build.'}</p></main></div>${script}</body></html>`;
}

/**
 * CodeMirror writes its stylesheet into a <style> element at run time, which the CSP
 * (style-src without 'unsafe-inline') refuses. A fresh nonce per response admits exactly
 * the editor's own style elements; the SPA reads it from the csp-nonce meta tag.
 */
function withStyleNonce(reply: FastifyReply, html: string): string {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string' || !policy.includes('style-src ')) return html;
  const nonce = randomBytes(16).toString('base64');
  reply.header(
    'content-security-policy',
    policy.replace(
      /style-src ([^;]*)/,
      (_all, sources: string) => `style-src ${sources} 'nonce-${nonce}'`,
    ),
  );
  return html.replace('<head>', `<head><meta name="csp-nonce" content="${nonce}">`);
}

export function registerEditorShellRoutes(app: FastifyInstance, deps: { assets: EditorAssets }) {
  const html = renderEditorShell(deps.assets);
  const send = (reply: FastifyReply) =>
    reply
      // Never cached and never framed by another site: it is a signed-in tool.
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(withStyleNonce(reply, html));
  app.get('/config', { schema: { hide: true } }, (_request, reply) => send(reply));
  app.get('/config/*', { schema: { hide: true } }, (_request, reply) => send(reply));
}
