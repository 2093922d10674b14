import { EditorView } from '@codemirror/view';

// The /config shell puts a per-response CSP nonce in <meta name="csp-nonce">; CodeMirror
// must put it on the <style> element it creates, or the browser refuses its stylesheet
// and the editor shows unstyled (gutter above the text, no cursor layer).

/** CodeMirror extension that stamps the page's CSP nonce on its style element. */
export function codeMirrorNonce() {
  const nonce =
    typeof document === 'undefined'
      ? ''
      : (document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '');
  return EditorView.cspNonce.of(nonce);
}
