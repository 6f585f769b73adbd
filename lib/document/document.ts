/**
 * OpenAPI structure shared by every rule: $ref resolution, operations, responses, bodies and examples,
 * for Swagger 2.0 and OpenAPI 3.0 / 3.1 / 3.2, read from the document exactly as the user wrote it.
 */

export type JsonPath = (string | number)[];

/** A value and where it sits in the user's document; `location` is undefined outside it (an external file). */
export interface Located<T = unknown> {
  value: T;
  location: JsonPath | undefined;
}

export type JsonObject = Record<string, unknown>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;
const MUTATION_METHODS = new Set(['post', 'put', 'patch', 'delete']);

export interface Operation {
  method: string;
  path: string;
  node: JsonObject;
  pathItem: JsonObject;
  location: JsonPath;
  pathItemLocation: JsonPath;
}

export interface Response {
  status: string;
  /** The response object after `$ref` resolution. */
  node: JsonObject;
  location: JsonPath | undefined;
  /** The operation's own `responses.<status>` entry: where diagnostics about this response land. */
  at: JsonPath;
  /** A `default` that is the operation's one answer (no 2xx or 3xx beside it), not described or named as an error. */
  onlyAnswer?: boolean;
}

export interface Body {
  mediaType: string;
  /** The schema as written (possibly a `$ref`), with its location; undefined when the body declares none. */
  schema: Located | undefined;
  examples: Located[];
  /** The media type object (3.x only; a 2.0 body has no object of its own): where findings about the media type land. */
  location?: JsonPath;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isMutation(operation: Operation): boolean {
  return MUTATION_METHODS.has(operation.method);
}

/**
 * A pure function of a string, remembered: every rule asks the same few statuses, media types and member names
 * of thousands of responses. The cache is emptied when full and keeps no long text (a member name a live body
 * sends the runtime guard may be megabytes), so a long-lived process (a server, the editor's) stays bounded. Full
 * means 10,000 texts: GitHub's description alone declares about 1,900 member names, which a smaller cache emptied
 * again and again within one lint.
 */
export function cachedByText<T>(compute: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return text => {
    if (text.length > MAX_CACHED_TEXT) return compute(text);
    let answer = known.get(text);
    if (answer === undefined) {
      if (known.size >= MAX_CACHED_TEXTS) known.clear();
      known.set(text, (answer = compute(text)));
    }
    return answer;
  };
}

const MAX_CACHED_TEXT = 200;
const MAX_CACHED_TEXTS = 10_000;

export const isSuccessStatus = cachedByText((status): boolean => /^2(\d\d|XX)$/i.test(status));
export const isClientErrorStatus = cachedByText((status): boolean => /^4(\d\d|XX)$/i.test(status) || status === 'default');
export const isServerErrorStatus = cachedByText((status): boolean => /^5(\d\d|XX)$/i.test(status) || status === 'default');
export const isErrorStatus = cachedByText((status): boolean => isClientErrorStatus(status) || isServerErrorStatus(status));
/** A `default` described as a success ("Successful operation", "OK"), as some generators write the only answer. */
const SUCCESS_TEXT = /^\s*(ok\b|success(ful(ly)?)?\b)|\bsuccessful (operation|response|request)\b/i;
const FAILURE_TEXT = /\b(error|fail(ed|ure)?|unsuccessful|unexpected|problem|invalid)\b/i;

/**
 * An error response: 4xx, 5xx, their ranges, and `default` unless its description calls it a success (a
 * `default` "Successful" is the answer, not the errors). What every error rule reads; the report's columns go by status.
 */
export function isErrorResponse(response: Response): boolean {
  if (!isErrorStatus(response.status) || response.onlyAnswer === true) return false;
  const { description } = response.node;
  return response.status !== 'default' || typeof description !== 'string' || !SUCCESS_TEXT.test(description) || FAILURE_TEXT.test(description);
}
/**
 * A response described as a failure, or whose body's `$ref` is named for an error (`#/definitions/Error`,
 * `ProblemDetails`): a lone `default` that is neither is the operation's answer (InfluxDB's `GET /`, "All routes").
 */
function saysError(node: JsonObject): boolean {
  if (typeof node.description === 'string' && FAILURE_TEXT.test(node.description)) return true;
  const schemas = [node.schema, ...(isObject(node.content) ? Object.values(node.content).map(body => (isObject(body) ? body.schema : undefined)) : [])];
  return schemas.some(schema => isObject(schema) && typeof schema.$ref === 'string' && ERROR_NAME.test(schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1)));
}
const ERROR_NAME = /error|problem|fault|exception|failure/i;

