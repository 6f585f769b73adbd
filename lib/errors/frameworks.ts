/**
 * The web framework that generated a description, recognised by evidence its generator leaves (a marker it
 * writes, the style of the operationIds it derives, the schemas of its default errors), so that an error-body
 * fix is worded as that framework's own body plus what it lacks: Django REST framework's `{detail}` with a
 * `code`, NestJS's `{statusCode, message, error}` with a `code` and its `message: string[]` kept, Flask-RESTX's
 * `{message}` with a `code`. Evidence is required, never a name alone; when two frameworks show evidence, or none
 * does, the fix stays generic.
 * A protocol that defines its own error body (SCIM) is recognised the same way, per operation, and comes first.
 */
import { baseMediaType, isObject, type JsonObject, type OpenApiDocument, type Operation } from '../document/document';
import { generatedBySpringfox, mostOperationIds } from '../semantics/scope';

export interface Framework {
  name: string;
  /** Its default error body, as a fix names it. */
  body: string;
  /** What that body lacks for an agent, as a fix adds it. */
  lacks: string;
  /** True for the statuses the framework answers with that body by default (others get the generic fix). */
  sends(status: string): boolean;
  /**
   * For the statuses it does not send that body for: what makes the server send the body a fix declares,
   * as a clause ("register `@app.exception_handler(Exception)` to send it (…)").
   */
  handler?: string;
  /** True when a standard defines the body (SCIM), rather than a framework sending it. */
  defines?: boolean;
  /** The media type the body goes under, when not `application/json` (SCIM 2.0's `application/scim+json`). */
  mediaType?: string;
  /**
   * Where the body depends on the media type negotiated (API Platform: Hydra's to JSON-LD, RFC 7807's to JSON), one
   * per media type the operation declares, in its order: a fix declares each under its own.
   */
  bodies?: readonly MediaTypeBody[];
  /** A status it answers with another body (Django REST framework's 400: a map of fields), as a fix names it. */
  otherwise?: StatusBody;
  /** A status whose body adds members to its usual one, and the clause that says so (API Platform's 422 `violations`). */
  adds?: { status: string; clause: string };
}

export interface MediaTypeBody {
  mediaType: string;
  body: string;
  /** Its member that is the message, which a fix requires beside the code (`detail`). */
  message?: string;
}

/** The body a framework sends for one status instead of its usual one, what it lacks, and what must add that. */
export interface StatusBody {
  status: string;
  body: string;
  lacks: string;
  handler: string;
}

/** Any status: the framework answers every error with its JSON body. */
const EVERY_STATUS = () => true;
/** A client error but a validation one: Django REST framework answers 400 with a map of fields to messages, and Django a 5xx with an HTML page. */
const CLIENT_ERROR_BUT_400 = (status: string) => /^4\d\d$/.test(status) && status !== '400';
/** A client error: Starlette (under FastAPI) and ASP.NET Core answer a 5xx with text or an empty body, not this one. */
const CLIENT_ERROR = (status: string) => /^4\d\d$/.test(status);

interface Recognition extends Omit<Framework, 'bodies'> {
  /** True when the description shows this framework's evidence. */
  shows(doc: OpenApiDocument, schemas: JsonObject): boolean;
  /** Its body for each media type it negotiates errors in, where that differs (`bodies`), its default format's first. */
  negotiated?: Readonly<Record<string, Omit<MediaTypeBody, 'mediaType'>>>;
}

/** True when some operation's operationId follows this style. */
const someOperationId = (doc: OpenApiDocument, style: RegExp): boolean =>
  doc.operations().some(operation => typeof operation.node.operationId === 'string' && style.test(operation.node.operationId));

/** The declared member names of a schema written inline (no `$ref` followed: generators write these inline). */
const members = (schema: unknown): string[] => (isObject(schema) && isObject(schema.properties) ? Object.keys(schema.properties) : []);
const hasMembers = (schema: unknown, names: readonly string[]) => names.every(name => members(schema).includes(name));

