/**
 * The benchmark's own, deliberately generous reading of what an error or success body already has
 * (benchmark/benchmark.mjs). It shares no code with lib/errors/shape-table or lib/semantics/names on purpose: it is the
 * independent judge of whether a finding asks for, or an edit adds, a concept the schema already has.
 *
 * A member is split into words (camelCase, PascalCase, snake_case, kebab-case: `detailedErrorCode` is
 * detailed·error·code), and each concept is a test on those words, the member's type and description,
 * and for a link its siblings. Generous means: when in doubt, the member counts as the concept.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `detailedErrorCode` → ['detailed', 'error', 'code']; `X-Request-ID` → ['x', 'request', 'id']; `_links` → ['links']. */
export function wordsOf(name) {
  return String(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const any = (words, list) => words.some(word => list.includes(word));
const isContainer = member => member.type === 'object' || member.type === 'array';

/** `status`, `statusCode`, `httpStatus`, or a code described as the HTTP status: the response's status again, never the error's code. */
// HTTP reason phrases ("Forbidden", "Not Found"): a member sending only these repeats the status.
const REASON_PHRASES =
  /^(bad request|unauthorized|payment required|forbidden|not found|method not allowed|not acceptable|request timeout|conflict|gone|precondition failed|payload too large|unsupported media type|unprocessable entity|too many requests|internal server error|not implemented|bad gateway|service unavailable|gateway timeout)$/i;

function mirrorsHttpStatus(member) {
  const { words } = member;
  if (words.includes('status') && words.every(word => ['http', 'status', 'code', 'response'].includes(word))) return true;
  if ((member.values ?? []).length > 0 && member.values.every(value => typeof value === 'string' && REASON_PHRASES.test(value.trim()))) return true;
  // App Center's `code`, "The status code return by the API", `enum: [400, 403, 500]`: only error statuses, said to be the status.
  const errorStatus = value => Number.isInteger(value) && value >= 400 && value <= 599;
  if ((member.values ?? []).length > 0 && member.values.every(errorStatus) && /\bstatus\b/i.test(member.description ?? '')) return true;
  return (
    /\bhttp\b[^.]{0,20}\bstatus\b|\bstatus code of the (http )?response\b/i.test(member.description ?? '') &&
    words.every(word => ['code', 'http', 'error', 'status'].includes(word))
  );
}

const CODE_WORDS = ['code', 'codes', 'errno', 'errorcode', 'subcode', 'reason', 'slug'];
/** `type`, `errorType`, `type_name`, `scimType`, `kind`, `category`, `errorKey`: a code when nothing else qualifies the word (not `packageType`). */
const CODE_QUALIFIED = ['type', 'kind', 'category', 'key'];
const CODE_QUALIFIERS = [...CODE_QUALIFIED, 'error', 'problem', 'fault', 'exception', 'scim', 'name', 'message'];
const MESSAGE_WORDS = ['message', 'messages', 'msg', 'detail', 'details', 'description', 'title', 'summary', 'text', 'explanation', 'reason'];
const HINT_WORDS = [
  'hint',
  'hints',
  'suggestion',
  'suggestions',
  'suggested',
  'resolution',
  'remediation',
  'remedy',
  'help',
  'recovery',
  'recommendation',
  'recommendations',
  'solution',
  'guidance',
  'tip',
  'tips',
  'fix',
  'howto',
  'action',
  'actions',
  'advice',
  'instructions',
];
const RETRY_WORDS = ['retry', 'retries', 'retryable', 'retriable', 'retryability', 'retried', 'transient'];
const DELAY_WORDS = ['after', 'in', 'delay', 'wait', 'seconds', 'sec', 'secs', 'ms', 'millis', 'milliseconds', 'at', 'time', 'interval', 'backoff'];
const LOCATOR_WORDS = [
  'field',
  'fields',
  'param',
  'params',
  'parameter',
  'parameters',
  'pointer',
  'path',
  'loc',
  'location',
  'source',
  'target',
  'property',
  'attribute',
  'attributes',
  'argument',
  'arguments',
  'input',
  'key',
];

/** The `key` of a key/value pair (`extensionList.extension[]{key, value}`): neither a code nor a field. */
const isPairKey = member => member.words.join('') === 'key' && member.siblings.includes('value');

/** Each concept: does this member (name words, type, description, siblings, trail) hold it? */
export const CONCEPTS = {
  errorCode: member =>
    !mirrorsHttpStatus(member) &&
    !isContainer(member) &&
    !prose(member) &&
    (any(member.words, CODE_WORDS) ||
      (any(member.words, CODE_QUALIFIED) && member.words.every(word => CODE_QUALIFIERS.includes(word)) && !isPairKey(member)) ||
      // An `error` string described as the message ("Human-readable summary of the problem") is not the code too.
      (member.name === 'error' && member.type !== 'object' && !/\b(human[- ]readable|message)\b/i.test(member.description ?? ''))),
  message: member => !isContainer(member) && (any(member.words, MESSAGE_WORDS) || ['error', 'errors', 'fault'].includes(member.name)),
  recoveryHint: member => any(member.words, HINT_WORDS),
  retryFlag: member => any(member.words, RETRY_WORDS) && !any(member.words, DELAY_WORDS),
  retryDelay: member =>
    (any(member.words, ['retry']) && any(member.words, DELAY_WORDS)) || any(member.words, ['backoff', 'delay', 'wait', 'cooldown', 'reset']),
  // Not a stack trace, nor a reference that is a code or a link (`referenceErrorCode`, `referenceDocumentLink`).
  correlationId: member =>
    !/\bstack\b/i.test(member.description ?? '') &&
    !any(member.words, ['stack', 'code', 'link', 'url', 'document']) &&
    (any(member.words, ['correlation', 'trace', 'tracing', 'tracking', 'instance', 'incident', 'span', 'ray', 'reference']) ||
      (any(member.words, ['request', 'error', 'fault', 'log', 'support', 'event', 'transaction', 'operation', 'activity', 'debug']) &&
        any(member.words, ['id', 'ids', 'uuid', 'key', 'number'])) ||
      ['id', 'uuid'].includes(member.words.join(''))),
  fieldLocator: member =>
    (any(member.words, LOCATOR_WORDS) && !isPairKey(member)) ||
    (member.words.join('') === 'name' && member.trail.some(step => any(wordsOf(step), [...LOCATOR_WORDS, 'invalid', 'validation']))),
  // A link is an object or a list of them (`_links`, `links`, `nextSteps`, an object with `href` and `method`), not a URL string for a person.
  nextSteps: member =>
    (['links', 'link', 'hrefs'].includes(member.words.join('')) && member.type !== 'string') ||
    (member.words.includes('next') && any(member.words, ['step', 'steps', 'action', 'actions'])) ||
    (member.words.join('') === 'actions' && member.type !== 'string') ||
    (member.name === 'href' && member.siblings.some(name => ['method', 'verb', 'rel'].includes(name.toLowerCase()))),
  currentState: member => any(member.words, ['state', 'status', 'phase', 'stage', 'lifecycle']) && member.type !== 'integer' && !mirrorsHttpStatus(member),
  allowedActions: member =>
    (any(member.words, ['allowed', 'available', 'permitted', 'possible', 'valid', 'next']) &&
      any(member.words, ['actions', 'action', 'transitions', 'operations', 'methods'])) ||
    ['actions', 'transitions'].includes(member.words.join('')),
  refreshUrl: member =>
    (any(member.words, ['refresh', 'self', 'poll', 'polling', 'location', 'status', 'retry']) && any(member.words, ['url', 'uri', 'href', 'link'])) ||
    any(member.words, ['links', 'link', 'href']),
};

/** What a response header can be: a correlation id or a retry delay (an `Idempotency-Key` locates no field). */
const HEADER_CONCEPTS = ['correlationId', 'retryDelay'];

/** Where a body's own links sit: at its top, or in its one wrapper (`data.links`), not in a nested resource (`user.links`, `attachments[].actions`). */
const LINK_WRAPPERS = ['data', 'result', 'response', 'body', 'item', 'resource', 'payload', 'content', 'value'];
const ownLink = member => member.trail.length === 0 || (member.trail.length === 1 && LINK_WRAPPERS.includes(member.trail[0].toLowerCase()));

/** Does `member` hold `concept`? */
export const holds = (member, concept) =>
  (member.type !== 'header' || HEADER_CONCEPTS.includes(concept)) && (concept !== 'nextSteps' || ownLink(member)) && CONCEPTS[concept](member);

/** The concepts a member holds. */
export const conceptsOf = member => Object.keys(CONCEPTS).filter(concept => holds(member, concept));

/** A bare name as a member (for a name a message asks for, or an edit adds). */
export const memberNamed = (name, type) => ({ name, words: wordsOf(name), type, description: '', values: [], trail: [], siblings: [] });

/** `#/components/schemas/Error` in `doc`, or undefined. */
export function resolvePointer(doc, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let node = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const step = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(step in node)) return undefined;
    node = node[step];
  }
  return node;
}

