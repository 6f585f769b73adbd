/**
 * Field locators' values: what lib/errors/value-shapes.ts finds as a locator (`field`, FastAPI's `loc`, JSON:API's
 * `source.pointer`, RFC 9457's `invalid-params[].name`, …), parsed into paths that lib/document/inputs.ts can
 * resolve against the request.
 */
import { child, unescapeSegment, type JsonObject, type JsonPath, type Located } from '../document/document';
import { type Names } from './shape-table';
import { exampleLocators } from './value-shapes';
import { PARAMETER_PLACES, type RequestInputs, type Lookup, type Segment, type Where } from '../document/inputs';
import { clip, dottedPath } from '../document/values';

export type LocatorStyle = 'pointer' | 'dotted' | 'array';

export interface Path {
  segments: Segment[];
  style: LocatorStyle;
}

export interface Locator extends Path {
  /** The key that held it: `field`, `loc`, `name`, … */
  key: string;
  /** Where the value sits, and its text as written. */
  value: Located;
  text: string;
  /** The object holding the key: its siblings carry the allowed values and the suggested value. */
  holder: Located<JsonObject>;
  /** Set when the key itself says where the input is (`source.parameter` is a query parameter). */
  where: Where | undefined;
}

// Under these keys an array is one path (FastAPI `loc`, a validator's `path`, Prism's `location`); under the others it lists several fields (Geodocs' `field: string[]`).
const ARRAY_PATH_KEYS = new Set(['loc', 'path', 'location']);
const NAME = /^[\w$@-]+$/;
const PLACES = new Set<string>([...PARAMETER_PLACES, 'body']);

/** `/items/0/sku`, `#/items/0/sku`, `items[0].sku`, `items.0.sku`, `$.items[0].sku`, Stripe's `card[number]`; undefined for prose or anything else. */
export function parsePath(text: string): Path | undefined {
  if (text.startsWith('$.') || text.startsWith('$[')) return parsePath(text.slice(text[1] === '.' ? 2 : 1));
  if (text.startsWith('#/') || text.startsWith('/')) {
    const segments = text.replace(/^#?\//, '').split('/').map(unescapeSegment);
    return segments.every(segment => NAME.test(segment)) ? { segments: segments.map(indexOrName), style: 'pointer' } : undefined;
  }
  const segments: Segment[] = [];
  const token = /(?:^|\.)([^.[\]]+)|\[(?:"([^"]*)"|'([^']*)'|([^\]]*))\]/gy;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = token.exec(text)) !== null && match[0] !== '') {
    const name = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (!NAME.test(name) && name !== '') return undefined;
    segments.push(indexOrName(name));
    end = token.lastIndex;
  }
  return end === text.length && segments.length > 0 ? { segments, style: 'dotted' } : undefined;
}

function indexOrName(segment: string): Segment {
  return /^\d+$/.test(segment) ? Number(segment) : segment;
}

function parseArray(value: unknown[]): Path | undefined {
  if (value.length === 0 || !value.every(item => typeof item === 'string' || (typeof item === 'number' && Number.isInteger(item)))) return undefined;
  return { segments: value as Segment[], style: 'array' };
}

/** The locators an example error body holds, where the error-shapes table finds them, parsed. */
export function locatorsIn(example: Located, names: Names): Locator[] {
  return exampleLocators(example, names).flatMap(({ key, value, holder, query }) => read(key, value, holder, query ? 'query' : undefined));
}

function read(key: string, value: Located, holder: Located<JsonObject>, where: Where | undefined): Locator[] {
  const locator = (path: Path | undefined, text: string, at: Located): Locator[] =>
    path === undefined ? [] : [{ ...path, key, value: at, text, holder, where }];
  if (typeof value.value === 'string') return locator(parsePath(value.value), value.value, value);
  if (!Array.isArray(value.value)) return [];
  if (ARRAY_PATH_KEYS.has(key.toLowerCase())) return locator(parseArray(value.value), JSON.stringify(value.value), value);
  return value.value.flatMap((item, i) =>
    typeof item === 'string' ? locator(parsePath(item), item, { value: item, location: child(value.location, i) }) : [],
  );
}

/**
 * Resolves a locator against the request. A leading `body`, `query`, `path`, `header` or `cookie`
 * names the place (FastAPI's `loc` always starts so); in a string it may also be a property named so,
 * which is tried first. A leading name that is no input but whose rest leads into the body names the
 * body itself. A missing segment's index `at` counts in the locator as written.
 */
export function resolveLocator(inputs: RequestInputs, locator: Path & { where?: Where }): Lookup {
  const [first, ...rest] = locator.segments;
  const place = typeof first === 'string' && PLACES.has(first) ? (first as Where) : undefined;
  if (locator.where !== undefined) return inputs.lookup(locator.segments, locator.where);
  if (place === undefined) {
    const lookup = inputs.lookup(locator.segments);
    // Google's field paths start at the request message: `book.title` where the HTTP body is the book.
    const named = lookup.kind === 'missing' && lookup.at === 0 && rest.length > 0 ? inputs.lookup(rest, 'body') : undefined;
    return named?.kind === 'found' ? named : lookup;
  }
  if (locator.style !== 'array') {
    const asWritten = inputs.lookup(locator.segments);
    if (asWritten.kind === 'found') return asWritten;
  }
  const placed = inputs.lookup(rest, place);
  return placed.kind === 'missing' ? { ...placed, at: placed.at + 1 } : placed;
}

/**
 * True for a location inside a schema component (`components/schemas`, Swagger 2.0 `definitions`): an
 * example written there documents a schema that many operations share, not one operation's request,
 * so it is not judged against each of them (an example attached to a response is).
 */
export function inSchemaComponent(location: JsonPath | undefined): boolean {
  return location !== undefined && ((location[0] === 'components' && location[1] === 'schemas') || location[0] === 'definitions');
}

/** A name or text as a message quotes it: JSON-quoted, cut at 40 characters so that the message stays short. */
export function quoted(text: string): string {
  return JSON.stringify(clip(text));
}

/** A name or locator as a message shows it: in backticks, cut at 40 characters. */
export function code(text: string): string {
  return `\`${clip(text)}\``;
}

/** "`a`, `b`, `c` and 2 more": names for a message, at most `max` of them shown. */
export function codeList(names: readonly string[], max = 4): string {
  const shown = names.slice(0, max).map(code).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

/** The locator as written with one segment replaced: how a correction reads in the example's own style. */
export function rewrite(path: Path, at: number, segment: Segment): string {
  const segments = path.segments.map((s, i) => (i === at ? segment : s));
  if (path.style === 'array') return JSON.stringify(segments);
  if (path.style === 'pointer') return `/${segments.join('/')}`;
  return dottedPath(segments);
}
