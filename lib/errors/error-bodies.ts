/**
 * The error bodies the recoverable-error rules read, and how their findings are worded and placed.
 * A body without a readable object schema is ax-recoverable-error-schema's to report: these rules
 * stay silent on it, so that a missing body is reported once, not once per rule.
 */
import {
  answersWithBody,
  isErrorResponse,
  isObject,
  isSuccessStatus,
  pointerToPath,
  toPointer,
  type Body,
  type JsonObject,
  type JsonPath,
  type Located,
  type OpenApiDocument,
  type Operation,
  type Response,
  valueAt,
} from '../document/document';
import { describesExistenceConflict, errorSchemaNaming, namesErrors, namesMessages, namesNotices } from './concepts';
import { CODE_AND_MESSAGE, type Found } from './shape-table';
import { passedOver, schemaAnswer, schemaLikely, type SchemaNode } from './schema-shapes';
import { envelopeSite, errorAudience, extendedSchema, type Edit } from '../findings/edits';
import { responsesUsing, statusesUsing } from '../document/uses';
import { responseFinding, type Finding, type LazyEdits, type OwnSchema } from '../findings/rule-function';
import { isObjectView, mapValueType, viewsOf, type ObjectView } from '../document/schema';
import { pathOf, walk } from '../document/values';
import { conceptsOf, identityOf, sayOf, type ConceptData, type Phrase, type Said } from '../findings/messages';
import type { Concept } from '../semantics/names';

export interface ErrorSchema {
  operation: Operation;
  response: Response;
  mediaType: string;
  schema: Located;
  /**
   * Where its fixes go, one array per site for every use: where the schema is written, its `$ref` followed, and
   * through an extension (`ProblemWithState`, an `allOf` of `Problem` and members) to the schema it extends, so that a
   * defect of `Problem` is one finding on `Problem`, whichever of them a response answers.
   */
  site: JsonPath | undefined;
  /** Where the schema is written, its `$ref` followed (`ProblemWithState` itself): the place of the members for a few users. */
  own: JsonPath | undefined;
  /** The object shapes a payload can take (non-object `oneOf` branches are error-schema's concern). */
  views: ObjectView[];
  /** "the error schema", naming the media type when the response offers several JSON bodies. */
  name: string;
  /**
   * When a success response answers the schema too (Conjur's status 200 and its 500/501): the error responses'
   * own schema, so that no member a fix asks of an error is promised by every success.
   */
  ownSchema?: OwnSchema;
}

/** What one view lacks, and the fix (as words, and as edits when it is mechanical); views with the same problem are reported together. */
export interface Problem {
  /** The members it finds missing, in the one vocabulary (lib/semantics/names.ts): with those its words name, the finding's `data.concept`. */
  concept?: Concept | readonly Concept[];
  what: Phrase;
  fix: Phrase;
  /** The problem and the fix without what is fitted to this response (the operation's evidence, an example naming its inputs). */
  sameWhat?: Phrase;
  sameFix?: Phrase;
  /** The fix is this response's own (answer another schema), not the schema's: reported on the response. */
  onResponse?: boolean;
  /** The members it adds concern only some responses (see `Use.ownSchema`): placed on the schema the response itself answers. */
  ownSchema?: OwnSchema;
  edits?: LazyEdits;
}

/** The readable error schemas of one response; `unreadable` when some schema could not be analysed (then stay silent). */
export function errorSchemasOf(doc: OpenApiDocument, operation: Operation, response: Response): { schemas: ErrorSchema[]; unreadable: boolean } {
  // Every error rule reads every error response: read once per response for all of them.
  return doc.memoFor('error-bodies:schemas', response, () => readErrorSchemas(doc, operation, response));
}

function readErrorSchemas(doc: OpenApiDocument, operation: Operation, response: Response): { schemas: ErrorSchema[]; unreadable: boolean } {
  const bodies = answersWithBody(operation) ? distinctSchemas(doc.jsonBodies(operation, response)) : [];
  const several = bodies.length > 1;
  const schemas: ErrorSchema[] = [];
  let unreadable = false;
  for (const { mediaType, schema } of bodies) {
    // A success body in an error response is ax-recoverable-error-schema's to report, once.
    if (schema === undefined || strayedSuccessBody(doc, operation, schema) !== undefined) continue;
    // A map of scalars has no room for a member: ax-recoverable-error-schema's to report, as for a string.
    const views = viewsOf(doc, schema.value, schema.location)?.filter(view => isObjectView(view) && mapValueType(doc, view) === undefined);
    if (views === undefined) unreadable = true;
    if (views === undefined || views.length === 0) continue;
    const own = oneArrayPerSite(doc, doc.resolve(schema.value, schema.location)?.location);
    const site = own === undefined ? undefined : oneArrayPerSite(doc, extendedSchema(doc, own));
    const name = several ? `the ${mediaType} error schema` : 'the error schema';
    schemas.push({ operation, response, mediaType, schema, site, own, views, name, ...errorsOwnSchema(doc, site) });
  }
  return { schemas, unreadable };
}

/**
 * The error responses' own schema (`StatusWithError`) when a 2xx answers the schema at `site` too: its members would make every
 * success carry an error. (A redirect's body, GitHub's 301 `basic-error`, is no success's data.)
 */
