import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every workspace package's entry fields (main, module, types, bin, exports) name files
// that exist: a field pointing at a build output that is never built, or at a moved file,
// breaks whoever resolves the package by it (a bundler, a tool, a test) and no typecheck
// notices, since the workspace imports source through these same fields.

const root = join(import.meta.dirname, '..', '..', '..');

function workspacePackages(): string[] {
  return ['apps', 'packages'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name, 'package.json'))
      .filter((path) => existsSync(path)),
  );
}

/** Every path an entry field names, conditions and subpaths included. */
function targets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(targets);
  return [];
}

/** A `*` pattern resolves under the folder before it; anything else must be a file. */
function isResolvable(packageDir: string, target: string): boolean {
  const star = target.indexOf('*');
  if (star === -1) {
    const path = join(packageDir, target);
    return existsSync(path) && statSync(path).isFile();
  }
  const folder = join(packageDir, dirname(`${target.slice(0, star)}x`));
  return existsSync(folder) && statSync(folder).isDirectory();
}

describe('workspace package entry fields', () => {
  it('point at files that exist', () => {
    const packages = workspacePackages();
    expect(packages.length).toBeGreaterThanOrEqual(5);
    const broken: string[] = [];
    for (const path of packages) {
      const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      for (const field of ['main', 'module', 'types', 'typings', 'bin', 'exports']) {
        for (const target of targets(manifest[field])) {
          if (!isResolvable(dirname(path), target)) {
            broken.push(`${path.slice(root.length + 1)} ${field}: ${target}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
