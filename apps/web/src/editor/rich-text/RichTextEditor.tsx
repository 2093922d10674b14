import { RICH_TEXT_ALIGNMENTS, RICH_TEXT_COLOURS, type RichTextNode } from '@atelier/contract';
import { isSafeHref, type Link } from '@atelier/core';
import { TextAlign } from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LinkEditor } from '../links/LinkEditor.tsx';
import type { RichTextFieldProps } from './RichTextField.tsx';
import './rich-text.css';

// TipTap, loaded only by the editor (RichTextField imports this lazily): the storefront
// shows the server-sanitized HTML and never downloads any of it. The extensions here make
// only what the server's allowlist keeps (features/editor/rich-text-sanitize.ts): no code,
// no images, no horizontal rules, headings 2–4, colours from the palette.

const extensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    horizontalRule: false,
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      // Autolinking makes the link mark inclusive, so text typed after a link would join it.
      autolink: false,
      defaultProtocol: 'https',
      // A link opens in a new window only when the person ticks Open in New Window.
      HTMLAttributes: { target: null, rel: null },
      isAllowedUri: (url) => isSafeHref(url),
    },
  }),
  TextStyle,
  Color,
  TextAlign.configure({ types: ['heading', 'paragraph'], alignments: [...RICH_TEXT_ALIGNMENTS] }),
];

const BLOCK_STYLES = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: '2', label: 'Heading 2' },
  { value: '3', label: 'Heading 3' },
  { value: '4', label: 'Heading 4' },
] as const;

const ALIGN_LABELS: Record<(typeof RICH_TEXT_ALIGNMENTS)[number], string> = {
  left: 'Align left',
  center: 'Align centre',
  right: 'Align right',
  justify: 'Justify',
};

/** Alignment drawn as lines (left, centre, right, justified), for the compact toolbar. */
const ALIGN_SIGNS: Record<(typeof RICH_TEXT_ALIGNMENTS)[number], string> = {
  left: '⇤',
  center: '↔',
  right: '⇥',
  justify: '☰',
};

function currentBlockStyle(editor: Editor): string {
  for (const level of [2, 3, 4] as const) {
    if (editor.isActive('heading', { level })) return String(level);
  }
  return 'paragraph';
}

