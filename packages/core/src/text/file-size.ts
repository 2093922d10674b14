/** File sizes for people (SPEC §9): humanised in base 1024, but upload limits in decimal MB. */

export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Upload limits are stated in decimal megabytes, as storage vendors state them. */
export const BYTES_PER_MEGABYTE = 1_000_000;

export const megabytesToBytes = (megabytes: number): number => megabytes * BYTES_PER_MEGABYTE;

/** '0 Bytes', '1.5 KB', '20 MB' — two decimals at most, trailing zeros dropped. */
export const humanizeFileSize = (bytes: number): string => {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(
    FILE_SIZE_UNITS.length - 1,
    Math.floor(Math.log(bytes) / Math.log(1024)),
  );
  const value = Number((bytes / 1024 ** exponent).toFixed(2));
  return `${value} ${FILE_SIZE_UNITS[exponent]}`;
};

/** A decimal-MB limit as the editor's file-too-large message shows it ('20 MB'). */
export const formatMegabytes = (bytes: number): string =>
  `${Number((bytes / BYTES_PER_MEGABYTE).toFixed(2))} MB`;
