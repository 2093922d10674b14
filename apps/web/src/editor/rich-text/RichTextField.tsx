import type { RichTextNode } from '@atelier/contract';
import { lazy, Suspense } from 'react';

// The rich-text field any block's fields can use. TipTap is large, so the editor itself is
// a separate chunk loaded the first time a rich-text field is shown; the storefront never
// imports this file.

export type RichTextValue = { doc: RichTextNode; html: string };

export type RichTextFieldProps = {
  /** Without `doc` (text stored only as sanitized HTML, a product description) the HTML is loaded. */
  value: { doc: RichTextNode | null; html: string };
  onChange: (value: RichTextValue) => void;
  label: string;
};

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

export function RichTextField(props: RichTextFieldProps) {
  return (
    <div className="field">
      <Suspense fallback={<p className="field__hint">Loading the text editor…</p>}>
        <RichTextEditor {...props} />
      </Suspense>
    </div>
  );
}
