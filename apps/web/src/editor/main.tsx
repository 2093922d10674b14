import { createRoot } from 'react-dom/client';
import { EditorApp } from './EditorApp.tsx';
import './editor.css';

// Entry of the /config SPA (its own Vite input; the storefront never loads it).
const root = document.getElementById('editor-root');
if (root) createRoot(root).render(<EditorApp />);
