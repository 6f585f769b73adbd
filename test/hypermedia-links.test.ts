/** lib/envelope/hypermedia.ts on live bodies: the links the probe follows, in the shapes the schema-side reader knows; and bodies that are links. */
import { hasCallableLinks, liveMethodLinks, liveSelfLink, linksIn } from '../lib/envelope/hypermedia';
import { checkResponse } from '../runtime';
import { oas3, ref, swagger2 } from './support/documents';
import { runRuleWithEdits, testRule } from './support/testRule';
import { component, usedBy } from './support/components';

const NAMES = ['_links', 'links', 'actions'];

test('HAL links by relation, JSON:API URL strings, Siren actions with their method; a templated HAL link is a form, not a link', () => {
  const body = {
    _links: { self: { href: '/v1/orders/1' }, search: { href: '/v1/orders{?q}', templated: true }, items: [{ href: '/v1/orders/1/items/1' }] },
    links: { next: 'https://api.example.com/v1/orders?page=2', note: 'not a link' },
    actions: [{ name: 'cancel', method: 'POST', href: '/v1/orders/1/cancel' }],
  };
  expect(linksIn(body, NAMES)).toEqual([
    { href: '/v1/orders/1', method: undefined, at: ['_links', 'self', 'href'] },
    { href: '/v1/orders/1/items/1', method: undefined, at: ['_links', 'items', 0, 'href'] },
    { href: 'https://api.example.com/v1/orders?page=2', method: undefined, at: ['links', 'next'] },
    { href: '/v1/orders/1/cancel', method: 'POST', at: ['actions', 0, 'href'] },
  ]);
});

test('only the named collections, at the top of the body or else in its JSON:API `data`; records in a list are not links', () => {
  expect(linksIn({ data: { _links: { self: { href: '/a' } } }, links: [{ rel: 'x' }], actions: 'none' }, NAMES)).toEqual([
    { href: '/a', method: undefined, at: ['data', '_links', 'self', 'href'] },
  ]);
  expect(linksIn({ data: { _links: { self: { href: '/a' } } }, links: { next: { href: '/b', method: 'GET' } } }, NAMES)).toEqual([
    { href: '/b', method: 'GET', at: ['links', 'next', 'href'] },
  ]);
  expect(linksIn({ item: { _links: { self: { href: '/a' } } } }, NAMES)).toEqual([]);
  expect(linksIn([{ _links: { self: { href: '/a' } } }], NAMES)).toEqual([]);
});

/**
 * A success body that is itself a link declares the next call (issue 26): a 202 answering `{ href, method }`
 * needs no `nextSteps`, and the shared `Link` schema such bodies use is never given one by `fix`.
 */
const LINK = {
  type: 'object',
  required: ['href', 'method'],
  properties: { href: { type: 'string' }, method: { type: 'string', enum: ['GET'] }, rel: { type: 'string' } },
};
const HREF_ONLY = { type: 'object', properties: { href: { type: 'string', format: 'uri' } } };
const LOCATION = { Location: { description: 'Where the job is', schema: { type: 'string' } } };
const accepted = (schema: object, headers?: object) => ({
  post: { responses: { '202': { description: 'Accepted', ...(headers && { headers }), content: { 'application/json': { schema } } } } },
});
const STEP = '[{ action, method, href, description }] (all required, `method` an HTTP-method enum)';

