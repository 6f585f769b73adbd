/**
 * The report's "not applicable" follows the rule's scope with the options the user's ruleset sets
 * (lib/semantics/scope.ts), so that a configured rule and its column agree.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isErrorStatus, OpenApiDocument } from '../lib/document/document';
import { statusIn, type ScopeOptions } from '../lib/semantics/scope';
import ruleset from '../ruleset';
import { appliesWithin, DECLARATIONS, type Scope } from '../rules';
import { mutations } from '../rules/applicability';
import { reportOn, rulesetWith } from './support/report';
import { cellOf as cell } from './support/report';

const DOCUMENT = `openapi: 3.0.3
info: { title: Orders, version: '1.0' }
paths:
  /orders:
    post:
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string }
                  next:
                    type: array
                    items:
                      type: object
                      required: [action, method, href, description]
                      properties:
                        action: { type: string }
                        method: { type: string, enum: [GET, POST] }
                        href: { type: string }
                        description: { type: string }
  /v2/orders/search:
    post:
      responses:
        '200':
          description: Found
          content:
            application/json:
              schema: { type: object, properties: { items: { type: array, items: { type: object } } } }
  /hooks/order-created:
    post:
      tags: [Webhooks]
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { id: { type: string } } }
      responses:
        '200': { description: Acknowledged }
`;

/** A rule of the package with other `functionOptions`, as a user's .spectral.yaml would redefine it. */
function withOptions(rule: keyof typeof ruleset.rules, functionOptions: object) {
  const definition = ruleset.rules[rule];
  return { [rule]: { ...definition, then: { ...definition.then, functionOptions } } };
}

describe('the scorecard asks each rule its scope with the options the ruleset gives it', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'scope-')), 'openapi.yaml');
  beforeAll(() => writeFileSync(file, DOCUMENT));

  test('`nextSteps: [next]`: the shape rule applies to the operation that declares `next`, and passes', async () => {
    const configured = await reportOn(file, rulesetWith({ rules: withOptions('ax-envelope-next-steps-shape', { nextSteps: ['next'] }) }));
    const defaults = await reportOn(file, rulesetWith());
    expect(cell(configured, 'POST', '/orders', 'next-steps-shape')).toEqual({ status: 'pass' });
    expect(cell(defaults, 'POST', '/orders', 'next-steps-shape')).toEqual({ status: 'not-applicable' });
  });

  test('`prefixes: [/v2/]`: a mutation outside them is not applicable, not a pass; a read-only POST inside them is not applicable either', async () => {
    const configured = await reportOn(file, rulesetWith({ rules: withOptions('ax-envelope-next-steps', { prefixes: ['/v2/'] }) }));
    expect(cell(configured, 'POST', '/orders', 'next-steps')).toEqual({ status: 'not-applicable' });
    expect(cell(configured, 'POST', '/v2/orders/search', 'next-steps')).toEqual({ status: 'not-applicable' });
  });

  test('`readOnly: [POST /orders]`: a POST the user says only reads is not applicable, where the defaults fail it', async () => {
    const configured = await reportOn(file, rulesetWith({ rules: withOptions('ax-envelope-next-steps', { readOnly: ['POST /orders'] }) }));
    const defaults = await reportOn(file, rulesetWith());
    expect(cell(configured, 'POST', '/orders', 'next-steps')).toEqual({ status: 'not-applicable' });
    expect(cell(defaults, 'POST', '/orders', 'next-steps')?.status).toEqual('fail');
  });

  test('a webhook described under `paths` has no row', async () => {
    const report = await reportOn(file, rulesetWith());
    expect(report.operations.map(operation => `${operation.method} ${operation.path}`)).toEqual(['POST /orders', 'POST /v2/orders/search']);
  });
});

describe('ax-recoverable-retry-after: the scope declares what the rule checks, so the report agrees with its findings', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'scope-')), 'openapi.yaml');
  // A 500 whose example says retryable is checked by the rule (it must say how long to wait), with no 429 or 503 in sight.
  beforeAll(() =>
    writeFileSync(
      file,
      `openapi: 3.0.3
info: { title: Jobs, version: '1.0' }
paths:
  /jobs:
    post:
      responses:
        '201': { description: Created }
        '500':
          description: Failed
          content: { application/json: { schema: { type: object }, example: { code: BUSY, retryable: true } } }
    put:
      responses:
        '200': { description: OK }
        '500':
          description: Failed
          content: { application/json: { schema: { type: object }, example: { code: BUSY, retryable: true, retryAfter: 5 } } }
    get:
      responses:
        '200': { description: OK }
        '500':
          description: Failed
          content: { application/json: { schema: { type: object }, example: { code: BUSY } } }
`,
    ),
  );

  test('an error example that says retryable puts the operation in scope: it fails without a delay and passes with one; without the flag it is not applicable', async () => {
    const report = await reportOn(file, rulesetWith());
    expect(cell(report, 'POST', '/jobs', 'retry-after')?.status).toBe('fail');
    expect(cell(report, 'PUT', '/jobs', 'retry-after')).toEqual({ status: 'pass' });
    expect(cell(report, 'GET', '/jobs', 'retry-after')).toEqual({ status: 'not-applicable' });
  });
});

describe("a rule's scope, declared as data, is answered once by rules/applicability.ts", () => {
  const doc = OpenApiDocument.of(
    parse(`openapi: 3.1.0
info: { title: Carts, version: '2' }
paths:
  /carts:
    post:
      responses:
        '201':
          description: Cart created
          content: { application/json: { schema: { type: object, properties: { nextSteps: { type: array } } } } }
        '422':
          description: Invalid
          content: { application/json: { schema: { type: object, properties: { code: { type: string } } }, example: { code: INVALID } } }
  /carts/{id}:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found }
`),
    undefined,
  );
  const [post, get] = doc.operations();
  /** Which of the two operations the scope applies to, with the options given. */
  const appliesTo = (scope: Scope, options?: ScopeOptions) => [post, get].map(operation => appliesWithin(scope)(doc, operation, options));

  test('operations by a question of lib/semantics/scope.ts, responses by status, holding a response, a schema, an example or a concept', () => {
    expect(appliesTo({ operations: mutations })).toEqual([true, false]);
    expect(appliesTo({ responses: isErrorStatus, holds: 'response' })).toEqual([true, true]);
    expect(appliesTo({ responses: isErrorStatus, holds: 'body' })).toEqual([true, false]);
    expect(appliesTo({ responses: statusIn('400', '422'), holds: 'error schema' })).toEqual([true, false]);
    expect(appliesTo({ responses: statusIn('429', '503'), holds: 'response' })).toEqual([false, false]);
    expect(appliesTo({ responses: isErrorStatus, holds: 'example' })).toEqual([true, false]);
    expect(appliesTo({ holds: { concept: 'nextSteps', in: 'schema' } })).toEqual([true, false]);
    expect(appliesTo({ holds: { concept: 'nextSteps', in: 'schema' } }, { nextSteps: ['links'] })).toEqual([false, false]);
  });

  test('every column of the report is a declared scope', () => {
    for (const declaration of DECLARATIONS) expect(typeof declaration.scope).toBe('object');
  });
});
