/**
 * `spectral-agent-ux lsp --stdio` through the protocol, from the packed tarball installed with the real
 * Spectral CLI: every finding `fix` can edit gets a quick fix that clears it with no new finding and no
 * other byte changed, source.fixAll makes what `fix --apply` makes, a finding left to a person gets an
 * exemption and its rule's page, and what cannot be linted gets no action and one logged line.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createConsumer } from '../support/consumer';
import { codeActions, applyEdits, editsOf, killLeftoverServers, openDocument, startServer, stopServer } from '../support/lsp';
import { findingActions, installedBin, lintFiles, PROVEN, proveQuickFixes, verdictOf } from '../support/lsp-proof';

jest.setTimeout(240_000);
const ROOT = join(__dirname, '..', '..');
const EXTENDS = 'extends: ["spectral-agent-ux"]\n';
const WHOLE = { start: { line: 0, character: 0 }, end: { line: 100_000, character: 0 } };

/** The quick fixes of examples/naive.yaml, in the order of its findings: the list docs/editor.md shows. */
const NAIVE_TITLES = [
  'Add `x-ax-retryable: false` to POST /payments',
  'Give POST /payments 201 `PaymentWithNextSteps`, declare `NextStep`',
  'Add header `Retry-After` to POST /payments 429',
  'Add `x-ax-idempotent: true` to DELETE /payments/{id}',
  'Add `x-ax-retryable: true` to DELETE /payments/{id}',
  'Add `x-ax-retryable: false` to POST /payments/{id}/capture',
  'Add header `Retry-After` to POST /payments/{id}/capture 503',
  'Require `action` in `CapturedPayment.nextSteps[]`',
  'Require `method` in `CapturedPayment.nextSteps[]`',
  'Require `href` in `CapturedPayment.nextSteps[]`',
  'Limit `CapturedPayment.nextSteps[].method` to `GET`, `POST`, `PUT`, `PATCH`, `DELETE`',
  // ax-envelope-refresh-url's and ax-envelope-state's: the 422's own schema, each with the members it adds.
  'Give POST /payments/{id}/capture 422 `ErrorWithState` (`refreshUrl`)',
  'Give POST /payments/{id}/capture 422 `ErrorWithState` (`currentState`, `allowedActions`)',
  'Add `details` to `Error`',
  'Add `retryable` to `Error`',
  'Add `recoveryHint` to `Error`',
  'Add `traceId` to `Error`',
];

let consumer: string;
afterAll(killLeftoverServers);
beforeAll(() => {
  consumer = createConsumer();
  writeFileSync(join(consumer, '.spectral.yaml'), EXTENDS);
  writeFileSync(join(consumer, 'stripe.yaml'), readFileSync(join(ROOT, 'test', 'fixtures', 'conventions', 'stripe.yaml')));
  // The JSON writer too: the JSON:API convention's description as JSON.
  const jsonApi = parse(readFileSync(join(ROOT, 'test', 'fixtures', 'conventions', 'jsonapi.yaml'), 'utf8'));
  writeFileSync(join(consumer, 'jsonapi.json'), `${JSON.stringify(jsonApi, null, 2)}\n`);
}, 600_000);

describe('quick fixes and source.fixAll, applied and linted by spectral lint', () => {
  test('examples/naive.yaml: one quick fix per finding fix can edit, each clearing it alone', async () => {
    const proof = await proveQuickFixes(consumer, 'naive.yaml');
    expect(proof.titles).toEqual(NAIVE_TITLES);
    expect(verdictOf(proof)).toEqual(PROVEN);
  });

  test.each(['stripe.yaml', 'jsonapi.json'])('%s: the same', async file => {
    const proof = await proveQuickFixes(consumer, file);
    expect(proof.titles.length).toBeGreaterThan(0);
    expect(verdictOf(proof)).toEqual(PROVEN);
  });
});

