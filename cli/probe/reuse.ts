/**
 * What the API has told the probe about its records, as an agent would remember it: the id in a create's
 * body, its `Location` header, the hrefs of the steps and links it offers (and, while nothing else is
 * known, the first record of a list). Each value is kept by the route prefix it fills (`/orders/{}`), so a
 * later operation on that record (`GET /orders/{orderId}`, `POST /orders/{id}/cancel`) reuses it instead
 * of an invented id.
 */
import type { OpenApiDocument, Operation } from '../../lib/document/document';
import { isObject } from '../../lib/document/document';
import type { Description } from '../../runtime/description';
import { dependsOnCreate, resourceOfCollection } from './references';
import { validRequest } from './requests';

/** `{orderId}` → `orderId`; a segment that is not one whole placeholder (`{id}.json`) is not filled from an href. */
const parameterIn = (segment: string) => /^\{([^{}]+)\}$/.exec(segment)?.[1];
const segmentsOf = (path: string) => path.split('/').filter(segment => segment !== '');
/** The names of a path template's parameters, in order. */
export const pathParameters = (path: string): string[] => [...path.matchAll(/\{([^{}]+)\}/g)].map(match => match[1]);
/** The key of a route prefix, its parameters unnamed: `/orders/{orderId}` and `/orders/{id}` fill one slot. */
const slotOf = (segments: readonly string[]) => `/${segments.map(segment => (parameterIn(segment) === undefined ? segment : '{}')).join('/')}`;