// `hydra:description` is the message by Hydra's vocabulary, not by its name: a fix says so in its description.
const HYDRA_ERROR = { body: '`hydra:Error`', message: '`hydra:description`' };
const RFC_7807 = { body: 'RFC 7807 `{ type, title, detail, status }`', message: '`detail`' };

const SWASHBUCKLE_TYPES = ['text/plain', 'application/json', 'text/json'];

/** `servers[].description` that springdoc-openapi writes when the app sets none. */
const SPRINGDOC_SERVER = 'Generated server url';

/**
 * API Platform's default operationIds, which it writes in every version and format: `getBookCollection`,
 * `postBookCollection`, `getBookItem`, `putBookItem`, custom ones alike (`cancelCrawlItem`), on most operations,
 * with one resource read both as a collection and as an item. `getLineItem` and `postCartItem` alone are any API's.
 */
function apiPlatformOperationIds(doc: OpenApiDocument): boolean {
  if (!mostOperationIds(doc, /^[a-z][\w-]*[a-z0-9](Collection|Item)$/)) return false;
  const ids = new Set(doc.operations().map(operation => operation.node.operationId));
  return [...ids].some(id => typeof id === 'string' && /^get\w+Collection$/.test(id) && ids.has(`${id.slice(0, -'Collection'.length)}Item`));
}

/**
 * Swashbuckle 5 on ASP.NET Web API 2: its operationIds are `Controller_Action` (`Advisors_GetById`, the controller's name
 * without `Controller`, where NestJS's are `AdvisorsController_getById`), and either its media types are those of Web API's
 * formatters, `application/json` beside `text/json`, never ASP.NET Core's `text/plain`, or it writes `deprecated: false` on
 * every operation (its `deprecated = IsObsolete()`; a converter may keep `application/json` alone, as Highways England's
 * WebTRIS shows). Azure's `Resource_Operation` ids under `application/json` alone, with no `deprecated`, are not it.
 */
function swashbuckleWebApi(doc: OpenApiDocument): boolean {
  if (!mostOperationIds(doc, /^(?![A-Za-z0-9]*Controller_)[A-Z][A-Za-z0-9]*_[A-Z][A-Za-z0-9]*$/)) return false;
  const types = new Set(
    doc.operations().flatMap(operation => doc.responses(operation).flatMap(response => doc.bodies(operation, response).map(body => body.mediaType))),
  );
  const formatters = types.has('application/json') && types.has('text/json') && !types.has('text/plain');
  return formatters || doc.operations().every(operation => operation.node.deprecated === false);
}

/**
 * Flask-RESTX (and Flask-RESTPlus before it) gives each operation that marshals its output a header for a fields mask,
 * `X-Fields` by default (`RESTX_MASK_HEADER`), of format `mask`: `{ in: header, type: string, format: mask }` in Swagger
 * 2.0, the format under `schema` once converted. A header named `X-Fields` of any other format is any API's.
 */
const fieldsMask = (doc: OpenApiDocument): boolean =>
  doc
    .operations()
    .some(operation =>
      doc
        .parameters(operation)
        .some(({ value }) => value.in === 'header' && (value.format ?? (isObject(value.schema) ? value.schema.format : undefined)) === 'mask'),
    );

/**
 * Flask-RESTX registers two error handlers of its own, for a fields mask that cannot be parsed or applied, and writes every
 * registered handler into the description as a response named by its exception, described by its docstring: `ParseError`
 * "When a mask can't be parsed" and `MaskError` "When any error occurs on mask", with or without the `X-Fields` header
 * (CIRCL hashlookup). A `ParseError` response of any other description is any API's.
 */
const FLASK_RESTX_RESPONSES: Readonly<Record<string, string>> = { ParseError: "When a mask can't be parsed", MaskError: 'When any error occurs on mask' };
function maskErrorResponses(doc: OpenApiDocument): boolean {
  const holder = doc.isSwagger2 ? doc.root : doc.root.components;
  const responses = isObject(holder) ? holder.responses : undefined;
  return (
    isObject(responses) &&
    Object.entries(FLASK_RESTX_RESPONSES).every(([name, description]) => isObject(responses[name]) && responses[name].description === description)
  );
}