const isObject = value => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The node a `$ref` chain ends at (internal refs only; an external one stays as it is). */
export function deref(doc, node, seen = new Set()) {
  while (isObject(node) && typeof node.$ref === 'string' && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    const target = resolvePointer(doc, node.$ref);
    if (target === undefined) return node;
    node = target;
  }
  return node;
}

const MAX_DEPTH = 5;

/** The body's data, not its error: a `result`, `data` or `items` member and what it holds (TL's `result[]` of articles). */
const DATA_MEMBERS = ['data', 'result', 'results', 'items', 'records', 'entries', 'values', 'content', 'payload'];
const ERROR_LIST_WORDS = [
  'error',
  'errors',
  'err',
  'fault',
  'faults',
  'problem',
  'problems',
  'violation',
  'violations',
  'failure',
  'failures',
  'warning',
  'warnings',
  'invalid',
];
const namesErrors = name => name !== undefined && wordsOf(name).some(word => ERROR_LIST_WORDS.includes(word));

/**
 * A list of records, whose members are the records' and not the error's: named as data (`result[]`), or
 * whose items carry an identifier (`id`, `articleId`: Jira's created `issues[]`, Box's template `fields[]`),
 * unless the list is named for errors (JSON:API's `errors[]` items carry an `id` too).
 */
