/**
 * The probe judges each rule with that rule's own options, as `spectral lint` does: two rules given
 * different names for the error code (a ruleset that `probe` warns about) each keep their own, neither
 * takes the other's because it comes later in the ruleset, and one rule's scope option stays its own.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT, runBin, runMain } from './support/bin';
import { withServer, type Handler, type ProbeJson } from './support/probe-api';

const tmp = mkdtempSync(join(tmpdir(), 'probe-options-'));
const DESCRIPTION = join(tmp, 'things.yaml');
const SPECTRAL = join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');

writeFileSync(
  DESCRIPTION,
  `openapi: 3.1.0
info: { title: Things, version: '1.0' }
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - { name: limit, in: query, required: true, schema: { type: integer, minimum: 1 }, example: 5 }
      responses:
        '200': { description: Things, content: { application/json: { schema: { type: object, properties: { items: { type: array } } } } } }
        '400':
          description: Refused
          content:
            application/json:
              schema:
                type: object
                required: [err, message]
                properties: { err: { type: string, example: LIMIT_INVALID }, message: { type: string }, field: { type: string } }
`,
);

/** A ruleset that runs only `rules` (id: the package's function and its options), re-declared as a user's ruleset does. */
function rulesetOf(name: string, rules: Record<string, [string, object?]>): string {
  const file = join(tmp, `${name}.yaml`);
  const declared = Object.entries(rules).map(
    ([id, [fn, options]]) =>
      `  ${id}:\n    severity: error\n    given: $\n    then: { function: ${fn}${options === undefined ? '' : `, functionOptions: ${JSON.stringify(options)}`} }\n`,
  );
  writeFileSync(
    file,
    `extends: [["${join(ROOT, 'dist', 'index.js')}", "off"]]
functionsDir: ${relative(tmp, join(ROOT, 'dist', 'functions'))}
functions: [${Object.values(rules).map(([fn]) => fn)}]
rules:
${declared.join('')}`,
  );
  return file;
}

/** ax-recoverable-error-structure and, after it, ax-recoverable-code-format, each with its own `errorCode`. */
const rulesetWith = (structure: string, codeFormat: string): string =>
  rulesetOf(`${structure}-${codeFormat}`, {
    'ax-recoverable-error-structure': ['recoverableErrorStructure', { errorCode: [structure] }],
    'ax-recoverable-code-format': ['recoverableCodeFormat', { errorCode: [codeFormat] }],
  });

/** The API as the description says: a 400 that names the limit with its code under `err`, else 200. */
const things: Handler = (request, response) => {
  const limit = Number(new URL(request.url ?? '/', 'http://localhost').searchParams.get('limit'));
  const valid = Number.isInteger(limit) && limit >= 1;
  response.writeHead(valid ? 200 : 400, { 'content-type': 'application/json' });
  response.end(JSON.stringify(valid ? { items: [] } : { err: 'LIMIT_INVALID', message: 'limit must be a whole number of at least 1.', field: 'limit' }));
};

/** What `spectral lint` says of `description` under `ruleset`: the codes of `rule`'s findings. */
async function lintSays(ruleset: string, rule: string, description = DESCRIPTION): Promise<string[]> {
  const run = await runBin(['lint', description, '--ruleset', ruleset, '--format', 'json', '--quiet'], { bin: SPECTRAL });
  return (JSON.parse(run.stdout) as { code: string }[]).map(result => result.code).filter(code => code === rule);
}

/** The probe's findings of the error-structure rule under `ruleset`, with what it warned of. */
async function probeSays(ruleset: string): Promise<{ rules: string[]; messages: string[]; stderr: string }> {
  const run = await withServer(things, url => runMain(['probe', DESCRIPTION, '--base-url', url, '--ruleset', ruleset, '--format', 'json']));
  const { findings } = JSON.parse(run.stdout) as ProbeJson;
  const own = findings.filter(finding => finding.rule === 'ax-recoverable-error-structure');
  return { rules: own.map(finding => finding.rule), messages: own.map(finding => finding.message), stderr: run.stderr };
}

test("the error-structure rule names the code `err`, the code-format rule after it `code`: the body's `err` is its code, to the probe as to the lint", async () => {
  const ruleset = rulesetWith('err', 'code');
  expect(await lintSays(ruleset, 'ax-recoverable-error-structure')).toEqual([]);
  const probe = await probeSays(ruleset);
  expect(probe.rules).toEqual([]);
  // The divergence is still said before the report.
  expect(probe.stderr.split('\n')).toContain(
    'spectral-agent-ux probe: warning: the option `errorCode` differs between the rules that read it (`ax-recoverable-error-structure`: ["err"]; `ax-recoverable-code-format`: ["code"]; `ax-recoverable-error-catalog`: the default); give them all the same names, e.g. with one YAML anchor (docs/conventions.md).',
  );
  // The operation was tested: its first try answered 200, and each fault a 400 the probe recovered from.
  expect(probe.stderr).toContain('1 of 1 operations tested; 3 of 3 faults recovered (100%)');
});

test('the error-structure rule names the code `code`, the code-format rule after it `err`: the body has no code, to the probe as to the lint', async () => {
  const ruleset = rulesetWith('code', 'err');
  expect(await lintSays(ruleset, 'ax-recoverable-error-structure')).toEqual(['ax-recoverable-error-structure']);
  expect((await probeSays(ruleset)).messages).toEqual([
    'GET /things 400: the error body has no machine-readable code, so an agent cannot tell what failed. Send a stable `code` (e.g. "VALIDATION_ERROR").',
  ]);
});

describe('scope options', () => {
  const ORDERS = join(tmp, 'orders.yaml');
  writeFileSync(
    ORDERS,
    `openapi: 3.1.0
info: { title: Orders, version: '1.0' }
paths:
  /orders/{orderId}/cancel:
    post:
      operationId: cancelOrder
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string }, example: ord_1 }
      responses:
        '200': { description: Cancelled, content: { application/json: { schema: { type: object } } } }
        '409':
          description: The order is past cancelling
          content:
            application/json:
              schema:
                type: object
                required: [code, message, currentState]
                properties: { code: { type: string }, message: { type: string }, currentState: { type: string } }
`,
  );
  // ax-recoverable-retryable is told the cancel only reads; ax-envelope-state is told nothing, so to it the cancel changes state.
  const RULESET = rulesetOf('read-only-retryable', {
    'ax-envelope-state': ['envelopeState'],
    'ax-recoverable-retryable': ['recoverableRetryable', { readOnly: ['cancelOrder'] }],
  });
  /** The order has shipped: every cancel is refused with its state. */
  const shipped: Handler = (_request, response) => {
    response.writeHead(409, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 'ORDER_SHIPPED', message: 'The order has shipped.', currentState: 'shipped' }));
  };

  test("`readOnly` given to ax-recoverable-retryable does not take the cancel out of ax-envelope-state's scope, to the probe as to the lint", async () => {
    expect(await lintSays(RULESET, 'ax-envelope-state', ORDERS)).toEqual(['ax-envelope-state']);
    const run = await withServer(shipped, url => runMain(['probe', ORDERS, '--base-url', url, '--ruleset', RULESET, '--format', 'json']));
    expect((JSON.parse(run.stdout) as ProbeJson).findings.map(finding => [finding.rule, finding.message])).toEqual([
      [
        'ax-envelope-state',
        'POST /orders/{orderId}/cancel 409: the error body is a state rejection (it carries `currentState`) but lacks `allowedActions` and `refreshUrl`. Send them, so the agent re-plans from the real state.',
      ],
    ]);
  });
});