const RECOGNITIONS: readonly Recognition[] = [
  {
    name: 'NestJS',
    sends: EVERY_STATUS,
    body: '`{ statusCode, message, error }` (keep `message` a `string[]` where it is one)',
    lacks: 'a required `code`',
    // @nestjs/swagger's default operationId: `OrdersController_create`.
    shows: doc => mostOperationIds(doc, /^[A-Za-z0-9]+Controller_[A-Za-z0-9]+$/),
  },
  {
    name: 'FastAPI',
    sends: CLIENT_ERROR,
    body: '`{ detail }` (a string, as `HTTPException` sends it)',
    lacks: 'a required `code`',
    handler: 'register `@app.exception_handler(Exception)` to send it (Starlette sends a text/plain 500)',
    // Its validation error, `HTTPValidationError { detail: [{ loc, msg, type }] }`, is in every app that validates input.
    shows: (_, schemas) => isObject(schemas.HTTPValidationError) && hasMembers(schemas.ValidationError, ['loc', 'msg', 'type']),
  },
  {
    name: 'Django REST framework',
    sends: CLIENT_ERROR_BUT_400,
    body: '`{ detail }`',
    lacks: 'a required `code`',
    handler: 'set an `EXCEPTION_HANDLER` that sends it (by default a 400 is a map of fields, a 500 an HTML page)',
    // Its `ValidationError` answers a 400 with each failed field's messages (`{ "email": ["Enter a valid email address."] }`):
    // kept for the clients that read it, with a code and a message beside.
    otherwise: {
      status: '400',
      body: '`{ <field>: [string] }`',
      lacks: 'a required `code` and `message`',
      handler: 'set an `EXCEPTION_HANDLER` that adds them',
    },
    // drf-spectacular's `orders_retrieve`, `orders_partial_update`, `orders_destroy`; drf-yasg's `orders_read`, `orders_delete`.
    shows: doc =>
      mostOperationIds(doc, /^[a-z0-9_]+_(list|create|retrieve|read|update|partial_update|destroy|delete)$/) &&
      someOperationId(doc, /_(retrieve|read|partial_update|destroy)$/),
  },
  {
    name: 'Spring Boot',
    sends: EVERY_STATUS,
    body: '`{ timestamp, status, error, path }`',
    lacks: 'a required `code` and `message`',
    // springdoc's server description, or Springfox's operationIds (`getOrderUsingGET`).
    shows: doc =>
      (Array.isArray(doc.root.servers) && doc.root.servers.some(server => isObject(server) && server.description === SPRINGDOC_SERVER)) ||
      generatedBySpringfox(doc),
  },
  {
    name: 'ASP.NET Core',
    sends: CLIENT_ERROR,
    body: '`ProblemDetails` `{ type, title, status, detail }`',
    lacks: '`type` (a URI) and `detail` required',
    handler: 'register `app.UseExceptionHandler` to send it (by default an unhandled error is an empty 500)',
    // Swashbuckle lists a controller's output under `text/plain`, `application/json` and `text/json` together.
    shows: doc =>
      doc
        .operations()
        .some(operation =>
          doc.responses(operation).some(response => SWASHBUCKLE_TYPES.every(type => doc.bodies(operation, response).some(body => body.mediaType === type))),
        ),
  },
  {
    name: 'API Platform',
    sends: EVERY_STATUS,
    body: HYDRA_ERROR.body,
    lacks: 'a required `code`',
    // Hydra's error to JSON-LD only; RFC 7807's problem to JSON and problem+json (its `error_formats`).
    negotiated: { 'application/ld+json': HYDRA_ERROR, 'application/json': RFC_7807, 'application/problem+json': RFC_7807 },
    adds: { status: '422', clause: ' (a 422 `ConstraintViolationList` adds `violations`)' },
    // It names each resource's JSON-LD schema `Book.jsonld`, `Book.jsonld-read`, beside the plain `Book`; or its operationIds show it.
    shows: (doc, schemas) => Object.keys(schemas).filter(name => /^[A-Za-z0-9]+\.jsonld(-[\w.]+)?$/.test(name)).length >= 2 || apiPlatformOperationIds(doc),
  },
  {
    name: 'ASP.NET Web API 2',
    sends: EVERY_STATUS,
    body: '`HttpError` `{ Message }` (a 400 from model validation adds `ModelState`)',
    lacks: 'a required `Code` (beside `Message`, in its PascalCase)',
    shows: swashbuckleWebApi,
  },
  {
    name: 'Flask-RESTX',
    sends: EVERY_STATUS,
    // `abort(404)` and an unhandled exception alike: its `handle_error` sends `{ "message": … }`.
    body: '`{ message }`',
    lacks: 'a required `code`, with `message` required',
    adds: { status: '400', clause: ' (a validation 400 adds `errors`, a map of fields)' },
    shows: doc => fieldsMask(doc) || maskErrorResponses(doc),
  },
  {
    name: 'Fastify',
    sends: EVERY_STATUS,
    body: '`{ statusCode, code, error, message }`',
    lacks: '`code` and `message` required',
    // @fastify/swagger names the schemas it hoists `def-0`, `def-1`, …
    shows: (_, schemas) => Object.keys(schemas).filter(name => /^def-\d+$/.test(name)).length >= 2,
  },
];

