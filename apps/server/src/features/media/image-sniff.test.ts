import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-sniff.ts';

const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } });

describe('sniffImageType', () => {
  it('recognises each accepted format by its bytes', async () => {
    expect(sniffImageType(await image.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await image.clone().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await image.clone().gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(await image.clone().webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await image.clone().avif().toBuffer())).toBe('image/avif');
  });

  it('refuses text, empty files and other ISO media files whatever they are called', () => {
    expect(sniffImageType(Buffer.from('just some text, saved as photo.png'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom\0\0\0\0isommp42'),
    ]);
    expect(sniffImageType(mp4)).toBeUndefined();
  });
});
