import { at, body, oas3, PROBLEM, ref, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import { component } from './support/components';
import { getWith as get } from './support/documents';

/** What several cases expect the rule to say. */
const HTML_PAGE = { messageId: 'htmlPage', data: { mediaType: 'text/html', where: '' } };

const page = { type: 'string' };

testRule('ax-recoverable-no-html-errors', [
  {
    name: 'fires on an HTML error body, alone or beside JSON, on the media type',
    document: oas3({
      '/a': get({
        '500': body(page, 'text/html'),
        '404': { description: 'x', content: { 'application/json': { schema: PROBLEM }, 'text/html; charset=utf-8': { schema: page } } },
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '404', 'content', 'text/html; charset=utf-8'),
        messageId: 'htmlBesideJson',
        data: { mediaType: 'text/html; charset=utf-8', where: '', json: 'application/json' },
      },
      { path: at('/a', 'get', '500', 'content', 'text/html'), ...HTML_PAGE },
    ],
  },
  {
    name: 'fires on XHTML, 4XX and default',
    document: oas3({ '/a': get({ '4XX': body(page, 'application/xhtml+xml'), default: body(page, 'TEXT/HTML') }) }),
    errors: [
      { path: at('/a', 'get', '4XX', 'content', 'application/xhtml+xml'), messageId: 'htmlPage', data: { mediaType: 'application/xhtml+xml', where: '' } },
      { path: at('/a', 'get', 'default', 'content', 'TEXT/HTML'), messageId: 'htmlPage', data: { mediaType: 'TEXT/HTML', where: '' } },
    ],
  },
  {
    name: "text/plain, alone or beside JSON, is not this rule's: ax-recoverable-error-schema alone reports a plain-text-only error",
    document: oas3({
      '/a': get({
        '503': body(page, 'text/plain'),
        '502': { description: 'x', content: { 'application/problem+json': { schema: PROBLEM }, 'text/plain': { schema: page } } },
      }),
    }),
    errors: [],
  },
  {
    name: 'success responses, JSON error bodies and error responses without content stay silent',
    document: oas3(
      { '/a': { get: { responses: { '200': body(page, 'text/html'), '400': body(ref('Problem')), '404': { description: 'Not found' } } } } },
      { schemas: { Problem: PROBLEM } },
    ),
    errors: [],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on its text/html entry, naming both users',
    document: oas3(
      { '/a': get({ '500': ref('Oops', 'responses') }), '/b': get({ '500': ref('Oops', 'responses') }) },
      { responses: { Oops: body(page, 'text/html') } },
    ),
    errors: [{ path: component('responses', 'Oops', 'content', 'text/html'), ...HTML_PAGE }],
  },
  {
    name: 'an exempt operation is no user of the shared response: it drops out of the count, and when every user is exempt the finding is gone',
    document: oas3(
      {
        '/a': get({ '500': ref('Oops', 'responses') }),
        '/b': get({ '500': ref('Oops', 'responses') }),
        '/c': {
          get: {
            'x-ax-exempt': { 'ax-recoverable-no-html-errors': 'Browser-facing page kept for v1 clients' },
            responses: { '500': ref('Oops', 'responses') },
          },
        },
        '/v1': {
          get: {
            'x-ax-exempt': { 'ax-recoverable-no-html-errors': 'Browser-facing page kept for v1 clients' },
            responses: { '500': ref('Page', 'responses') },
          },
        },
      },
      { responses: { Oops: body(page, 'text/html'), Page: body(page, 'text/html') } },
    ),
    errors: [{ path: component('responses', 'Oops', 'content', 'text/html'), ...HTML_PAGE }],
  },
  {
    name: 'Swagger 2.0: produces of the operation, else of the root; a response without schema has no body',
    document: swagger2(
      {
        '/a': { get: { responses: { '200': { description: 'OK' }, '500': { description: 'x', schema: page }, '404': { description: 'x' } } } },
        '/b': { get: { produces: ['application/json'], responses: { '500': { description: 'x', schema: { $ref: '#/definitions/Problem' } } } } },
        '/c': { get: { produces: ['text/plain'], responses: { '500': { description: 'x', schema: page } } } },
      },
      { produces: ['application/json', 'text/html'], definitions: { Problem: PROBLEM } },
    ),
    errors: [{ path: at('/a', 'get', '500'), messageId: 'htmlPage', data: { mediaType: 'text/html', where: { messageId: 'inProduces', data: {} } } }],
  },
  {
    name: 'OpenAPI 3.1',
    document: oas3({ '/a': get({ '500': body(page, 'text/html') }) }, {}, '3.1.0'),
    errors: [{ path: at('/a', 'get', '500', 'content', 'text/html'), ...HTML_PAGE }],
  },
  {
    name: 'x-ax-exempt silences the rule for that operation',
    document: oas3({
      '/legacy': {
        get: { 'x-ax-exempt': { 'ax-recoverable-no-html-errors': 'Browser-facing page kept for v1 clients' }, responses: { '500': body(page, 'text/html') } },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: content null, a media type that is a string, a dangling $ref, responses null',
    document: oas3({
      '/a': get({
        '500': { description: 'x', content: null },
        '502': { description: 'x', content: { 'text/html': 'oops' } },
        '503': ref('Missing', 'responses'),
      }),
      '/b': { get: { responses: null } },
    }),
    errors: [{ path: at('/a', 'get', '502', 'content', 'text/html'), ...HTML_PAGE }],
  },
]);