testRule('ax-envelope-next-steps', [
  {
    name: 'a 202 whose body is a shared link ($ref, allOf) with an href and a method, or an href beside a `Location` header, declares the next call',
    document: oas3(
      {
        '/exports': accepted(ref('Link')),
        '/imports': accepted({ allOf: [ref('Link')] }),
        '/jobs': accepted(ref('Href'), LOCATION),
      },
      { schemas: { Link: LINK, Href: HREF_ONLY } },
    ),
    errors: [],
  },
  {
    name: 'a link body with an href alone is asked for a method, with no edit to the shared schema; a resource that has an href among its members is no link (Swagger 2.0)',
    document: swagger2(
      {
        '/jobs': { post: { responses: { '202': { description: 'Accepted', schema: { $ref: '#/definitions/Href' } } } } },
        '/orders': { post: { responses: { '201': { description: 'Created', schema: { $ref: '#/definitions/Order' } } } } },
      },
      { definitions: { Href: HREF_ONLY, Order: { type: 'object', properties: { id: { type: 'string' }, href: { type: 'string' } } } } },
    ),
    errors: [
      {
        path: ['definitions', 'Href'],
        message: `${usedBy('Href', 'POST /jobs 202')}: the body is a link with an \`href\` but no \`method\`. Declare a \`method\` beside the \`href\`, a \`Location\` header, or add \`nextSteps\`: ${STEP}.`,
      },
      {
        path: ['definitions', 'Order'],
        message: `${usedBy('Order', 'POST /orders 201')}: no \`nextSteps\`. Add \`nextSteps\`: ${STEP} to the application/json schema.`,
      },
    ],
  },
]);

test('a link schema shared by two responses is asked for a method once, on the schema; fix never adds `nextSteps` to it', async () => {
  const root = oas3(
    { '/jobs': accepted(ref('Link')), '/exports': accepted(ref('Link')) },
    { schemas: { Link: { ...HREF_ONLY, properties: { ...HREF_ONLY.properties, rel: { type: 'string' } } } } },
  );
  const { results, edits } = await runRuleWithEdits('ax-envelope-next-steps', root);
  expect(results.map(({ path, message }) => [path, message.slice(0, 60)])).toEqual([
    [component('schemas', 'Link'), `${usedBy('Link', 2)}: the body is a link with an \`hr`],
  ]);
  expect([...edits.values()]).toEqual([]);
});

test('a live body that is a link with an href and a method, or an href beside a Location header, lists its next call; one with other members is a record', () => {
  expect(liveSelfLink({ href: '/v1/jobs/1', method: 'GET', rel: 'status' }, false)).toBe('callable');
  expect(liveSelfLink({ href: '/v1/jobs/1' }, false)).toBe('href');
  expect(liveSelfLink({ href: '/v1/jobs/1' }, true)).toBe('callable');
  expect(liveSelfLink({ id: 'j1', href: '/v1/jobs/1', method: 'GET' }, false)).toBe(undefined);
});

test("a live body's HAL `_links` are calls (GET by HAL's convention), as the lint reads them; the same hrefs under `links` without a method are not", () => {
  expect(hasCallableLinks({ id: 'o1', _links: { self: { href: '/v1/orders/o1' } } }, NAMES)).toBe(true);
  expect(hasCallableLinks({ id: 'o1', _links: { self: '/v1/orders/o1' } }, NAMES)).toBe(true);
  expect(hasCallableLinks({ data: { id: 'o1', _links: { self: { href: '/v1/orders/o1' } } } }, NAMES)).toBe(true);
  expect(hasCallableLinks({ id: 'o1', links: { self: { href: '/v1/orders/o1' } } }, NAMES)).toBe(false);
  expect(hasCallableLinks({ id: 'o1', links: { cancel: { href: '/v1/orders/o1/cancel', method: 'POST' } } }, NAMES)).toBe(true);
});

test("a live body's page links (first, previous, next, last, any case) are calls (GETs by convention), as the lint reads them; actions or a page beside one are not", () => {
  expect(hasCallableLinks({ items: [], links: { First: '/e?page=1', Next: '/e?page=2', Last: '/e?page=9' } }, NAMES)).toBe(true);
  expect(hasCallableLinks({ data: { items: [], links: { self: { href: '/e' }, prev: { href: '/e?p=1' } } } }, NAMES)).toBe(true);
  expect(hasCallableLinks({ items: [], links: { Approve: '/e/1/approve', Cancel: '/e/1/cancel' } }, NAMES)).toBe(false);
  expect(hasCallableLinks({ items: [], links: { next: '/e?page=2', approve: '/e/1/approve' } }, NAMES)).toBe(false);
});

