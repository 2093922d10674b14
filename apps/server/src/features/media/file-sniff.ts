// What kind of document or audio file an upload is, read from its bytes like image-sniff.ts.
// The client's name and Content-Type are never trusted, with one narrow exception: bytes
// that are plain UTF-8 text are kept as .csv when the name says so, since text and CSV have
// no signature and both are only ever served as a download.

export type StoredFileType = {
  kind: 'audio' | 'document';
  contentType: string;
  /** The extension the stored file gets, which is what /files serves its type from. */
  extension: string;
};

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** The document or audio type of `bytes`, or undefined when it is none we accept. */
export function sniffFileType(bytes: Uint8Array, filename: string): StoredFileType | undefined {
  if (ascii(bytes, 0, 5) === '%PDF-') {
    return { kind: 'document', contentType: 'application/pdf', extension: 'pdf' };
  }
  // A ZIP archive (EPUB and most bundles a shop sells as a download are ZIPs too).
  if (ascii(bytes, 0, 4) === 'PK\x03\x04') {
    return { kind: 'document', contentType: 'application/zip', extension: 'zip' };
  }
  if (ascii(bytes, 0, 3) === 'ID3' || isMpegAudioFrame(bytes)) {
    return { kind: 'audio', contentType: 'audio/mpeg', extension: 'mp3' };
  }
  if (isAdtsAac(bytes)) return { kind: 'audio', contentType: 'audio/aac', extension: 'aac' };
  if (ascii(bytes, 0, 4) === 'OggS') {
    return { kind: 'audio', contentType: 'audio/ogg', extension: 'ogg' };
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') {
    return { kind: 'audio', contentType: 'audio/wav', extension: 'wav' };
  }
  if (isM4a(bytes)) return { kind: 'audio', contentType: 'audio/mp4', extension: 'm4a' };
  if (isPlainText(bytes)) {
    return /\.csv$/i.test(filename)
      ? { kind: 'document', contentType: 'text/csv', extension: 'csv' }
      : { kind: 'document', contentType: 'text/plain', extension: 'txt' };
  }
  return undefined;
}

/** An MPEG audio layer III frame header: 11 sync bits, a version that exists, layer III. */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  const [b0, b1] = [bytes[0] ?? 0, bytes[1] ?? 0];
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) === 0x02;
}

/** An ADTS AAC header: 12 sync bits and layer 00 (MP3's frames have layer 01). */
function isAdtsAac(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xf6) === 0xf0;
}

/** An ISO-BMFF file whose major or compatible brand is Apple's audio one (M4A / M4B). */
function isM4a(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const end = Math.min(boxSize, bytes.length, 256);
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands.some((brand) => brand === 'M4A ' || brand === 'M4B ');
}

/**
 * Valid UTF-8 with no control characters but tab, line feed, carriage return and form
 * feed: binary files (executables, archives, disguised images) fail at their first NUL.
 */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}