/** A response to HEAD has no body (RFC 9110 §9.3.2), errors included: its error is told by its status and headers alone. */
export const answersWithBody = (operation: Operation): boolean => operation.method !== 'head';
/** A success that carries the agent-UX envelope: any 2xx but 204 and 205, which have no body to carry it. */
export const isEnvelopeStatus = (status: string): boolean => isSuccessStatus(status) && status !== '204' && status !== '205';

/** `application/json`, `application/problem+json`, any `*\/*+json`, and `*\/*`, parameters ignored. */
/** `application/json; charset=utf-8` → `application/json`: the media type without its parameters, lower case. */
export const baseMediaType = cachedByText((mediaType): string => mediaType.split(';')[0].trim().toLowerCase());

export function isJsonMediaType(mediaType: string): boolean {
  const type = baseMediaType(mediaType);
  return type === 'application/json' || type === '*/*' || type.endsWith('+json');
}

/**
 * Whether a body sent as `sent` is one a body declared as `declared` allows: the same type, a range
 * (`*\/*`, `text/*`) holding it, or both JSON (`application/problem+json` for `application/json`).
 */
export function allowsMediaType(declared: string, sent: string): boolean {
  const [range, type] = [baseMediaType(declared), baseMediaType(sent)];
  if (range === type || range === '*/*' || (range.endsWith('/*') && type.startsWith(range.slice(0, -1)))) return true;
  return isJsonMediaType(range) && isJsonMediaType(type);
}

export function startsWith(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => String(path[i]) === String(segment));
}

