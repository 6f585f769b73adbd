/**
 * A shared schema's defect that concerns only some of its users (issue 38, item 3): the state of a state
 * rejection goes into their own schema, `ProblemWithState` (an `allOf` of `Problem` and the state), and `Problem`,
 * which every 400 and 404 answers too, stays as it is. Proven with the whole ruleset: `fix --only` that change,
 * lint again, and the finding is gone while every other finding stays word for word where it was (the rules
 * read `ProblemWithState` as `Problem` plus members, so nothing of `Problem` is reported on it).
 */
import { combine } from '../lib/findings/edits';
import { fixOnly } from './support/fix-only';
import { body, oas3, PROBLEM, ref, swagger2 } from './support/documents';

const STATE_PART = {
  type: 'object',
  properties: { currentState: { type: 'string' }, allowedActions: { type: 'array', items: { type: 'string' } }, refreshUrl: { type: 'string', format: 'uri' } },
};
const post = (responses: object) => ({ post: { 'x-ax-retryable': false, responses: { '204': { description: 'Done' }, ...responses } } });
const problemAt = (description: string, schema: object = ref('Problem')) => body(schema, 'application/json', description);

/** `Problem` answers a 400, a 404 and two state rejections (409s of actions on one item). */
const oas = (openapi = '3.0.3', problem: object = PROBLEM, extra: object = {}) =>
  oas3(
    {
      '/orders': post({ '400': problemAt('Bad request body') }),
      '/orders/{id}': { get: { responses: { '200': { description: 'OK' }, '404': problemAt('No such order') } } },
      '/orders/{id}/cancel': post({ '409': problemAt('Conflict') }),
      '/orders/{id}/ship': post({ '409': problemAt('Conflict') }),
    },
    { schemas: { Problem: problem, ...extra } },
    openapi,
  );

const swagger = () =>
  swagger2(
    {
      '/orders/{id}/cancel': post({ '409': { description: 'Conflict', schema: { $ref: '#/definitions/Problem' } } }),
      '/orders': post({ '400': { description: 'Bad', schema: { $ref: '#/definitions/Problem' } } }),
    },
    { definitions: { Problem: PROBLEM } },
  );

/** The findings of one rule among the keys, as `[path, message]`, and the keys without them. */
const ofRule = (keys: readonly string[], rule: string) =>
  keys
    .map(key => JSON.parse(key))
    .filter(([code]) => code === rule)
    .map(([, ...rest]) => rest);
const without = (keys: readonly string[], rule: string) => keys.filter(key => JSON.parse(key)[0] !== rule);
const stateFinding = (keys: readonly string[]) => ofRule(keys, 'ax-envelope-state');