export default function RichTextEditor({
  value,
  onChange,
  label,
  variant = 'field',
  ownerDocument,
}: RichTextFieldProps & {
  /** On the canvas the text is edited where it stands: no frame, the toolbar floats above. */
  variant?: 'field' | 'canvas';
  /**
   * The document the text lives in (the canvas frame's): ProseMirror listens for
   * selection changes on the document its element was made in, so it is made there.
   */
  ownerDocument?: Document;
}) {
  const id = useId();
  const isCanvas = variant === 'canvas';
  const [linkDialog, setLinkDialog] = useState<{ initial: Link | null } | null>(null);
  /** HTML this editor sent (or loaded) that the page may still hand back, oldest first. */
  const sent = useRef<string[]>([value.html]);
  const editor = useEditor({
    extensions,
    // TipTap's few base rules are in rich-text.css: a <style> it wrote at run time would be
    // refused by the CSP and would land in the editor's document, not the canvas frame's.
    injectCSS: false,
    content: value.doc ?? value.html,
    ...(ownerDocument && { element: ownerDocument.createElement('div') }),
    // Selected on the canvas, the text is ready to type into.
    autofocus: isCanvas ? 'end' : false,
    // The toolbar shows what is active at the cursor, so it re-renders with the editor.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        id: `${id}-content`,
        class: isCanvas
          ? 'rich-text__content--canvas block block--text'
          : 'rich-text__content block--text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
      },
    },
    onUpdate: ({ editor: updated }) => {
      const html = updated.getHTML();
      sent.current.push(html);
      onChange({ doc: updated.getJSON() as RichTextNode, html });
    },
  });

  // A value this editor did not send (undo in the page editor, a reload) is loaded into
  // it. Values come back a render or more behind the typing, so any value it sent since
  // is recognised as its own; comparing with the current HTML would reset the text mid-word.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const sentAt = sent.current.indexOf(value.html);
    if (sentAt >= 0) {
      sent.current = sent.current.slice(sentAt);
      return;
    }
    sent.current = [value.html];
    editor.commands.setContent(value.doc ?? value.html, { emitUpdate: false });
  }, [editor, value]);

  // On the canvas the toolbar floats just above the line being edited.
  const rootRef = useRef<HTMLDivElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [toolbarTop, setToolbarTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!isCanvas || !editor || editor.isDestroyed || !rootRef.current || !toolbarRef.current) {
      return;
    }
    const root = rootRef.current.getBoundingClientRect();
    const caret = editor.view.coordsAtPos(editor.state.selection.from);
    const top = caret.top - root.top - toolbarRef.current.offsetHeight - 8;
    setToolbarTop((previous) => (previous === top ? previous : top));
  });

  if (!editor) return null;

  const chain = () => editor.chain().focus();

  function openLinkDialog() {
    const attributes = editor?.getAttributes('link') ?? {};
    const href = typeof attributes.href === 'string' ? attributes.href : '';
    setLinkDialog({ initial: href ? { href, isNewWindow: attributes.target === '_blank' } : null });
  }

  // Closing the modal dialog hands focus back to the Link button; the person was writing,
  // so the cursor goes back into the text once the dialog is gone.
  function closeLinkDialog() {
    setLinkDialog(null);
    requestAnimationFrame(() => editor?.commands.focus());
  }

  function applyLink(link: Link) {
    if (!editor) return;
    const attrs = { href: link.href, target: link.isNewWindow ? '_blank' : null };
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link text.
      const text = link.href.replace(/^(mailto:|tel:)/, '').split('?')[0] ?? link.href;
      chain()
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink(attrs).run();
    }
    closeLinkDialog();
  }

  /**
   * A toolbar button. On the canvas the toolbar floats over the page, so it is one compact
   * row: a short sign shows, and the full name is the button's accessible name and tooltip.
   */
  const tool = (
    text: string,
    sign: string,
    isPressed: boolean,
    run: () => void,
    shortcut?: string,
  ) => (
    <button
      type="button"
      aria-pressed={isPressed}
      aria-keyshortcuts={shortcut}
      aria-label={isCanvas ? text : undefined}
      title={shortcut ? `${text} (${shortcut.replace('Control', 'Ctrl')})` : text}
      className={
        isCanvas
          ? `rich-text__tool rich-text__tool--${sign.length > 2 ? 'wide' : 'sign'}`
          : undefined
      }
      onClick={run}
    >
      {isCanvas ? <span aria-hidden="true">{sign}</span> : text}
    </button>
  );
  const markButton = (
    name: string,
    text: string,
    sign: string,
    run: () => void,
    shortcut: string,
  ) => tool(text, sign, editor.isActive(name), run, shortcut);

  const activeColour = editor.getAttributes('textStyle').color as string | undefined;

  return (
    <div className={isCanvas ? 'rich-text rich-text--canvas' : 'rich-text'} ref={rootRef}>
      <span className={isCanvas ? 'visually-hidden' : 'rich-text__label'} id={`${id}-label`}>
        {label}
      </span>
      {/* Pressing a toolbar button with the mouse must not take focus (and the selection)
          from the text; keyboard users reach the buttons with Tab and come back by focus(). */}
      <div
        onMouseDown={(event) => {
          if ((event.target as HTMLElement).closest('button')) event.preventDefault();
        }}
        ref={toolbarRef}
        style={isCanvas && toolbarTop !== null ? { top: toolbarTop } : undefined}
        role="toolbar"
        aria-label={`${label} formatting`}
        aria-controls={`${id}-content`}
        className="rich-text__toolbar"
      >
        <label className="visually-hidden" htmlFor={`${id}-style`}>
          Text style
        </label>
        <select
          id={`${id}-style`}
          value={currentBlockStyle(editor)}
          onChange={(event) => {
            const style = event.target.value;
            if (style === 'paragraph') chain().setParagraph().run();
            else
              chain()
                .setHeading({ level: Number(style) as 2 | 3 | 4 })
                .run();
          }}
        >
          {BLOCK_STYLES.map((style) => (
            <option key={style.value} value={style.value}>
              {style.label}
            </option>
          ))}
        </select>
        {markButton('bold', 'Bold', 'B', () => chain().toggleBold().run(), 'Control+B')}
        {markButton('italic', 'Italic', 'I', () => chain().toggleItalic().run(), 'Control+I')}
        {markButton(
          'underline',
          'Underline',
          'U',
          () => chain().toggleUnderline().run(),
          'Control+U',
        )}
        {markButton(
          'strike',
          'Strikethrough',
          'S',
          () => chain().toggleStrike().run(),
          'Control+Shift+S',
        )}
        {tool('Bulleted list', '•≡', editor.isActive('bulletList'), () =>
          chain().toggleBulletList().run(),
        )}
        {tool('Numbered list', '#≡', editor.isActive('orderedList'), () =>
          chain().toggleOrderedList().run(),
        )}
        {tool('Block quote', '❝', editor.isActive('blockquote'), () =>
          chain().toggleBlockquote().run(),
        )}
        {RICH_TEXT_ALIGNMENTS.map((alignment) => (
          <span key={alignment} className="rich-text__tool-slot">
            {tool(
              ALIGN_LABELS[alignment],
              ALIGN_SIGNS[alignment],
              editor.isActive({ textAlign: alignment }),
              () => chain().setTextAlign(alignment).run(),
            )}
          </span>
        ))}
        <label className="visually-hidden" htmlFor={`${id}-colour`}>
          Text colour
        </label>
        <select
          id={`${id}-colour`}
          value={activeColour ?? ''}
          onChange={(event) => {
            const colour = event.target.value;
            if (colour === '') chain().unsetColor().run();
            else chain().setColor(colour).run();
          }}
        >
          <option value="">Default colour</option>
          {RICH_TEXT_COLOURS.map((colour) => (
            <option key={colour.value} value={colour.value}>
              {colour.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={isCanvas ? 'rich-text__tool rich-text__tool--link' : undefined}
          aria-pressed={editor.isActive('link')}
          onClick={openLinkDialog}
        >
          Link
        </button>
      </div>
      <EditorContent editor={editor} />
      {linkDialog
        ? // The dialog is its own form; a portal keeps it out of any form around this field.
          createPortal(
            <LinkEditor
              initial={linkDialog.initial}
              onApply={applyLink}
              onRemove={
                linkDialog.initial
                  ? () => {
                      chain().extendMarkRange('link').unsetLink().run();
                      closeLinkDialog();
                    }
                  : undefined
              }
              onClose={closeLinkDialog}
            />,
            document.body,
          )
        : null}
    </div>
  );
}