function errorsOwnSchema(doc: OpenApiDocument, site: JsonPath | undefined): { ownSchema?: OwnSchema } {
  if (site === undefined) return {};
  // Once per site (one array each): a schema every error response shares would be asked for its users by each of them.
  return doc.memoFor('error-bodies:own-schema', site, () => {
    return statusesUsing(doc, site).some(isSuccessStatus) ? { ownSchema: { label: 'error', regions: errorAudience(doc).regions } } : {};
  });
}

/**
 * The same array for every use of one site (each use of a shared response has its own array for its schema's
 * location): a site is then compared by identity, as `judgeOnce` does.
 */
function oneArrayPerSite(doc: OpenApiDocument, site: JsonPath | undefined): JsonPath | undefined {
  if (site === undefined) return undefined;
  const sites = doc.memo('error-bodies:sites', () => new Map<string, JsonPath>());
  const key = JSON.stringify(site);
  return sites.get(key) ?? sites.set(key, site).get(key);
}

/**
 * The success status whose body an error response answers by the same `$ref`, when that schema holds
 * no code, no message and no error of its items (Box's 400 that answers the 200's `MetadataTemplate`):
 * no error body at all, which ax-recoverable-error-schema reports and the other error rules leave alone.
 */
function successTwin(doc: OpenApiDocument, operation: Operation, schema: Located): string | undefined {
  const ref = isObject(schema.value) ? schema.value.$ref : undefined;
  if (typeof ref !== 'string') return undefined;
  // Asked by every error rule of every error response: answered once per operation and `$ref`.
  const byOperation = doc.memo('error-bodies:success-twins', () => new WeakMap<object, Map<string, string | undefined>>());
  const known = byOperation.get(operation.node) ?? byOperation.set(operation.node, new Map()).get(operation.node)!;
  if (!known.has(ref)) known.set(ref, findSuccessTwin(doc, operation, schema, ref));
  return known.get(ref);
}

function findSuccessTwin(doc: OpenApiDocument, operation: Operation, schema: Located, ref: string): string | undefined {
  const twin = doc
    .responses(operation)
    .filter(response => isSuccessStatus(response.status))
    .find(response => doc.jsonBodies(operation, response).some(body => isObject(body.schema?.value) && body.schema.value.$ref === ref));
  if (twin === undefined) return undefined;
  const views = viewsOf(doc, schema.value, schema.location)?.filter(isObjectView) ?? [];
  const holdsError = (view: ObjectView) =>
    holdsCodeOrMessage(doc, view) || CODE_AND_MESSAGE.some(question => passedOver(doc, view, question, undefined).some(passed => passed.why === 'item'));
  return views.length > 0 && !views.some(holdsError) ? twin.status : undefined;
}

/**
 * The schema most of the API's error bodies (two at least) answer by `$ref`: its error convention, even where a success
 * answers it too (Apptigent's `outputString { result }`, the body of all its 88 4xx and of its 200s), not one response's slip.
 */
const conventionalErrorSchema = (doc: OpenApiDocument): string | undefined =>
  doc.memo('error-bodies:convention', () => {
    const counted = [...sharedErrorSchemas(doc).overall.values()];
    const total = counted.reduce((sum, schema) => sum + schema.count, 0);
    const top = counted.reduce<SharedErrorSchema | undefined>((best, schema) => (best === undefined || schema.count > best.count ? schema : best), undefined);
    return top !== undefined && top.count >= 2 && top.count > total / 2 ? top.ref : undefined;
  });

/** The status of the success body an error response answers by mistake: not the API's error convention (`conventionalErrorSchema`). */
export function strayedSuccessBody(doc: OpenApiDocument, operation: Operation, schema: Located): string | undefined {
  const ref = isObject(schema.value) ? schema.value.$ref : undefined;
  return ref !== undefined && ref === conventionalErrorSchema(doc) ? undefined : successTwin(doc, operation, schema);
}

/** A view that clearly holds a code or a message, by name or by evidence, in any place an error sits. */
export const holdsCodeOrMessage = (doc: OpenApiDocument, view: ObjectView): boolean =>
  CODE_AND_MESSAGE.some(question => schemaAnswer(doc, view, question, undefined) !== undefined);

/** Bodies with a schema, once per schema: Swagger 2.0 repeats one schema per `produces` entry, OpenAPI 3 often one `$ref` per media type. */
function distinctSchemas(bodies: readonly Body[]): Body[] {
  const seen = new Set<unknown>();
  return bodies.filter(({ schema }) => {
    const key = isObject(schema?.value) && typeof schema.value.$ref === 'string' ? schema.value.$ref : schema?.value;
    return schema !== undefined && !seen.has(key) && Boolean(seen.add(key));
  });
}

/** Every readable error schema of the operations' responses whose status `inScope` accepts. */
export function errorSchemas(doc: OpenApiDocument, operations: readonly Operation[], inScope: (status: string) => boolean): readonly ErrorSchema[] {
  // Most rules ask for the same statuses of the same operations: listed once per scope (callers must not modify the list).
  return doc.memoForOperations('error-bodies:error-schemas', inScope, operations, () =>
    operations.flatMap(operation =>
      doc
        .responses(operation)
        .filter(response => inScope(response.status) && isErrorResponse(response))
        .flatMap(response => errorSchemasOf(doc, operation, response).schemas),
    ),
  );
}

