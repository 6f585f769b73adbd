/**
 * A release people can install: one version everywhere a user follows a link or a reference (the
 * package, the changelog, every link into the repository at a tag, the README's Action reference), and
 * a release workflow that tests before it publishes, with provenance, only the tag of that version.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { version } from '../package.json';
import { ROOT } from './support/report';

const REPOSITORY = 'github.com/spectral-agent-ux/spectral-agent-ux';

/** README, CHANGELOG and every Markdown page under docs/. */
function markdownFiles(): string[] {
  const pages = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap(entry =>
      entry.isDirectory() ? pages(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
    );
  return ['README.md', 'CHANGELOG.md', ...pages('docs')];
}

test('every link into the repository at a tag, and the Action reference, name this version', () => {
  const tagged = markdownFiles().flatMap(file => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const links = [...text.matchAll(new RegExp(`${REPOSITORY.replace(/[./]/g, '\\$&')}/(?:blob|tree)/(v[^/]+)/`, 'g'))];
    const raw = [...text.matchAll(/raw\.githubusercontent\.com\/spectral-agent-ux\/spectral-agent-ux\/(v[^/]+)\//g)];
    const action = [...text.matchAll(/uses: spectral-agent-ux\/spectral-agent-ux@(v[^\s]+)/g)];
    const releases = [...text.matchAll(/releases\/download\/(v[^/]+)\//g)];
    const tarballs = [...text.matchAll(/spectral-agent-ux-(\d[^\s]*)\.tgz/g)].map(match => [match[0], `v${match[1]}`]);
    return [...links, ...raw, ...action, ...releases, ...tarballs].map(match => `${file}: ${match[1]}`);
  });
  expect(tagged.length).toBeGreaterThan(30);
  expect(tagged.filter(entry => !entry.endsWith(`: v${version}`))).toEqual([]);
});

test('the changelog has a section for this version, first (under what is not released yet)', () => {
  const headings = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8').match(/^## .+$/gm)!;
  // Work since the last release is listed under `## Unreleased`, renamed to its version when it is released.
  const released = headings[0] === '## Unreleased' ? headings.slice(1) : headings;
  expect(released[0]).toBe(`## ${version}`);
  expect(headings.filter(heading => heading === '## Unreleased')).toHaveLength(headings[0] === '## Unreleased' ? 1 : 0);
});

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8')) as {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: { release: { steps: Step[] } };
};
const steps = workflow.jobs.release.steps;
const stepNamed = (name: string) => steps.find(step => step.name === name)!;
const runStep = (step: Step, env: Record<string, string>) =>
  spawnSync('bash', ['-e', '-c', step.run!], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } });

describe('the release workflow', () => {
  test('runs on version tags only, with the permissions provenance and the release need', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
    expect(workflow.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
  });

  test('checks the tag, installs exactly the lock, tests (the package tests build dist/), then packs and publishes that tarball with provenance', () => {
    const order = steps.map(step => step.name ?? step.run ?? step.uses);
    expect(order).toEqual([
      'actions/checkout@v4',
      'actions/setup-node@v4',
      "The tag names the package's version",
      'npm ci',
      'npm test',
      'npm run test:package',
      'Pack',
      'Package the VS Code extension',
      'Publish with provenance',
      'GitHub release with the tarball',
    ]);
    expect(stepNamed('Publish with provenance').run).toContain('npm publish "$TARBALL" --provenance --access public');
    // The extension (editors/vscode, test/vscode-extension.test.ts) rides on the release beside the tarball.
    expect(stepNamed('GitHub release with the tarball').run).toContain('gh release create "$GITHUB_REF_NAME" "$TARBALL" "$VSIX"');
  });

  test("refuses a tag that is not the package's version", () => {
    const check = stepNamed("The tag names the package's version");
    expect(runStep(check, { GITHUB_REF_NAME: `v${version}` }).status).toBe(0);
    const wrong = runStep(check, { GITHUB_REF_NAME: 'v9.9.9' });
    expect({ status: wrong.status, stdout: wrong.stdout }).toEqual({ status: 1, stdout: `::error::tag v9.9.9, package.json ${version}\n` });
  });

  test("the release notes are the changelog's section of the version", () => {
    const notes = stepNamed('GitHub release with the tarball')
      .run!.split('\n')
      .find(line => line.startsWith('awk '))!
      .replace(' > notes.md', '');
    const ran = runStep({ run: `version=${version}\n${notes}` }, {});
    const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    const section = changelog.slice(
      changelog.indexOf(`## ${version}\n`) + `## ${version}\n`.length,
      changelog.indexOf('\n## ', changelog.indexOf(`## ${version}\n`)) + 1,
    );
    expect(ran.stdout).toBe(section);
    expect(ran.stdout).toContain('### Rules and messages');
  });
});
