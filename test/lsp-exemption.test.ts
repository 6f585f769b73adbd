/**
 * The editor's exemption action (cli/lsp/actions.ts), in process: a finding left to a person gets an `x-ax-exempt`
 * entry for its rule, unless its rule declares `exemptible: false` (rules/declaration.ts), whose findings judge the
 * exemptions themselves.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lint } from '../cli/lint';
import { DocumentActions } from '../cli/lsp/actions';

// POST /orders declares no error response (ax-recoverable-error-responses, left to a person) and exempts itself from
// ax-recoverable-retryable with a two-word reason (ax-exemption-reason, left to a person too).
const DOCUMENT = `openapi: 3.0.3
info: { title: Orders, version: '1.0' }
paths:
  /orders:
    post:
      x-ax-exempt:
        ax-recoverable-retryable: too short
      responses:
        '204': { description: Created }
`;

test('an exemption for a finding left to a person, none for a finding of the rule on exemptions', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lsp-exemption-'));
  writeFileSync(join(dir, 'openapi.yaml'), DOCUMENT);
  const linted = await lint('openapi.yaml', undefined, { cwd: dir, edits: true });
  const actions = new DocumentActions(TextDocument.create('file:///openapi.yaml', 'yaml', 1, DOCUMENT), linted, false, {
    snippets: false,
    documentChanges: false,
  });
  const titles = Object.fromEntries(
    actions.findings.map(finding => [
      finding.code,
      actions
        .actionsAt(finding.range, undefined)
        .filter(action => action.diagnostics?.[0].code === finding.code)
        .map(action => action.title),
    ]),
  );
  expect(titles).toEqual({
    'ax-exemption-reason': ['Open `ax-exemption-reason` documentation'],
    'ax-recoverable-error-responses': ['Exempt this operation from `ax-recoverable-error-responses`…', 'Open `ax-recoverable-error-responses` documentation'],
  });
});