describe('the state goes into the state rejections’ own schema, and nothing else moves', () => {
  test.each([
    ['OpenAPI 3.0', '3.0.3'],
    ['OpenAPI 3.1', '3.1.0'],
  ])('%s: `ProblemWithState` declared, the two 409s point at it, `Problem`, the 400 and the 404 unchanged', async (_name, openapi) => {
    const description = oas(openapi) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const { ran, before, after, result } = await fixOnly(description, 'ax-envelope-state@#/components/schemas/Problem');
    expect(ran.code).toBe(0);
    expect(stateFinding(before)).toEqual([
      [
        'components/schemas/Problem',
        '`Problem` (used by 2 of 4 responses): reports a state rejection (`cancel` on an item) without the state. Add `currentState` (string), `allowedActions` (string[]), `refreshUrl` (URL to re-read it). Only in `ProblemWithState` (`allOf` of `Problem`).',
      ],
    ]);
    // Every other finding, of every rule, where it was and word for word: none on `ProblemWithState`.
    expect(after).toEqual(without(before, 'ax-envelope-state'));
    expect(result.components.schemas).toEqual({ Problem: PROBLEM, ProblemWithState: { allOf: [ref('Problem'), STATE_PART] } });
    const schemaOf = (path: string, method: string, status: string) => result.paths[path][method].responses[status].content['application/json'].schema;
    expect([schemaOf('/orders/{id}/cancel', 'post', '409'), schemaOf('/orders/{id}/ship', 'post', '409')]).toEqual([
      ref('ProblemWithState'),
      ref('ProblemWithState'),
    ]);
    expect(result.paths['/orders']).toEqual(description.paths['/orders']);
    expect(result.paths['/orders/{id}']).toEqual(description.paths['/orders/{id}']);
  });

  test('Swagger 2.0 `definitions`: `ProblemWithState` beside `Problem`', async () => {
    const { ran, before, after, result } = await fixOnly(swagger(), 'ax-envelope-state@#/definitions/Problem');
    expect(ran.code).toBe(0);
    expect(stateFinding(before)).toHaveLength(1);
    expect(after).toEqual(without(before, 'ax-envelope-state'));
    expect(result.definitions).toEqual({ Problem: PROBLEM, ProblemWithState: { allOf: [{ $ref: '#/definitions/Problem' }, STATE_PART] } });
    expect(result.paths['/orders/{id}/cancel'].post.responses['409'].schema).toEqual({ $ref: '#/definitions/ProblemWithState' });
    expect(result.paths['/orders'].post.responses['400'].schema).toEqual({ $ref: '#/definitions/Problem' });
  });

  test('`Problem` an `allOf` of a `Base` with a defect of its own: the defect stays one finding on `Base`, counting the 409s', async () => {
    const base = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
    const description = oas('3.0.3', { allOf: [ref('Base'), { type: 'object', properties: { suggestion: { type: 'string' } } }] }, { Base: base });
    const { before, after, result } = await fixOnly(description, 'ax-envelope-state@#/components/schemas/Problem');
    expect(ofRule(before, 'ax-recoverable-error-structure')).toEqual([
      [
        'components/schemas/Base',
        '`Base` (used by 4 responses): has no code. Add a required `code` (e.g. "VALIDATION_ERROR"); your error handler must then send it.',
      ],
    ]);
    expect(after).toEqual(without(before, 'ax-envelope-state'));
    expect(result.components.schemas.ProblemWithState).toEqual({ allOf: [ref('Problem'), STATE_PART] });
  });

  test('then the rest of the state for a 422 goes into `ProblemWithState` itself, not into `Problem` or a third schema: still `Problem`’s finding, so that declaring one member moves no other', async () => {
    const description = oas('3.0.3', PROBLEM, {
      ProblemWithState: { allOf: [ref('Problem'), { type: 'object', properties: { currentState: { type: 'string' }, allowedActions: { type: 'array' } } }] },
    }) as { paths: Record<string, unknown> };
    description.paths['/orders/{id}/fulfil'] = post({ '422': problemAt('Cannot transition a FULFILLED order.', ref('ProblemWithState')) });
    const { before, after, result } = await fixOnly(description, 'ax-envelope-refresh-url');
    expect(ofRule(before, 'ax-envelope-refresh-url')).toEqual([
      [
        'components/schemas/Problem',
        '`Problem` (used by 1 of 5 responses): reports a state rejection (its schema declares `currentState`) but has no `refreshUrl`. Add `refreshUrl`: the URL to GET the current state from. Only in `ProblemWithState` (`allOf` of `Problem`).',
      ],
    ]);
    expect(after).toEqual(without(before, 'ax-envelope-refresh-url'));
    expect(result.components.schemas.Problem).toEqual(PROBLEM);
    expect(result.components.schemas.ProblemWithState.allOf[1].properties.refreshUrl).toEqual({ type: 'string', format: 'uri' });
    expect(Object.keys(result.components.schemas)).toEqual(['Problem', 'ProblemWithState']);
  });
});

describe('a 422 that both state rules find: their edits land as one part of `ProblemWithState`', () => {
  const REJECTION = 'Cannot transition a FULFILLED order.';
  const rejected = (openapi: string) =>
    oas3(
      { '/orders': post({ '400': problemAt('Bad request body') }), '/orders/{id}/fulfil': post({ '422': problemAt(REJECTION) }) },
      { schemas: { Problem: PROBLEM } },
      openapi,
    );
  const STATE_RULES = ['ax-envelope-state', 'ax-envelope-refresh-url'];
  const stateRules = (keys: readonly string[]) => keys.filter(key => STATE_RULES.includes(JSON.parse(key)[0]));

  test.each([
    ['OpenAPI 3.0', '3.0.3'],
    ['OpenAPI 3.1', '3.1.0'],
  ])('%s: `fix` declares one own part with the state and the refresh url; no finding is added', async (_name, openapi) => {
    const { ran, before, after, result } = await fixOnly(rejected(openapi));
    expect(ran.code).toBe(0);
    expect(stateRules(before).map(key => JSON.parse(key).slice(0, 2))).toEqual([
      ['ax-envelope-refresh-url', 'components/schemas/Problem'],
      ['ax-envelope-state', 'components/schemas/Problem'],
    ]);
    expect(stateRules(after)).toEqual([]);
    expect(after.filter(key => !before.includes(key))).toEqual([]);
    expect(result.components.schemas.ProblemWithState).toEqual({ allOf: [ref('Problem'), STATE_PART] });
    expect(result.paths['/orders/{id}/fulfil'].post.responses['422'].content['application/json'].schema).toEqual(ref('ProblemWithState'));
    expect(result.paths['/orders'].post.responses['400'].content['application/json'].schema).toEqual(ref('Problem'));
  });

  test('Swagger 2.0 `definitions`: the same one part', async () => {
    const description = swagger2(
      {
        '/orders': post({ '400': { description: 'Bad', schema: { $ref: '#/definitions/Problem' } } }),
        '/orders/{id}/fulfil': post({ '422': { description: REJECTION, schema: { $ref: '#/definitions/Problem' } } }),
      },
      { definitions: { Problem: PROBLEM } },
    );
    const { ran, before, after, result } = await fixOnly(description);
    expect(ran.code).toBe(0);
    expect(stateRules(before)).toHaveLength(2);
    expect(stateRules(after)).toEqual([]);
    expect(after.filter(key => !before.includes(key))).toEqual([]);
    expect(result.definitions.ProblemWithState).toEqual({ allOf: [{ $ref: '#/definitions/Problem' }, STATE_PART] });
  });
});