/** One JSON Pointer segment as written (RFC 6901: `~1` is `/`, `~0` is `~`), and back. */
// Most segments hold neither `~` nor `/` (a `%` to decode): those are returned as they are, without a regular expression's pass.
export const unescapeSegment = (segment: string): string => (segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment);
export function escapeSegment(segment: string | number): string {
  const text = String(segment);
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

/** A location as a `$ref` names it: `#/components/schemas/Error` (RFC 6901 escapes, no percent-encoding). */
export function toPointer(path: JsonPath): string {
  return `#${path.map(segment => `/${escapeSegment(segment)}`).join('')}`;
}

export function pointerToPath(pointer: string): JsonPath | undefined {
  if (pointer === '#') return [];
  if (!pointer.startsWith('#/')) return undefined;
  try {
    return pointer
      .slice(2)
      .split('/')
      .map(segment => unescapeSegment(segment.includes('%') ? decodeURIComponent(segment) : segment));
  } catch {
    return undefined;
  }
}

export function valueAt(root: unknown, path: JsonPath): unknown {
  return locate(root, path)?.value;
}

/**
 * The value at `path` and its location, in one walk: the location with each segment under an array as the index
 * number it is, so that a location a `$ref` names (`allOf/0`) reads like one walked to, and an Overlay target built
 * from it says `[0]`, which strict JSONPath implementations need (a quoted `['0']` selects an object member, never
 * an array item). Each node is asked once whether it is a list: on a Spectral Proxy that question is a runtime call.
 */
function locate(root: unknown, path: JsonPath): { value: unknown; location: JsonPath } | undefined {
  let node = root;
  const location: JsonPath = [];
  for (const segment of path) {
    if (Array.isArray(node)) {
      const index = Number(segment);
      if (!Number.isInteger(index)) return undefined;
      node = node[index];
      location.push(index);
    } else if (typeof node === 'object' && node !== null && Object.prototype.hasOwnProperty.call(node, segment)) {
      node = (node as JsonObject)[segment];
      location.push(segment);
    } else return undefined;
  }
  return { value: node, location };
}

/**
 * How to list an object's keys fast. Spectral's parser hands rules Proxies (@stoplight/ordered-object-literal)
 * that keep each object's key order in an array under a symbol: `Object.keys` gets that array from the proxy,
 * then asks the proxy again for each key whether it is enumerable; reading the array skips those trips (a
 * walk of GitHub's description: about 200 → 70 ms). The array holds the symbol too, which walks skip. An
 * object without it (not parsed by Spectral) is read with `Object.keys`.
 */
export type KeyReader = (value: JsonObject) => readonly (string | symbol)[];

export function keyReader(root: unknown): KeyReader {
  const order = isObject(root)
    ? Object.getOwnPropertySymbols(root).find(symbol => ORDER.test(symbol.description ?? '') && Array.isArray(root[symbol as never]))
    : undefined;
  if (order === undefined) return Object.keys;
  return value => {
    const keys: unknown = value[order as never];
    return Array.isArray(keys) ? keys : Object.keys(value);
  };
}

const ORDER = /^__object_order_\d+__$/;

const cache = new WeakMap<object, OpenApiDocument>();
/** A `$ref` (JSON or YAML, quoted or not) whose target is not a local `#/` pointer. */
const EXTERNAL_REF = /\$ref['"]?\s*:\s*['"]?(?!#)[^\s'"]/;

export class OpenApiDocument {
  readonly isSwagger2: boolean;
  private operationList: Operation[] | undefined;
  private readonly localTargets = new Map<string, Located | undefined>();
  private readonly responseLists = new WeakMap<Operation, Response[]>();
  /** Keyed by the memoized Response objects, each of which belongs to one operation. */
  private readonly bodyLists = new WeakMap<Response, Body[]>();

  private constructor(
    readonly root: JsonObject,
    private readonly resolvedRoot: unknown,
    private readonly text: string | undefined,
  ) {
    this.isSwagger2 = root.swagger !== undefined;
    this.isTree = text !== undefined;
    this.keysOf = keyReader(root);
  }

  /** An object's keys (strings and, from Spectral's objects, their order's symbol), read fast from a Spectral parse. */
  readonly keysOf: KeyReader;

  /** `Object.entries` of one of the document's objects, in its order, without a trip through its Proxy per key. */
  entries(value: JsonObject): [string, unknown][] {
    const found: [string, unknown][] = [];
    for (const key of this.keysOf(value)) if (typeof key === 'string') found.push([key, value[key]]);
    return found;
  }

  /**
   * True when no node is reached twice from the root, so a walk of the whole description needs no guard
   * against cycles: a document given with its text is Spectral's parse of it, and Spectral's parsers copy
   * what a YAML alias names. A description handed over as an object (the runtime guard's) may share nodes.
   */
  readonly isTree: boolean;

  /** One instance per parsed document, so that every rule shares the same memoized analysis; `text` is what Spectral parsed `root` from. */
  static of(root: unknown, resolvedRoot: unknown, text?: string): OpenApiDocument {
    const key = isObject(root) ? root : {};
    let doc = cache.get(key);
    if (doc === undefined) {
      doc = new OpenApiDocument(key, resolvedRoot, text);
      cache.set(key, doc);
    }
    return doc;
  }

  /**
   * False only when the description surely lacks every one of `words`: lets a rule skip a whole-document
   * walk for nothing. One scan of the text (megabytes) for all the words, once per list of words. A `$ref`
   * to another file brings in text this one does not show, so then it is always true.
   */
  mayMention(words: readonly string[]): boolean {
    if (words.length === 0) return false;
    this.refersElsewhere ??= this.text === undefined || EXTERNAL_REF.test(this.text);
    if (this.refersElsewhere) return true;
    const anyWord = () => new RegExp(words.map(word => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')).test(this.text!);
    return this.memo(`document:mentions ${JSON.stringify(words)}`, anyWord);
  }

  private refersElsewhere: boolean | undefined;

  /** True when the description's text (else its data, written out once) matches `pattern`: evidence a convention leaves in prose or values (a SCIM URN). */
  mentions(pattern: RegExp): boolean {
    const text = () => this.text ?? this.memo('document:json', () => JSON.stringify(this.root));
    return this.memo(`document:matches ${pattern.source}`, () => pattern.test(text()));
  }

  /** Follows a chain of `$ref`s; undefined when it dangles, loops on itself, or leaves what can be read. */
  resolve(node: unknown, location: JsonPath | undefined): Located | undefined {
    let current: Located = { value: node, location };
    // Each node is read once for its `$ref` (every read of a Spectral object goes through its Proxy, and so does `isObject`).
    let ref = refOf(node);
    if (ref === undefined) return current;
    const seen = new Set<string>();
    while (ref !== undefined) {
      // A local ref needs no location; one into another file is read where the $ref stands, so it does.
      if (seen.has(ref) || (current.location === undefined && pointerToPath(ref) === undefined)) return undefined;
      seen.add(ref);
      const next = this.follow(ref, current.location ?? []);
      if (next === undefined) return undefined;
      current = next;
      ref = refOf(current.value);
    }
    return current;
  }

  private follow(ref: string, location: JsonPath): Located | undefined {
    // Every rule follows the same few hundred local refs thousands of times: parse and walk each once.
    const known = this.localTargets.get(ref);
    if (known !== undefined || this.localTargets.has(ref)) return known;
    const path = pointerToPath(ref);
    if (path !== undefined) {
      const found = locate(this.root, path);
      const target = found?.value === undefined ? undefined : found;
      this.localTargets.set(ref, target);
      return target;
    }
    // Another file: Spectral's resolved document holds its content at the position of the $ref itself.
    const value = valueAt(this.resolvedRoot, location);
    return value === undefined || (isObject(value) && '$ref' in value) ? undefined : { value, location: undefined };
  }

  private readonly memos = new Map<string, unknown>();

  /**
   * What a module computes once per document, under a key of its own (`paths:matcher`): the one cache
   * for per-document answers, so that none outlives its document or is built twice.
   */
  memo<T>(key: string, compute: () => T): T {
    let answer = this.memos.get(key) as T | undefined;
    if (answer === undefined && !this.memos.has(key)) this.memos.set(key, (answer = compute()));
    return answer as T;
  }

  /** The same for an answer about one object of the document (an operation, a response), under a key of its own. */
  memoFor<T>(key: string, holder: object, compute: () => T): T {
    let known = this.memos.get(key) as WeakMap<object, T> | undefined;
    if (known === undefined) this.memos.set(key, (known = new WeakMap()));
    let answer = known.get(holder);
    if (answer === undefined && !known.has(holder)) known.set(holder, (answer = compute()));
    return answer as T;
  }

  /**
   * An answer about a list of operations, kept for the last list asked under the key and holder: each rule
   * asks about its own list (the operations less its exemptions), and the lists mostly hold the same operations,
   * or are one list. Callers must not modify the list or the answer.
   */
  memoForOperations<T>(key: string, holder: object, operations: readonly Operation[], compute: () => T): T {
    const last = this.memoFor<{ operations?: readonly Operation[]; answer?: T }>(key, holder, () => ({}));
    const same =
      last.operations === operations || (last.operations?.length === operations.length && last.operations.every((operation, i) => operation === operations[i]));
    if (!same) {
      // Computed before the list is kept: a computation that throws leaves no answer behind for the next rule.
      const answer = compute();
      last.operations = operations;
      last.answer = answer;
    }
    return last.answer as T;
  }

  /** Every operation under `paths`, in document order. */
  operations(): Operation[] {
    this.operationList ??= this.collectOperations();
    return this.operationList;
  }

  private collectOperations(): Operation[] {
    const operations: Operation[] = [];
    if (!isObject(this.root.paths)) return operations;
    for (const [path, rawItem] of this.entries(this.root.paths)) {
      const pathItem = this.resolve(rawItem, ['paths', path]);
      if (pathItem === undefined || !isObject(pathItem.value)) continue;
      const pathItemLocation = pathItem.location ?? ['paths', path];
      for (const method of HTTP_METHODS) {
        const node = pathItem.value[method];
        if (!isObject(node)) continue;
        operations.push({ method, path, node, pathItem: pathItem.value, location: [...pathItemLocation, method], pathItemLocation });
      }
    }
    return operations;
  }

  /** The status codes declared, whatever their entries hold (a dangling `$ref` still declares its status); undefined without a `responses` map. */
  statuses(operation: Operation): string[] | undefined {
    return isObject(operation.node.responses) ? this.keysOf(operation.node.responses).filter(isString) : undefined;
  }

  /** Memoized per operation (every rule asks for every operation's responses); callers must not modify the list. */
  responses(operation: Operation): Response[] {
    let result = this.responseLists.get(operation);
    if (result === undefined) this.responseLists.set(operation, (result = this.collectResponses(operation)));
    return result;
  }

  private collectResponses(operation: Operation): Response[] {
    const { responses } = operation.node;
    if (!isObject(responses)) return [];
    const result: Response[] = [];
    for (const [status, raw] of this.entries(responses)) {
      const at = [...operation.location, 'responses', status];
      const resolved = this.resolve(raw, at);
      if (resolved !== undefined && isObject(resolved.value)) {
        result.push({ status, node: resolved.value, location: resolved.location, at });
      }
    }
    const fallback = result.find(response => response.status === 'default');
    if (fallback !== undefined && !result.some(response => /^[23]/.test(response.status)) && !saysError(fallback.node)) fallback.onlyAnswer = true;
    return result;
  }

  /** The bodies a response offers, one per media type (Swagger 2.0: one per `produces` entry). */
  bodies(operation: Operation, response: Response): Body[] {
    let result = this.bodyLists.get(response);
    if (result === undefined) {
      result = this.isSwagger2 ? this.swagger2Bodies(operation, response) : this.oas3Bodies(response);
      this.bodyLists.set(response, result);
    }
    return result;
  }

  /** The bodies of JSON media types (`isJsonMediaType`); callers must not modify the list. */
  jsonBodies(operation: Operation, response: Response): readonly Body[] {
    return this.memoFor('document:json-bodies', response, () => this.bodies(operation, response).filter(body => isJsonMediaType(body.mediaType)));
  }

  /** The operation's parameters and its path item's, `$ref`s followed (rules that ask about request headers need both levels). Callers must not modify the list. */
  parameters(operation: Operation): Located<JsonObject>[] {
    return this.memoFor('document:parameters', operation, () => this.collectParameters(operation));
  }

  private collectParameters(operation: Operation): Located<JsonObject>[] {
    const found: Located<JsonObject>[] = [];
    for (const [owner, location] of [
      [operation.node, operation.location],
      [operation.pathItem, operation.pathItemLocation],
    ] as const) {
      if (!Array.isArray(owner.parameters)) continue;
      owner.parameters.forEach((raw, i) => {
        const parameter = this.resolve(raw, [...location, 'parameters', i]);
        if (parameter !== undefined && isObject(parameter.value)) found.push({ value: parameter.value, location: parameter.location });
      });
    }
    return found;
  }

  /** The security schemes of the document by name (OpenAPI 3 `components.securitySchemes`, Swagger 2.0 `securityDefinitions`), `$ref`s followed. */
  securitySchemes(): Map<string, JsonObject> {
    return this.memo('document:security-schemes', () => this.collectSecuritySchemes());
  }

  private collectSecuritySchemes(): Map<string, JsonObject> {
    const declared = this.isSwagger2 ? this.root.securityDefinitions : isObject(this.root.components) ? this.root.components.securitySchemes : undefined;
    const schemes = new Map<string, JsonObject>();
    for (const [name, raw] of isObject(declared) ? Object.entries(declared) : []) {
      const scheme = this.resolve(raw, this.isSwagger2 ? ['securityDefinitions', name] : ['components', 'securitySchemes', name])?.value;
      if (isObject(scheme)) schemes.set(name, scheme);
    }
    return schemes;
  }

  /** The schemes an operation may be called with: its own `security`, else the document's; none for `security: []`. */
  operationSchemes(operation: Operation): JsonObject[] {
    const requirements = Array.isArray(operation.node.security) ? operation.node.security : Array.isArray(this.root.security) ? this.root.security : [];
    const schemes = this.securitySchemes();
    const names = new Set(requirements.flatMap(requirement => (isObject(requirement) ? Object.keys(requirement) : [])));
    return [...names].flatMap(name => {
      const scheme = schemes.get(name);
      return scheme === undefined ? [] : [scheme];
    });
  }

  /** The name of the first header parameter (operation or path item) called one of `names`, compared case-insensitively. */
  headerParameter(operation: Operation, names: readonly string[]): string | undefined {
    const wanted = headerNameIn(names);
    const parameter = this.parameters(operation).find(({ value }) => value.in === 'header' && typeof value.name === 'string' && wanted(value.name));
    return parameter?.value.name as string | undefined;
  }

  /** A response's headers (same shape in 2.0 and 3.x), `$ref`s to components/headers followed; undefined without a `headers` map. Added for Retry-After. */
  headers(response: Response): ResponseHeader[] | undefined {
    return this.memoFor('document:headers', response, () => this.collectHeaders(response));
  }

  private collectHeaders(response: Response): ResponseHeader[] | undefined {
    const { headers } = response.node;
    if (!isObject(headers)) return undefined;
    const headersLocation = child(response.location, 'headers');
    return this.entries(headers).map(([name, raw]) => ({ name, header: this.resolve(raw, child(headersLocation, name)) }));
  }

  /**
   * The request bodies an operation takes, one per media type, with their examples, and whether one is
   * required: OpenAPI 3 `requestBody` (through `$ref`), Swagger 2.0's `in: body` parameter under `consumes`.
   */
  requestBodies(operation: Operation): { bodies: Body[]; required: boolean } {
    if (this.isSwagger2) {
      const parameter = this.parameters(operation).find(({ value }) => value.in === 'body');
      if (parameter === undefined) return { bodies: [], required: false };
      const consumes = operation.node.consumes ?? this.root.consumes;
      const mediaTypes = Array.isArray(consumes) && consumes.length > 0 ? consumes.filter(isString) : ['application/json'];
      const schema = parameter.value.schema === undefined ? undefined : { value: parameter.value.schema, location: child(parameter.location, 'schema') };
      const own = parameter.value['x-example'] === undefined ? [] : [{ value: parameter.value['x-example'], location: child(parameter.location, 'x-example') }];
      return {
        bodies: mediaTypes.map(mediaType => ({ mediaType, schema, examples: [...own, ...this.schemaExamples(schema)] })),
        required: parameter.value.required === true,
      };
    }
    const requestBody = operation.node.requestBody === undefined ? undefined : this.resolve(operation.node.requestBody, [...operation.location, 'requestBody']);
    if (requestBody === undefined || !isObject(requestBody.value)) return { bodies: [], required: false };
    return { bodies: this.contentBodies(requestBody.value.content, requestBody.location), required: requestBody.value.required === true };
  }

  private oas3Bodies(response: Response): Body[] {
    return this.contentBodies(response.node.content, response.location);
  }

  /** The bodies of a `content` map (of a response or a request body), one per media type. */
  private contentBodies(content: unknown, owner: JsonPath | undefined): Body[] {
    if (!isObject(content)) return [];
    const contentLocation = child(owner, 'content');
    return this.entries(content).map(([mediaType, mediaObject]) => {
      const location = child(contentLocation, mediaType);
      if (!isObject(mediaObject)) return { mediaType, schema: undefined, examples: [], location };
      const schema = mediaObject.schema === undefined ? undefined : { value: mediaObject.schema, location: child(location, 'schema') };
      return { mediaType, schema, examples: [...this.mediaExamples(mediaObject, location), ...this.schemaExamples(schema)], location };
    });
  }

  private swagger2Bodies(operation: Operation, response: Response): Body[] {
    const produces = operation.node.produces ?? this.root.produces;
    const mediaTypes = Array.isArray(produces) && produces.length > 0 ? produces.filter(isString) : ['application/json'];
    const { schema: rawSchema, examples } = response.node;
    const schema = rawSchema === undefined ? undefined : { value: rawSchema, location: child(response.location, 'schema') };
    const schemaExamples = this.schemaExamples(schema);
    return mediaTypes.map(mediaType => {
      const example = isObject(examples) ? examples[mediaType] : undefined;
      const own = example === undefined ? [] : [{ value: example, location: child(child(response.location, 'examples'), mediaType) }];
      return { mediaType, schema, examples: [...own, ...schemaExamples] };
    });
  }

  /** A media type's `example` and each `examples.<name>.value`, following `$ref`s to `components/examples`. */
  private mediaExamples(mediaObject: JsonObject, location: JsonPath | undefined): Located[] {
    const found: Located[] = [];
    if (mediaObject.example !== undefined) found.push({ value: mediaObject.example, location: child(location, 'example') });
    if (!isObject(mediaObject.examples)) return found;
    for (const [name, raw] of this.entries(mediaObject.examples)) {
      const example = this.resolve(raw, child(child(location, 'examples'), name));
      if (example !== undefined && isObject(example.value) && example.value.value !== undefined) {
        found.push({ value: example.value.value, location: child(example.location, 'value') });
      }
    }
    return found;
  }

  /** The top-level schema's `example` and `examples` (JSON Schema's array form). */
  private schemaExamples(schema: Located | undefined): Located[] {
    const target = schema === undefined ? undefined : this.resolve(schema.value, schema.location);
    if (target === undefined || !isObject(target.value)) return [];
    const found: Located[] = [];
    if (target.value.example !== undefined) found.push({ value: target.value.example, location: child(target.location, 'example') });
    if (Array.isArray(target.value.examples)) {
      target.value.examples.forEach((value, i) => found.push({ value, location: child(child(target.location, 'examples'), i) }));
    }
    return found;
  }
}

export interface ResponseHeader {
  name: string;
  /** The header object after `$ref` resolution; undefined when the `$ref` dangles. */
  header: Located | undefined;
}

/** A test for "is this one of `names`?" in the way HTTP compares header names: without case. */
function headerNameIn(names: readonly string[]): (name: string) => boolean {
  const wanted = new Set(names.map(name => name.toLowerCase()));
  return name => wanted.has(name.toLowerCase());
}

/** The header declared under one of `names`. */
export function headerNamed(headers: readonly ResponseHeader[] | undefined, names: readonly string[]): ResponseHeader | undefined {
  const wanted = headerNameIn(names);
  return headers?.find(entry => wanted(entry.name));
}

export interface ErrorBody {
  operation: Operation;
  response: Response;
  body: Body;
}

/** Every body (any media type) of every error response of the given operations: what the error-content rules inspect. */
export function errorBodies(doc: OpenApiDocument, operations: readonly Operation[]): readonly ErrorBody[] {
  // Several rules ask for every operation's: listed once per operation, and once per list of operations.
  return doc.memoForOperations('document:error-bodies', doc, operations, () =>
    operations.flatMap(operation => doc.memoFor('document:operation-error-bodies', operation, () => operationErrorBodies(doc, operation))),
  );
}

const operationErrorBodies = (doc: OpenApiDocument, operation: Operation): ErrorBody[] =>
  (answersWithBody(operation) ? doc.responses(operation) : [])
    .filter(isErrorResponse)
    .flatMap(response => doc.bodies(operation, response).map(body => ({ operation, response, body })));

/** The `$ref` of an object that has one. */
function refOf(node: unknown): string | undefined {
  if (!isObject(node)) return undefined;
  const ref = node.$ref;
  return typeof ref === 'string' ? ref : undefined;
}

export function child(location: JsonPath | undefined, segment: string | number): JsonPath | undefined {
  return location === undefined ? undefined : [...location, segment];
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