function isRecordList(doc, name, items) {
  if (name === undefined || namesErrors(name)) return false;
  if (DATA_MEMBERS.includes(name.toLowerCase())) return true;
  const item = deref(doc, items);
  const parts = isObject(item) ? [item, ...(Array.isArray(item.allOf) ? item.allOf.map(part => deref(doc, part)) : [])] : [];
  return parts.some(part => isObject(part) && isObject(part.properties) && Object.keys(part.properties).some(key => wordsOf(key).at(-1) === 'id'));
}

/**
 * Every member a schema declares, through `$ref`, `allOf`/`oneOf`/`anyOf`, wrappers (object members),
 * list items and maps, down to MAX_DEPTH: { name, words, type, description, trail, siblings }.
 * `trail` names the members (and `[]` for list items) above it; required or not does not matter;
 * `inBranch` marks a member that only some `oneOf`/`anyOf` shapes declare; `record` one of the body's data
 * (a record in a list, or below a `data`/`result` member), not of its error, unless an error list holds it.
 */
export function membersOf(doc, schema, { trail = [], onNode = () => {} } = {}) {
  const members = [];
  const seen = new Set();
  const visit = (node, path, level, inBranch = false, record = false) => {
    if (level > MAX_DEPTH) return;
    const ref = isObject(node) && typeof node.$ref === 'string' ? node.$ref : undefined;
    if (ref !== undefined) {
      if (seen.has(`${ref}@${path.join('.')}`)) return;
      seen.add(`${ref}@${path.join('.')}`);
    }
    const resolved = deref(doc, node);
    if (!isObject(resolved)) return;
    onNode(resolved);
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      if (Array.isArray(resolved[key])) for (const part of resolved[key]) visit(part, path, level, inBranch || key !== 'allOf', record);
    if (isObject(resolved.properties)) {
      const siblings = Object.keys(resolved.properties);
      for (const [name, raw] of Object.entries(resolved.properties)) {
        const property = deref(doc, raw);
        const type = isObject(property) ? typeOf(doc, property) : undefined;
        const description = isObject(property) ? [property.title, property.description].filter(d => typeof d === 'string').join(' ') : '';
        members.push({ name, words: wordsOf(name), type, description, values: valuesOf(property), trail: path, siblings, inBranch, record });
        visit(
          raw,
          [...path, name],
          level + 1,
          inBranch,
          namesErrors(name) ? false : record || (path.length === 0 && DATA_MEMBERS.includes(name.toLowerCase())),
        );
      }
    }
    const name = path[path.length - 1];
    if (resolved.items !== undefined) visit(resolved.items, [...path, '[]'], level + 1, inBranch, record || isRecordList(doc, name, resolved.items));
    if (isObject(resolved.additionalProperties)) visit(resolved.additionalProperties, [...path, '{}'], level + 1, inBranch, record);
  };
  visit(schema, trail, 0);
  return members;
}

/** The values a property declares: its `enum`, `const`, `example` and `examples`. */
function valuesOf(property) {
  if (!isObject(property)) return [];
  const values = [...(Array.isArray(property.enum) ? property.enum : []), ...(Array.isArray(property.examples) ? property.examples : [])];
  for (const key of ['const', 'example']) if (property[key] !== undefined) values.push(property[key]);
  return values;
}

