import { type Block, readStoredBlock } from '@atelier/contract';
import { editorApiMessages } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { createUnreadableKeeper } from './stored-blocks.ts';

const heading = (text: string): Block => ({ type: 'heading', version: 1, text, level: 2 });
const carousel = { type: 'carousel', slides: [1, 2] };
const unreadable = (raw: unknown) => readStoredBlock(raw);
const shout = (blocks: Block[]) =>
  blocks.map((block) =>
    block.type === 'heading' ? { ...block, text: block.text.toUpperCase() } : block,
  );

describe('keeping unreadable blocks through a save', () => {
  it('stores readable blocks sanitized and unreadable ones as stored, in order', () => {
    const toStored = createUnreadableKeeper([heading('a'), carousel]);
    expect(toStored([unreadable(carousel), heading('b')], shout, 'blocks')).toEqual([
      carousel,
      heading('B'),
    ]);
  });

  it('takes each stored copy once, in any key order', () => {
    const toStored = createUnreadableKeeper([carousel, carousel]);
    const reordered = unreadable({ slides: [1, 2], type: 'carousel' });
    expect(toStored([reordered, unreadable(carousel)], shout, 'header')).toHaveLength(2);
    expect(() => toStored([unreadable(carousel)], shout, 'footer')).toThrow(AppError);
  });

  it('refuses raw JSON that is not an unreadable stored block, naming the field', () => {
    // A stored block that reads fine cannot be smuggled back as raw JSON either.
    const toStored = createUnreadableKeeper([heading('a'), carousel]);
    for (const raw of [heading('a'), { ...carousel, slides: [2, 1] }, undefined]) {
      try {
        toStored([{ type: 'unreadable', raw, storedType: null, reason: '' }], shout, 'footer');
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).message).toBe(editorApiMessages.unreadableBlockChanged);
        expect((error as AppError).fields).toEqual({
          footer: editorApiMessages.unreadableBlockChanged,
        });
      }
    }
  });
});
