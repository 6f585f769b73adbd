/**
 * Ids in request bodies, as an agent fills them: a member named for a resource (`productId`, `product_id`,
 * `lines[].productId`) or described as the id of one ("The id of the product to order") takes the id of
 * the record a create of that resource returned, so that an order names a product that exists. The
 * creates of referenced resources play first.
 */
import { isObject, type Located, type OpenApiDocument, type Operation } from '../../lib/document/document';
import { viewsOf, viewsOfProperty, type Views } from '../../lib/document/schema';
import { words } from '../../lib/errors/concepts';
import { baseForm } from '../../lib/semantics/scope';
import { bodyMembers } from './requests';

/** Body members by path (`lines[].item`) to the resource their description says they are the id of. */
export type Described = ReadonlyMap<string, string>;
const NONE: Described = new Map();

/** The resource a member names by its id (`productId`, `product_id` → `product`); undefined for `id` itself and any other name. */
export function referencedResource(member: string): string | undefined {
  const parts = words(member);
  return parts.length > 1 && parts.at(-1) === 'id' ? parts.slice(0, -1).join('-') : undefined;
}

/**
 * The resource a description says its member is the id of, from its start: "The id of the product to
 * order", "Identifier of the customer", "The product's ID"; undefined for any other ("An external id from
 * your system"), so that a lookalike keeps its value.
 */
export function describedResource(description: string): string | undefined {
  const found =
    /^\s*(?:the\s+|an?\s+)?(?:unique\s+)?(?:id|identifier)\s+of\s+(?:the|an?)\s+(?:existing\s+)?([a-z][a-z0-9]*)\b/i.exec(description) ??
    /^\s*(?:the\s+)?([a-z][a-z0-9]*)'s\s+(?:unique\s+)?(?:id|identifier)\b/i.exec(description);
  return found === null ? undefined : words(found[1]).join('-');
}

/** Bodies nest this deep at most where the probe looks for described ids: deeper is machine-made. */
const MAX_DEPTH = 8;

/** The members of an operation's JSON body, at any depth, that their schema's description says are the id of a resource. */
export function describedReferences(doc: OpenApiDocument, operation: Operation): Described {
  const found = new Map<string, string>();
  const visit = (name: string, schema: Located, at: string, depth: number): void => {
    const path = at === '' ? name : `${at}.${name}`;
    const views = viewsOf(doc, schema.value, schema.location) ?? [];
    const parts = views.flatMap(view => view.parts);
    const resource = parts
      .flatMap(part => (typeof part.value.description === 'string' ? [describedResource(part.value.description)] : []))
      .find(named => named !== undefined);
    if (resource !== undefined) return void found.set(path, resource);
    if (depth >= MAX_DEPTH) return;
    const items = viewsOfProperty(doc, { name, schema: schema.value, location: schema.location, required: false }, true);
    if (items !== undefined) return visitViews(items, `${path}[]`, depth + 1);
    visitViews(views, path, depth + 1);
  };
  const visitViews = (views: Views, at: string, depth: number) => {
    for (const view of views ?? [])
      for (const [name, property] of view.properties) visit(name, { value: property.schema, location: property.location }, at, depth);
  };
  for (const [name, schema] of bodyMembers(doc, operation)) visit(name, schema, '', 0);
  return found;
}

/** The resource a member at `path` names by its id: by its name, else by its description. */
const resourceAt = (name: string, path: string, described: Described) => referencedResource(name) ?? described.get(path);

/** The resource a collection path holds (`/products` → `product`, `/categories` → `category`). */
export function resourceOfCollection(path: string): string {
  const last = words(
    path
      .split('/')
      .filter(segment => segment !== '' && !segment.startsWith('{'))
      .at(-1) ?? '',
  ).join('-');
  return baseForm(last);
}

/** The members a body names a resource by id with, at any depth (`lines[].productId` → `product`), by name or as `described`. */
export function referencesIn(body: unknown, described: Described = NONE): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (value: unknown, at: string): void => {
    if (Array.isArray(value)) return value.forEach(item => visit(item, `${at}[]`));
    if (!isObject(value)) return;
    for (const [name, member] of Object.entries(value)) {
      const path = at === '' ? name : `${at}.${name}`;
      const resource = resourceAt(name, path, described);
      if (resource !== undefined && (typeof member === 'string' || typeof member === 'number')) found.set(path, resource);
      else visit(member, path);
    }
  };
  visit(body, '');
  return found;
}

/**
 * A copy of a body whose id members take the id of the record `idOf` gives for their resource (a number
 * where the body had a number and the id is one); members with no known record keep their value.
 */
export function withReferences(body: unknown, idOf: (resource: string) => string | undefined, described: Described = NONE, at = ''): unknown {
  if (Array.isArray(body)) return body.map(item => withReferences(item, idOf, described, `${at}[]`));
  if (!isObject(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, member]) => {
      const path = at === '' ? name : `${at}.${name}`;
      const resource = resourceAt(name, path, described);
      const id = resource === undefined || !(typeof member === 'string' || typeof member === 'number') ? undefined : idOf(resource);
      if (id === undefined) return [name, withReferences(member, idOf, described, path)];
      return [name, typeof member === 'number' && Number.isFinite(Number(id)) ? Number(id) : id];
    }),
  );
}

/** Whether a create's body names a resource of another collection that a create makes (`POST /orders` naming a product). */
export function dependsOnCreate(doc: OpenApiDocument, operation: Operation, body: unknown, made: ReadonlySet<string>): boolean {
  const own = resourceOfCollection(operation.path);
  return [...referencesIn(body, describedReferences(doc, operation)).values()].some(resource => resource !== own && made.has(resource));
}