/** A record's id as a path segment: text or a number, as an API returns it. */
function idText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/** The id a body gives a record: a member named as the path parameter (`orderId`), else `id`; at the top or in a `data` wrapper. */
function idIn(body: unknown, parameter: string): string | undefined {
  for (const holder of [body, isObject(body) ? body.data : undefined]) {
    if (!isObject(holder)) continue;
    const id = idText(holder[parameter]) ?? idText(holder.id);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** The first record of a list body: the body itself when it is an array, else its first array member (`data`, `items`). */
function firstListed(body: unknown): unknown {
  const list = Array.isArray(body) ? body : isObject(body) ? Object.values(body).find(Array.isArray) : undefined;
  return list?.[0];
}

/** Each item route's slot (`/orders/{}`) and parameter name, indexed once per document: the probe asks for every operation. */
function itemRoutes(doc: OpenApiDocument): Map<string, string> {
  return doc.memo('probe:item-routes', () => {
    const routes = new Map<string, string>();
    for (const operation of doc.operations()) {
      const segments = segmentsOf(operation.path);
      const parameter = parameterIn(segments.at(-1) ?? '');
      const slot = slotOf(segments);
      if (parameter !== undefined && !routes.has(slot)) routes.set(slot, parameter);
    }
    return routes;
  });
}

/**
 * The item route under a collection path (`/orders` → `/orders/{orderId}`): its slot and parameter name,
 * or undefined when the description has no such route.
 */
export function itemOf(doc: OpenApiDocument, path: string): { slot: string; parameter: string } | undefined {
  const slot = slotOf([...segmentsOf(path), '{}']);
  const parameter = itemRoutes(doc).get(slot);
  return parameter === undefined ? undefined : { slot, parameter };
}

export class Known {
  private readonly values = new Map<string, string>();
  /** The create that made the record of each slot: it can make a fresh one. */
  private readonly creates = new Map<string, Operation>();

  constructor(
    private readonly description: Description,
    /** The URL an href leads to on the base URL's host; undefined for another host. */
    private readonly urlOf: (href: string) => URL | undefined,
  ) {}

  /** The path values an operation's template can take from what the API returned. */
  pathValues(operation: Operation): Record<string, string> {
    const found: Record<string, string> = {};
    const segments = segmentsOf(operation.path);
    segments.forEach((segment, i) => {
      const parameter = parameterIn(segment);
      const value = parameter === undefined ? undefined : this.values.get(slotOf(segments.slice(0, i + 1)));
      if (value !== undefined) found[parameter!] = value;
    });
    return found;
  }

  /** The id of the newest record of a resource (`product` → the id `POST /products` returned), for a body member named for it. */
  idOf(resource: string): string | undefined {
    const slots = [...this.values.keys()].filter(slot => slot.endsWith('/{}') && resourceOfCollection(slot.slice(0, -3)) === resource);
    const shallowest = slots.sort((a, b) => a.length - b.length)[0];
    return shallowest === undefined ? undefined : this.values.get(shallowest);
  }

  /** The create whose record fills the operation's deepest path parameter (`POST /orders` for `/orders/{id}/approve`), if the API made one. */
  createOf(operation: Operation): Operation | undefined {
    const segments = segmentsOf(operation.path);
    const slots = segments.flatMap((segment, i) => (parameterIn(segment) === undefined ? [] : [slotOf(segments.slice(0, i + 1))]));
    const deepest = slots.at(-1);
    return deepest === undefined ? undefined : this.creates.get(deepest);
  }

  /** Learns from a 2xx answer to `operation`: its `Location`, and the id of the record a create (or a list) names. */
  learnAnswer(operation: Operation, headers: Record<string, string>, body: unknown): void {
    const item = itemOf(this.description.doc, operation.path);
    const before = item === undefined ? undefined : this.values.get(item.slot);
    if (headers.location !== undefined) this.learnHref(headers.location);
    if (item === undefined) return;
    const id = operation.method === 'post' ? idIn(body, item.parameter) : undefined;
    if (id !== undefined) this.values.set(item.slot, id);
    // A create that named a new record (in its body or `Location`) can make another.
    if (operation.method === 'post' && this.values.get(item.slot) !== before) this.creates.set(item.slot, operation);
    // A list names some record, not a fresh one: it only fills a slot nothing else has.
    const listed = operation.method === 'get' && !this.values.has(item.slot) ? idIn(firstListed(body), item.parameter) : undefined;
    if (listed !== undefined) this.values.set(item.slot, listed);
  }

  /** Learns the path values of an href to a declared route (`/v1/orders/ord_2/receipt` → `/orders/{}` is `ord_2`). */
  learnHref(href: string): void {
    const url = this.urlOf(href);
    const match = url === undefined ? undefined : this.description.matcher.match(url.pathname);
    if (match?.kind !== 'matched') return;
    const template = segmentsOf(match.templates[0]);
    // The href is the base path and then the template: its last segments line up with the template's.
    const tail = segmentsOf(url!.pathname).slice(-template.length);
    template.forEach((segment, i) => {
      const value = parameterIn(segment) === undefined ? undefined : decoded(tail[i]);
      if (value !== undefined) this.values.set(slotOf(template.slice(0, i + 1)), value);
    });
  }
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A create: a `POST` to a collection whose item route the description declares, or one that declares a `201`. */
export const isCreate = (doc: OpenApiDocument, operation: Operation): boolean =>
  operation.method === 'post' && (itemOf(doc, operation.path) !== undefined || doc.responses(operation).some(response => response.status === '201'));

/** Where an operation plays: creates, reads, updates, other actions, deletions. */
function groupOf(doc: OpenApiDocument, operation: Operation): number {
  const { method } = operation;
  if (isCreate(doc, operation)) return 0;
  if (method === 'delete') return 4;
  if (method === 'post') return 3;
  return method === 'put' || method === 'patch' ? 2 : 1;
}

/**
 * The order of play: creates first, parents before children (`POST /orders` before `POST /orders/{id}/items`)
 * and a create whose body names another resource by id after that resource's (`POST /products` before an
 * order naming a `productId`), so that their ids are there to reuse; then reads, updates, other actions (a
 * cancel), and deletions last. Document order within each.
 */
export function inPlayOrder(doc: OpenApiDocument, operations: readonly Operation[]): Operation[] {
  // The rank is computed once per operation, not inside the comparator; the sort is stable, so document order holds.
  const groups = operations.map(operation => groupOf(doc, operation));
  const made = new Set(operations.filter((_, i) => groups[i] === 0).map(operation => resourceOfCollection(operation.path)));
  const after = (operation: Operation) => {
    const built = validRequest(doc, operation);
    return 'request' in built && dependsOnCreate(doc, operation, built.request.body, made) ? 1 : 0;
  };
  const ranked = operations.map((operation, i) => ({
    operation,
    rank: groups[i] === 0 ? pathParameters(operation.path).length * 2 + after(operation) : groups[i] * 1000,
  }));
  return ranked.sort((a, b) => a.rank - b.rank).map(({ operation }) => operation);
}
