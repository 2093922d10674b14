import { blockMessages } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalJson, defineBlock } from './define-block.ts';
import {
  type Block,
  type BlockType,
  blockDefinitions,
  blockSchema,
  editorBlockSchema,
  readStoredBlock,
} from './index.ts';

const MEDIA_ID = '0b7f7a52-1111-4000-8000-000000000001';

/**
 * Each block type as its first version stored it, and what reading it gives today. Typed
 * by block type, so a new block type does not compile until it has its line here.
 */
const firstVersions: { [T in BlockType]: { stored: object; reads: Extract<Block, { type: T }> } } =
  {
    section: {
      stored: { type: 'section', version: 1 },
      reads: {
        type: 'section',
        version: 2,
        background: { kind: 'none' },
        padding: 'medium',
        width: 'contained',
      },
    },
    spacer: {
      stored: { type: 'spacer', version: 1, height: 64 },
      reads: { type: 'spacer', version: 1, height: 64 },
    },
    line: { stored: { type: 'line', version: 1 }, reads: { type: 'line', version: 1 } },
    video: {
      stored: { type: 'video', version: 1, url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Tour' },
      reads: { type: 'video', version: 1, url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Tour' },
    },
    audio: {
      stored: { type: 'audio', version: 1, title: 'Song', src: '/files/a/b/file.mp3' },
      reads: { type: 'audio', version: 1, title: 'Song', src: '/files/a/b/file.mp3' },
    },
    code: {
      stored: { type: 'code', version: 1, code: '<b>x</b>', language: 'html' },
      reads: { type: 'code', version: 1, code: '<b>x</b>', language: 'html' },
    },
    'social-links': {
      stored: {
        type: 'social-links',
        version: 1,
        profiles: [{ serviceName: 'Mastodon', profileUrl: 'https://example.social/@fern' }],
      },
      reads: {
        type: 'social-links',
        version: 1,
        profiles: [{ serviceName: 'Mastodon', profileUrl: 'https://example.social/@fern' }],
      },
    },
    gallery: {
      stored: { type: 'gallery', version: 1, mediaIds: [MEDIA_ID], options: { design: 'grid' } },
      reads: { type: 'gallery', version: 1, mediaIds: [MEDIA_ID], options: { design: 'grid' } },
    },
    product: {
      stored: { type: 'product', version: 1, collectionUrlId: 'shop', productUrlId: 'apron' },
      reads: { type: 'product', version: 1, collectionUrlId: 'shop', productUrlId: 'apron' },
    },
    summary: {
      stored: { type: 'summary', version: 1, collectionUrlId: 'shop', title: 'New', limit: 3 },
      reads: { type: 'summary', version: 1, collectionUrlId: 'shop', title: 'New', limit: 3 },
    },
    heading: {
      stored: { type: 'heading', version: 1, text: 'Hello', level: 2 },
      reads: { type: 'heading', version: 1, text: 'Hello', level: 2 },
    },
    text: {
      stored: { type: 'text', version: 1, paragraphs: ['Tom & "Jerry" <b>', ''] },
      reads: {
        type: 'text',
        version: 2,
        doc: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Tom & "Jerry" <b>' }] },
            { type: 'paragraph' },
          ],
        },
        html: '<p>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</p><p></p>',
      },
    },
    quote: {
      stored: { type: 'quote', version: 1, text: 'Slow is smooth.', attribution: 'A tailor' },
      reads: { type: 'quote', version: 1, text: 'Slow is smooth.', attribution: 'A tailor' },
    },
    embed: {
      stored: { type: 'embed', version: 1, html: '<iframe></iframe>', title: 'Map' },
      reads: { type: 'embed', version: 1, html: '<iframe></iframe>', title: 'Map' },
    },
    image: {
      stored: { type: 'image', version: 1, mediaId: MEDIA_ID, caption: 'Linen' },
      reads: { type: 'image', version: 1, mediaId: MEDIA_ID, caption: 'Linen' },
    },
    button: {
      stored: { type: 'button', version: 1, label: 'Shop now', href: '/shop' },
      reads: { type: 'button', version: 1, label: 'Shop now', href: '/shop' },
    },
    products: {
      stored: { type: 'products', version: 1, collectionUrlId: 'shop', limit: 4 },
      reads: { type: 'products', version: 1, collectionUrlId: 'shop', limit: 4 },
    },
    form: {
      stored: { type: 'form', version: 1, formId: MEDIA_ID, title: 'Contact us' },
      reads: { type: 'form', version: 1, formId: MEDIA_ID, title: 'Contact us' },
    },
    newsletter: {
      stored: { type: 'newsletter', version: 1, formId: '', title: 'News', description: '' },
      reads: { type: 'newsletter', version: 1, formId: '', title: 'News', description: '' },
    },
  };

