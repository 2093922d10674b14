/**
 * Unique visitors that add up: a HyperLogLog sketch (Flajolet et al. 2007, with the
 * small-range correction) per rollup row, so the visitors of a week are the union of its
 * hours' sketches rather than a sum that counts a returning visitor once an hour. 2,048
 * registers give about 2.3% standard error. An hour with few visitors is stored sparse
 * (3 bytes per register in use) and turns dense (one byte per register) once that is
 * smaller, so a quiet site's rollups stay a few bytes.
 */

const PRECISION = 11;
export const HLL_REGISTERS = 1 << PRECISION;
const SPARSE_TAG = 1;
const DENSE_TAG = 2;

/** MurmurHash3 x86 32-bit of a string's UTF-16 code units: fast, well mixed, no dependency. */
export function murmur3(text: string, seed = 0): number {
  let h = seed >>> 0;
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  const length = text.length;
  let i = 0;
  const block = (k: number) => {
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    return Math.imul(k, c2);
  };
  for (; i + 1 < length; i += 2) {
    h ^= block((text.charCodeAt(i) & 0xffff) | ((text.charCodeAt(i + 1) & 0xffff) << 16));
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  if (i < length) h ^= block(text.charCodeAt(i) & 0xffff);
  h ^= length * 2;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export type HyperLogLog = Uint8Array;

export const emptySketch = (): HyperLogLog => new Uint8Array(HLL_REGISTERS);

export function addToSketch(sketch: HyperLogLog, value: string): void {
  const hash = murmur3(value);
  const index = hash >>> (32 - PRECISION);
  const rest = (hash << PRECISION) >>> 0;
  // Position of the first 1 bit in the remaining 21 bits (22 when they are all 0).
  const rank = rest === 0 ? 32 - PRECISION + 1 : Math.clz32(rest) + 1;
  if (rank > (sketch[index] ?? 0)) sketch[index] = rank;
}

export function mergeSketches(into: HyperLogLog, other: HyperLogLog): void {
  for (let i = 0; i < HLL_REGISTERS; i++) {
    const rank = other[i] ?? 0;
    if (rank > (into[i] ?? 0)) into[i] = rank;
  }
}

export function estimateCardinality(sketch: HyperLogLog): number {
  const m = HLL_REGISTERS;
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < m; i++) {
    const rank = sketch[i] ?? 0;
    sum += 2 ** -rank;
    if (rank === 0) zeros += 1;
  }
  const alpha = 0.7213 / (1 + 1.079 / m);
  const raw = (alpha * m * m) / sum;
  // Few visitors: linear counting of the empty registers is far more exact.
  if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
  return Math.round(raw);
}

/** The stored form: sparse (tag, then index u16 and rank u8 per register in use) or dense. */
export function encodeSketch(sketch: HyperLogLog): Uint8Array {
  let used = 0;
  for (let i = 0; i < HLL_REGISTERS; i++) if (sketch[i]) used += 1;
  if (used * 3 < HLL_REGISTERS) {
    const out = new Uint8Array(1 + used * 3);
    out[0] = SPARSE_TAG;
    let at = 1;
    for (let i = 0; i < HLL_REGISTERS; i++) {
      const rank = sketch[i] ?? 0;
      if (!rank) continue;
      out[at] = i >>> 8;
      out[at + 1] = i & 0xff;
      out[at + 2] = rank;
      at += 3;
    }
    return out;
  }
  const out = new Uint8Array(1 + HLL_REGISTERS);
  out[0] = DENSE_TAG;
  out.set(sketch, 1);
  return out;
}

/** Reads what encodeSketch wrote; anything else (a damaged row) reads as no visitors. */
export function decodeSketch(bytes: Uint8Array | null | undefined): HyperLogLog {
  const sketch = emptySketch();
  if (!bytes || bytes.length === 0) return sketch;
  if (bytes[0] === DENSE_TAG && bytes.length === 1 + HLL_REGISTERS) {
    sketch.set(bytes.subarray(1));
    return sketch;
  }
  if (bytes[0] === SPARSE_TAG && (bytes.length - 1) % 3 === 0) {
    for (let at = 1; at < bytes.length; at += 3) {
      const index = ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
      if (index < HLL_REGISTERS) sketch[index] = bytes[at + 2] ?? 0;
    }
  }
  return sketch;
}
