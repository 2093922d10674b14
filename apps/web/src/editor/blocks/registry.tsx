import { type Block, type BlockType, newSectionBlock, SPACER_HEIGHT } from '@atelier/contract';
import { type ComponentType, useId } from 'react';
import { LinkField } from '../links/LinkField.tsx';
import { AudioFields } from './audio.fields.tsx';
import { CodeFields } from './code.fields.tsx';
import { EmbedFields } from './embed.fields.tsx';
import { LabelledInput } from './field-controls.tsx';
import { FormFields, NewsletterFields } from './form.fields.tsx';
import { GalleryFields } from './gallery.fields.tsx';
import { ImageFields } from './image.fields.tsx';
import { ProductFields } from './product.fields.tsx';
import { QuoteFields } from './quote.fields.tsx';
import { SectionFields } from './section.fields.tsx';
import { SocialLinksFields } from './social-links.fields.tsx';
import { SpacerFields } from './spacer.fields.tsx';
import { SummaryFields } from './summary.fields.tsx';
import { TextBlockFields } from './text-block.fields.tsx';
import { VideoFields } from './video.fields.tsx';

// Editor-only: each block type's editor half — its name in the editor, a new block of it,
// and the fields that edit its data. The data half is the type's `defineBlock` in contract
// and the view is `blockViews` in blocks/render.tsx; all three are keyed by the same type
// names, and this map's type makes a block type without an editor a compile error. The
// storefront never imports this folder (apps/web/src/blocks/boundaries.test.ts).

type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
export type FieldsProps<B extends Block> = { block: B; onChange: (block: B) => void };

type BlockEditor<T extends BlockType> = {
  label: string;
  /** A new block, with data that already passes the block schema where it can. */
  create: () => BlockOf<T>;
  /** Null when the block has nothing to set. */
  Fields: ComponentType<FieldsProps<BlockOf<T>>> | null;
};

export const blockEditors: { [T in BlockType]: BlockEditor<T> } = {
  heading: {
    label: 'Heading',
    create: () => ({ type: 'heading', version: 1, text: 'New heading', level: 2 }),
    Fields: HeadingFields,
  },
  text: {
    label: 'Text',
    create: () => ({
      type: 'text',
      version: 2,
      doc: { type: 'doc', content: [{ type: 'paragraph' }] },
      html: '',
    }),
    Fields: TextBlockFields,
  },
  image: {
    label: 'Image',
    create: () => ({ type: 'image', version: 1, mediaId: '', caption: '' }),
    Fields: ImageFields,
  },
  button: {
    label: 'Button',
    create: () => ({ type: 'button', version: 1, label: 'Shop now', href: '/shop' }),
    Fields: ButtonFields,
  },
  products: {
    label: 'Products',
    create: () => ({ type: 'products', version: 1, collectionUrlId: 'shop', title: '', limit: 4 }),
    Fields: ProductsFields,
  },
  quote: {
    label: 'Quote',
    create: () => ({ type: 'quote', version: 1, text: '', attribution: '' }),
    Fields: QuoteFields,
  },
  embed: {
    label: 'Embed',
    create: () => ({ type: 'embed', version: 1, html: '', title: '' }),
    Fields: EmbedFields,
  },
  section: { label: 'Section', create: newSectionBlock, Fields: SectionFields },
  spacer: {
    label: 'Spacer',
    create: () => ({ type: 'spacer', version: 1, height: SPACER_HEIGHT.defaultValue }),
    Fields: SpacerFields,
  },
  line: { label: 'Line', create: () => ({ type: 'line', version: 1 }), Fields: LineFields },
  video: {
    label: 'Video',
    create: () => ({ type: 'video', version: 1, url: '', title: '' }),
    Fields: VideoFields,
  },
  audio: {
    label: 'Audio',
    create: () => ({ type: 'audio', version: 1, title: '', src: '' }),
    Fields: AudioFields,
  },
  code: {
    label: 'Code',
    create: () => ({ type: 'code', version: 1, code: '', language: 'plain' }),
    Fields: CodeFields,
  },
  'social-links': {
    label: 'Social links',
    create: () => ({
      type: 'social-links',
      version: 1,
      profiles: [{ serviceName: '', profileUrl: '' }],
    }),
    Fields: SocialLinksFields,
  },
  gallery: {
    label: 'Gallery',
    create: () => ({
      type: 'gallery',
      version: 1,
      mediaIds: [],
      options: { design: 'grid', lightbox: true },
    }),
    Fields: GalleryFields,
  },
  product: {
    label: 'Product',
    create: () => ({ type: 'product', version: 1, collectionUrlId: 'shop', productUrlId: '' }),
    Fields: ProductFields,
  },
  summary: {
    label: 'Summary',
    create: () => ({
      type: 'summary',
      version: 1,
      collectionUrlId: 'shop',
      title: 'Latest',
      limit: 3,
    }),
    Fields: SummaryFields,
  },
  form: {
    label: 'Form',
    create: () => ({ type: 'form', version: 1, formId: '', title: 'Contact us' }),
    Fields: FormFields,
  },
  newsletter: {
    label: 'Newsletter',
    create: () => ({
      type: 'newsletter',
      version: 1,
      formId: '',
      listId: '',
      title: 'Subscribe',
      description: 'Sign up to hear about new arrivals and events.',
    }),
    Fields: NewsletterFields,
  },
};

export const blockLabel = (type: BlockType): string => blockEditors[type].label;

/** A new block of a type. */
export const newBlock = (type: BlockType): Block => blockEditors[type].create();

/** The selected block's fields. */
export function BlockFields({ block, onChange }: FieldsProps<Block>) {
  // TypeScript cannot tie `block.type` to its entry's props (a union, not a generic);
  // the map's own type guarantees each entry's Fields takes its type's block.
  const Fields = blockEditors[block.type].Fields as ComponentType<FieldsProps<Block>> | null;
  return Fields ? <Fields block={block} onChange={onChange} /> : null;
}

function LineFields() {
  return <p className="field__hint">A line has no settings.</p>;
}

function HeadingFields({ block, onChange }: FieldsProps<BlockOf<'heading'>>) {
  return (
    <>
      <LabelledInput
        label="Heading text"
        value={block.text}
        onChange={(text) => onChange({ ...block, text })}
      />
      <LevelField value={block.level} onChange={(level) => onChange({ ...block, level })} />
    </>
  );
}

function ButtonFields({ block, onChange }: FieldsProps<BlockOf<'button'>>) {
  return (
    <>
      <LabelledInput
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
}

function ProductsFields({ block, onChange }: FieldsProps<BlockOf<'products'>>) {
  return (
    <>
      <LabelledInput
        label="Collection URL"
        hint="The address of a product collection, such as shop."
        value={block.collectionUrlId}
        onChange={(collectionUrlId) => onChange({ ...block, collectionUrlId })}
      />
      <LabelledInput
        label="Section title"
        value={block.title ?? ''}
        onChange={(title) => onChange({ ...block, title })}
      />
      <LabelledInput
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
