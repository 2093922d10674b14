import type { HeadingBlock, TextBlock } from '@atelier/contract';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TextBlockView } from '../../blocks/text-block.tsx';

// Text and headings are typed into where they stand on the canvas. TipTap is large, so
// the rich-text editor is the lazy chunk the settings field used; until it arrives the
// text shows as visitors see it.

const loadRichTextEditor = () => import('../rich-text/RichTextEditor.tsx');
const RichTextEditor = lazy(loadRichTextEditor);

/**
 * Starts fetching the text editor before it is needed (the pointer is over a text block),
 * so selecting the text does not wait for the chunk. Fetching twice is one request.
 */
export function preloadRichTextEditor(): void {
  void loadRichTextEditor().catch(() => undefined);
}

export function InlineText({
  block,
  onChange,
}: {
  block: TextBlock;
  onChange: (block: TextBlock) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [ownerDocument, setOwnerDocument] = useState<Document | null>(null);
  useLayoutEffect(() => setOwnerDocument(holder.current?.ownerDocument ?? null), []);
  const preview = <TextBlockView block={block} />;
  return (
    <div className="canvas-inline-text" ref={holder}>
      {ownerDocument ? (
        <Suspense fallback={preview}>
          <RichTextEditor
            variant="canvas"
            ownerDocument={ownerDocument}
            label="Text"
            value={block}
            onChange={({ doc, html }) => onChange({ ...block, doc, html })}
          />
        </Suspense>
      ) : (
        preview
      )}
    </div>
  );
}

/**
 * A heading typed into in place: plain text only (its level is a setting). The element is
 * left uncontrolled while focused, as React writing the text back would move the caret.
 */
export function InlineHeading({
  block,
  onChange,
}: {
  block: HeadingBlock;
  onChange: (block: HeadingBlock) => void;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const Tag = `h${block.level}` as const;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.textContent !== block.text && element.ownerDocument.activeElement !== element) {
      element.textContent = block.text;
    }
  }, [block.text]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus();
    const selection = element.ownerDocument.getSelection();
    selection?.selectAllChildren(element);
    selection?.collapseToEnd();
  }, []);
  return (
    <Tag
      ref={ref}
      className="block block--heading canvas-inline"
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      role="textbox"
      aria-label="Heading text"
      aria-multiline="false"
      spellCheck
      onInput={(event) => onChange({ ...block, text: event.currentTarget.textContent ?? '' })}
      onKeyDown={(event) => {
        // One line: Enter ends the edit rather than breaking the heading.
        if (event.key === 'Enter') {
          event.preventDefault();
          (event.currentTarget.closest('[data-block-key]') as HTMLElement | null)?.focus();
        }
      }}
    />
  );
}
