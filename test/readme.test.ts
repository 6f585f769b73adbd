/**
 * The README cannot go stale: its report sample is what the build prints (scripts/readme-sample.mjs
 * --check, after `npm run build`), and its Fastify and Express snippets run as written, in a project
 * folder holding `openapi.yaml`, with `spectral-agent-ux/runtime` resolved to this build.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './support/report';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

test("the report sample is the build's own output", () => {
  const check = spawnSync(process.execPath, [join(ROOT, 'scripts', 'readme-sample.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8' });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

/** The ```js block that follows `label` in the README. */
const snippetAfter = (label: string) => new RegExp(`${label}\\n\\n\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(README)![1];

test.each([
  ['Fastify:', 'await app.ready(); await app.close();'],
  ['Express:', "if (typeof app.handle !== 'function') throw new Error('no app');"],
])('the %s snippet runs as written', (label, end) => {
  const dir = mkdtempSync(join(tmpdir(), 'readme-snippet-'));
  copyFileSync(join(ROOT, 'examples', 'agent-ready.yaml'), join(dir, 'openapi.yaml'));
  // Bare imports resolve from this checkout's node_modules; the package's own from its build.
  const code = snippetAfter(label)
    .replace("'spectral-agent-ux/runtime'", JSON.stringify(join(ROOT, 'dist', 'runtime.js')))
    .replace(/from '([^'./][^']*)'/g, (_all, name: string) => `from ${JSON.stringify(require.resolve(name, { paths: [ROOT] }))}`);
  writeFileSync(join(dir, 'snippet.mjs'), `${code}\n${end}\n`);
  const ran = spawnSync(process.execPath, [join(dir, 'snippet.mjs')], { cwd: dir, encoding: 'utf8' });
  expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
});
