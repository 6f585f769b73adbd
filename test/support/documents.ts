/** Small builders for test documents, so that each case shows only what it is about. */

const info = { title: 'Payments', version: '1.0.0' };

export function oas3(paths: object, components: object = {}, openapi = '3.0.3'): object {
  return { openapi, info, paths, components };
}

export function swagger2(paths: object, rest: object = {}): object {
  return { swagger: '2.0', info, paths, ...rest };
}

/** A response whose body is `schema` under one media type. */
export function body(schema: unknown, mediaType = 'application/json', description = 'Response'): object {
  return { description, content: { [mediaType]: { schema } } };
}

export const ref = (name: string, section = 'schemas'): object => ({ $ref: `#/components/${section}/${name}` });

/** The path of a response (and anything below it) of an operation. */
export function at(path: string, method: string, status: string, ...rest: string[]): string[] {
  return ['paths', path, method, 'responses', status, ...rest];
}

export const JSON_SCHEMA = ['content', 'application/json', 'schema'];
/** Where a response's JSON example sits, below the response (beside JSON_SCHEMA). */
export const EXAMPLE = ['content', 'application/json', 'example'];

/** A response whose JSON body has `schema` and one inline `example`. */
export function withExample(example: unknown, schema: unknown = { type: 'object' }, description = 'Error'): object {
  return { description, content: { 'application/json': { schema, example } } };
}

export const NEXT_STEPS = {
  type: 'array',
  items: {
    type: 'object',
    required: ['action', 'method', 'href', 'description'],
    properties: {
      action: { type: 'string' },
      method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      href: { type: 'string' },
      description: { type: 'string' },
    },
  },
};

export const PAYMENT = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, amount: { type: 'integer' } } };

export const PROBLEM = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' }, suggestion: { type: 'string' } },
};

/** PROBLEM with more properties beside its own. */
export const problemWith = (properties: object) => ({ ...PROBLEM, properties: { ...PROBLEM.properties, ...properties } });

/** The `200 OK` beside which a test puts the responses it is about. */
export const OK = { '200': { description: 'OK' } };

/** A GET answering 200 and the given (error) responses. */
export const getWith = (errors: object) => ({ get: { responses: { ...OK, ...errors } } });

/** A POST with only the given responses. */
export const postWith = (responses: object) => ({ post: { responses } });

/** An error body holding a list of error objects with `properties` (`{ errors: [{ … }] }`). */
export const errorList = (properties: object, name = 'errors'): object => ({
  type: 'object',
  properties: { [name]: { type: 'array', items: { type: 'object', properties } } },
});
