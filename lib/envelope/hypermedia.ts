/**
 * Hypermedia link collections in a response schema, and whether they enumerate calls an agent can make:
 * links that carry an `href` and a `method` (Siren `actions[]`, `links[]{rel, href, method}`) do, and so do
 * HAL's `_links`, reads (GET) by HAL's convention; links with an `href` alone elsewhere (JSON:API `links`,
 * Siren `links[]`) say where, not how.
 * The same shapes are read in live bodies (`linksIn`), for the probe to follow.
 */
import { words } from '../errors/concepts';
import { child, HTTP_METHODS, isObject, type JsonObject, type JsonPath, type OpenApiDocument } from '../document/document';
import { isObjectView, ownProperty, viewsOf, type ObjectView, type Property } from '../document/schema';
import { namesClientsSend } from '../document/inputs';
import { URI_FORMATS, URL_TEXT, URL_WORDS } from '../semantics/names';

export interface LinkCollection {
  property: Property;
  /** `links`, `data.links` */
  name: string;
  /** Every link shape declares both an href and a method. */
  callable: boolean;
}

const HREF = 'href';
const DATA = 'data';
const METHOD = 'method';
const SELF = 'self';
/** HAL's reserved member: its links are reads (GET) by HAL's convention, so a link there needs no `method` to be a call. */
const HAL_LINKS = '_links';
/** RFC 8288's page relations: the other pages of a list, reads (GET) by convention as HAL's links are. */
const PAGE_RELATIONS = new Set(['first', 'prev', 'previous', 'next', 'last']);

/**
 * Relations that are a list's pages, in any case, `self` among them or not (PI Web API's `PaginationLinks { First,
 * Previous, Next, Last }`): GETs, already the next calls. Not a map of actions (`Approve`, `Cancel`).
 */
function pageRelations(relations: readonly string[]): boolean {
  const named = relations.map(relation => relation.toLowerCase()).filter(relation => relation !== SELF);
  return named.length > 0 && named.every(relation => PAGE_RELATIONS.has(relation));
}

/** A collection declared as a closed map of page relations (no `additionalProperties` to hold others). */
function pageLinks(doc: OpenApiDocument, property: Pick<Property, 'schema' | 'location'>): boolean {
  const views = viewsOf(doc, property.schema, property.location) ?? [];
  return (
    views.length > 0 &&
    views.every(view => isObjectView(view) && !view.parts.some(part => isObject(part.value.additionalProperties))) &&
    pageRelations(views.flatMap(view => [...view.properties.keys()]))
  );
}
/** Collection → relation → array of links → link: deeper than this is not a link collection. */
const MAX_DEPTH = 3;

const isUrl = (view: ObjectView) =>
  view.types?.length === 1 && view.types[0] === 'string' && view.parts.some(part => URI_FORMATS.has(String(part.value.format)));

/**
 * The shapes of the links below a schema: the schema itself when it declares an href, an array's items,
 * or the values of a map keyed by relation (HAL, JSON:API: its properties and `additionalProperties`).
 * A URI string (`format: uri`) in a map is a link without a method; an array item without an href is
 * not a link, and is not searched further (Siren's `entities`, a list of records).
 */
function linkShapes(doc: OpenApiDocument, schema: unknown, location: JsonPath | undefined, depth = 0, inArray = false): (ObjectView | 'url')[] {
  const views = depth > MAX_DEPTH ? undefined : viewsOf(doc, schema, location);
  if (views === undefined) return [];
  return views.flatMap(view => {
    if (isUrl(view)) return depth === 0 || inArray ? [] : ['url' as const];
    if (ownProperty(view, [HREF]) !== undefined) return [view];
    const items = view.parts.filter(part => part.value.items !== undefined);
    if (items.length > 0) return items.flatMap(part => linkShapes(doc, part.value.items, child(part.location, 'items'), depth + 1, true));
    if (inArray || !isObjectView(view)) return [];
    const values: { schema: unknown; location: JsonPath | undefined }[] = [...view.properties.values()];
    for (const part of view.parts) {
      if (isObject(part.value.additionalProperties))
        values.push({ schema: part.value.additionalProperties, location: child(part.location, 'additionalProperties') });
    }
    return values.flatMap(next => linkShapes(doc, next.schema, next.location, depth + 1));
  });
}

