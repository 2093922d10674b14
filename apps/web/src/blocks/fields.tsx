import { type Block, SPACER_HEIGHT } from '@atelier/contract';
import { useId } from 'react';
import { LinkField } from '../editor/links/LinkField.tsx';
import { AudioFields } from './audio.fields.tsx';
import { CodeFields } from './code.fields.tsx';
import { EmbedFields } from './embed.fields.tsx';
import { GalleryFields } from './gallery.fields.tsx';
import { ImageFields } from './image.fields.tsx';
import { ProductFields } from './product.fields.tsx';
import { QuoteFields } from './quote.fields.tsx';
import { SocialLinksFields } from './social-links.fields.tsx';
import { SpacerFields } from './spacer.fields.tsx';
import { SummaryFields } from './summary.fields.tsx';
import { TextBlockFields } from './text-block.fields.tsx';
import { VideoFields } from './video.fields.tsx';

// Editor-only: the fields that edit each block's props. The storefront never imports
// this file (render.tsx is the server-safe half); it is part of the /config bundle.

export const BLOCK_TYPE_LABELS: Record<Block['type'], string> = {
  heading: 'Heading',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  products: 'Products',
  quote: 'Quote',
  embed: 'Embed',
  section: 'Section',
  spacer: 'Spacer',
  line: 'Line',
  video: 'Video',
  audio: 'Audio',
  code: 'Code',
  'social-links': 'Social links',
  gallery: 'Gallery',
  product: 'Product',
  summary: 'Summary',
};

/** A new block of a type, with props that already pass the block schema where they can. */
export function newBlock(type: Block['type']): Block {
  switch (type) {
    case 'section':
    case 'line':
      return { type, version: 1 };
    case 'spacer':
      return { type, version: 1, height: SPACER_HEIGHT.defaultValue };
    case 'video':
      return { type, version: 1, url: '', title: '' };
    case 'audio':
      return { type, version: 1, title: '', src: '' };
    case 'code':
      return { type, version: 1, code: '', language: 'plain' };
    case 'social-links':
      return { type, version: 1, profiles: [{ serviceName: '', profileUrl: '' }] };
    case 'gallery':
      return { type, version: 1, mediaIds: [], options: { design: 'grid', lightbox: true } };
    case 'product':
      return { type, version: 1, collectionUrlId: 'shop', productUrlId: '' };
    case 'summary':
      return { type, version: 1, collectionUrlId: 'shop', title: 'Latest', limit: 3 };
    case 'heading':
      return { type, version: 1, text: 'New heading', level: 2 };
    case 'text':
      return { type, version: 2, doc: { type: 'doc', content: [{ type: 'paragraph' }] }, html: '' };
    case 'quote':
      return { type, version: 1, text: '', attribution: '' };
    case 'embed':
      return { type, version: 1, html: '', title: '' };
    case 'image':
      return { type, version: 1, mediaId: '', caption: '' };
    case 'button':
      return { type, version: 1, label: 'Shop now', href: '/shop' };
    case 'products':
      return { type, version: 1, collectionUrlId: 'shop', title: '', limit: 4 };
  }
}

type FieldsProps<B extends Block> = { block: B; onChange: (block: B) => void };

function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isMultiline?: boolean;
  hint?: string;
  type?: 'text' | 'number';
}) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.isMultiline ? (
        <textarea
          id={id}
          value={props.value}
          rows={4}
          aria-describedby={hintId}
          onChange={(e) => props.onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          type={props.type ?? 'text'}
          value={props.value}
          aria-describedby={hintId}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      {props.hint ? (
        <p className="field__hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

export function BlockFields({ block, onChange }: FieldsProps<Block>) {
  switch (block.type) {
    case 'section':
      return null;
    case 'line':
      return <p className="field__hint">A line has no settings.</p>;
    case 'spacer':
      return <SpacerFields block={block} onChange={onChange} />;
    case 'video':
      return <VideoFields block={block} onChange={onChange} />;
    case 'audio':
      return <AudioFields block={block} onChange={onChange} />;
    case 'code':
      return <CodeFields block={block} onChange={onChange} />;
    case 'social-links':
      return <SocialLinksFields block={block} onChange={onChange} />;
    case 'gallery':
      return <GalleryFields block={block} onChange={onChange} />;
    case 'product':
      return <ProductFields block={block} onChange={onChange} />;
    case 'summary':
      return <SummaryFields block={block} onChange={onChange} />;
    case 'heading':
      return (
        <>
          <TextField
            label="Heading text"
            value={block.text}
            onChange={(text) => onChange({ ...block, text })}
          />
          <LevelField value={block.level} onChange={(level) => onChange({ ...block, level })} />
        </>
      );
    case 'text':
      return <TextBlockFields block={block} onChange={onChange} />;
    case 'quote':
      return <QuoteFields block={block} onChange={onChange} />;
    case 'embed':
      return <EmbedFields block={block} onChange={onChange} />;
    case 'image':
      return <ImageFields block={block} onChange={onChange} />;
    case 'button':
      return (
        <>
          <TextField
            label="Button label"
            value={block.label}
            onChange={(label) => onChange({ ...block, label })}
          />
          <LinkField
            label="Link"
            value={block.href}
            onChange={(href) => onChange({ ...block, href })}
          />
        </>
      );
    case 'products':
      return (
        <>
          <TextField
            label="Collection URL"
            hint="The address of a product collection, such as shop."
            value={block.collectionUrlId}
            onChange={(collectionUrlId) => onChange({ ...block, collectionUrlId })}
          />
          <TextField
            label="Section title"
            value={block.title ?? ''}
            onChange={(title) => onChange({ ...block, title })}
          />
          <TextField
            label="Number of products"
            type="number"
            value={String(block.limit)}
            onChange={(value) =>
              onChange({ ...block, limit: Math.min(24, Math.max(1, Number(value) || 1)) })
            }
          />
        </>
      );
  }
}

function LevelField({
  value,
  onChange,
}: {
  value: 1 | 2 | 3;
  onChange: (level: 1 | 2 | 3) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Heading level</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value) as 1 | 2 | 3)}>
        <option value={1}>Heading 1</option>
        <option value={2}>Heading 2</option>
        <option value={3}>Heading 3</option>
      </select>
    </div>
  );
}
