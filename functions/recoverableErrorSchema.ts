import {
  baseMediaType,
  child,
  answersWithBody,
  isErrorResponse,
  isJsonMediaType,
  isObject,
  type Body,
  type JsonObject,
  type OpenApiDocument,
  type Operation,
  type Response,
} from '../lib/document/document';
import { definedErrorSchema, holdsCodeOrMessage, schemaOfExample, sharedErrorSchemas, successTwin, type SharedErrorSchema } from '../lib/errors/error-bodies';
import { CODE_AND_MESSAGE, schemaAnswer, schemaLikely } from '../lib/errors/error-shapes';
import { documentsProblemDetails, PROBLEM_JSON } from '../lib/errors/error-wording';
import { nameList } from '../lib/rules/names';
import { ruleFunction, type Finding, responseFinding } from '../lib/rules/rule-function';
import { isObjectView, viewsOf, type ObjectView } from '../lib/document/schema';
import type { Say as SayOf } from '../lib/rules/messages';

const MESSAGES = {
  codeAndMessage: 'an object schema requiring a `code` and a `message`',
  // The API's description says its errors are RFC 9457 problems: the fix in that convention's terms.
  problemTypeAndDetail: 'the RFC 9457 problem object it documents, requiring `type` (a URI naming the error) and `detail`',
  noBody: 'the error response declares no body. Add {{whose}}, {{body}}.',
  noBodyAdd: 'the error response declares no body. Add {{content}}: {{fix}}.',
  swaggerSchemaRef: "`schema: { $ref: '{{ref}}' }`",
  contentRef: "`content: { {{mediaType}}: { schema: { $ref: '{{ref}}' } } }`",
  swaggerSchema: 'a `schema`',
  contentSchema: '`content: { {{mediaType}}: { schema } }`',
  misfiledJson: 'the error response offers only {{offered}}, no JSON, though its {{mediaType}} schema is a JSON error body. Offer it as `application/json`.',
  noJson: 'the error response offers only {{offered}}, no JSON. Add {{body}}, {{whose}}.',
  noJsonAdd: 'the error response offers only {{offered}}, no JSON. Add an `{{mediaType}}` body: {{fix}}.',
  swaggerProducesRef: "`{{mediaType}}` in `produces` and the `schema: { $ref: '{{ref}}' }`",
  bodyRef: "the body `{{mediaType}}: { schema: { $ref: '{{ref}}' } }`",
  noSchema: "the error response's {{mediaType}} has no schema. Add {{fix}}.",
  schemaFix: 'a `schema`: {{fix}}',
  sharedSchemaFix: "`schema: { $ref: '{{ref}}' }`, {{whose}}",
  notASchema: 'the {{mediaType}} error schema is not a schema object. Replace it with {{fix}}.',
  bareArray:
    'the {{mediaType}} error schema is a bare array of error items (with {{items}}), so an agent gets no one code for the failure. Make it an object requiring a `code` and a `message`, the items under `errors`.',
  successBody: 'the {{mediaType}} error schema is `{{name}}`, the body of its {{status}} response, with no code and no message. Answer {{fix}} instead.',
  apiErrorSchema: "the API's error schema, `$ref: '{{ref}}'`",
  notAnObject: 'the {{mediaType}} error schema is of type {{types}}, with no field for a code. Make it {{fix}}.',
  sameStatusBody: "the one the API's other {{status}} responses declare",
  sharedBody: "the one the API's other error responses declare",
  definedBody: 'the error schema the API defines',
} as const;
type Say = SayOf<typeof MESSAGES>;

/** "`errorCode` and `errorMessage`": the code and message members that an array's object items declare, if any. */
function itemMembers(doc: OpenApiDocument, list: ObjectView): string | undefined {
  const holder = list.parts.find(part => part.value.items !== undefined);
  const item = holder === undefined ? undefined : viewsOf(doc, holder.value.items, child(holder.location, 'items'))?.[0];
  if (item === undefined) return undefined;
  // A likely member counts here: `{ errorType, count, errors }` items carry a code, even if not for certain.
  const found = CODE_AND_MESSAGE.map(question => (schemaAnswer(doc, item, question, undefined) ?? schemaLikely(doc, item, question, undefined))?.name).filter(
    name => name !== undefined,
  );
  return found.length === 0 ? undefined : nameList(found, 'and');
}

