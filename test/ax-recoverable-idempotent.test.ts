import { oas3, ref, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import { OK as ok } from './support/documents';

/** What several cases expect the rule to say. */
const NO_FLAG = { messageId: 'noFlag', data: { flag: 'x-ax-idempotent', method: 'DELETE' } };
const KEY_WITHOUT_FLAG = {
  messageId: 'keyWithoutFlag',
  data: { key: 'Idempotency-Key', where: { messageId: 'inHeader', data: {} }, flag: 'x-ax-idempotent', retryable: '' },
};

const key = (name = 'Idempotency-Key') => ({ name, in: 'header', schema: { type: 'string' } });

testRule('ax-recoverable-idempotent', [
  {
    name: 'fires on put and delete without x-ax-idempotent; post and patch without a key stay silent',
    document: oas3({ '/payments/{id}': { put: { responses: ok }, post: { responses: ok }, delete: { responses: ok }, patch: { responses: ok } } }),
    errors: [
      { path: ['paths', '/payments/{id}', 'put'], messageId: 'noFlag', data: { flag: 'x-ax-idempotent', method: 'PUT' } },
      { path: ['paths', '/payments/{id}', 'delete'], ...NO_FLAG },
    ],
  },
  {
    name: 'the AX Spec R4: a refund post declaring true passes, and so do put and delete declaring either value',
    document: oas3({
      '/payments/{id}/refund': { post: { 'x-ax-idempotent': true, parameters: [key()], responses: ok } },
      '/payments/{id}': { put: { 'x-ax-idempotent': true, responses: ok }, delete: { 'x-ax-idempotent': false, responses: ok } },
    }),
    errors: [],
  },
  {
    name: 'a non-boolean value fires on the extension, on any method',
    document: oas3({ '/payments/{id}': { get: { 'x-ax-idempotent': 'yes', responses: ok }, put: { 'x-ax-idempotent': [true], responses: ok } } }),
    errors: [
      {
        path: ['paths', '/payments/{id}', 'get', 'x-ax-idempotent'],
        messageId: 'wrongValue',
        data: { key: 'x-ax-idempotent', at: '', expected: 'a boolean', value: 'the string "yes"', fix: 'x-ax-idempotent: true' },
      },
      {
        path: ['paths', '/payments/{id}', 'put', 'x-ax-idempotent'],
        messageId: 'wrongValue',
        data: { key: 'x-ax-idempotent', at: '', expected: 'a boolean', value: 'an array', fix: 'x-ax-idempotent: true' },
      },
    ],
  },
  {
    name: 'a post taking an Idempotency-Key gets a hint: operation or path-item level, $ref chains, any case',
    document: oas3(
      {
        '/a': { post: { parameters: [key()], responses: ok } },
        '/b': { parameters: [ref('Key', 'parameters')], post: { responses: ok } },
        '/c': { post: { parameters: [ref('KeyAlias', 'parameters')], responses: ok } },
        '/d': { post: { parameters: [key('idempotency-key')], responses: ok } },
      },
      { parameters: { KeyAlias: ref('Key', 'parameters'), Key: key() } },
    ),
    errors: [
      { path: ['paths', '/a', 'post'], ...KEY_WITHOUT_FLAG },
      { path: ['paths', '/b', 'post'], ...KEY_WITHOUT_FLAG },
      { path: ['paths', '/c', 'post'], ...KEY_WITHOUT_FLAG },
      {
        path: ['paths', '/d', 'post'],
        messageId: 'keyWithoutFlag',
        data: { key: 'idempotency-key', where: { messageId: 'inHeader', data: {} }, flag: 'x-ax-idempotent', retryable: '' },
      },
    ],
  },
  {
    name: 'an Idempotency-Key that is not a header, or on a get, gives no hint',
    document: oas3({
      '/a': { post: { parameters: [{ name: 'Idempotency-Key', in: 'query' }], responses: ok } },
      '/b': { get: { parameters: [key()], responses: ok } },
    }),
    errors: [],
  },
  {
    name: 'option idempotencyKeyHeader replaces the header names',
    document: oas3({ '/a': { post: { parameters: [key('X-Request-Id')], responses: ok } }, '/b': { post: { parameters: [key()], responses: ok } } }),
    functionOptions: { idempotencyKeyHeader: ['X-Request-Id'] },
    errors: [
      {
        path: ['paths', '/a', 'post'],
        messageId: 'keyWithoutFlag',
        data: { key: 'X-Request-Id', where: { messageId: 'inHeader', data: {} }, flag: 'x-ax-idempotent', retryable: '' },
      },
    ],
  },
  {
    name: 'Swagger 2.0: header parameters at both levels',
    document: swagger2(
      { '/a': { post: { parameters: [{ $ref: '#/parameters/Key' }], responses: ok }, delete: { responses: ok } } },
      { parameters: { Key: { name: 'Idempotency-Key', in: 'header', type: 'string' } } },
    ),
    errors: [
      { path: ['paths', '/a', 'post'], ...KEY_WITHOUT_FLAG },
      { path: ['paths', '/a', 'delete'], ...NO_FLAG },
    ],
  },
  {
    name: 'OpenAPI 3.1',
    document: oas3({ '/a': { delete: { responses: ok } } }, {}, '3.1.0'),
    errors: [{ path: ['paths', '/a', 'delete'], ...NO_FLAG }],
  },
  {
    name: 'x-ax-exempt silences the rule for that operation or path item',
    document: oas3({
      '/a': { put: { 'x-ax-exempt': { 'ax-recoverable-idempotent': 'Upload session, idempotency is per chunk' }, responses: ok } },
      '/b': { 'x-ax-exempt': { 'ax-recoverable-idempotent': 'Frozen legacy endpoint, removed in v3' }, delete: { responses: ok } },
    }),
    errors: [],
  },
  {
    name: 'garbage: dangling parameter $refs, parameters as a string, null entries, responses null',
    document: oas3({
      '/a': { parameters: 'oops', post: { parameters: [null, ref('Missing', 'parameters'), { in: 'header' }], responses: null } },
    }),
    errors: [],
  },
]);

testRule('ax-recoverable-idempotent', [
  {
    name: 'a post whose body requires an `idempotency_key` gets the hint, worded for the body; an optional one does not',
    document: oas3({
      '/payments': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', required: ['idempotency_key'], properties: { idempotency_key: { type: 'string' } } } } },
          },
          responses: ok,
        },
      },
      '/refunds': {
        post: {
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { idempotency_key: { type: 'string' } } } } } },
          responses: ok,
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/payments', 'post'],
        messageId: 'keyWithoutFlag',
        data: { key: 'idempotency_key', where: { messageId: 'inBody', data: {} }, flag: 'x-ax-idempotent', retryable: '' },
      },
    ],
  },
]);
