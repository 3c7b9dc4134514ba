/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initSync, parse } from 'es-module-lexer';
import { esModuleExportNames, reactRouterBrowserEntry } from '../../../rspack.base';

// The router as Node 24 and later present it when the configuration is loaded as an ES module that imports the
// package's CommonJS build: its names plus `module.exports`, which is not an identifier. The browser entry must not
// depend on how the configuration was loaded.
jest.mock('react-router', () => {
  const actual = jest.requireActual<Record<string, unknown>>('react-router');
  return { ...actual, 'module.exports': actual };
});
jest.mock('@rspack/core', () => ({
  HtmlRspackPlugin: class {},
  experiments: { VirtualModulesPlugin: class {} },
}));
jest.mock('@module-federation/enhanced/rspack', () => ({ ModuleFederationPlugin: class {} }));

describe("react-router's browser entry, whatever loaded the configuration", () => {
  const source = reactRouterBrowserEntry();

  it('is an ES module that parses', () => {
    initSync();
    expect(() => parse(source)).not.toThrow();
  });

  it('exports identifiers only, the names of the ES module build', () => {
    initSync();
    const [, exported] = parse(source);
    const names = exported.map((entry) => entry.n ?? '');
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => !/^[A-Za-z_$][\w$]*$/.test(name))).toEqual([]);
    expect(names).not.toContain('module.exports');
    expect(names).toContain('createBrowserRouter');
  });
});

describe('esModuleExportNames', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'module-names-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("lists a module's export names, renamed ones by their exported name, without default", () => {
    const file = join(dir, 'a.mjs');
    writeFileSync(file, 'const a = 1, b = 2;\nexport { a, b as c };\nexport function d() {}\nexport default a;\n');
    expect(esModuleExportNames(file).sort()).toEqual(['a', 'c', 'd']);
  });

  it('refuses a module that re-exports a whole module, whose names it cannot see', () => {
    const file = join(dir, 'b.mjs');
    writeFileSync(file, "export * from './a.mjs';\nexport const x = 1;\n");
    expect(() => esModuleExportNames(file)).toThrow(/export \*/);
  });
});