/**
 * A collection that maps relations to plain strings and holds nothing else (ReadMe's `links: { project }`):
 * links without a method, whatever their format. Stripe's `links` list object (`has_more`, `data[]`) is not one.
 */
function relationStrings(doc: OpenApiDocument, property: Pick<Property, 'schema' | 'location'>): boolean {
  const views = viewsOf(doc, property.schema, property.location) ?? [];
  const members = views.filter(isObjectView).flatMap(view => [...view.properties.values()]);
  return (
    members.length > 0 &&
    views.every(isObjectView) &&
    members.every(member => (viewsOf(doc, member.schema, member.location) ?? []).every(view => view.types?.length === 1 && view.types[0] === 'string'))
  );
}

/**
 * A collection whose one relation is `self` (InfluxDB's `links: { self }`, Bitbucket's): a link to the resource just
 * answered, a read that a method would add nothing to. Without a method it lists no next call: the body declares none.
 */
function selfOnly(doc: OpenApiDocument, property: Pick<Property, 'schema' | 'location'>): boolean {
  const views = viewsOf(doc, property.schema, property.location) ?? [];
  return (
    views.length > 0 &&
    views.every(
      view =>
        isObjectView(view) && view.properties.size === 1 && view.properties.has(SELF) && !view.parts.some(part => isObject(part.value.additionalProperties)),
    )
  );
}

/**
 * The link collections (named one of `names`) a view declares at its top level, or else in its JSON:API
 * primary `data` (`data.links`), each with whether its links are callable and its name as messages write it.
 */
export function linkCollections(doc: OpenApiDocument, view: ObjectView, names: readonly string[], prefix = ''): LinkCollection[] {
  const collections: LinkCollection[] = [];
  for (const name of names) {
    const property = ownProperty(view, [name]);
    const shapes = property === undefined ? [] : linkShapes(doc, property.schema, property.location);
    if (property === undefined || (shapes.length === 0 && !relationStrings(doc, property))) continue;
    const callable = property.name === HAL_LINKS || (shapes.length > 0 && shapes.every(shape => shape !== 'url' && ownProperty(shape, [METHOD]) !== undefined));
    // A `self` alone without a method is no call to ask a method of (HAL's is a read by its convention, so callable).
    if (!callable && selfOnly(doc, property)) continue;
    collections.push({ property, name: `${prefix}${property.name}`, callable });
  }
  const data = prefix === '' && collections.length === 0 ? ownProperty(view, [DATA]) : undefined;
  const inner = data === undefined ? [] : (viewsOf(doc, data.schema, data.location) ?? []).filter(isObjectView);
  return inner.length === 1 ? [...collections, ...linkCollections(doc, inner[0], names, `${DATA}.`)] : collections;
}

/**
 * A body whose links, named a link collection or like links (PI Web API's `Links`), are its list's pages: its next calls,
 * GETs by convention, as HAL's `_links` are.
 */
export const declaresPageLinks = (doc: OpenApiDocument, view: ObjectView, names: readonly string[]): boolean =>
  [...view.properties.values()].some(property => (names.includes(property.name) || namesLinks(property.name)) && pageLinks(doc, property));

/** A name that ends as links or next calls do: `link`, `_links`, `actions`, `next_actions`, `next_steps` (a recipe's `steps` does not). */
function namesLinks(name: string): boolean {
  const nameWords = words(name);
  const last = nameWords[nameWords.length - 1];
  return ['link', 'links', 'actions'].includes(last) || (last === 'steps' && nameWords.includes('next'));
}

