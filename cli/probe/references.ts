/**
 * Ids in request bodies, as an agent fills them: a member named for a resource (`productId`, `product_id`,
 * `lines[].productId`) takes the id of the record a create of that resource returned, so that an order
 * names a product that exists. The creates of referenced resources play first.
 */
import { isObject, type Operation } from '../../lib/document/document';
import { words } from '../../lib/errors/concepts';

/** The resource a member names by its id (`productId`, `product_id` → `product`); undefined for `id` itself and any other name. */
export function referencedResource(member: string): string | undefined {
  const parts = words(member);
  return parts.length > 1 && parts.at(-1) === 'id' ? parts.slice(0, -1).join('-') : undefined;
}

/** The resource a collection path holds (`/products` → `product`, `/categories` → `category`). */
export function resourceOfCollection(path: string): string {
  const last = words(
    path
      .split('/')
      .filter(segment => segment !== '' && !segment.startsWith('{'))
      .at(-1) ?? '',
  ).join('-');
  if (last.endsWith('ies')) return `${last.slice(0, -3)}y`;
  if (/(ch|sh|ss|x)es$/.test(last)) return last.slice(0, -2);
  return last.endsWith('s') && !last.endsWith('ss') ? last.slice(0, -1) : last;
}

/** The members a body names a resource by id with, at any depth (`lines[].productId` → `product`). */
export function referencesIn(body: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (value: unknown, at: string): void => {
    if (Array.isArray(value)) return value.forEach(item => visit(item, `${at}[]`));
    if (!isObject(value)) return;
    for (const [name, member] of Object.entries(value)) {
      const resource = referencedResource(name);
      const path = at === '' ? name : `${at}.${name}`;
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
export function withReferences(body: unknown, idOf: (resource: string) => string | undefined): unknown {
  if (Array.isArray(body)) return body.map(item => withReferences(item, idOf));
  if (!isObject(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, member]) => {
      const resource = referencedResource(name);
      const id = resource === undefined || !(typeof member === 'string' || typeof member === 'number') ? undefined : idOf(resource);
      if (id === undefined) return [name, withReferences(member, idOf)];
      return [name, typeof member === 'number' && Number.isFinite(Number(id)) ? Number(id) : id];
    }),
  );
}

/** Whether a create's body names a resource of another collection that a create makes (`POST /orders` naming a product). */
export function dependsOnCreate(operation: Operation, body: unknown, made: ReadonlySet<string>): boolean {
  const own = resourceOfCollection(operation.path);
  return [...referencesIn(body).values()].some(resource => resource !== own && made.has(resource));
}