describe('a finding left for a person', () => {
  test('gets an exemption of its operation (the reason a snippet placeholder) and its rule page; the exemption clears it', async () => {
    const session = await startServer(installedBin(consumer), consumer, { snippets: true });
    const text = readFileSync(join(consumer, 'naive.yaml'), 'utf8');
    const uri = await openDocument(session, join(consumer, 'naive.yaml'), text);
    const [finding] = lintFiles(consumer, ['naive.yaml'])
      .get(join(consumer, 'naive.yaml'))!
      .filter(({ code }) => code === 'ax-recoverable-error-responses');
    const actions = await findingActions(session, uri, finding);
    await stopServer(session);
    expect(actions.map(action => action.title)).toEqual([
      'Exempt this operation from `ax-recoverable-error-responses`…',
      'Open `ax-recoverable-error-responses` documentation',
    ]);
    const [change] = actions[0].edit!.documentChanges as { edits: { snippet: { value: string } }[] }[];
    expect(change.edits.map(edit => edit.snippet.value)).toEqual([
      // DELETE /payments/{id} has an `x-ax-exempt` already: the entry goes into it.
      '        ax-recoverable-error-responses: ${1:why agents need no fix here}\n',
    ]);
    expect(actions[1].command?.arguments).toEqual([expect.stringMatching(/\/docs\/rules\/ax-recoverable-error-responses\.md$/)]);
    writeFileSync(join(consumer, 'exempted.yaml'), applyEdits(text, editsOf(actions[0].edit, uri)));
    const after = lintFiles(consumer, ['exempted.yaml']).get(join(consumer, 'exempted.yaml'))!;
    expect(after.filter(({ code, path }) => code === finding.code && path.join('.') === finding.path.join('.'))).toEqual([]);
  });
});

describe('what cannot be linted', () => {
  test('a document that is not OpenAPI, a malformed one, or one whose ruleset does not load: no action, one logged line each; the server goes on', async () => {
    mkdirSync(join(consumer, 'broken'), { recursive: true });
    writeFileSync(join(consumer, 'broken', '.spectral.yaml'), 'extends: ["no-such-ruleset-package"]\n');
    const naive = readFileSync(join(consumer, 'naive.yaml'), 'utf8');
    const session = await startServer(installedBin(consumer), consumer);
    const documents = {
      [join(consumer, 'compose.yaml')]: 'services:\n  web:\n    image: nginx\n',
      [join(consumer, 'malformed.yaml')]: 'openapi: 3.0.3\npaths: {\n',
      [join(consumer, 'broken', 'naive.yaml')]: naive,
    };
    for (const [file, text] of Object.entries(documents)) {
      const uri = await openDocument(session, file, text);
      expect(await codeActions(session, uri, WHOLE)).toEqual([]);
      expect(await codeActions(session, uri, WHOLE)).toEqual([]);
    }
    const uri = await openDocument(session, join(consumer, 'naive.yaml'), naive);
    expect((await codeActions(session, uri, WHOLE)).length).toBeGreaterThan(0);
    expect(await stopServer(session)).toBe(0);
    expect(session.logs).toEqual([
      'spectral-agent-ux: compose.yaml: not an OpenAPI description (no `openapi: 3.x` or `swagger: "2.0"` at the top level)',
      expect.stringMatching(/^spectral-agent-ux: malformed\.yaml: invalid YAML at line \d+: /),
      expect.stringMatching(/^spectral-agent-ux: broken\/\.spectral\.yaml: .*no-such-ruleset-package/),
    ]);
  });
});

describe('the ruleset', () => {
  test('is the nearest .spectral.yaml above the document, read again when it changes', async () => {
    mkdirSync(join(consumer, 'project', 'api'), { recursive: true });
    const ruleset = join(consumer, 'project', '.spectral.yaml');
    writeFileSync(ruleset, `${EXTENDS}rules:\n  ax-recoverable-retryable: off\n`);
    const file = join(consumer, 'project', 'api', 'naive.yaml');
    const session = await startServer(installedBin(consumer), consumer);
    const uri = await openDocument(session, file, readFileSync(join(consumer, 'naive.yaml'), 'utf8'));
    const retryFixes = async () => (await codeActions(session, uri, WHOLE)).map(action => action.title).filter(title => title.includes('x-ax-retryable'));
    expect(await retryFixes()).toEqual([]);
    writeFileSync(ruleset, EXTENDS);
    expect(await retryFixes()).toEqual([
      'Add `x-ax-retryable: false` to POST /payments',
      'Add `x-ax-retryable: true` to DELETE /payments/{id}',
      'Add `x-ax-retryable: false` to POST /payments/{id}/capture',
    ]);
    await stopServer(session);
  });
});

describe('diagnostics', () => {
  test('are published with --diagnostics alone', async () => {
    const text = readFileSync(join(consumer, 'naive.yaml'), 'utf8');
    const findings = lintFiles(consumer, ['naive.yaml']).get(join(consumer, 'naive.yaml'))!;
    for (const [args, expected] of [
      [[], undefined],
      [['--diagnostics'], findings.length],
    ] as const) {
      const session = await startServer(installedBin(consumer), consumer, { args: [...args] });
      const uri = await openDocument(session, join(consumer, 'naive.yaml'), text);
      await codeActions(session, uri, WHOLE);
      await stopServer(session);
      expect(session.diagnostics.get(uri)?.length).toBe(expected);
    }
  });
});
