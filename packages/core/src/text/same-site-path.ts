/**
 * Whether `target` is a path on this site, safe to send the browser to after signing in
 * (`?return=`) or unlocking a page: it starts with one "/", and holds no backslash,
 * whitespace or control character. Browsers drop tabs and newlines from URLs and read
 * "\" as "/", so "/\t/evil.example" or "/\evil.example" would leave the site.
 */
export function isSameSitePath(target: string): boolean {
  return (
    target.startsWith('/') &&
    !target.startsWith('//') &&
    !target.includes('\\') &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    !/[\s\u0000-\u001f\u007f]/.test(target)
  );
}
