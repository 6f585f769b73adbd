/**
 * Parity: on every convention fixture, the runtime guard's verdict on a body equals the lint's verdict
 * on the schema, rule by rule (every rule both judge) and response by response, success and error. The body is the fullest one the schema allows
 * (every declared member, a sample value each), so a member the schema declares is one the body sends.
 * Required lists are the schema's alone: ax-recoverable-error-structure's "does not require" findings
 * have no runtime counterpart and stay out of the comparison.
 */
import { parse } from '@stoplight/yaml';
import { checkResponse } from '../runtime';
import { convention, CONVENTIONS } from './support/conventions';
import { runRule } from './support/testRule';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rules both sides judge, and the statuses the runtime guard judges them on. */
const RULES = [
  'ax-envelope-next-steps',
  'ax-envelope-next-steps-shape',
  'ax-envelope-next-steps-href',
  'ax-envelope-empty-actions',
  'ax-recoverable-error-structure',
  'ax-recoverable-suggestion',
  'ax-recoverable-no-stack-traces',
  'ax-recoverable-retry-after',
  'ax-envelope-state',
  'ax-envelope-refresh-url',
] as const;

function resolve(doc: Json, schema: unknown): Json {
  let node = schema;
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 20; hops++) {
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  }
  return isObject(node) ? node : {};
}

/** The fullest body a schema allows: every property of every `allOf` part, the first `oneOf`/`anyOf` branch, one item per array. */
function sample(doc: Json, schema: unknown, depth = 0): unknown {
  const node = resolve(doc, schema);
  if (depth > 6) return null;
  const parts = [node, ...((node.allOf as unknown[]) ?? []).map(part => resolve(doc, part))];
  const branch = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
  if (branch !== undefined) return sample(doc, branch[0], depth + 1);
  const properties = Object.assign({}, ...parts.map(part => (isObject(part.properties) ? part.properties : {}))) as Json;
  const types = parts.flatMap(part => (part.type === undefined ? [] : [part.type].flat())) as string[];
  if (Array.isArray(node.enum)) return node.enum[0];
  if (types.includes('array')) return [sample(doc, node.items, depth + 1)];
  if (Object.keys(properties).length > 0 || types.includes('object'))
    return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sample(doc, property, depth + 1)]));
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('boolean')) return true;
  return 'sample';
}

interface Exchange {
  method: string;
  template: string;
  status: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Every response with a JSON schema (success and error), as a request the runtime guard can judge. */
function exchangesOf(doc: Json): Exchange[] {
  const base = typeof doc.basePath === 'string' ? doc.basePath.replace(/\/$/, '') : '';
  const found: Exchange[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const [status, raw] of Object.entries(operation.responses)) {
        const response = resolve(doc, raw);
        const content = isObject(response.content) ? Object.values(response.content)[0] : response;
        if (!/^[245]\d\d$|^default$/.test(status) || !isObject(content) || content.schema === undefined) continue;
        const headers = Object.fromEntries(Object.keys(isObject(response.headers) ? response.headers : {}).map(name => [name, '1']));
        const path = base + template.replace(/\{[^}]+\}/g, '1');
        found.push({ method, template, status, path, body: sample(doc, content.schema), headers });
      }
    }
  }
  return found;
}

describe.each(CONVENTIONS)('%s: the runtime guard and the lint agree', name => {
  const text = convention(name);
  const doc = parse(text) as Json;
  const exchanges = exchangesOf(doc);

  test.each(RULES)('%s', async rule => {
    const findings = (await runRule(rule, text)).filter(found => !found.message.includes('does not require'));
    const lint = exchanges.map(({ template, method, status }) =>
      findings.some(found => found.path.slice(0, 5).join('\u0000') === ['paths', template, method, 'responses', status].join('\u0000')),
    );
    const runtime = exchanges.map(({ method, path, status, body, headers }) => {
      // `default` is judged as the 400 it stands for; the rules read `default` as a client error too.
      const code = status === 'default' ? 400 : Number(status);
      return checkResponse(doc, { method, path, status: code, headers, body }).some(found => found.rule === rule);
    });
    expect(exchanges.length).toBeGreaterThan(0);
    expect(runtime.map((verdict, i) => `${exchanges[i].method} ${exchanges[i].template} ${exchanges[i].status}: ${verdict}`)).toEqual(
      lint.map((verdict, i) => `${exchanges[i].method} ${exchanges[i].template} ${exchanges[i].status}: ${verdict}`),
    );
  });
});

describe('each side judges the statuses its rule reads (lib/scope.ts)', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Parity', version: '1' },
    paths: {
      '/orders': {
        post: {
          responses: {
            '201': { description: 'Created' },
            '500': { description: 'Failed', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } },
          },
        },
      },
    },
  };
  const runtime = (body: unknown) => checkResponse(doc, { method: 'POST', path: '/orders', status: 500, headers: {}, body }).map(found => found.rule);

  test('a 5xx body without a code fails ax-recoverable-error-structure on both sides; a 5xx is asked no recovery hint', async () => {
    expect((await runRule('ax-recoverable-error-structure', doc)).map(found => found.path.slice(0, 5).join(' '))).toEqual(['paths /orders post responses 500']);
    expect(runtime({ message: 'The order store is down.' })).toEqual(['ax-recoverable-error-structure']);
    expect(runtime({ code: 'INTERNAL_ERROR', message: 'The order store is down.' })).toEqual([]);
    expect(await runRule('ax-recoverable-suggestion', doc)).toEqual([]);
  });
});

describe('links that carry a method stand in for next steps on both sides', () => {
  const link = (properties: Record<string, unknown>) => ({ type: 'object', properties: { href: { type: 'string' }, ...properties } });
  const api = (item: unknown) => ({
    openapi: '3.0.3',
    info: { title: 'Links', version: '1' },
    paths: {
      '/orders': {
        post: {
          responses: {
            '201': {
              description: 'Created',
              content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, links: { type: 'array', items: item } } } } },
            },
          },
        },
      },
    },
  });
  const runtime = (doc: object, body: unknown, options = {}) =>
    checkResponse(doc, { method: 'POST', path: '/orders', status: 201, headers: {}, body }, options).map(found => found.rule);
  const callable = api(link({ method: { type: 'string' } }));
  const hrefOnly = api(link({}));

  test('every link with an href and a method: both silent; `hypermedia: false` makes both ask for `nextSteps`', async () => {
    const body = { id: 'o1', links: [{ href: '/orders/o1', method: 'GET' }] };
    expect(await runRule('ax-envelope-next-steps', callable)).toEqual([]);
    expect(runtime(callable, body)).toEqual([]);
    expect((await runRule('ax-envelope-next-steps', callable, { hypermedia: false })).length).toBe(1);
    expect(runtime(callable, body, { hypermedia: false })).toEqual(['ax-envelope-next-steps']);
  });

  test('links with an href alone: both fire', async () => {
    expect((await runRule('ax-envelope-next-steps', hrefOnly)).length).toBe(1);
    expect(runtime(hrefOnly, { id: 'o1', links: [{ href: '/orders/o1' }] })).toEqual(['ax-envelope-next-steps']);
  });
});
