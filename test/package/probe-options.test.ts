/**
 * The probe judges each rule with that rule's own options, as `spectral lint` does: two rules given
 * different names for the error code (a ruleset that `probe` warns about) each keep their own, neither
 * takes the other's because it comes later in the ruleset, and one rule's scope option stays its own.
 * So do the play's own readings: each takes the names of the rule whose verdict it serves.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT, runBin, runMain } from '../support/bin';
import { operation, withServer, type Handler, type ProbeJson } from '../support/probe-api';

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

/** Answers `status` with `body` as JSON. */
function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** The things API: a list for a whole `limit` of at least 1, else a 400 with `error`. */
const limitChecked =
  (error: object): Handler =>
  (request, response) => {
    const limit = Number(new URL(request.url ?? '/', 'http://localhost').searchParams.get('limit'));
    const valid = Number.isInteger(limit) && limit >= 1;
    json(response, valid ? 200 : 400, valid ? { items: [] } : error);
  };

const LIMIT_REASON = 'limit must be a whole number of at least 1.';
/** The API as the description says: a 400 that names the limit with its code under `err`. */
const things = limitChecked({ err: 'LIMIT_INVALID', message: LIMIT_REASON, field: 'limit' });

/** What `spectral lint` says of `description` under `ruleset`: the codes of `rule`'s findings. */
async function lintSays(ruleset: string, rule: string, description = DESCRIPTION): Promise<string[]> {
  const run = await runBin(['lint', description, '--ruleset', ruleset, '--format', 'json', '--quiet'], { bin: SPECTRAL });
  return (JSON.parse(run.stdout) as { code: string }[]).map(result => result.code).filter(code => code === rule);
}

/** The probe's report of `description` served by `handler`, under `ruleset`, with what it said on stderr. */
async function probeRun(ruleset: string, handler: Handler, description = DESCRIPTION): Promise<{ report: ProbeJson; stderr: string }> {
  const run = await withServer(handler, url => runMain(['probe', description, '--base-url', url, '--ruleset', ruleset, '--format', 'json']));
  return { report: JSON.parse(run.stdout) as ProbeJson, stderr: run.stderr };
}

/** The probe's findings of the error-structure rule under `ruleset`, with what it warned of. */
async function probeSays(ruleset: string): Promise<{ rules: string[]; messages: string[]; stderr: string }> {
  const { report, stderr } = await probeRun(ruleset, things);
  const own = report.findings.filter(finding => finding.rule === 'ax-recoverable-error-structure');
  return { rules: own.map(finding => finding.rule), messages: own.map(finding => finding.message), stderr };
}

/** Each finding as its rule and message. */
const said = (report: ProbeJson) => report.findings.map(finding => [finding.rule, finding.message]);

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
    'GET /things 400: the error body has no code, so an agent cannot tell what failed. Send a stable `code` (e.g. "VALIDATION_ERROR").',
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
  const shipped: Handler = (_request, response) => json(response, 409, { code: 'ORDER_SHIPPED', message: 'The order has shipped.', currentState: 'shipped' });

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

/**
 * The play's own readings (following steps, reading an unknown id's 404, locating the field, taking the
 * repair's value) take the names of the rule whose verdict each serves, not another rule's that comes
 * later in the ruleset.
 */
