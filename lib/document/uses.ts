/**
 * What each schema is used for: the request bodies, success responses and error responses whose body
 * is that schema (through `$ref`s and `allOf`/`oneOf`/`anyOf` branches), so that no fix (the engine's
 * edits, the report's advice) adds a response-only member to a schema that also describes something else.
 */
import {
  answersWithBody,
  child,
  isErrorResponse,
  isObject,
  pointerToPath,
  toPointer,
  type JsonObject,
  type JsonPath,
  type Located,
  type OpenApiDocument,
  type Operation,
} from './document';

export type Role = 'request body' | 'success response' | 'error response';

export interface Use {
  role: Role;
  operation: Operation;
}

const COMPOSITIONS = ['allOf', 'oneOf', 'anyOf'];

/**
 * The schemas that are this body's schema: the resolved one and, recursively, its composition branches. Listed once
 * per schema object (GitHub's 2,914 response bodies name 788 schemas, inline ones included), for the uses and for the
 * responses reaching each place; in a tree each object has one location, elsewhere (a description given as an object,
 * which may share nodes) it is listed for each body. Callers must not modify the set.
 */
function sameObjectSchemas(doc: OpenApiDocument, schema: Located): ReadonlySet<string> {
  const resolved = doc.resolve(schema.value, schema.location);
  if (resolved?.location === undefined || !isObject(resolved.value)) return NO_SCHEMAS;
  const { value, location } = resolved;
  const list = () => compositionOf(doc, value, location, new Set());
  return doc.isTree ? doc.memoFor('uses:same-schemas', value, list) : list();
}

const NO_SCHEMAS: ReadonlySet<string> = new Set();

function compositionOf(doc: OpenApiDocument, schema: JsonObject, location: JsonPath, found: Set<string>): Set<string> {
  const pointer = toPointer(location);
  if (found.has(pointer)) return found;
  found.add(pointer);
  for (const keyword of COMPOSITIONS) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    branches.forEach((branch, i) => {
      const next = doc.resolve(branch, [...location, keyword, i]);
      if (next?.location !== undefined && isObject(next.value)) compositionOf(doc, next.value, next.location, found);
    });
  }
  return found;
}

function requestSchemas(doc: OpenApiDocument, operation: Operation): Located[] {
  if (doc.isSwagger2) {
    return doc
      .parameters(operation)
      .flatMap(parameter => (parameter.value.in === 'body' ? [{ value: parameter.value.schema, location: child(parameter.location, 'schema') }] : []));
  }
  const body = doc.resolve(operation.node.requestBody, [...operation.location, 'requestBody']);
  if (body === undefined || !isObject(body.value) || !isObject(body.value.content)) return [];
  return Object.entries(body.value.content).flatMap(([mediaType, media]) =>
    isObject(media) && media.schema !== undefined
      ? [{ value: media.schema, location: child(child(child(body.location, 'content'), mediaType), 'schema') }]
      : [],
  );
}

/** Every use of every schema of the document, keyed by the schema's pointer (computed once per document). */
export function schemaUses(doc: OpenApiDocument): Map<string, Use[]> {
  return doc.memo('uses:schemas', () => collectUses(doc));
}

/** True when the schema object at `target` is (a branch of) a request body: a response-only member does not belong there. */
export const describesRequest = (doc: OpenApiDocument, target: JsonPath): boolean =>
  (schemaUses(doc).get(toPointer(target)) ?? []).some(use => use.role === 'request body');

function collectUses(doc: OpenApiDocument): Map<string, Use[]> {
  const uses = new Map<string, Use[]>();
  const record = (schema: Located, use: Use) => {
    for (const pointer of sameObjectSchemas(doc, schema)) {
      const known = uses.get(pointer);
      if (known === undefined) uses.set(pointer, [use]);
      else known.push(use);
    }
  };
  for (const operation of doc.operations()) {
    for (const schema of requestSchemas(doc, operation)) record(schema, { role: 'request body', operation });
    for (const response of doc.responses(operation)) {
      const role: Role = isErrorResponse(response) ? 'error response' : 'success response';
      for (const body of doc.jsonBodies(operation, response)) if (body.schema !== undefined) record(body.schema, { role, operation });
    }
  }
  return uses;
}

/** "the request body of POST /pets": the uses of `target` for another role than `role`, once each. */
export function otherUses(uses: Map<string, Use[]>, target: JsonPath, role: Role): string[] {
  const other = (uses.get(toPointer(target)) ?? []).filter(use => use.role !== role);
  return [...new Set(other.map(use => `the ${use.role} of ${use.operation.method.toUpperCase()} ${use.operation.path}`))];
}

/**
 * Every response (by its `responses.<status>` entry) that reaches each place, once per document: the response
 * object it is, when shared, and the schemas its bodies are (through `$ref`s and composition branches).
 */
function responsesReaching(doc: OpenApiDocument): Map<string, Map<string, Operation>> {
  return doc.memo('uses:responses', () => {
    const reaching = new Map<string, Map<string, Operation>>();
    const add = (pointer: string, response: string, operation: Operation) =>
      (reaching.get(pointer) ?? reaching.set(pointer, new Map()).get(pointer)!).set(response, operation);
    for (const operation of doc.operations()) {
      for (const response of doc.responses(operation)) {
        const key = toPointer(response.at);
        if (response.location !== undefined) add(toPointer(response.location), key, operation);
        for (const body of answersWithBody(operation) ? doc.bodies(operation, response) : []) {
          if (body.schema !== undefined) for (const pointer of sameObjectSchemas(doc, body.schema)) add(pointer, key, operation);
        }
      }
    }
    return reaching;
  });
}

/**
 * The responses of the document (their operations, by `responses.<status>` pointer) that use the place at `site`: a
 * shared response, a schema, or something inside either (the innermost enclosing place any response reaches).
 */
export function responsesUsing(doc: OpenApiDocument, site: JsonPath): ReadonlyMap<string, Operation> {
  const reaching = responsesReaching(doc);
  for (let depth = site.length; depth > 0; depth--) {
    const found = reaching.get(toPointer(site.slice(0, depth)));
    if (found !== undefined) return found;
  }
  return NO_RESPONSES;
}

const NO_RESPONSES: ReadonlyMap<string, Operation> = new Map();

/**
 * The status of each response that uses the place at `site` (`404`, `2XX`, `default`), read from its pointer; once per
 * place reached (a shared error schema's ~2,000 responses on GitHub were read again for each of them). Callers must not modify the list.
 */
export function statusesUsing(doc: OpenApiDocument, site: JsonPath): readonly string[] {
  const responses = responsesUsing(doc, site);
  return doc.memoFor('uses:statuses', responses, () => [...responses.keys()].map(at => String(pointerToPath(at)?.at(-1))));
}