describe('every block type reads from its first version', () => {
  it('has a first-version example for every defined type', () => {
    expect(Object.keys(firstVersions).sort()).toEqual(
      blockDefinitions.map((definition) => definition.type).sort(),
    );
  });

  for (const definition of blockDefinitions) {
    const { stored, reads } = firstVersions[definition.type];

    it(`${definition.type}: version 1 reads as version ${definition.version}`, () => {
      expect(readStoredBlock(stored)).toEqual(reads);
      expect(reads.version).toBe(definition.version);
      expect(blockSchema.parse(reads)).toEqual(reads);
    });

    it(`${definition.type}: version 1 stored without a version field reads the same`, () => {
      const { version: _version, ...unversioned } = stored as { version: number };
      expect(readStoredBlock(unversioned)).toEqual(reads);
    });

    it(`${definition.type}: the current version reads unchanged`, () => {
      expect(readStoredBlock(reads)).toEqual(reads);
    });
  }
});

describe('stored blocks that cannot be read', () => {
  const reasonOf = (raw: unknown) => {
    const block = readStoredBlock(raw);
    if (block.type !== 'unreadable') throw new Error(`read as ${block.type}`);
    expect(block.raw).toBe(raw);
    return { storedType: block.storedType, reason: block.reason };
  };

  it('keeps a block of an unknown type, saying which type', () => {
    expect(reasonOf({ type: 'carousel', version: 3, slides: [] })).toEqual({
      storedType: 'carousel',
      reason: blockMessages.unknownType('carousel'),
    });
  });

  it('keeps things that are not blocks at all', () => {
    for (const raw of [null, 'text', 42, [], {}, { type: 7 }]) {
      expect(reasonOf(raw)).toEqual({ storedType: null, reason: blockMessages.notABlock });
    }
  });

  it('keeps a block saved by a newer editor rather than guessing at it', () => {
    expect(reasonOf({ type: 'text', version: 3, doc: {}, html: '' })).toEqual({
      storedType: 'text',
      reason: blockMessages.newerVersion(3, 2),
    });
  });

  it('keeps a block whose version is not a version number', () => {
    for (const version of [0, -1, 1.5, '1', null]) {
      expect(reasonOf({ type: 'heading', version, text: 'Hi', level: 2 }).reason).toBe(
        blockMessages.badVersion(JSON.stringify(version)),
      );
    }
  });

  it('keeps a block with broken data, naming the field', () => {
    expect(reasonOf({ type: 'heading', version: 1, text: 'Hi', level: 9 }).reason).toMatch(
      /^Its settings are not valid: level: /,
    );
    expect(reasonOf({ type: 'spacer', height: 1 }).reason).toMatch(/height/);
  });

  it('keeps an old version its migration cannot read', () => {
    const { reason } = reasonOf({ type: 'text', version: 1, paragraphs: 'not a list' });
    expect(reason).toMatch(/^Its settings are not valid: paragraphs: /);
  });

  it('keeps a text block too large for one block after its migration', () => {
    const paragraphs = Array.from({ length: 100 }, () => 'x'.repeat(5000));
    expect(reasonOf({ type: 'text', version: 1, paragraphs }).reason).toMatch(/too long/);
  });
});

describe('defining blocks', () => {
  it('refuses a definition with a gap in its migrations', () => {
    expect(() =>
      defineBlock({ type: 'gappy', version: 3, migrations: { 1: (data) => data } }),
    ).toThrow('Block gappy has no migration from version 2.');
  });

  it('gives every definition a schema for its type and current version', () => {
    for (const definition of blockDefinitions) {
      const shape = (definition.schema as z.ZodObject).shape;
      expect(shape.type).toBeInstanceOf(z.ZodLiteral);
      expect((shape.version as z.ZodLiteral).value).toBe(definition.version);
    }
  });

  it('lets the editor API carry unreadable blocks but not requests for public pages', () => {
    const unreadable = { type: 'unreadable', raw: { a: 1 }, storedType: null, reason: 'x' };
    expect(editorBlockSchema.safeParse(unreadable).success).toBe(true);
    expect(blockSchema.safeParse(unreadable).success).toBe(false);
    expect(blockSchema.safeParse({ type: 'text', version: 1, paragraphs: [] }).success).toBe(false);
  });
});

describe('canonical JSON', () => {
  it('ignores key order at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});
