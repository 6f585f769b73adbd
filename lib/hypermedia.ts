/**
 * Hypermedia link collections in a response schema, and whether they enumerate calls an agent can make:
 * links that carry an `href` and a `method` (Siren `actions[]`, `links[]{rel, href, method}`) do; links
 * with an `href` alone (HAL `_links.self.href`, JSON:API `links`, Siren `links[]`) say where, not how.
 */
import { child, isObject, type JsonPath, type OpenApiDocument } from './document';
import { isObjectView, ownProperty, viewsOf, type ObjectView, type Property } from './schema';

export interface LinkCollection {
  property: Property;
  /** Every link shape declares both an href and a method. */
  callable: boolean;
}

const HREF = 'href';
const METHOD = 'method';
/** Collection → relation → array of links → link: deeper than this is not a link collection. */
const MAX_DEPTH = 3;

/**
 * The shapes of the links below a schema: an array's items, the values of a map keyed by relation (HAL,
 * JSON:API: its properties and `additionalProperties`), or the schema itself when it declares an href.
 * A link given as a bare URL string counts as a link without a method.
 */
function linkShapes(doc: OpenApiDocument, schema: unknown, location: JsonPath | undefined, depth = 0): (ObjectView | 'url')[] {
  const views = depth > MAX_DEPTH ? undefined : viewsOf(doc, schema, location);
  if (views === undefined) return [];
  return views.flatMap(view => {
    if (view.types?.length === 1 && view.types[0] === 'string') return depth === 0 ? [] : ['url' as const];
    if (!isObjectView(view) && !view.types?.includes('array')) return [];
    if (ownProperty(view, [HREF]) !== undefined) return [view];
    const nested: { schema: unknown; location: JsonPath | undefined }[] = [];
    for (const part of view.parts) {
      if (part.value.items !== undefined) nested.push({ schema: part.value.items, location: child(part.location, 'items') });
      if (isObject(part.value.additionalProperties)) nested.push({ schema: part.value.additionalProperties, location: child(part.location, 'additionalProperties') });
    }
    for (const property of view.properties.values()) nested.push({ schema: property.schema, location: property.location });
    return nested.flatMap(next => linkShapes(doc, next.schema, next.location, depth + 1));
  });
}

/** The link collections (named one of `names`) a view declares at its top level, each with whether its links are callable. */
export function linkCollections(doc: OpenApiDocument, view: ObjectView, names: readonly string[]): LinkCollection[] {
  const collections: LinkCollection[] = [];
  for (const name of names) {
    const property = ownProperty(view, [name]);
    const shapes = property === undefined ? [] : linkShapes(doc, property.schema, property.location);
    if (property === undefined || shapes.length === 0) continue;
    collections.push({ property, callable: shapes.every(shape => shape !== 'url' && ownProperty(shape, [METHOD]) !== undefined) });
  }
  return collections;
}
