import { isSafeHref, type Link } from '@atelier/core';
import { TextAlign } from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  RICH_TEXT_ALIGNMENTS,
  RICH_TEXT_COLOURS,
  type RichTextNode,
} from '../../blocks/text-block.tsx';
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
      autolink: true,
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

function currentBlockStyle(editor: Editor): string {
  for (const level of [2, 3, 4] as const) {
    if (editor.isActive('heading', { level })) return String(level);
  }
  return 'paragraph';
}

export default function RichTextEditor({ value, onChange, label }: RichTextFieldProps) {
  const id = useId();
  const [linkDialog, setLinkDialog] = useState<{ initial: Link | null } | null>(null);
  const editor = useEditor({
    extensions,
    content: value.doc,
    // The toolbar shows what is active at the cursor, so it re-renders with the editor.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        id: `${id}-content`,
        class: 'rich-text__content block--text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
      },
    },
    onUpdate: ({ editor: updated }) =>
      onChange({ doc: updated.getJSON() as RichTextNode, html: updated.getHTML() }),
  });

  // A change that did not come from typing here (undo in the page editor, a reload) is
  // loaded into the editor; comparing HTML skips the echo of our own onUpdate.
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.getHTML() !== value.html && value.html !== '') {
      editor.commands.setContent(value.doc, { emitUpdate: false });
    }
  }, [editor, value]);

  if (!editor) return null;

  const chain = () => editor.chain().focus();

  function openLinkDialog() {
    const attributes = editor?.getAttributes('link') ?? {};
    const href = typeof attributes.href === 'string' ? attributes.href : '';
    setLinkDialog({ initial: href ? { href, isNewWindow: attributes.target === '_blank' } : null });
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
    setLinkDialog(null);
  }

  const markButton = (name: string, text: string, toggle: () => void, shortcut: string) => (
    <button
      type="button"
      aria-pressed={editor.isActive(name)}
      aria-keyshortcuts={shortcut}
      title={`${text} (${shortcut.replace('Control', 'Ctrl')})`}
      onClick={toggle}
    >
      {text}
    </button>
  );

  const activeColour = editor.getAttributes('textStyle').color as string | undefined;

  return (
    <div className="rich-text">
      <span className="rich-text__label" id={`${id}-label`}>
        {label}
      </span>
      <div
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
        {markButton('bold', 'Bold', () => chain().toggleBold().run(), 'Control+B')}
        {markButton('italic', 'Italic', () => chain().toggleItalic().run(), 'Control+I')}
        {markButton('underline', 'Underline', () => chain().toggleUnderline().run(), 'Control+U')}
        {markButton(
          'strike',
          'Strikethrough',
          () => chain().toggleStrike().run(),
          'Control+Shift+S',
        )}
        <button
          type="button"
          aria-pressed={editor.isActive('bulletList')}
          onClick={() => chain().toggleBulletList().run()}
        >
          Bulleted list
        </button>
        <button
          type="button"
          aria-pressed={editor.isActive('orderedList')}
          onClick={() => chain().toggleOrderedList().run()}
        >
          Numbered list
        </button>
        <button
          type="button"
          aria-pressed={editor.isActive('blockquote')}
          onClick={() => chain().toggleBlockquote().run()}
        >
          Quote
        </button>
        {RICH_TEXT_ALIGNMENTS.map((alignment) => (
          <button
            key={alignment}
            type="button"
            aria-pressed={editor.isActive({ textAlign: alignment })}
            onClick={() => chain().setTextAlign(alignment).run()}
          >
            {ALIGN_LABELS[alignment]}
          </button>
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
        <button type="button" aria-pressed={editor.isActive('link')} onClick={openLinkDialog}>
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
                      setLinkDialog(null);
                    }
                  : undefined
              }
              onClose={() => {
                setLinkDialog(null);
                editor.commands.focus();
              }}
            />,
            document.body,
          )
        : null}
    </div>
  );
}
