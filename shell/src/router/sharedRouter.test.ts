/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as reactRouter from 'react-router';
import { REACT_ROUTER_LEFT_OUT, leftOutRouterImports, reactRouterBrowserEntry } from '../../../rspack.base';

// The functions under test are plain Node; the bundler packages the config module also imports are ES modules that
// jest's CommonJS runtime cannot load, and nothing here calls them.
jest.mock('@rspack/core', () => ({
  HtmlRspackPlugin: class {},
  experiments: { VirtualModulesPlugin: class {} },
}));
jest.mock('@module-federation/enhanced/rspack', () => ({ ModuleFederationPlugin: class {} }));

const ROOT = join(__dirname, '..', '..', '..');
const FRONT_END_APPS = ['shell', 'mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops'];

function exportedNames(source: string): string[] {
  const list = /export \{ ([^}]*) \} from/.exec(source)?.[1] ?? '';
  return list.split(', ').filter(Boolean);
}

describe("react-router's shared browser entry", () => {
  const names = exportedNames(reactRouterBrowserEntry());

  it('re-exports the client API the apps build on', () => {
    for (const name of [
      'createBrowserRouter',
      'RouterProvider',
      'useBlocker',
      'useNavigate',
      'Link',
      'Navigate',
      'Outlet',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('leaves out server rendering, framework mode and unstable internals, and nothing else', () => {
    for (const name of REACT_ROUTER_LEFT_OUT) expect(names).not.toContain(name);
    expect(names.filter((n) => /^(unstable|UNSAFE)_/.test(n))).toEqual([]);
    const expected = Object.keys(reactRouter).filter(
      (n) => !REACT_ROUTER_LEFT_OUT.has(n) && !/^(unstable|UNSAFE)_/.test(n) && n !== 'default',
    );
    expect([...names].sort()).toEqual(expected.sort());
  });

  it.each(FRONT_END_APPS)('has everything %s imports from react-router', (app) => {
    expect(leftOutRouterImports(join(ROOT, app, 'src'))).toEqual([]);
  });
});

describe('leftOutRouterImports', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'router-imports-'));
    mkdirSync(join(dir, 'pages'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names each left-out import with its file, and namespace imports', () => {
    writeFileSync(
      join(dir, 'pages', 'a.tsx'),
      'import {\n  Link,\n  createCookie as cookie,\n  unstable_usePrompt,\n} from \'react-router\';\nexport { Scripts } from "react-router";\n',
    );
    writeFileSync(join(dir, 'b.ts'), "import * as Router from 'react-router';\n");
    expect(leftOutRouterImports(dir).sort()).toEqual(
      [
        `${join(dir, 'b.ts')}: * as Router (import the names instead)`,
        `${join(dir, 'pages', 'a.tsx')}: Scripts`,
        `${join(dir, 'pages', 'a.tsx')}: createCookie`,
        `${join(dir, 'pages', 'a.tsx')}: unstable_usePrompt`,
      ].sort(),
    );
  });

  it('ignores type-only imports, tests and other packages', () => {
    writeFileSync(
      join(dir, 'a.ts'),
      "import type { Session } from 'react-router';\nimport { type Cookie, Link } from 'react-router';\n",
    );
    writeFileSync(join(dir, 'a.test.tsx'), "import { createRoutesStub } from 'react-router';\n");
    writeFileSync(join(dir, 'c.ts'), "import { createCookie } from 'react-router-extra';\n");
    expect(leftOutRouterImports(dir)).toEqual([]);
  });
});