describe("the play's readings", () => {
  /** A description of the Things API with one GET operation at `path` (its YAML, indented under `get:`). */
  const descriptionOf = (name: string, path: string, get: string): string => {
    const file = join(tmp, `${name}-api.yaml`);
    writeFileSync(file, `openapi: 3.1.0\ninfo: { title: Things, version: '1.0' }\npaths:\n  ${path}:\n    get:\n${get}`);
    return file;
  };

  test('steps are followed under the name ax-envelope-next-steps-href reads (`next`), not the `then` of ax-envelope-empty-actions after it', async () => {
    const description = descriptionOf(
      'steps',
      '/things',
      `      operationId: listThings
      responses:
        '200':
          description: Things, with the calls that may come next
          content:
            application/json:
              schema: { type: object, properties: { items: { type: array }, next: { type: array }, then: { type: array } } }
              example: { items: [], next: [{ action: archive, method: GET, href: /archive, description: The archived things. }] }
`,
    );
    const ruleset = rulesetOf('steps', {
      'ax-envelope-next-steps-href': ['envelopeNextStepsHref', { nextSteps: ['next'] }],
      'ax-envelope-empty-actions': ['envelopeEmptyActions', { nextSteps: ['then'] }],
    });
    const step = (action: string, href: string) => ({ action, method: 'GET', href, description: `The ${action} things.` });
    // `next` offers a route the description does not declare; `then` one it does.
    const listed: Handler = (_request, response) => json(response, 200, { items: [], next: [step('archive', '/archive')], then: [step('all', '/things')] });
    expect(await lintSays(ruleset, 'ax-envelope-next-steps-href', description)).toEqual(['ax-envelope-next-steps-href']);
    const { report, stderr } = await probeRun(ruleset, listed, description);
    // The rules still disagree, and the probe says so before the report.
    expect(stderr.split('\n')).toContain(
      'spectral-agent-ux probe: warning: the option `nextSteps` differs between the rules that read it (`ax-envelope-next-steps`, `ax-envelope-next-steps-shape`: the default; `ax-envelope-next-steps-href`: ["next"]; `ax-envelope-empty-actions`: ["then"]); give them all the same names, e.g. with one YAML anchor (docs/conventions.md).',
    );
    expect(said(report)).toEqual([
      [
        'ax-probe-stale-step',
        'GET /things 200: `next[0]` links to "/archive", which matches no declared route. An agent following it gets a 404. Build it from a declared route (server base path included).',
      ],
    ]);
    expect(report.operations).toEqual([operation('GET /things', 200, 0, 0, 0, 1)]);
  });

  test("an unknown id's 404 is read with ax-recoverable-error-structure's names (code `err`), not those of ax-recoverable-code-format after it", async () => {
    const description = descriptionOf(
      'unknown-id',
      '/things/{thingId}',
      `      operationId: getThing
      parameters:
        - { name: thingId, in: path, required: true, schema: { type: string }, example: thing_1 }
      responses:
        '200': { description: The thing, content: { application/json: { schema: { type: object } } } }
        '404':
          description: No such thing
          content:
            application/json:
              schema:
                type: object
                required: [err, message]
                properties: { err: { type: string, example: THING_NOT_FOUND }, message: { type: string } }
`,
    );
    const ruleset = rulesetWith('err', 'code');
    const thing: Handler = (request, response) =>
      request.url === '/things/thing_1'
        ? json(response, 200, { id: 'thing_1' })
        : json(response, 404, { err: 'THING_NOT_FOUND', message: `No thing has the id in ${request.url}.` });
    expect(await lintSays(ruleset, 'ax-recoverable-error-structure', description)).toEqual([]);
    const { report } = await probeRun(ruleset, thing, description);
    expect(said(report)).toEqual([]);
    // Its one fault, the unknown id, is recovered: the 404 carries a code and a message.
    expect(report.operations).toEqual([operation('GET /things/{thingId}', 200, 1, 1)]);
  });

  test("the field an error names is located with ax-recoverable-field-details' names (`field`), not the `where` of ax-recoverable-field-refs after it", async () => {
    const description = descriptionOf(
      'locators',
      '/things',
      `      operationId: listThings
      parameters:
        - { name: limit, in: query, required: true, schema: { type: integer, minimum: 1 }, example: 5 }
      responses:
        '200': { description: Things, content: { application/json: { schema: { type: object } } } }
        '400':
          description: Refused
          content:
            application/json:
              schema:
                type: object
                required: [code, message, details]
                properties:
                  code: { type: string, example: VALIDATION_ERROR }
                  message: { type: string }
                  details: { type: array, items: { type: object, required: [field, reason], properties: { field: { type: string }, reason: { type: string } } } }
`,
    );
    // The failed field is an item of `details`, where `fieldLocator` names its locator.
    const listing = limitChecked({ code: 'VALIDATION_ERROR', message: 'The request is invalid.', details: [{ field: 'limit', reason: LIMIT_REASON }] });
    const ruleset = rulesetOf('locators', {
      'ax-recoverable-field-details': ['recoverableFieldDetails', { fieldLocator: ['field'] }],
      'ax-recoverable-field-refs': ['recoverableFieldRefs', { fieldLocator: ['where'] }],
    });
    expect(await lintSays(ruleset, 'ax-recoverable-field-details', description)).toEqual([]);
    const { report } = await probeRun(ruleset, listing, description);
    expect(said(report)).toEqual([]);
    // Each fault of `limit` (left out, 0, a text) is answered 400 with `field: "limit"`, and repaired with the description's 5.
    expect(report.operations).toEqual([operation('GET /things', 200, 3, 3)]);
  });

  test('a repair takes the allowed values ax-recoverable-field-refs reads (`allowed_values`), not the `accepted` ax-recoverable-field-details is given', async () => {
    const ruleset = rulesetOf('values', {
      'ax-recoverable-field-details': ['recoverableFieldDetails', { allowedValues: ['accepted'] }],
      'ax-recoverable-field-refs': ['recoverableFieldRefs'],
    });
    // The 400 offers 5 under `allowed_values`, and under `accepted` a 0 the API refuses.
    const offering = limitChecked({ code: 'LIMIT_INVALID', message: LIMIT_REASON, field: 'limit', allowed_values: [5], accepted: [0] });
    const { report } = await probeRun(ruleset, offering);
    expect(said(report)).toEqual([]);
    expect(report.operations).toEqual([operation('GET /things', 200, 3, 3)]);
  });
});