/**
 * The error convention of one operation: the protocol it belongs to when that defines an error body (a SCIM
 * endpoint), else the framework that generated the description.
 */
export function errorConventionOf(doc: OpenApiDocument, operation: Operation): Framework | undefined {
  return scimOf(doc, operation) ?? negotiatedOf(doc, operation, frameworkOf(doc));
}

/**
 * A framework whose error body depends on the media type negotiated, with one body per JSON media type the
 * operation declares (its responses', in their order), else per type the description's operations declare,
 * else its default format's (the first of `negotiated`: API Platform enables only JSON-LD by default).
 */
function negotiatedOf(doc: OpenApiDocument, operation: Operation, framework: (Framework & Pick<Recognition, 'negotiated'>) | undefined): Framework | undefined {
  if (framework?.negotiated === undefined) return framework;
  const { negotiated, ...rest } = framework;
  const bodiesOf = (types: readonly string[]) =>
    [...new Set(types.map(baseMediaType))].filter(type => negotiated[type] !== undefined).map(mediaType => ({ mediaType, ...negotiated[mediaType] }));
  const own = bodiesOf(declaredMediaTypes(doc, [operation]));
  const bodies = own.length > 0 ? own : bodiesOf(doc.memo('frameworks:media-types', () => declaredMediaTypes(doc, doc.operations())));
  return { ...rest, bodies: bodies.length > 0 ? bodies : bodiesOf(Object.keys(negotiated).slice(0, 1)) };
}

/** The media types of the operations' responses, in their order. */
const declaredMediaTypes = (doc: OpenApiDocument, operations: readonly Operation[]): string[] =>
  operations.flatMap(operation => doc.responses(operation).flatMap(response => doc.bodies(operation, response).map(body => body.mediaType)));

/** SCIM's resource and discovery endpoints (RFC 7644 §3.2, §4; SCIM 1.1 names its configuration `ServiceProviderConfigs`). */
const SCIM_RESOURCES = new Set(['Users', 'Groups']);
const SCIM_DISCOVERY = new Set(['Schemas', 'ServiceProviderConfig', 'ServiceProviderConfigs', 'ResourceTypes']);
const SCIM_ENDPOINTS = new Set([...SCIM_RESOURCES, ...SCIM_DISCOVERY, 'Bulk', 'Me', '.search']);
/** What a SCIM description says of itself in its values and prose: its URNs and its media type. */
const SCIM_WORDS = /urn:ietf:params:scim:|urn:scim:schemas:|application\/scim\+json/;
/** Evidence of SCIM 2.0 (RFC 7643, 7644): its URNs, its media type, its discovery endpoints' names. */
const SCIM_2 = /urn:ietf:params:scim:|application\/scim\+json|\/(ServiceProviderConfig|ResourceTypes)\b/;
const SCIM_JSON = 'application/scim+json';

