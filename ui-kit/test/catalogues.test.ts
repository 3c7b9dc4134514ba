// Every catalogue in the repo (`<workspace>/src/locales/`) is complete in every shipped language: same keys as the
// English source, nested the same way, no empty text. Every workspace lays them out flat: `locales/<lang>.ts` (its
// main namespace) and `locales/<name>.<lang>.ts` (a part of it, or a namespace of its own, like the kit's `common`).
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGUAGES, SOURCE_LANGUAGE } from '../src/i18n/languages';

const root = join(__dirname, '..', '..');

interface CatalogueFile {
  id: string;
  path: (language: string) => string;
}

function catalogueFiles(): CatalogueFile[] {
  const out: CatalogueFile[] = [];
  for (const workspace of readdirSync(root)) {
    const dir = join(root, workspace, 'src', 'locales');
    if (workspace === 'node_modules' || !existsSync(dir)) continue;
    const source = join(dir, SOURCE_LANGUAGE);
    if (existsSync(`${source}.ts`)) out.push({ id: `${workspace}/${SOURCE_LANGUAGE}.ts`, path: (lng) => join(dir, `${lng}.ts`) });
    const suffix = `.${SOURCE_LANGUAGE}.ts`;
    // A part with named exports is spread into its namespace's `<lang>.ts` and checked there.
    const parts = readdirSync(dir).filter((f) => f.endsWith(suffix) && f !== `${SOURCE_LANGUAGE}.ts`);
    for (const file of parts.filter((f) => load(join(dir, f)) !== undefined)) {
      const name = file.slice(0, -suffix.length);
      out.push({ id: `${workspace}/${file}`, path: (lng) => join(dir, `${name}.${lng}.ts`) });
    }
  }
  return out;
}

/** Every leaf as `a.b.c`, with problems for leaves that are not non-empty strings. */
function leaves(value: unknown, prefix = '', problems: string[] = []): { keys: string[]; problems: string[] } {
  const keys: string[] = [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') {
      if (child.trim() === '') problems.push(`${path} is empty`);
      keys.push(path);
    } else if (typeof child === 'object' && child !== null) {
      keys.push(...leaves(child, path, problems).keys);
    } else {
      problems.push(`${path} is not text`);
    }
  }
  return { keys, problems };
}

function load(path: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(path) as { default: unknown }).default;
}

const files = catalogueFiles();

describe('message catalogues', () => {
  it('finds the kit catalogues at least', () => {
    expect(files.map((f) => f.id)).toEqual(expect.arrayContaining(['ui-kit/common.en.ts', 'ui-kit/errors.en.ts']));
  });

  it('finds every catalogue in the one flat layout (no language folders)', () => {
    const folders = readdirSync(root)
      .filter((workspace) => workspace !== 'node_modules' && existsSync(join(root, workspace, 'src', 'locales')))
      .flatMap((workspace) =>
        readdirSync(join(root, workspace, 'src', 'locales'), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${workspace}/src/locales/${entry.name}`),
      );
    expect(folders).toEqual([]);
  });

  describe.each(files.map((f) => [f.id, f] as const))('%s', (_id, file) => {
    const source = leaves(load(file.path(SOURCE_LANGUAGE)));

    it('the source has only non-empty text', () => {
      expect(source.problems).toEqual([]);
    });

    it.each(LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE))('%s has exactly the source keys', (language) => {
      const path = file.path(language);
      expect(existsSync(path) ? relative(root, path) : `missing ${relative(root, path)}`).toBe(relative(root, path));
      const translation = leaves(load(path));
      expect(translation.problems).toEqual([]);
      const missing = source.keys.filter((k) => !translation.keys.includes(k));
      const extra = translation.keys.filter((k) => !source.keys.includes(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });
  });
});
