// Browser tests need Debian's Chromium. Install it when we can (root), otherwise stop
// with one line saying how: a browser test must never be skipped silently.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM_PATH)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package for the browser tests…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      'Browser tests need Chromium: run `sudo apt-get install -y chromium` and try again.',
    );
    process.exit(1);
  }
}