/** What is wrong with one error response's bodies, if anything. */
function problem(doc: OpenApiDocument, say: Say, operation: Operation, response: Response): { what: string; at?: Body } | undefined {
  const bodies = doc.bodies(operation, response);
  const problems = documentsProblemDetails(doc);
  const fix = problems ? say('problemTypeAndDetail') : say('codeAndMessage');
  const mediaType = problems ? PROBLEM_JSON : 'application/json';
  // Asked only for a response that lacks a body: most error responses have one.
  const shared = () => sharedBody(doc, say, response.status);
  if (bodies.length === 0 || (doc.isSwagger2 && bodies[0].schema === undefined)) {
    const api = shared();
    if (api !== undefined) {
      const body = doc.isSwagger2 ? say('swaggerSchemaRef', { ref: api.ref }) : say('contentRef', { mediaType: api.mediaType, ref: api.ref });
      return { what: say('noBody', { whose: api.said, body }) };
    }
    return { what: say('noBodyAdd', { content: doc.isSwagger2 ? say('swaggerSchema') : say('contentSchema', { mediaType }), fix }) };
  }
  const json = bodies.filter(body => isJsonMediaType(body.mediaType));
  if (json.length === 0) {
    const offered = bodies.map(body => body.mediaType).join(', ');
    // A JSON error schema under another media type (AppCenter's `{ code, message }` as text/csv) only needs the right one.
    const misfiled = bodies.find(body => holdsError(doc, body));
    if (misfiled !== undefined) return { what: say('misfiledJson', { offered, mediaType: misfiled.mediaType }) };
    const api = shared();
    if (api !== undefined) {
      const body = say(doc.isSwagger2 ? 'swaggerProducesRef' : 'bodyRef', { mediaType: api.mediaType, ref: api.ref });
      return { what: say('noJson', { offered, body, whose: api.said }) };
    }
    return { what: say('noJsonAdd', { offered, fix, mediaType }) };
  }
  // A catch-all `*/*` without a schema beside a JSON body that has one adds nothing to declare (Jira's image routes).
  const declared = json.filter(body => body.schema !== undefined || !isCatchAll(body) || json.every(other => other.schema === undefined));
  for (const body of declared) {
    if (body.schema === undefined) {
      const api = shared();
      const add = api === undefined ? say('schemaFix', { fix }) : say('sharedSchemaFix', { ref: api.ref, whose: api.said });
      return { what: say('noSchema', { mediaType: body.mediaType, fix: add }), at: body };
    }
    const target = doc.resolve(body.schema.value, body.schema.location);
    if (target === undefined) continue; // a dangling $ref is reported by Spectral itself (invalid-ref)
    if (!isObject(target.value)) return { what: say('notASchema', { mediaType: body.mediaType, fix }), at: body };
    const views = viewsOf(doc, body.schema.value, body.schema.location);
    const list = views?.find(view => !isObjectView(view) && view.types?.includes('array'));
    const items = list === undefined ? undefined : itemMembers(doc, list);
    if (items !== undefined) {
      return { what: say('bareArray', { mediaType: body.mediaType, items }), at: body };
    }
    const twin = successTwin(doc, operation, body.schema);
    if (twin !== undefined) {
      const own = (body.schema.value as JsonObject).$ref as string;
      const offered = schemaOfExample(doc, body.examples, views![0], own)?.schema ?? sharedBody(doc, say, response.status, own);
      const answer = offered === undefined ? fix : say('apiErrorSchema', { ref: offered.ref });
      return { what: say('successBody', { mediaType: body.mediaType, name: own.slice(own.lastIndexOf('/') + 1), status: twin, fix: answer }), at: body };
    }
    const types = views?.filter(view => !isObjectView(view)).flatMap(view => view.types ?? []);
    if (types !== undefined && types.length > 0) {
      return { what: say('notAnObject', { mediaType: body.mediaType, types: [...new Set(types)].join(', '), fix }), at: body };
    }
  }
  return undefined;
}

const isCatchAll = (body: Body) => baseMediaType(body.mediaType) === '*/*';