/** The words of a schema's problem (its own `what` and `fix`, from the rule that asks): on the response, on the component, in some shapes. */
const say = sayOf({
  schemaProblem: '{{schema}} {{what}}{{shapes}}. {{fix}}',
  componentProblem: '{{what}}{{shapes}}. {{fix}}',
  someShapes: ' in {{count}} of its {{total}} oneOf/anyOf shapes',
} as const);

/**
 * One finding per distinct problem among the schema's views, on the operation's own response or, when the schema is a shared component, on it:
 * "the error schema has no X" or, for some `oneOf`/`anyOf` shapes only, "… in 2 of its 3 oneOf/anyOf shapes".
 */
export function describeViews(doc: OpenApiDocument, target: ErrorSchema, problemOf: (view: ObjectView) => Problem | undefined): Finding[] {
  const total = target.views.length;
  return problemGroups(target.views, problemOf).map(({ problem, count, edits }) => {
    const { shapes, about, onComponent, same } = wordsOf(doc, problem, count, total);
    const { what, fix } = problem;
    return responseFinding(
      target.operation,
      target.response,
      say('schemaProblem', { schema: target.name, what, shapes, fix, ...about }),
      problem.onResponse ? [target.schema.location] : [placeOf(target, problem), target.schema.location],
      // On the component, the component is the subject; whichever media type reads it, one defect of the schema.
      { ...(edits === undefined ? {} : { edits: () => allEdits(edits) }), onComponent, ownSchema: problem.ownSchema ?? target.ownSchema, same },
    );
  });
}

/** What a problem says of a component, whichever response reaches it: its shapes clause, its concepts, its words and its identity. */
interface ProblemWords {
  shapes: Phrase;
  about: ConceptData;
  onComponent: Said;
  same: string;
}

/**
 * A shared schema's problem is judged once per rule (`judgeOnce`) and reached through every response that uses it
 * (GitHub: thousands): its words are said once per problem and count of shapes, not once per use.
 */
function wordsOf(doc: OpenApiDocument, problem: Problem, count: number, total: number): ProblemWords {
  const byShapes = doc.memoFor('error-bodies:words', problem, () => new Map<string, ProblemWords>());
  const key = `${count}/${total}`;
  let words = byShapes.get(key);
  if (words === undefined) {
    const shapes = count < total ? say('someShapes', { count, total }) : '';
    const { what, fix } = problem;
    const about = conceptData(problem);
    words = {
      shapes,
      about,
      onComponent: say('componentProblem', { what, shapes, fix, ...about }),
      same: identityOf(say('componentProblem', { what: problem.sameWhat ?? what, shapes, fix: problem.sameFix ?? fix })),
    };
    byShapes.set(key, words);
  }
  return words;
}

/** What a problem says is missing, as a finding's data: its own concepts and those its words name, once each; none when none. */
function conceptData({ concept, what, fix }: Problem): ConceptData {
  const named = [concept ?? [], [what, fix].flatMap(phrase => (typeof phrase === 'string' ? [] : conceptsOf(phrase)))].flat();
  const concepts = [...new Set(named)];
  return concepts.length === 0 ? {} : { concept: concepts.length === 1 ? concepts[0] : concepts };
}

/**
 * Where a problem's fix goes: the schema it extends, for its users' one defect; for members of a few users (the state),
 * the schema the response answers, unless that is their envelope beside the shared one (`ProblemWithState`), which stays
 * `Problem`'s finding so that declaring one of their members moves none of the others.
 */
function placeOf(target: ErrorSchema, problem: Problem): JsonPath | undefined {
  const { site, own } = target;
  const ownSchema = problem.ownSchema ?? target.ownSchema;
  if (ownSchema === undefined || site === undefined || own === undefined) return site;
  return JSON.stringify(own) === JSON.stringify(envelopeSite(site, ownSchema.label)) ? site : own;
}

/** The views with one problem: the problem, how many views have it, and their edits (none unless every one has some). */
interface ProblemGroup {
  problem: Problem;
  count: number;
  edits: LazyEdits[] | undefined;
}