/** A member whose every declared value is prose (has a space: "fieldname must be a valid value", "Bad Request") holds no code. */
const prose = member => (member.values ?? []).length > 0 && member.values.every(value => typeof value === 'string' && /\s/.test(value.trim()));

/** A schema's type, looking through a composition that names one. */
function typeOf(doc, schema) {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find(type => type !== 'null');
  if (isObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  for (const key of ['allOf', 'oneOf', 'anyOf'])
    if (Array.isArray(schema[key]))
      for (const part of schema[key]) {
        const resolved = deref(doc, part);
        if (isObject(resolved) && resolved !== schema) {
          const type = typeOf(doc, resolved);
          if (type !== undefined) return type;
        }
      }
  return undefined;
}

/** A response's bodies (every media type's schema, or Swagger 2.0's `schema`) and headers, as members; `onNode` sees every schema visited. */
export function responseMembers(doc, response, onNode) {
  const resolved = deref(doc, response);
  if (!isObject(resolved)) return [];
  const schemas = isObject(resolved.content)
    ? Object.values(resolved.content).flatMap(media => (isObject(media) && media.schema !== undefined ? [media.schema] : []))
    : resolved.schema !== undefined
      ? [resolved.schema]
      : [];
  const headers = isObject(resolved.headers)
    ? Object.keys(resolved.headers).map(name => ({ name, words: wordsOf(name), type: 'header', description: '', trail: ['(header)'], siblings: [] }))
    : [];
  return [...schemas.flatMap(schema => membersOf(doc, schema, { onNode })), ...headers];
}

/** The names in backticks that a message asks to add or declare (`Add a required \`code\` …`). */
function namesAskedFor(message) {
  const names = [];
  // What comes before the first ": " is where the finding is (`PUT /schema#add 400`), not what it asks.
  const said = message.slice(message.indexOf(': ') + 1);
  for (const clause of said.match(/\b(?:add|declare)\b[^.;]*/gi) ?? []) {
    const asked = clause
      .split(/, e\.g\.| to the | in the | under its /i)[0]
      .replace(/\([^)]*\)/g, '')
      .replace(/"[^"]*"/g, '');
    for (const match of asked.matchAll(/`([^`]+)`/g)) if (/^[A-Za-z_$][\w$-]*$/.test(match[1])) names.push(match[1]);
  }
  return names;
}

/** How the matcher judges a concept of the one vocabulary it has no test of its own for: a field's reason is its message. */
const JUDGED_AS = { fieldReason: 'message' };

/**
 * The concepts a finding says are missing: every `concept` its `data` names (lib/semantics/names.ts's one vocabulary, as the
 * lint records it), its nested phrases' too, in the matcher's tests. Never its rule or its words: a finding whose data names
 * no concept claims nothing.
 */
export function claimedConcepts(data) {
  if (data === null || typeof data !== 'object') return [];
  const own = data.concept === undefined ? [] : [data.concept].flat();
  const nested = Object.values(data).flatMap(value => (value !== null && typeof value === 'object' && 'data' in value ? claimedConcepts(value.data) : []));
  return [...new Set([...own, ...nested].map(concept => JUDGED_AS[concept] ?? concept).filter(concept => concept in CONCEPTS))];
}

/**
 * The names a message puts in backticks other than those it asks to add: a finding that names the member
 * it doubts ("if `detailedErrorCode` is the code, require it") asks, it does not assert.
 */
function candidatesIn(message) {
  const asked = new Set(namesAskedFor(message));
  return new Set([...message.matchAll(/`([^`]+)`/g)].map(match => match[1]).filter(name => !asked.has(name)));
}

/**
 * A member named `link` or `links` is a link only if it holds a target (`href`, `url`, `uri`): Vercel's `link`
 * to a Git repository (a `projectUrl`, deploy hooks with URLs) and Stripe's Link payment details are not.
 */
function pointsSomewhere(member, members) {
  if (!['link', 'links'].includes(member.words.join(''))) return true;
  const path = [...member.trail, member.name];
  // Its own target or its relations' and items' (`link.href`, `_links.self.href`, `links[].href`), not a record's deeper down.
  return members.some(
    other =>
      other.trail.length >= path.length &&
      other.trail.length <= path.length + 1 &&
      path.every((step, i) => other.trail[i] === step) &&
      ['href', 'url', 'uri'].includes(other.words.join('')),
  );
}

/**
 * The duplicates of one finding: each concept it says is missing for which `members` holds a member
 * that the message does not name as a candidate. [] when it asserts nothing the body already has.
 */
