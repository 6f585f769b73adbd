/**
 * One error body per resource (issue 38, fourth sample: Illumidesk, Django REST framework's field map of each serializer,
 * `UserError`, `ServerError`, `ServerActionError`, …): a 400 without a body is offered the one named for its own resource,
 * not "the one the API's other 400 responses declare" (`UserError` for a server stop), and asked which when none is.
 */
import { lint } from '../cli/lint';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRuleSaid } from './support/testRule';
import { keyOf } from './support/fix-only';
import { body, oas3, ref } from './support/documents';

const RULE = 'ax-recoverable-error-schema';
/** A serializer's field map, as drf-yasg writes one, with a code and a message so that no other rule asks for them. */
const fieldMap = (...fields: string[]) => ({
  type: 'object',
  required: ['code', 'message'],
  properties: Object.fromEntries([
    ['code', { type: 'string' }],
    ['message', { type: 'string' }],
    ...fields.map(field => [field, { type: 'array', items: { type: 'string' }, description: `${field} field errors` }]),
  ]),
});
const post = (responses: object) => ({
  post: { 'x-ax-retryable': false, 'x-ax-idempotent': false, responses: { '201': { description: 'Created' }, ...responses } },
});
const invalid = (name: string) => ({ '400': body(ref(name), 'application/json', 'Invalid data supplied.') });
const bodiless = { '400': { description: 'Invalid data supplied.' } };
const SCHEMAS = {
  UserError: fieldMap('email', 'username'),
  EmailError: fieldMap('email'),
  ServerError: fieldMap('name', 'image'),
  ProjectError: fieldMap('name', 'private'),
};

/** Three resources, each 400 its own serializer's map; the server stop and a team invitation declare no body. */
const illumidesk = (extra: object = {}, schemas: object = SCHEMAS) =>
  oas3(
    {
      '/v1/users/': post(invalid('UserError')),
      '/v1/users/{user}/emails/': post(invalid('EmailError')),
      '/v1/{namespace}/projects/': post(invalid('ProjectError')),
      '/v1/{namespace}/projects/{project}/servers/': post(invalid('ServerError')),
      '/v1/{namespace}/projects/{project}/servers/{server}/stop/': post(bodiless),
      ...extra,
    },
    { schemas },
  );

const STOP = ['paths', '/v1/{namespace}/projects/{project}/servers/{server}/stop/', 'post', 'responses', '400'];

describe('a 400 without a body where the API declares one 400 body per resource', () => {
  test("the server stop is offered `ServerError`, its resource's, not the most used `UserError`", async () => {
    const said = await runRuleSaid(RULE, illumidesk());
    expect(said.map(({ path, message }) => [path, message])).toEqual([
      [
        STOP,
        "POST /v1/{namespace}/projects/{project}/servers/{server}/stop/ 400: the error response declares no body. Add the API's 400 body for its resource (it declares one per resource), `content: { application/json: { schema: { $ref: '#/components/schemas/ServerError' } } }`.",
      ],
    ]);
    expect(said[0].data).toMatchObject({ whose: { messageId: 'resourceBody', data: { status: '400' } } });
  });

  test('a resource no body is named for (a team invitation) is asked which body its handler sends', async () => {
    const said = await runRuleSaid(RULE, illumidesk({ '/v1/teams/{team}/invite/': post(bodiless) }));
    expect(said.map(({ path, messageId, data }) => [path[1], messageId, data])).toEqual([
      [STOP[1], 'noBody', expect.anything()],
      ['/v1/teams/{team}/invite/', 'noBodyWhich', { status: '400', names: '`UserError`, `EmailError` and 2 more', then: '' }],
    ]);
    expect(said[1].message).toBe(
      'POST /v1/teams/{team}/invite/ 400: the error response declares no body, and the API declares one 400 body per resource (`UserError`, `EmailError` and 2 more), none named for this path. Add `content` with the `$ref` of the one its handler sends.',
    );
  });

  test('the fix, applied: the stop answers `ServerError`, its finding clears, and every other rule reports what it did where it did', async () => {
    const lintOf = async (description: object) => {
      const dir = mkdtempSync(join(tmpdir(), 'classes7-'));
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(description));
      return (await lint(join(dir, 'openapi.json'), undefined, { cwd: dir })).diagnostics;
    };
    const description = illumidesk() as { paths: Record<string, { post: { responses: Record<string, unknown> } }> };
    const before = await lintOf(description);
    const fixed = structuredClone(description);
    fixed.paths['/v1/{namespace}/projects/{project}/servers/{server}/stop/'].post.responses['400'] = {
      description: 'Invalid data supplied.',
      content: { 'application/json': { schema: ref('ServerError') } },
    };
    const after = await lintOf(fixed);
    const places = (diagnostics: typeof before) => diagnostics.map(({ code, path }) => `${code} ${path.join('/')}`);
    expect(places(before).filter(place => place.startsWith(RULE))).toEqual([`${RULE} ${STOP.join('/')}`]);
    expect(places(after)).toEqual(places(before).filter(place => !place.startsWith(RULE)));
    // `ServerError`'s own findings now count the stop among its users.
    expect(after.map(keyOf).filter(key => key.includes('`ServerError` (used by 2 responses)'))).toHaveLength(3);
  });
});

describe('lookalikes: one body is the API’s', () => {
  test('one `Error` most 400s declare, beside two of a resource: the most used is offered, as before', async () => {
    const generic = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map(name => [`/v1/${name}/`, post(invalid('Error'))]));
    const said = await runRuleSaid(RULE, illumidesk(generic, { ...SCHEMAS, Error: fieldMap() }));
    expect(said.map(({ message }) => message)).toEqual([
      "POST /v1/{namespace}/projects/{project}/servers/{server}/stop/ 400: the error response declares no body. Add the one the API's other 400 responses declare, `content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }`.",
    ]);
  });

  test('three bodies not named for the paths that declare them (`BadInput`, `Invalid`, `Wrong`): no resource evidence, the most used offered', async () => {
    const said = await runRuleSaid(
      RULE,
      oas3(
        {
          '/v1/users/': post(invalid('BadInput')),
          '/v1/projects/': post(invalid('Invalid')),
          '/v1/servers/': post(invalid('Wrong')),
          '/v1/servers/{server}/stop/': post(bodiless),
        },
        { schemas: { BadInput: fieldMap(), Invalid: fieldMap(), Wrong: fieldMap() } },
      ),
    );
    expect(said.map(({ data }) => data.whose)).toEqual([{ messageId: 'sameStatusBody', data: { status: '400' } }]);
  });
});
