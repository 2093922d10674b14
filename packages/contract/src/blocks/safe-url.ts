import { URL_MAX_LENGTH } from '@atelier/core';
import { z } from 'zod';

// Links that blocks put in href/src: only web addresses and this site's own paths, so a
// stored block can never carry a javascript: or data: URL onto a public page.

export const isSafeUrl = (value: string): boolean => {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

export const safeUrlMessage =
  'Use a web address starting with https:// or a page of this site such as /about.';

export const safeUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(URL_MAX_LENGTH)
  .refine(isSafeUrl, { message: safeUrlMessage });