/** A member named like links or next calls that gives no call to make, and what it lacks: an href, or a method beside its hrefs. */
export interface LinkLookalike {
  /** As messages write it: `next_actions`, `content._links`. */
  name: string;
  lacks: 'href' | 'method';
}

/**
 * The first member named like links or next calls (a list or an object, at the top of a body, or a link
 * collection in one of its object members) that declares no call an agent can make: Hetzner's
 * `next_actions` of server-side actions, Vercel's `link` to a Git repository, Gitea's `content._links`
 * of hrefs. A finding names it and asks, so that nobody adds `nextSteps` beside a list that may be one.
 */
export function linkLookalike(doc: OpenApiDocument, view: ObjectView, collectionNames: readonly string[]): LinkLookalike | undefined {
  // Asked once per view and names (`viewsOf` keeps one view per schema): a shared success schema answers hundreds of operations.
  const byNames = doc.memoFor('hypermedia:lookalike', view, () => new Map<string, LinkLookalike | undefined>());
  const key = collectionNames.join('\n');
  if (!byNames.has(key)) byNames.set(key, lookalikeIn(doc, view, collectionNames, ''));
  return byNames.get(key);
}

function lookalikeIn(doc: OpenApiDocument, view: ObjectView, collectionNames: readonly string[], prefix: string): LinkLookalike | undefined {
  // A body whose own links are its `self` alone: the links of its members are theirs (Bitbucket's `owner.links`), no next calls.
  if (prefix === '' && [...view.properties.values()].some(property => namesLinks(property.name) && selfOnly(doc, property))) return undefined;
  for (const property of view.properties.values()) {
    const views = viewsOf(doc, property.schema, property.location) ?? [];
    const structured = views.length > 0 && views.every(inner => isObjectView(inner) || inner.types?.includes('array'));
    const named = prefix === '' ? namesLinks(property.name) : collectionNames.includes(property.name);
    if (named && structured && selfOnly(doc, property)) continue;
    if (named && structured) {
      const shapes = linkShapes(doc, property.schema, property.location);
      const lacks = shapes.length === 0 && !relationStrings(doc, property) ? 'href' : 'method';
      // One object down, only links with hrefs are asked about (slmonitor's `workerInformation.actions` are a person's
      // instructions); a single `link` is one only with an href (Stripe's Link payment details, Vercel's Git repository are not).
      if ((prefix !== '' && lacks === 'href') || (words(property.name).at(-1) === 'link' && shapes.length === 0)) continue;
      if (shapes.length === 0) return { name: `${prefix}${property.name}`, lacks };
      if (!shapes.every(shape => shape !== 'url' && ownProperty(shape, [METHOD]) !== undefined)) return { name: `${prefix}${property.name}`, lacks: 'method' };
      continue;
    }
    const objects = views.filter(inner => isObjectView(inner) && inner.properties.size > 0);
    const inner = prefix === '' && objects.length === 1 ? lookalikeIn(doc, objects[0], collectionNames, `${property.name}.`) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** A string member that may be the next call itself: its name or description, as a message quotes it. */
export interface NextCallMember {
  name: string;
  /** `named \`uploadUrl\``, `described "must be used to upload"` */
  evidence: string;
}

/** What a URL or a token the agent must use next is described as: "a presigned PUT URL which must be used to upload", "must be sent to /complete-upload". */
const NEXT_CALL_TEXT =
  /\bpre-?signed\b|\bmust be (used|sent|passed|provided|uploaded|put|posted)\b[^.]{0,40}\b(to|for|when|in)\b|\b(use|send|pass|provide|call) (this|it)\b[^.]{0,20}\b(to|in|with)\b[^.]{0,30}\b(request|call|upload|complete|confirm|finish)/i;
/**
 * The words of a URL member's name that say it is where the next call goes (`uploadUrl`, `redirect_uri`), not what a
 * resource is (`avatarUrl`, GitHub's `browser_download_url`) or what the client gave (rev.ai's `callback_url`).
 */
const NEXT_CALL_WORDS = new Set([
  'upload',
  'redirect',
  'continue',
  'continuation',
  'resume',
  'next',
  'complete',
  'presigned',
  'signed',
  'checkout',
  'approval',
  'authorize',
  'authorization',
  'verification',
  'confirm',
  'confirmation',
]);
/** A URL handed over for a while (api2pdf's `pdf`, "will exist only for 24 hours"): made for the client to fetch next, as a presigned one is. */
const TEMPORARY_TEXT = /\b(exists?|available|valid|expires?|kept)( only)? (for|after|in|within) (\d+|one|a|an) (second|minute|hour|day)s?\b/i;
const LOCATION = 'location';
/** What a body handing over a call may hold beside its URL: the token to send there (DRACOON's upload `token`), when it expires. */
const CALL_COMPANION_WORDS = new Set(['token', 'expires', 'expiry', 'expiration', 'ttl']);

/** A string member's schema, or undefined for a member of another type. */
function stringSchema(doc: OpenApiDocument, property: Omit<Property, 'required'>): JsonObject | undefined {
  const schema = doc.resolve(property.schema, property.location)?.value;
  return !isObject(schema) || (schema.type !== undefined && schema.type !== 'string') ? undefined : schema;
}

/**
 * A member some request of the API takes is one the client gave, echoed back (Box's `declined_redirect_url`, an OAuth
 * client's `redirect_uri`), unless the server sets it (`readOnly`: a serializer's one schema for request and answer).
 */
const clientGave = (doc: OpenApiDocument, name: string, schema: JsonObject): boolean => schema.readOnly !== true && namesClientsSend(doc).has(name);

/**
 * The members of a body that are URLs the server gives: strings named one (`downloadUrl`, `survey_link`; not Enode's
 * `linkState`), not a bare `location` (elmah.io's `{ location }`, the created resource's own address), nor one the client gave.
 */
function urlMembers(doc: OpenApiDocument, view: ObjectView): Omit<Property, 'required'>[] {
  return [...view.properties.values()].filter(member => {
    const schema = stringSchema(doc, member);
    const nameWords = words(member.name);
    return schema !== undefined && URL_WORDS.has(nameWords.at(-1) ?? '') && nameWords.join(' ') !== LOCATION && !clientGave(doc, member.name, schema);
  });
}

/** The words of a URL member's name that say it is where a task's outcome is read (`task-result-url`, `statusUrl`). */
const OUTCOME_WORDS = new Set(['result', 'results', 'status', 'output', 'progress']);
/** The member a task's body reports where it stands in (LGTM's `status: pending | done`). */
const TASK_STATE = new Set(['status', 'state']);

/**
 * The one URL of a task's body (it reports its `status`) named for the task's outcome (LGTM's `operation { id, status,
 * task-result-url }`, "The URL for the result of the task"): where the client reads it next. Not a URL named for what
 * a resource is (`avatar_url` beside a `status`), nor a `result_url` of a body that reports no status.
 */
function taskOutcomeUrl(doc: OpenApiDocument, view: ObjectView): NextCallMember | undefined {
  const state = [...view.properties.values()].find(member => TASK_STATE.has(member.name.toLowerCase()) && stringSchema(doc, member) !== undefined);
  const urls = state === undefined ? [] : urlMembers(doc, view).filter(member => words(member.name).some(word => OUTCOME_WORDS.has(word)));
  return urls.length === 1 ? { name: urls[0].name, evidence: `by its name, beside its \`${state!.name}\`` } : undefined;
}

/**
 * The one URL of a body that holds nothing else (DRACOON's `{ downloadUrl }` answering "generate a download token"),
 * or nothing but the token and expiry that go with it: the body exists to hand over that URL. A URL is a string named
 * one (`downloadUrl`, `survey_link`; not Enode's `linkState`, nor GSMtasks' `owner`, a URI of the new owner) that the
 * client did not give. A bare `location` is where the created resource is (elmah.io's `{ location }`): a self link, no
 * next call. A URL among a resource's members (GitHub's asset `browser_download_url`) or beside its `id` is the resource's.
 */
function soleUrl(doc: OpenApiDocument, view: ObjectView): NextCallMember | undefined {
  const members = [...view.properties.values()];
  const urls = urlMembers(doc, view);
  const others = members.filter(member => !urls.includes(member));
  if (urls.length !== 1 || !others.every(member => words(member.name).some(word => CALL_COMPANION_WORDS.has(word)))) return undefined;
  const evidence = others.length === 0 ? 'all the body holds' : `the body holds only it and ${others.map(member => `\`${member.name}\``).join(', ')}`;
  return { name: urls[0].name, evidence };
}

/**
 * The first string member of a 2xx body that may be the next call itself: a presigned upload `url` "which must be
 * used to upload", an `uploadUrl`, an identifier that "must be sent to /complete-upload", a read-only URI `link`, a
 * body's only URL. Evidence is weak (the body may also be a plain resource), so a finding asks whether it is, and
 * leaves the edit to a person.
 */
export function nextCallMember(doc: OpenApiDocument, view: ObjectView): NextCallMember | undefined {
  // Asked once per view, as `linkLookalike`: a shared success schema answers hundreds of operations.
  return doc.memoFor('hypermedia:next-call', view, () => findNextCallMember(doc, view));
}

function findNextCallMember(doc: OpenApiDocument, view: ObjectView): NextCallMember | undefined {
  for (const property of view.properties.values()) {
    const schema = stringSchema(doc, property);
    if (schema === undefined) continue;
    const described = typeof schema.description === 'string' ? NEXT_CALL_TEXT.exec(schema.description)?.[0] : undefined;
    if (described !== undefined) return { name: property.name, evidence: `described "${described}"` };
    if (clientGave(doc, property.name, schema)) continue;
    const nameWords = words(property.name);
    if (nameWords.some(word => URL_WORDS.has(word)) && nameWords.some(word => NEXT_CALL_WORDS.has(word)))
      return { name: property.name, evidence: 'by its name' };
    const isUrl = URL_WORDS.has(nameWords.at(-1) ?? '') || URL_TEXT.test(String(schema.description ?? ''));
    const temporary = isUrl ? TEMPORARY_TEXT.exec(String(schema.description ?? ''))?.[0] : undefined;
    if (temporary !== undefined) return { name: property.name, evidence: `a URL described "${temporary}"` };
    // A URI the server sets, named a link and nothing else (GSMtasks' export `link`, its download): not the resource's own `url`.
    if (nameWords.length === 1 && nameWords[0] === 'link' && schema.readOnly === true && URI_FORMATS.has(String(schema.format)))
      return { name: property.name, evidence: 'a read-only URI' };
  }
  return soleUrl(doc, view) ?? taskOutcomeUrl(doc, view);
}

/** The members of a link object (RFC 8288's target attributes, HAL's and Siren's): a body with others is a resource that has an href. */
const LINK_MEMBERS = new Set([
  HREF,
  METHOD,
  'rel',
  'type',
  'title',
  'name',
  'templated',
  'hreflang',
  'profile',
  'deprecation',
  'media',
  'action',
  'description',
]);

export type SelfLink = 'callable' | 'href' | undefined;

/**
 * What a success body that is itself a link holds (a 202's `{ href, method }`), from its member names and
 * which of them it has: `callable` with an href and a method, or an href whose response's `Location`
 * header names the same next call (a GET there); `href` with an href alone; undefined when the body is no
 * link (no href, or members a link has not). One verdict for a schema's view and a live body.
 */
function linkOf(members: Iterable<string>, has: (member: string) => boolean, withLocation: boolean): SelfLink {
  if (!has(HREF) || [...members].some(key => !LINK_MEMBERS.has(key))) return undefined;
  return has(METHOD) || withLocation ? 'callable' : 'href';
}

/** `linkOf` over a schema: the view declares the member. */
export const selfLink = (view: ObjectView, withLocation: boolean): SelfLink =>
  linkOf(view.properties.keys(), member => ownProperty(view, [member]) !== undefined, withLocation);

/** `linkOf` over a live body: the body sends the member as a non-empty string; `withLocation` when the response sent a `Location` header. */
export const liveSelfLink = (body: unknown, withLocation: boolean): SelfLink =>
  isObject(body) ? linkOf(Object.keys(body), member => typeof body[member] === 'string' && body[member] !== '', withLocation) : undefined;

/**
 * How `holdsMethodLink` walks a body, a schema's or a live one: a node's object members, whether a node is a link's
 * target (a URI string) and whether it lists HTTP methods.
 */
interface LinkWalker<T> {
  members: (node: T) => [string, T][];
  target: (node: T) => boolean;
  methods: (node: T) => boolean;
  /** Keeps the answer about a node at a depth: a schema's members recur under many bodies (GitHub's `simple-user`). */
  remember?: (node: T, depth: number, compute: () => boolean) => boolean;
}

/** The members that name a link's target: Vimeo's `uri`, an `href`, a `url`. */
const LINK_TARGETS = new Set([HREF, 'uri', 'url']);
const METHOD_NAMES = new Set<string>(HTTP_METHODS);
const isMethodName = (value: unknown): boolean => typeof value === 'string' && METHOD_NAMES.has(value.toLowerCase());
/** What a list of the methods a link accepts is described as (Vimeo's `options`: "An array of HTTP methods permitted on this URI"). */
const METHODS_TEXT = /\bHTTP methods\b/i;

/**
 * A link that carries its methods within two object members of the body (Vimeo's `metadata.connections.users`,
 * `{ uri, options: ["GET", "POST"] }`): a target and a list of HTTP methods, a call an agent can make as a link with an
 * href and a method is. The links of a list's items are theirs, not the body's (arrays are not walked).
 */
function holdsMethodLink<T>(walker: LinkWalker<T>, node: T, depth = 0): boolean {
  const holds = () => {
    const members = walker.members(node);
    const link = members.some(([name, member]) => LINK_TARGETS.has(name) && walker.target(member)) && members.some(([, member]) => walker.methods(member));
    return link || (depth < MAX_DEPTH && members.some(([, member]) => holdsMethodLink(walker, member, depth + 1)));
  };
  return walker.remember === undefined ? holds() : walker.remember(node, depth, holds);
}

type SchemaNode = Pick<Property, 'schema' | 'location'>;

/** An array schema whose items are HTTP methods: an enum of them, or described as them. */
function methodList(doc: OpenApiDocument, node: SchemaNode): boolean {
  const views = viewsOf(doc, node.schema, node.location) ?? [];
  return views.some(view =>
    view.parts.some(part => {
      const items = doc.resolve(part.value.items, child(part.location, 'items'))?.value;
      if (!isObject(items)) return false;
      const described = [part.value.description, items.description].some(text => typeof text === 'string' && METHODS_TEXT.test(text));
      return Array.isArray(items.enum) ? items.enum.length > 0 && items.enum.every(isMethodName) : described;
    }),
  );
}

const schemaWalker = (doc: OpenApiDocument): LinkWalker<SchemaNode> => ({
  members: node =>
    (viewsOf(doc, node.schema, node.location) ?? [])
      .filter(isObjectView)
      .flatMap(view => [...view.properties.values()].map(member => [member.name, member] as [string, SchemaNode])),
  target: node => (viewsOf(doc, node.schema, node.location) ?? []).some(view => view.types?.includes('string')),
  methods: node => methodList(doc, node),
  remember: (node, depth, compute) => doc.memoFor(`hypermedia:method-link ${depth}`, node, compute),
});

/**
 * A schema's body that declares a link carrying its methods (`holdsMethodLink`): its next calls, under the API's own names.
 * Asked once per view (`viewsOf` keeps one per schema): a shared success schema answers hundreds of operations.
 */
export const declaresMethodLinks = (doc: OpenApiDocument, view: ObjectView): boolean =>
  doc.memoFor('hypermedia:method-links', view, () => [...view.properties.values()].some(member => holdsMethodLink(schemaWalker(doc), member, 1)));

const liveWalker: LinkWalker<unknown> = {
  members: node => (isObject(node) ? Object.entries(node) : []),
  target: node => typeof node === 'string' && isHref(node),
  methods: node => Array.isArray(node) && node.length > 0 && node.every(isMethodName),
};

/** `declaresMethodLinks` over a live body: a link sends its target and a non-empty list of HTTP methods. */
export const liveMethodLinks = (body: unknown): boolean => isObject(body) && holdsMethodLink(liveWalker, body);

/** A link of a live body: its href, its method if it names one, and where it sits. */
export interface LinkValue {
  href: string;
  method: unknown;
  at: JsonPath;
}

const isHref = (text: string) => /^(https?:\/\/|\/)/i.test(text);

/**
 * The links of a live body's link collections (named one of `names`), in the shapes `linkShapes` reads
 * in schemas: an object with an `href`, an array of them, a map of them by relation, or a URL string in
 * such a map. A HAL link marked `templated` is a form to fill in, not a link to follow.
 */
export function linksIn(body: unknown, names: readonly string[]): LinkValue[] {
  const found: LinkValue[] = [];
  const visit = (value: unknown, at: JsonPath, depth: number, inArray: boolean): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      if (depth > 0 && !inArray && isHref(value)) found.push({ href: value, method: undefined, at });
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, [...at, i], depth + 1, true));
    } else if (isObject(value) && typeof value[HREF] === 'string') {
      if (value.templated !== true) found.push({ href: value[HREF] as string, method: value[METHOD], at: [...at, HREF] });
    } else if (isObject(value) && !inArray) {
      for (const [key, member] of Object.entries(value)) visit(member, [...at, key], depth + 1, false);
    }
  };
  if (!isObject(body)) return found;
  for (const name of names) if (body[name] !== undefined) visit(body[name], [name], 0, false);
  // As in a schema: JSON:API's `data.links` when the body has no collection of its own.
  const data = body[DATA];
  if (found.length === 0 && isObject(data)) for (const name of names) if (data[name] !== undefined) visit(data[name], [DATA, name], 0, false);
  return found;
}

/**
 * True when a live body lists its next calls through a link collection whose every link carries an href
 * and a method: what `linkCollections` calls callable in a schema, so the runtime guard and
 * ax-envelope-next-steps accept the same bodies.
 */
export function hasCallableLinks(body: unknown, names: readonly string[]): boolean {
  // Per collection: whether every link seen so far carries a method (one pass, however many links a client sends).
  const callable = new Map<unknown, boolean>();
  for (const link of linksIn(body, names)) {
    const name = link.at[0] === DATA ? link.at[1] : link.at[0];
    const collection = link.at[0] === DATA ? `${DATA}.${name}` : name;
    const holder = (link.at[0] === DATA ? (body as JsonObject)[DATA] : body) as JsonObject;
    const relations = isObject(holder[name as string]) ? Object.keys(holder[name as string] as JsonObject) : [];
    const calls = name === HAL_LINKS || pageRelations(relations) || (typeof link.method === 'string' && link.method !== '');
    callable.set(collection, (callable.get(collection) ?? true) && calls);
  }
  return [...callable.values()].some(Boolean);
}
