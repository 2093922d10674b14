import { setNonce } from 'get-nonce';
import { createRoot } from 'react-dom/client';
import { EditorApp } from './EditorApp.tsx';
import './editor.css';
import './ui/admin-ui.css';

// Radix's dialogs lock page scrolling with a <style> element they add at run time; the
// CSP admits only style elements carrying the shell's per-response nonce (csp-nonce.ts).
setNonce(document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '');

// Entry of the /config SPA (its own Vite input; the storefront never loads it).
const root = document.getElementById('editor-root');
if (root) createRoot(root).render(<EditorApp />);
