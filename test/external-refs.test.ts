/**
 * `$ref`s into other files: Spectral resolves them, and the shared module reads their content from
 * the resolved document, so rules see through them while results stay in the file the user edits.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import ruleset from '../ruleset';

const dir = mkdtempSync(join(tmpdir(), 'ax-external-'));
mkdirSync(join(dir, 'schemas'));
writeFileSync(join(dir, 'schemas', 'payment.yaml'), 'type: object\nproperties:\n  id: { type: string }\n');
writeFileSync(join(dir, 'schemas', 'envelope.yaml'), 'type: object\nproperties:\n  nextSteps: { type: array, items: { type: object } }\n');
writeFileSync(join(dir, 'schemas', 'text.yaml'), 'type: string\n');
/** A mutation whose 201 and 400 bodies are the given `$ref`s. */
const mutation = (path: string, created: string, error: string) => `  ${path}:
    post:
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { $ref: '${created}' }
        '400':
          description: Bad
          content:
            application/json:
              schema: { $ref: '${error}' }
`;
const main = `openapi: 3.0.3
info: { title: Split, version: '1' }
paths:
${mutation('/payments', './schemas/payment.yaml', './schemas/text.yaml')}${mutation('/refunds', './schemas/envelope.yaml', '#/components/schemas/Problem')}components:
  schemas:
    Problem: { $ref: './schemas/envelope.yaml' }
`;
writeFileSync(join(dir, 'openapi.yaml'), main);

// Both tests fail on 046598f: a schema in another file has no location in this document, and the finding's
// site then falls back to the response object, one level above the `$ref` line that names the file to edit
// (before, and for a defect inside the operation still meant to be, the schema's own place).
test('rules see through $refs to other files and report in the main file', async () => {
  const spectral = new Spectral();
  const { rules } = ruleset;
  spectral.setRuleset({
    rules: { 'ax-envelope-next-steps': rules['ax-envelope-next-steps'], 'ax-recoverable-error-schema': rules['ax-recoverable-error-schema'] },
  } as RulesetDefinition);
  const results = await spectral.run(new Document(main, Parsers.Yaml, join(dir, 'openapi.yaml')));
  expect(results.map(({ code, path, source }) => ({ code, path: path.join(' '), source }))).toEqual([
    { code: 'ax-envelope-next-steps', path: 'paths /payments post responses 201 content application/json schema', source: join(dir, 'openapi.yaml') },
    { code: 'ax-recoverable-error-schema', path: 'paths /payments post responses 400 content application/json schema', source: join(dir, 'openapi.yaml') },
  ]);
});

test('a rule that skips descriptions never naming its field still reads a field declared only in another file', async () => {
  const spectral = new Spectral();
  spectral.setRuleset({ rules: { 'ax-envelope-next-steps-shape': ruleset.rules['ax-envelope-next-steps-shape'] } } as RulesetDefinition);
  expect(main).not.toContain('nextSteps');
  const results = await spectral.run(new Document(main, Parsers.Yaml, join(dir, 'openapi.yaml')));
  const at = (status: string) => ['paths', '/refunds', 'post', 'responses', status, 'content', 'application/json', 'schema'];
  const items = (status: string, field: string, declare: string) => ({
    code: 'ax-envelope-next-steps-shape',
    path: at(status),
    message: `POST /refunds ${status}: the items of \`nextSteps\` do not declare \`${field}\`. Declare it (${declare}) and list it in \`required\`; your handler must then send it.`,
  });
  const fields = (status: string) => [
    items(status, 'action', 'type string: an imperative verb phrase'),
    items(status, 'method', 'type string, `enum: [GET, POST, PUT, PATCH, DELETE]`'),
    items(status, 'href', 'type string: the concrete URL, no template'),
    items(status, 'description', 'type string: why, and any precondition'),
  ];
  expect(results.map(({ code, path, message }) => ({ code, path, message }))).toEqual([...fields('201'), ...fields('400')]);
});