/** A body whose object schema clearly holds a code or a message in every shape. */
function holdsError(doc: OpenApiDocument, body: Body): boolean {
  const views = body.schema === undefined ? undefined : viewsOf(doc, body.schema.value, body.schema.location);
  return views !== undefined && views.length > 0 && views.every(view => isObjectView(view) && view.properties.size > 0 && holdsCodeOrMessage(doc, view));
}

/** A body to reuse: its `$ref`, its media type, and whose it is, as a message says it. */
interface Shared {
  ref: string;
  mediaType: string;
  /** "the one the API's other 401 responses declare", "the error schema the API defines". */
  said: string;
}

/**
 * The JSON error schema the API's responses of `status` declare most by `$ref` (jellyfin's `ProblemDetails`
 * on its 401s), else the one its error responses declare most among those used for two statuses or more
 * (Yodlee's `YodleeError`, Telnyx's `Errors`): a response without a usable body is told to reuse the API's own.
 */
function sharedBody(doc: OpenApiDocument, say: Say, status: string, except?: string): Shared | undefined {
  const { byStatus, overall } = sharedBodies(doc, except);
  const same = byStatus.get(status);
  // The same status's body, unless the API's general one serves more of its error responses, of this class (Telnyx's `Errors`
  // over a few 404s' bare `Error`; never Just Eat's `4XXErrorSchema` over its 500s' own body).
  const sameClass = overall !== undefined && [...overall.statuses].some(other => other[0] === status[0]);
  const sameWins = same !== undefined && (!sameClass || overall!.ref === same.ref || uses(doc, same.ref) >= uses(doc, overall!.ref));
  if (sameWins) return { ref: same!.ref, mediaType: same!.mediaType, said: say('sameStatusBody', { status }) };
  if (overall !== undefined) return { ref: overall.ref, mediaType: overall.mediaType, said: say('sharedBody') };
  // Else an error schema the API defines without declaring it as a body (Gitea's `APIError`).
  const defined = definedErrorSchema(doc);
  return defined === undefined || defined === except ? undefined : { ref: defined, mediaType: 'application/json', said: say('definedBody') };
}

/** How many error responses of the API declare `ref`. */
const uses = (doc: OpenApiDocument, ref: string): number => sharedErrorSchemas(doc).overall.get(ref)?.count ?? 0;

/** The most used of the API's error schemas per status, and overall among those used for two statuses or more. */
function sharedBodies(doc: OpenApiDocument, except = ''): { byStatus: Map<string, SharedErrorSchema>; overall: SharedErrorSchema | undefined } {
  return doc.memo(`error-schema:shared-bodies ${except}`, () => {
    const { byStatus, overall } = sharedErrorSchemas(doc);
    // A success body answered by error responses (`except`) is not offered as the API's error body.
    const most = (byRef: Map<string, SharedErrorSchema>) =>
      [...byRef.values()]
        .filter(counted => counted.ref !== except)
        .reduce<SharedErrorSchema | undefined>((a, b) => (a === undefined || b.count > a.count ? b : a), undefined);
    // A schema of one status only (FastAPI's 422 `HTTPValidationError`) is that status's body, not the API's error body.
    const general = new Map([...overall].filter(([, counted]) => counted.statuses.size >= 2));
    const mostByStatus = [...byStatus].flatMap(([status, byRef]) => {
      const found = most(byRef);
      return found === undefined ? [] : [[status, found] as const];
    });
    return { byStatus: new Map(mostByStatus), overall: most(general) };
  });
}

/**
 * ax-recoverable-error-schema: every error response declares a structured JSON body (R5). It owns every
 * non-JSON-only response, plain text included; ax-recoverable-no-html-errors reports HTML pages only.
 */
export default ruleFunction<object, typeof MESSAGES>('recoverableErrorSchema', {}, MESSAGES, ({ doc, operations, say }) => {
  const findings: Finding[] = [];
  for (const operation of operations.filter(answersWithBody)) {
    for (const response of doc.responses(operation)) {
      if (!isErrorResponse(response)) continue;
      const found = problem(doc, say, operation, response);
      if (found !== undefined) {
        findings.push(responseFinding(operation, response, found.what, [found.at?.schema?.location]));
      }
    }
  }
  return findings;
});