const SCIM_2_ERROR: Framework = {
  name: 'SCIM 2.0 (RFC 7644 §3.12)',
  defines: true,
  sends: EVERY_STATUS,
  body: '`{ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status, scimType, detail }`',
  lacks: '`scimType` (the code: give every error one, not only the 400 and 409 ones RFC 7644 names) and `detail` required',
};
const SCIM_1_ERROR: Framework = {
  name: 'SCIM 1.1',
  defines: true,
  sends: EVERY_STATUS,
  body: '`{ Errors: [{ code, description }] }` (`code` the HTTP status)',
  lacks: 'a required code of its own and a required `description` in each item',
};

/**
 * The SCIM error body for an operation on a SCIM endpoint: a path under a base (`/`, `/scim/v2`) that holds
 * `Users` or `Groups` and a discovery endpoint (`Schemas`, `ServiceProviderConfig`, `ResourceTypes`), or whose
 * description shows SCIM's URNs or media type. `/users` and `/groups` alone are any API's.
 */
function scimOf(doc: OpenApiDocument, operation: Operation): Framework | undefined {
  const bases = scimBases(doc);
  if (bases.size === 0) return undefined;
  const segments = operation.path.split('/').filter(Boolean);
  const at = segments.findIndex(segment => SCIM_ENDPOINTS.has(segment));
  if (at < 0 || !bases.has(segments.slice(0, at).join('/'))) return undefined;
  if (!doc.mentions(SCIM_2) && doc.mentions(/urn:scim:schemas:|\/ServiceProviderConfigs\b/)) return SCIM_1_ERROR;
  return doc.mentions(/application\/scim\+json/) ? { ...SCIM_2_ERROR, mediaType: SCIM_JSON } : SCIM_2_ERROR;
}

/** The path prefixes (`''`, `scim/v2`) under which the description serves SCIM's resources, with SCIM's evidence. */
function scimBases(doc: OpenApiDocument): Set<string> {
  return doc.memo('frameworks:scim-bases', () => {
    const seen = new Map<string, { resources: boolean; discovery: boolean }>();
    for (const operation of doc.operations()) {
      const segments = operation.path.split('/').filter(Boolean);
      const at = segments.findIndex(segment => SCIM_ENDPOINTS.has(segment));
      if (at < 0) continue;
      const base = segments.slice(0, at).join('/');
      const found = seen.get(base) ?? { resources: false, discovery: false };
      found.resources ||= SCIM_RESOURCES.has(segments[at]);
      found.discovery ||= SCIM_DISCOVERY.has(segments[at]);
      seen.set(base, found);
    }
    const named = () => doc.mentions(SCIM_WORDS);
    return new Set([...seen].filter(([, found]) => found.resources && (found.discovery || named())).map(([base]) => base));
  });
}

/** The framework that generated the description, when exactly one shows its evidence. */
function frameworkOf(doc: OpenApiDocument): (Framework & Pick<Recognition, 'negotiated'>) | undefined {
  return doc.memo('frameworks:framework', () => {
    const holder = doc.isSwagger2 ? doc.root : doc.root.components;
    const schemas =
      isObject(holder) && isObject(holder[doc.isSwagger2 ? 'definitions' : 'schemas'])
        ? (holder[doc.isSwagger2 ? 'definitions' : 'schemas'] as JsonObject)
        : {};
    const shown = RECOGNITIONS.filter(recognition => recognition.shows(doc, schemas));
    if (shown.length !== 1) return undefined;
    const { name, body, lacks, sends, handler, otherwise, adds, negotiated } = shown[0];
    return { name, body, lacks, sends, handler, otherwise, adds, negotiated };
  });
}