export function findingDuplicates(message, members, data) {
  const named = candidatesIn(message);
  // A finding about some oneOf/anyOf shapes ("in 1 of its 2 oneOf/anyOf shapes") is not contradicted by a member another shape declares.
  const someShapes = /in \d+ of its \d+ oneOf\/anyOf shapes/.test(message);
  return claimedConcepts(data).flatMap(concept => {
    const holders = members.filter(
      member => holds(member, concept) && !member.record && !(someShapes && member.inBranch) && (concept !== 'nextSteps' || pointsSomewhere(member, members)),
    );
    // Named as itself or by its path below the body (`data.links`, `items[].errors[].type`).
    const isNamed = member => named.has(member.name) || named.has(pathOf(member));
    if (holders.length === 0 || holders.some(isNamed)) return [];
    return [{ concept, existing: holders.map(describe) }];
  });
}

/**
 * The duplicates of one edit that adds `added` (name → schema) beside `members`: an added member whose
 * concept an existing member (of another name) already holds, or that another added member holds too.
 */
export function editDuplicates(doc, added, members) {
  const duplicates = [];
  const names = Object.keys(added);
  for (const name of names) {
    const member = memberNamed(name, isObject(added[name]) ? added[name].type : undefined);
    // A list the edit adds (`details: [{ field, message }]`) is the field-details concept when its items locate a field.
    const nested = membersOf(doc, added[name]).some(inner => CONCEPTS.fieldLocator(inner)) ? ['fieldLocator'] : [];
    for (const concept of new Set([...conceptsOf(member), ...nested])) {
      const existing = members.filter(
        other =>
          other.name !== name &&
          !names.includes(other.name) &&
          !other.record &&
          holds(other, concept) &&
          (concept !== 'nextSteps' || pointsSomewhere(other, members)),
      );
      const twins = names.filter(other => other !== name && CONCEPTS[concept](memberNamed(other, isObject(added[other]) ? added[other].type : undefined)));
      if (existing.length > 0 || twins.length > 0)
        duplicates.push({ added: name, concept, existing: [...existing.map(describe), ...twins.map(twin => `${twin} (added too)`)] });
    }
  }
  return duplicates;
}

/** `fault.errors[].errorCode`, as messages write a member's path below the body. */
const pathOf = member => [...member.trail, member.name].join('.').replace(/\.\[\]/g, '[]');

/** `fault.errors[].errorCode (string)` */
export const describe = member => `${pathOf(member)}${member.type === undefined ? '' : ` (${member.type})`}`;

/** A small seeded generator (mulberry32): the same seed draws the same sample on every machine. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random sample of `size` findings, at most `perGroup` of one API and rule: the findings sorted first,
 * so that the draw depends only on the findings and the seed.
 */
export function drawSample(findings, { seed, size, perGroup }) {
  const key = finding => JSON.stringify([finding.file, finding.code, finding.path, finding.message]);
  const sorted = [...findings].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const next = random(seed);
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j], sorted[i]];
  }
  const taken = new Map();
  const sample = [];
  for (const finding of sorted) {
    if (sample.length >= size) break;
    const group = `${finding.file} ${finding.code}`;
    if ((taken.get(group) ?? 0) >= perGroup) continue;
    taken.set(group, (taken.get(group) ?? 0) + 1);
    sample.push(finding);
  }
  return sample;
}

/** The judged samples kept as evidence: every `benchmark-judged-<name>.json` in benchmark/, found by its name (benchmark/README.md). */
export const judgedSamples = () =>
  readdirSync(dirname(fileURLToPath(import.meta.url)))
    .filter(name => /^benchmark-judged-.+\.json$/.test(name))
    .sort()
    .map(name => join(dirname(fileURLToPath(import.meta.url)), name));

/** Share real and share with the right fix of a judged sample: `y`/`n` for real, `y`/`partly`/`n` for the fix. */
export function tally(items) {
  const judged = items.filter(item => ['y', 'n'].includes(String(item.real).toLowerCase()));
  const real = judged.filter(item => String(item.real).toLowerCase() === 'y');
  const fix = value => items.filter(item => String(item.rightFix).toLowerCase() === value).length;
  const fixJudged = fix('y') + fix('partly') + fix('n');
  const share = (count, of) => (of === 0 ? 0 : Math.round((1000 * count) / of) / 10);
  return {
    judged: judged.length,
    unjudged: items.length - judged.length,
    real: real.length,
    realShare: share(real.length, judged.length),
    rightFix: fix('y'),
    partlyFix: fix('partly'),
    wrongFix: fix('n'),
    rightFixShare: share(fix('y'), fixJudged),
    partlyFixShare: share(fix('partly'), fixJudged),
  };
}