test("lookalikes: `allOf`s of two different schemas, and other lists, merge as an Overlay's arrays do (the items appended)", () => {
  const declare = (shared: string, name: string) => ({
    target: ['components', 'schemas'],
    update: { Own: { allOf: [ref(shared), { type: 'object', properties: { [name]: { type: 'string' } } }] }, Problem: { required: [name] } },
  });
  expect(combine([declare('Problem', 'currentState'), declare('Failure', 'refreshUrl')])).toEqual([
    {
      target: ['components', 'schemas'],
      update: {
        Own: {
          allOf: [
            ref('Problem'),
            { type: 'object', properties: { currentState: { type: 'string' } } },
            ref('Failure'),
            { type: 'object', properties: { refreshUrl: { type: 'string' } } },
          ],
        },
        Problem: { required: ['currentState', 'refreshUrl'] },
      },
    },
  ]);
});

describe('lookalikes: no schema of their own', () => {
  test('every user of `Problem` is a state rejection: the state goes into `Problem` itself', async () => {
    const description = oas3(
      { '/orders/{id}/cancel': post({ '409': problemAt('Conflict') }), '/orders/{id}/ship': post({ '409': problemAt('Conflict') }) },
      { schemas: { Problem: PROBLEM } },
    );
    const { before, after, result } = await fixOnly(description, 'ax-envelope-state@#/components/schemas/Problem');
    expect(stateFinding(before)[0]).not.toContain('Only in');
    expect(after).toEqual(without(before, 'ax-envelope-state'));
    expect(result.components.schemas).toEqual({ Problem: { ...PROBLEM, properties: { ...PROBLEM.properties, ...STATE_PART.properties } } });
  });

  test("one rejection answers through a shared `components/responses` entry: no rejection gets its own schema, not even the one that could (GitHub's `basic-error`)", async () => {
    const description = oas3(
      {
        '/orders/{id}': { get: { responses: { '200': { description: 'OK' }, '404': problemAt('No such order') } } },
        '/orders/{id}/cancel': post({ '409': problemAt('Conflict') }),
        '/orders/{id}/ship': post({ '409': ref('Conflict', 'responses') }),
      },
      { schemas: { Problem: PROBLEM }, responses: { Conflict: problemAt('Conflict') } },
    );
    const { ran, before, after, result } = await fixOnly(description, 'ax-envelope-state@#/components/schemas/Problem');
    expect(stateFinding(before).map(([, message]) => message)).toEqual([
      '`Problem` (used by 2 of 3 responses): reports a state rejection (`cancel` on an item) without the state. Add `currentState` (string), `allowedActions` (string[]), `refreshUrl` (URL to re-read it). Only in a schema of their own: GET /orders/{id} 404 answers it too.',
    ]);
    expect(ran.code).toBe(0);
    expect(after).toEqual(before);
    expect(result).toEqual(description);
  });

  test('a shared `components/responses` entry that a 404 answers too: asked in words, and `fix` leaves it to a person', async () => {
    const description = oas3(
      {
        '/orders/{id}': { get: { responses: { '200': { description: 'OK' }, '404': ref('Conflict', 'responses') } } },
        '/orders/{id}/cancel': post({ '409': ref('Conflict', 'responses') }),
      },
      { schemas: { Problem: PROBLEM }, responses: { Conflict: problemAt('Conflict') } },
    );
    const { ran, before, after, result } = await fixOnly(description, 'ax-envelope-state@#/components/schemas/Problem');
    expect(stateFinding(before)).toHaveLength(1);
    expect(stateFinding(before)[0]).not.toContain('Only in');
    expect(ran.code).toBe(0);
    expect(after).toEqual(before);
    expect(result).toEqual(description);
  });
});
