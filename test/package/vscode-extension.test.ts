/**
 * The VS Code extension (editors/vscode) packed as a .vsix by @vscode/vsce, offline, as the release does:
 * what it holds, that its language client is bundled (vsce runs with --no-dependencies), and that it
 * carries the package's version and starts the server as docs/editor.md says.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { version } from '../../package.json';
import { ROOT } from '../support/bin';

jest.setTimeout(120_000);

const listing = (vsix: string) => spawnSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).stdout.trim().split('\n').sort();
const member = (vsix: string, name: string) => spawnSync('unzip', ['-p', vsix, name], { encoding: 'utf8' }).stdout;

describe('the .vsix', () => {
  const vsix = join(mkdtempSync(join(tmpdir(), 'vsix-')), 'spectral-agent-ux.vsix');
  let packed: ReturnType<typeof spawnSync>;
  beforeAll(() => {
    packed = spawnSync(process.execPath, [join(ROOT, 'scripts', 'vscode-extension.mjs'), vsix], { cwd: ROOT, encoding: 'utf8' });
  });

  test('is packed by vsce, holding the manifest, the bundled extension, its README and licence', () => {
    expect(packed.status).toBe(0);
    expect(listing(vsix)).toEqual([
      '[Content_Types].xml',
      'extension.vsixmanifest',
      'extension/LICENSE.txt',
      'extension/dist/extension.js',
      'extension/package.json',
      'extension/readme.md',
    ]);
  });

  test("bundles the language client (nothing required but Node's modules and vscode) and starts `lsp --stdio`", () => {
    const code = member(vsix, 'extension/dist/extension.js');
    const required = new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map(([, id]) => id));
    expect([...required].filter(id => id !== 'vscode' && !id.startsWith('node:') && !/^[a-z_]+$/.test(id))).toEqual([]);
    expect(code).toContain('"lsp","--stdio"');
  });

  test("carries the package's version, activates on YAML and JSON, and runs in VS Code 1.91 or later", () => {
    const manifest = JSON.parse(member(vsix, 'extension/package.json'));
    expect([manifest.version, manifest.activationEvents, manifest.engines.vscode, manifest.main]).toEqual([
      version,
      ['onLanguage:yaml', 'onLanguage:json'],
      '^1.91.0',
      './dist/extension.js',
    ]);
    expect(readFileSync(join(ROOT, 'editors', 'vscode', 'README.md'), 'utf8')).toMatch(/\*\*Neovim\*\*[\s\S]*\*\*Helix\*\*[\s\S]*\*\*Zed\*\*/);
  });
});