/**
 * Links that carry their methods under the API's own names (issue 38, the fourth fresh 30): Vimeo's `metadata.connections`
 * and `metadata.interactions`, `{ uri, options }` with `options` the HTTP methods the link accepts, are next calls.
 */
const methodsLink = (options: object) => ({
  type: 'object',
  properties: { uri: { type: 'string', example: '/channels/927/users' }, options: { type: 'array', ...options }, total: { type: 'number' } },
});
const DESCRIBED = methodsLink({ description: 'An array of HTTP methods permitted on this URI.', items: { type: 'string' } });
const ENUMERATED = methodsLink({ items: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'] } });
const DISPLAY = methodsLink({ description: 'The display options of this list.', items: { type: 'string', enum: ['compact', 'expanded'] } });
const metadata = (link: object) => ({
  type: 'object',
  properties: { name: { type: 'string' }, metadata: { type: 'object', properties: { connections: { type: 'object', properties: { users: link } } } } },
});
const created = (schema: object) => ({ post: { responses: { '200': { description: 'Created', content: { 'application/json': { schema } } } } } });

testRule('ax-envelope-next-steps', [
  {
    name: "OpenAPI 3.0 `$ref`: Vimeo's `channel`, whose `metadata.connections` hold `{ uri, options }` described as HTTP methods, or an enum of them (`allOf`), lists its next calls",
    document: oas3(
      { '/channels': created(ref('channel')), '/albums': created({ allOf: [ref('album')] }) },
      { schemas: { channel: metadata(DESCRIBED), album: metadata(ENUMERATED) } },
    ),
    errors: [],
  },
  {
    name: "Swagger 2.0: the same links stay silent; lookalikes: `options` that are no HTTP methods, and a member's own links (a `user`'s `metadata.connections`, three objects down) are asked for `nextSteps`",
    document: swagger2(
      {
        '/channels': { post: { responses: { '200': { description: 'Created', schema: { $ref: '#/definitions/channel' } } } } },
        '/lists': { post: { responses: { '200': { description: 'Created', schema: { $ref: '#/definitions/list' } } } } },
        '/comments': { post: { responses: { '200': { description: 'Created', schema: { $ref: '#/definitions/comment' } } } } },
      },
      {
        definitions: {
          channel: metadata(DESCRIBED),
          list: metadata(DISPLAY),
          comment: { type: 'object', properties: { text: { type: 'string' }, user: metadata(DESCRIBED) } },
        },
      },
    ),
    errors: [
      {
        path: ['definitions', 'list'],
        message: `${usedBy('list', 'POST /lists 200')}: no \`nextSteps\`. Add \`nextSteps\`: ${STEP} to the application/json schema.`,
      },
      {
        path: ['definitions', 'comment'],
        message: `${usedBy('comment', 'POST /comments 200')}: no \`nextSteps\`. Add \`nextSteps\`: ${STEP} to the application/json schema.`,
      },
    ],
  },
]);

test('a live body whose links carry their methods (`{ uri, options: [HTTP methods] }`, two objects down) lists its next calls, as the lint reads it', () => {
  const channel = (options: unknown, uri: unknown = '/channels/927/users') => ({
    name: 'Staff picks',
    metadata: { connections: { users: { uri, options, total: 3 } } },
  });
  expect(liveMethodLinks(channel(['GET', 'PATCH']))).toBe(true);
  expect(liveMethodLinks(channel(['compact']))).toBe(false);
  expect(liveMethodLinks(channel([]))).toBe(false);
  expect(liveMethodLinks(channel(['GET'], 'not a URI'))).toBe(false);
  expect(liveMethodLinks({ user: channel(['GET']) })).toBe(false);
  const api = oas3({ '/channels': created(ref('channel')) }, { schemas: { channel: metadata(DESCRIBED) } });
  const rules = (sent: unknown) => checkResponse(api, { method: 'POST', path: '/channels', status: 200, headers: {}, body: sent }).map(found => found.rule);
  expect(rules(channel(['GET', 'PATCH']))).toEqual([]);
  expect(rules(channel(['compact']))).toEqual(['ax-envelope-next-steps']);
});