function problemGroups(views: readonly ObjectView[], problemOf: (view: ObjectView) => Problem | undefined): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup>();
  for (const view of views) {
    const problem = problemOf(view);
    if (problem === undefined) continue;
    // Most error schemas have one shape, and this runs for every use of every one: its one problem needs no key written.
    const key = views.length === 1 ? '' : identityOf(say('componentProblem', { what: problem.what, shapes: '', fix: problem.fix }));
    const group = groups.get(key) ?? { problem, count: 0, edits: [] };
    group.count++;
    // A group is fixed only when every view in it has its edit.
    group.edits = group.edits === undefined || problem.edits === undefined ? undefined : [...group.edits, problem.edits];
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Judges a view of an error schema as a rule does, given the use it is reached through. */
export type JudgeOnce = (target: ErrorSchema, view: ObjectView, reads: readonly unknown[], judge: () => Problem | undefined) => Problem | undefined;

/**
 * A rule's judgement of each view, made once per view, place and what else it reads of the use (`reads`:
 * the status, the examples): the other uses of a shared schema get the first use's problem, which is the
 * one their finding shows (lib/findings/rule-function.ts keeps a defect's first use). One per rule run.
 */
export function judgeOnce(): JudgeOnce {
  // A tree with one level per part of the key: values by value, objects (the site, one array per site; examples) by identity.
  const root: Level = { next: new Map() };
  return (target, view, reads, judge) => {
    let level = root;
    // A use whose fix points its own response at the errors' own schema is judged per response.
    for (const part of [target.site, view, target.ownSchema === undefined ? undefined : target.response, ...reads]) {
      let next = level.next.get(part);
      if (next === undefined) level.next.set(part, (next = { next: new Map() }));
      level = next;
    }
    level.judged ??= { problem: judge() };
    return level.judged.problem;
  };
}

interface Level {
  next: Map<unknown, Level>;
  judged?: { problem: Problem | undefined };
}

/** The edits of every view of a group, or undefined when one of them has none. */
function allEdits(lazy: readonly LazyEdits[]): Edit[] | undefined {
  const edits = lazy.map(compute => compute());
  return edits.every(part => part !== undefined) ? edits.flat() : undefined;
}

/** The extensions a response object may carry instead of a schema field (the AX convention). */
export function responseExtension(response: Response, name: 'x-ax-error-code' | 'x-ax-error-suggestion'): string | undefined {
  const value = response.node[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** An error schema the API's responses declare by `$ref`: how often, and for which statuses. */
export interface SharedErrorSchema {
  ref: string;
  mediaType: string;
  count: number;
  statuses: Set<string>;
}

/** A body whose schema is an object in every shape it can take (the form ax-recoverable-error-schema asks for). */
export function isObjectBody(doc: OpenApiDocument, body: Body): boolean {
  const views = body.schema === undefined ? undefined : viewsOf(doc, body.schema.value, body.schema.location);
  return views !== undefined && views.length > 0 && views.every(isObjectView);
}

/**
 * The object error schemas the API's error responses declare by `$ref`, counted per status and overall,
 * once per document: the API's own error bodies, which fixes offer before inventing one. An integer enum or
 * a bare array is none.
 */
export function sharedErrorSchemas(doc: OpenApiDocument): {
  byStatus: Map<string, Map<string, SharedErrorSchema>>;
  overall: Map<string, SharedErrorSchema>;
  /** The object schemas that error responses' bare arrays list by `$ref` (Storecove's 422 `[ErrorModel]`). */
  listed: Map<string, SharedErrorSchema>;
} {
  return doc.memo('error-bodies:shared', () => {
    const byStatus = new Map<string, Map<string, SharedErrorSchema>>();
    const overall = new Map<string, SharedErrorSchema>();
    const listed = new Map<string, SharedErrorSchema>();
    const mediaTypes = new Map<string, Map<string, number>>();
    const count = (byRef: Map<string, SharedErrorSchema>, ref: string, mediaType: string, status: string) => {
      const known = byRef.get(ref) ?? byRef.set(ref, { ref, mediaType, count: 0, statuses: new Set() }).get(ref)!;
      known.count++;
      known.statuses.add(status);
    };
    for (const operation of doc.operations().filter(answersWithBody)) {
      for (const response of doc.responses(operation).filter(isErrorResponse)) {
        for (const body of doc.jsonBodies(operation, response)) {
          const items = listedItems(doc, body);
          if (items !== undefined) count(listed, items, body.mediaType, response.status);
          const ref = isObject(body.schema?.value) ? body.schema.value.$ref : undefined;
          if (typeof ref !== 'string' || !ref.startsWith('#/') || !isObjectBody(doc, body)) continue;
          count(byStatus.get(response.status) ?? byStatus.set(response.status, new Map()).get(response.status)!, ref, body.mediaType, response.status);
          count(overall, ref, body.mediaType, response.status);
          const used = mediaTypes.get(ref) ?? mediaTypes.set(ref, new Map()).get(ref)!;
          used.set(body.mediaType, (used.get(body.mediaType) ?? 0) + 1);
        }
      }
    }
    // A schema is offered under the media type the API sends it with most (Dialogporten's problem+json, not one 410's JSON).
    for (const shared of [...overall.values(), ...[...byStatus.values()].flatMap(byRef => [...byRef.values()])]) {
      shared.mediaType = [...mediaTypes.get(shared.ref)!].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    }
    return { byStatus, overall, listed };
  });
}

/** The `$ref` of the object items of a body that is a bare array (`{ type: array, items: { $ref } }`), if it is one. */
function listedItems(doc: OpenApiDocument, body: Body): string | undefined {
  const views = body.schema === undefined ? undefined : viewsOf(doc, body.schema.value, body.schema.location);
  const items = views?.length === 1 && views[0].types?.includes('array') ? views[0].parts.find(part => part.value.items !== undefined)?.value.items : undefined;
  const ref = isObject(items) ? items.$ref : undefined;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  const item = viewsOf(doc, items, undefined);
  return item !== undefined && item.length > 0 && item.every(view => isObjectView(view) && view.properties.size > 0) ? ref : undefined;
}

/**
 * The API's own error body where no one schema of it serves two statuses: the items of the lists its error
 * responses answer (Storecove's 422 `[ErrorModel { source, details }]`), else one set of members that schemas
 * of several statuses share (KumpeApps' `403`, `405`, `412`: `{ success, error }`). What a response without a
 * body is offered, with the code it lacks, rather than a second shape.
 */
export interface ApiErrorShape {
  /** The schemas' names (the listed items' one; else the sharing schemas, most used first). */
  names: string[];
  /** The members they declare. */
  members: string[];
  /** The body is a list of the named schema. */
  list: boolean;
  statuses: string[];
  /** No member of theirs is a code, clearly or likely. */
  lacksCode: boolean;
}

export function apiErrorShape(doc: OpenApiDocument): ApiErrorShape | undefined {
  return doc.memo('error-bodies:api-shape', () => {
    const { overall, listed } = sharedErrorSchemas(doc);
    const mostListed = [...listed.values()].reduce<SharedErrorSchema | undefined>((a, b) => (a === undefined || b.count > a.count ? b : a), undefined);
    if (mostListed !== undefined) return shapeOf(doc, [mostListed], true);
    // Schemas of one status each, declaring the same members: one shape, named per status.
    const byMembers = new Map<string, SharedErrorSchema[]>();
    for (const shared of overall.values()) {
      const key = [...(objectView(doc, shared.ref)?.properties.keys() ?? [])].sort().join(' ');
      if (key !== '') byMembers.set(key, [...(byMembers.get(key) ?? []), shared]);
    }
    const groups = [...byMembers.values()].filter(group => group.length >= 2 && new Set(group.flatMap(shared => [...shared.statuses])).size >= 2);
    const largest = groups.reduce<SharedErrorSchema[] | undefined>((a, b) => (a === undefined || b.length > a.length ? b : a), undefined);
    return largest === undefined
      ? undefined
      : shapeOf(
          doc,
          [...largest].sort((a, b) => b.count - a.count),
          false,
        );
  });
}

const objectView = (doc: OpenApiDocument, ref: string): ObjectView | undefined => viewsOf(doc, { $ref: ref }, undefined)?.find(isObjectView);

function shapeOf(doc: OpenApiDocument, schemas: readonly SharedErrorSchema[], list: boolean): ApiErrorShape {
  const view = objectView(doc, schemas[0].ref)!;
  const code = schemaAnswer(doc, view, 'errorCode', undefined) ?? schemaLikely(doc, view, 'errorCode', undefined);
  return {
    names: schemas.map(shared => shared.ref.slice(shared.ref.lastIndexOf('/') + 1)),
    members: [...view.properties.keys()],
    list,
    statuses: [...new Set(schemas.flatMap(shared => [...shared.statuses]))].sort(),
    lacksCode: code === undefined,
  };
}

/**
 * The API's error schema that a response's example follows where its own schema does not (Xero's problem
 * `{ type, title, detail, status }` under a `Statements` schema): each key of the example is a member of
 * that schema and none is one of the response's own. The most used such schema, and the example's keys.
 */
export function schemaOfExample(
  doc: OpenApiDocument,
  examples: readonly Located[],
  view: ObjectView,
  ownRef: unknown,
): { schema: SharedErrorSchema; keys: string[] } | undefined {
  const declaresAll = (ref: string, keys: string[]) =>
    (viewsOf(doc, { $ref: ref }, undefined) ?? []).every(other => keys.every(key => other.properties.has(key)));
  for (const example of examples) {
    if (!isObject(example.value)) continue;
    const keys = Object.keys(example.value);
    if (keys.length < 2 || keys.some(key => view.properties.has(key))) continue;
    const followed = [...sharedErrorSchemas(doc).overall.values()]
      .filter(shared => shared.ref !== ownRef && declaresAll(shared.ref, keys))
      .reduce<SharedErrorSchema | undefined>((a, b) => (a === undefined || b.count > a.count ? b : a), undefined);
    if (followed !== undefined) return { schema: followed, keys };
  }
  return undefined;
}

/**
 * An error schema the API defines, named for no error in particular and holding a code or a message (one
 * with both first): Gitea's `APIError`, whose responses mostly carry `message` and `url` as headers. What a response without a usable body is offered when no other response has one.
 * One the document names only as a list's items is a part of a body, not one (see `listedError`).
 */
export function definedErrorSchema(doc: OpenApiDocument): string | undefined {
  return best(plainErrorSchemas(doc).filter(({ ref }) => refPlaces(doc).get(ref)?.elsewhere !== false))?.ref;
}

/**
 * How the API's error schema travels where the document names it only as a list's items: in its envelope (Shutterstock's
 * `Error`, only ever the item of `errors[]` beside `message` in its list envelopes), the list's member and the message
 * beside it, when every use carries it alike; or only in lists of notes (`notices`: eBay's `Error`, listed only under
 * `warnings` of its 2xx bodies), where a fix offers the item in the common `{ errors: [Error] }`, never a success's members.
 * What a response without a body is offered in place of the item alone.
 */
export type ListedError = { item: string } & ({ envelope: Envelope } | { notices: Notices & Completion });
type Envelope = { list: string; message: string; holders: number };
type Notices = { lists: string[]; inSuccesses: boolean };

export function listedError(doc: OpenApiDocument): ListedError | undefined {
  return doc.memo('error-bodies:listed-envelope', () => {
    const candidates = plainErrorSchemas(doc).flatMap(({ ref, score }) => {
      const travels = travelsIn(doc, refPlaces(doc).get(ref));
      return travels === undefined ? [] : [{ ref, score, travels }];
    });
    const found = best(candidates);
    if (found === undefined) return undefined;
    const item = found.ref.slice(found.ref.lastIndexOf('/') + 1);
    if ('envelope' in found.travels) return { item, ...found.travels };
    // Offered as the items of a new envelope, it is completed as the API's one error schema is.
    const view = objectView(doc, found.ref);
    const [code, message] = CODE_AND_MESSAGE.map(question => (view === undefined ? undefined : schemaAnswer(doc, view, question, undefined)));
    return { item, notices: { ...found.travels.notices, ...completionOf(code, message) } };
  });
}

const best = <T extends { score: number }>(scored: readonly T[]): T | undefined =>
  scored.reduce<T | undefined>((a, b) => (a === undefined || b.score > a.score ? b : a), undefined);

/** The schemas named for no error in particular that hold a code or a message in every shape, scored by how many of the two. */
function plainErrorSchemas(doc: OpenApiDocument): { ref: string; score: number }[] {
  return doc.memo('error-bodies:plain', () => {
    const home = doc.isSwagger2 ? ['definitions'] : ['components', 'schemas'];
    const schemas = home.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc.root);
    if (!isObject(schemas)) return [];
    // Only one named for no error in particular (Gitea's `APIError`, declared by one status at most), not a one-status body
    // such as FastAPI's 422 `HTTPValidationError` or one service's `AlertingError`.
    return Object.keys(schemas).flatMap(name => {
      const ref = `#/${[...home, name].join('/')}`;
      if (errorSchemaNaming(name) !== 'plain') return [];
      const views = viewsOf(doc, { $ref: ref }, undefined)?.filter(isObjectView) ?? [];
      const held = CODE_AND_MESSAGE.filter(question => views.length > 0 && views.every(view => schemaAnswer(doc, view, question, undefined) !== undefined));
      return held.length === 0 ? [] : [{ ref, score: held.length }];
    });
  });
}

/** Where the document names each local `$ref`: the places it is a list's `items`, and whether it is named anywhere else too. */
function refPlaces(doc: OpenApiDocument): Map<string, { listed: JsonPath[]; elsewhere: boolean }> {
  return doc.memo('error-bodies:ref-places', () => {
    const places = new Map<string, { listed: JsonPath[]; elsewhere: boolean }>();
    walk(
      doc.root,
      (value, trail) => {
        if (!isObject(value) || typeof value.$ref !== 'string') return;
        const known = places.get(value.$ref) ?? places.set(value.$ref, { listed: [], elsewhere: false }).get(value.$ref)!;
        // A list's `items`, not a member named `items` (Shutterstock's `Error.items`).
        if (trail?.key === 'items' && trail.parent?.key !== 'properties') known.listed.push(pathOf([], trail)!);
        else known.elsewhere = true;
        return false;
      },
      true,
      doc.isTree,
    );
    return places;
  });
}

/** A list of a schema named only as items: its member's name, the message beside it, and whether only 2xx bodies hold it. */
interface ListPlace {
  list: string;
  message: string | undefined;
  inSuccesses: boolean;
}

/**
 * An error list that is a failure's envelope: not a list of notes (`warnings`), and, where only success bodies hold it, named
 * for errors (Shutterstock's `errors`, "appears only if there was an error"; not a 2xx body's `results`).
 */
const isErrorList = (place: ListPlace): boolean => !namesNotices(place.list) && (!place.inSuccesses || namesErrors(place.list));

/**
 * The one envelope of a schema named only as items (each list a member of the same name, beside a message of the same
 * name), or, when every list of it is a list of notes, those lists; lists of other kinds are no evidence either way.
 */
function travelsIn(
  doc: OpenApiDocument,
  places: { listed: JsonPath[]; elsewhere: boolean } | undefined,
): { envelope: Envelope } | { notices: Notices } | undefined {
  if (places === undefined || places.elsewhere || places.listed.length === 0) return undefined;
  const found = places.listed.map(path => listPlace(doc, path));
  if (found.some(place => place === undefined)) return undefined;
  const lists = found as ListPlace[];
  // Only notes say the item is a message about the request: a 2xx's `data: [Error]` lists a resource (Mux's error records).
  if (lists.every(place => namesNotices(place.list))) {
    return { notices: { lists: [...new Set(lists.map(place => place.list))], inSuccesses: lists.every(place => place.inSuccesses) } };
  }
  const [first] = lists;
  if (first.message === undefined || lists.some(each => !isErrorList(each) || each.list !== first.list || each.message !== first.message)) return undefined;
  return first.list === first.message ? undefined : { envelope: { list: first.list, message: first.message, holders: lists.length } };
}

/** `…/properties/errors/items`: the list is the member `errors` of the object schema three steps up. */
function listPlace(doc: OpenApiDocument, path: JsonPath): ListPlace | undefined {
  if (path.length < 3 || path[path.length - 3] !== 'properties') return undefined;
  const holder = path.slice(0, -3);
  const view = viewsOf(doc, valueAt(doc.root, holder), holder)?.find(isObjectView);
  const message = view === undefined ? undefined : schemaAnswer(doc, view, 'message', undefined)?.name;
  const statuses = statusesUsing(doc, holder);
  return { list: String(path[path.length - 2]), message, inSuccesses: statuses.length > 0 && statuses.every(isSuccessStatus) };
}

/**
 * The API's one error schema where its error responses declare only one, for one status (ZoomConnect's
 * `RestErrorDTO` on its `/sms/send` 400), when it is an error in general: it holds a message of its own, outside a
 * list, as one status's body (FastAPI's 422 `HTTPValidationError`, a list of field errors) does not; a code too, or
 * the fix adds one to it (GameSparks' `MessageModel { message }` on every 400: the API's handler sends it). With the
 * members of those two it leaves optional, which a fix that offers it requires.
 */
export function loneErrorSchema(doc: OpenApiDocument): ({ schema: SharedErrorSchema } & Completion) | undefined {
  return doc.memo('error-bodies:lone', () => {
    const { overall } = sharedErrorSchemas(doc);
    const [only, ...others] = overall.values();
    const view = only === undefined || others.length > 0 || !onlyAnError(doc, only.ref) ? undefined : objectView(doc, only.ref);
    // Its own: in the body or a wrapper, not in the items of a list (FastAPI's `detail[].type`, `detail[].msg`).
    const [code, message] = CODE_AND_MESSAGE.map(question => (view === undefined ? undefined : schemaAnswer(doc, view, question, undefined)));
    if (message === undefined || [code, message].some(member => member?.carrier.kind === 'list')) return undefined;
    return { schema: only, ...completionOf(code, message) };
  });
}

/** What a fix that offers an error schema adds to it: the code it lacks, and the code and message it leaves optional. */
export interface Completion {
  optional: string[];
  lacksCode: boolean;
}

const completionOf = (code: Found<SchemaNode> | undefined, message: Found<SchemaNode> | undefined): Completion => ({
  optional: [code, message].filter(member => member !== undefined && !member.required).map(member => member!.name),
  lacksCode: code === undefined,
});

/**
 * A schema the API answers only as an error: never a 2xx body, nor declared only by 409s that return the existing resource
 * (Circuit's `Conversation`, the body of `POST /conversations/direct` "when a conversation already exists"): a success's data.
 */
function onlyAnError(doc: OpenApiDocument, ref: string): boolean {
  const site = pointerToPath(ref);
  if (site === undefined) return false;
  if (statusesUsing(doc, site).some(isSuccessStatus)) return false;
  // The descriptions too: a 409 is read by what it says.
  const responses = [...responsesUsing(doc, site)].flatMap(([at, operation]) => doc.responses(operation).filter(response => toPointer(response.at) === at));
  return !responses.every(response => response.status === '409' && describesExistenceConflict(response.node.description));
}

/** One shape the API's example-only error bodies show: an example of it, the statuses that show it, and how many bodies do. */
export interface ExampleShape {
  example: Located;
  statuses: string[];
  count: number;
}

/**
 * The shapes the API's example-only error bodies show where it declares no error schema (Orbit's `{ errors }` on a 404
 * and its 422s; They Said So's `{ error }` on every error), most shown first, and how many such bodies there are.
 */
export function errorExampleShapes(doc: OpenApiDocument): { shapes: ExampleShape[]; total: number } {
  return doc.memo('error-bodies:example-shapes', () => {
    if (sharedErrorSchemas(doc).overall.size > 0) return { shapes: [], total: 0 };
    const byKeys = new Map<string, ExampleShape>();
    let total = 0;
    for (const operation of doc.operations().filter(answersWithBody)) {
      for (const response of doc.responses(operation).filter(isErrorResponse)) {
        for (const body of doc.jsonBodies(operation, response)) {
          const example = body.schema === undefined ? objectExample(body.examples) : undefined;
          if (example === undefined) continue;
          total++;
          const keys = membersOf(example);
          let shape = byKeys.get(keys);
          if (shape === undefined) byKeys.set(keys, (shape = { example, statuses: [], count: 0 }));
          shape.count++;
          if (!shape.statuses.includes(response.status)) shape.statuses.push(response.status);
        }
      }
    }
    for (const shape of byKeys.values()) shape.statuses.sort();
    // Most shown first; of as many, the one shown on the lowest status.
    const shapes = [...byKeys.values()].sort((a, b) => b.count - a.count || a.statuses[0].localeCompare(b.statuses[0]));
    return { shapes, total };
  });
}

/**
 * The API's one error body where it declares none by schema but shows it by examples: the keys most of its example-only
 * error bodies' examples have, alike on two statuses or more. What a response without a body is offered, as
 * `loneErrorSchema` is where there is a schema; one example's shape, or examples no shape holds most of, are no evidence
 * of the API's own (a fix asks which body is sent instead, by `errorExampleShapes`).
 */
export function loneErrorExample(doc: OpenApiDocument): ExampleShape | undefined {
  const { shapes, total } = errorExampleShapes(doc);
  const [most] = shapes;
  return most !== undefined && most.count * 2 > total && most.statuses.length >= 2 ? most : undefined;
}

/** An object example's members, in one order: examples alike in shape have the same. */
const membersOf = (example: Located): string =>
  Object.keys(example.value as JsonObject)
    .sort()
    .join(' ');

/**
 * A body's first example that is an object with members (Forem's 401 `{ error, status }`), or JSON text of one (They Said
 * So's `value: "{ \"error\": { \"code\": 401, … } }"`, a string under `application/json`): read as the object it spells.
 */
export function objectExample(examples: readonly Located[]): Located | undefined {
  for (const candidate of examples) {
    const value = typeof candidate.value === 'string' ? parsedObject(candidate.value) : candidate.value;
    if (isObject(value) && Object.keys(value).length > 0) return { value, location: candidate.location };
  }
  return undefined;
}

/** The object a string spells in JSON, if it spells one. */
function parsedObject(text: string): unknown {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The schema that (nearly) every response with a body answers, successes and errors alike, when it holds a member for
 * messages (NetLicensing's `netlicensing { infos, items }` on all 40 of its bodies, errors reported in `infos`): an
 * API-wide envelope its errors may come in, which a fix asks about rather than replaces. No error response declares another
 * body. A list of the schema answers it too (NetLicensing's lists of `netlicensing`).
 * Or the schema most bodies carry under one member, whose messages are items with a code and a message (HHS Media
 * Services' `meta: Meta`, `Meta.messages[]` of `Message { errorCode, errorMessage }`): a fix offers it where (nearly) every
 * body carries it, and asks where only most do.
 */
export interface ApiWideEnvelope {
  name: string;
  /** Its member for messages (`infos`, `messages`, `notices`). */
  member: string;
  /** How many of the responses with a JSON body answer it, of how many. */
  count: number;
  total: number;
  /** Where bodies carry it under a member (`meta`): that member, and the code and message of its messages' items. */
  carried?: { under: string; code: string; message: string; offered: boolean };
}

/** "Nearly every": one response in ten may answer something else (an empty export, a redirect's page). */
const NEARLY_EVERY = 0.9;
/** Fewer bodies than this say nothing of an API-wide convention. */
const FEW_BODIES = 4;

export function apiWideEnvelope(doc: OpenApiDocument): ApiWideEnvelope | undefined {
  return doc.memo('error-bodies:api-wide-envelope', () => {
    const answering = new Map<string, number>();
    const carrying = new Map<string, number>();
    let total = 0;
    for (const operation of doc.operations().filter(answersWithBody)) {
      for (const response of doc.responses(operation)) {
        // Swagger 2.0 lists a body for each type it `produces`, with no schema where the response declares none.
        const bodies = doc.jsonBodies(operation, response).filter(body => body.schema !== undefined);
        if (bodies.length === 0) continue;
        total++;
        const refs = new Set(bodies.map(body => answeredRef(doc, body)));
        // An error with a body of its own (or none readable) is the API's error body, not the envelope's.
        if (isErrorResponse(response) && (refs.size !== 1 || refs.has(undefined))) return undefined;
        for (const ref of refs) if (ref !== undefined) count(answering, ref);
        for (const key of new Set([...refs].flatMap(ref => (ref === undefined ? [] : carriedRefs(doc, ref))))) count(carrying, key);
      }
    }
    if (total < FEW_BODIES) return undefined;
    const [ref, most] = mostCounted(answering);
    const member = ref === undefined || most < total * NEARLY_EVERY ? undefined : [...(objectView(doc, ref)?.properties.keys() ?? [])].find(namesMessages);
    if (member !== undefined) return { name: ref!.slice(ref!.lastIndexOf('/') + 1), member, count: most, total };
    const [key, carried] = mostCounted(carrying);
    const envelope = key === undefined || carried * 2 <= total ? undefined : carriedEnvelope(doc, key);
    // Carried by most bodies, it is asked about; by (nearly) every one, offered.
    return envelope?.carried === undefined
      ? undefined
      : { ...envelope, carried: { ...envelope.carried, offered: carried >= total * NEARLY_EVERY }, count: carried, total };
  });
}

const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const mostCounted = (counts: Map<string, number>): [string, number] | [undefined, number] =>
  [...counts].reduce<[string, number] | [undefined, number]>((a, b) => (b[1] > a[1] ? b : a), [undefined, 0]);

/** The members of a schema that carry an envelope of messages (`meta` → `#/components/schemas/Meta`), as `meta #/…/Meta`. */
function carriedRefs(doc: OpenApiDocument, ref: string): string[] {
  return [...(objectView(doc, ref)?.properties ?? [])].flatMap(([name, property]) => {
    const carried = isObject(property.schema) && typeof property.schema.$ref === 'string' ? `${name} ${property.schema.$ref}` : undefined;
    return carried !== undefined && carriedEnvelope(doc, carried) !== undefined ? [carried] : [];
  });
}

/** The envelope a member carries (`meta #/…/Meta`): its messages member, whose items hold a code and a message, by the concept readers. */
function carriedEnvelope(
  doc: OpenApiDocument,
  key: string,
): { name: string; member: string; carried: { under: string; code: string; message: string } } | undefined {
  return doc.memo(`error-bodies:carried ${key}`, () => {
    const [under, ref] = key.split(' ');
    const view = ref.startsWith('#/') ? objectView(doc, ref) : undefined;
    for (const [member, property] of view?.properties ?? []) {
      if (!namesMessages(member)) continue;
      const list = doc.resolve(property.schema, property.location)?.value;
      const items = isObject(list) && list.type === 'array' ? viewsOf(doc, list.items, undefined)?.find(isObjectView) : undefined;
      const [code, message] = CODE_AND_MESSAGE.map(question => (items === undefined ? undefined : schemaAnswer(doc, items, question, undefined)));
      if (code !== undefined && message !== undefined) {
        return { name: ref.slice(ref.lastIndexOf('/') + 1), member, carried: { under, code: code.name, message: message.name } };
      }
    }
    return undefined;
  });
}

/** The local `$ref` a body answers, itself or as the items of a list. */
function answeredRef(doc: OpenApiDocument, body: Body): string | undefined {
  const schema = body.schema === undefined ? undefined : doc.resolve(body.schema.value, body.schema.location)?.value;
  const direct = isObject(body.schema?.value) ? body.schema.value.$ref : undefined;
  const listed = isObject(schema) && schema.type === 'array' && isObject(schema.items) ? schema.items.$ref : undefined;
  const ref = direct ?? listed;
  return typeof ref === 'string' && ref.startsWith('#/') ? ref : undefined;
}
