/**
 * The mainstream error shapes, as knowledge rather than rules: where an error body keeps its code,
 * message, recovery hint, field locators, correlation id, retry flag and stack trace. One table
 * (CARRIERS × MEMBERS) and the lookup of a member in it, read two ways: over schema object views (the rules:
 * lib/errors/schema-shapes.ts, field details in lib/errors/field-details.ts) and over plain JSON values (examples,
 * and live bodies for the runtime guard: lib/errors/value-shapes.ts). A member the names of MEMBERS miss is
 * recognised from evidence (lib/errors/concepts.ts): the words of its name, its type, its description.
 * A rule asks a question; it never names a framework. docs/conventions.md says how each convention answers.
 */
import { isStatusText, mirrorsStatus, namesInputs, recognise, type Certainty, type Evidence, type Question } from './concepts';
import { namesFor, type Concept, type Names } from '../semantics/names';

export type { Question };

/** What a member's value must be to answer the question (a `detail` array is field errors, not a message). */
type Accepts = 'any' | 'text' | 'scalar' | 'statusName' | 'identifier';

/**
 * MEMBERS: the concepts whose names answer each question (its own concept first; the code has two more),
 * and what their value must be. Names come from lib/semantics/names.ts, so every list stays overridable per
 * rule; a dotted name (`extensions.code`, `source.pointer`) is a path.
 */
const MEMBERS: Record<Question, readonly { concept: Concept; accepts: Accepts }[]> = {
  errorCode: [
    { concept: 'errorCode', accepts: 'scalar' },
    // Google AIP-193: `status: "INVALID_ARGUMENT"` beside an integer HTTP `code`.
    { concept: 'statusCode', accepts: 'statusName' },
    // OAuth 2.0 (RFC 6749 §5.2): `error: "invalid_grant"`; Spring Boot's `error: "Not Found"` is a reason phrase, not a code.
    { concept: 'errorIdentifier', accepts: 'identifier' },
  ],
  message: [{ concept: 'message', accepts: 'text' }],
  recoveryHint: [{ concept: 'recoveryHint', accepts: 'any' }],
  retryFlag: [{ concept: 'retryFlag', accepts: 'any' }],
  retryDelay: [{ concept: 'retryDelay', accepts: 'any' }],
  correlationId: [{ concept: 'correlationId', accepts: 'scalar' }],
  stackTrace: [{ concept: 'stackTrace', accepts: 'any' }],
  errorField: [{ concept: 'errorField', accepts: 'any' }],
  refreshUrl: [{ concept: 'refreshUrl', accepts: 'any' }],
  currentState: [{ concept: 'currentState', accepts: 'any' }],
  allowedActions: [{ concept: 'allowedActions', accepts: 'any' }],
  // What the input must be (Geodocs' `allowed_values`, "Designing Errors for Agent Recovery"'s `expected`).
  allowedValues: [{ concept: 'allowedValues', accepts: 'any' }],
};

/** The code and the message: what every error body must hold (in this order), and what a lookalike of either may really be. */
export const CODE_AND_MESSAGE = ['errorCode', 'message'] as const satisfies readonly Question[];
export type CodeOrMessage = (typeof CODE_AND_MESSAGE)[number];

/**
 * CARRIERS: where an error object sits in a body, in the order they are asked. `body`: the body itself
 * (RFC 9457, the AX envelope, Spring Boot, OAuth 2.0); `wrapper`: one `error` object (Google, Microsoft,
 * Stripe, the single-error envelope), or by shape the one object member holding a code or a message in a
 * body that holds neither (`fault`, `failure`, `problem`); `list`: every item of an error list (JSON:API
 * and GraphQL-style `errors[]`, FastAPI `detail[]`, Berlin Group `tppMessages[]`, a `messages[]` of errors).
 * Member names match without regard to case: .NET serializers write `Message`, `ErrorCode`, `StackTrace`.
 */
export type CarrierKind = 'body' | 'wrapper' | 'list';
const WRAPPER = 'error';
const DEFAULT_LISTS = namesFor(undefined, 'errorList');
const IDENTIFIER = /^[A-Za-z][\w.:-]*$/;
// An occurrence id (JSON:API's error `id`) is no code even when it happens to start with a letter.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A reason phrase as RFC 9110 spells it (Spring Boot's `error: "Conflict"`) repeats the status; `conflict` and `CONFLICT`
// are spelled as codes (DigitalOcean's `id: "unauthorized"`). One test of declared and sent values: the lint and the guard agree.
const isReasonPhrase = (value: string): boolean => /^[A-Z][a-z]+$/.test(value) && isStatusText(value);
export const isIdentifier = (value: unknown): boolean => typeof value === 'string' && IDENTIFIER.test(value) && !UUID.test(value) && !isReasonPhrase(value);
export const OAUTH_DESCRIPTION = 'error_description';

export type { Names };

/** One place an error object sits: `where` names it for messages ("", "`error`", "`detail[]` items"). */
export interface Carrier<N> {
  kind: CarrierKind;
  /** The member holding it: `error`, `detail`; empty for the body. */
  member: string;
  where: string;
  /** The error objects there: one for a body or wrapper, one per item of a list (a schema's items are one node). */
  nodes: N[];
}

/**
 * A member found: its name as declared, whether every step of its path is required, the node under it,
 * and how sure the reader is: `clear` for a listed name or clear evidence, `likely` for weaker evidence
 * (a finding then asks whether it is the concept instead of asserting that there is none).
 */
export interface Found<N> {
  name: string;
  required: boolean;
  node: N;
  carrier: Carrier<N>;
  certainty: Certainty;
  /** For a likely member: the carrier's other likely members for the same question (Klarna's `reason` beside `error_messages`). */
  alternatives?: string[];
}

/** How the table is read over one representation: schema views, or JSON values. */
export interface Reader<N> {
  /** The member at a (dotted) name, matched without regard to case; `name` as the node spells it. */
  member(node: N, name: string): { node: N; required: boolean; name: string } | undefined;
  /** The names of the node's members. */
  members(node: N): string[];
  /** The item nodes of an array node of objects; undefined when it is not one. */
  items(node: N): N[] | undefined;
  /** The node is an object (a wrapper, an error item). */
  isObject(node: N): boolean;
  accepts(node: N, accepts: Accepts, holder: N): boolean;
  /** What the member at `name` shows of itself: type, description, values (for recognition). */
  evidence(node: N, name: string): Evidence;
  /** The member of `node` names the type of the object (a discriminator), not its error. */
  namesType(node: N, name: string): boolean;
  /** `compute()`, or its answer of an earlier call with the same holder (a node, a carrier) and key, where answers are kept. */
  remember<T>(holder: object, key: string, compute: () => T): T;
}

/** The part of a memo key that says which names a rule's options give (a configured list changes every answer). */
// A rule run passes one options object to every question: its key is written once per object, not once per question.
const namesKeys = new WeakMap<object, string>();
const namesKey = (names: Names): string => {
  if (names === undefined || names === null) return '';
  if (!namesKeys.has(names)) namesKeys.set(names, JSON.stringify(names));
  return namesKeys.get(names)!;
};

/** The key of `keys` equal to `name`, or else equal to it without regard to case. */
export function keyNamed(keys: Iterable<string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  let loose: string | undefined;
  for (const key of keys) {
    if (key === name) return key;
    if (loose === undefined && key.toLowerCase() === lower) loose = key;
  }
  return loose;
}

export function carriersOf<N>(reader: Reader<N>, root: N, names: Names): Carrier<N>[] {
  return reader.remember(root as object, `carriers ${namesKey(names)}`, () => findCarriers(reader, root, names));
}

/** A node read as a body of its own, one carrier per node, so that the answers kept per carrier are found again. */
export const bodyOf = <N>(reader: Reader<N>, node: N): Carrier<N> =>
  reader.remember(node as object, 'body', (): Carrier<N> => ({ kind: 'body', member: '', where: '', nodes: [node] }));

function findCarriers<N>(reader: Reader<N>, root: N, names: Names): Carrier<N>[] {
  const carriers: Carrier<N>[] = [bodyOf(reader, root)];
  const wrapper = wrapperOf(reader, root, names);
  if (wrapper !== undefined) carriers.push({ kind: 'wrapper', member: wrapper.name, where: `\`${wrapper.name}\``, nodes: [wrapper.node] });
  // Error lists in the body and in its wrapper (`fault.errors[]`).
  for (const [holder, prefix] of [[root, ''], ...(wrapper === undefined ? [] : [[wrapper.node, `${wrapper.name}.`]])] as [N, string][]) {
    for (const list of errorLists(reader, holder, names)) {
      const member = `${prefix}${list.name}`;
      carriers.push({ kind: 'list', member, where: `\`${member}[]\` items`, nodes: list.items });
    }
  }
  return carriers;
}

/** The error lists of a node with at least one item (a schema's items are one node); an `error` that is a list is one (bunq's `Error[]`). */
export function errorLists<N>(reader: Reader<N>, node: N, names: Names): { name: string; items: N[] }[] {
  const listNames = names?.errorList === undefined ? [...DEFAULT_LISTS, WRAPPER] : namesFor(names, 'errorList');
  return listNames.flatMap(listName => {
    const list = reader.member(node, listName);
    const items = list === undefined ? undefined : reader.items(list.node);
    return items !== undefined && items.length > 0 ? [{ name: list!.name, items }] : [];
  });
}

/** The member name of a list carrier in the node holding it: `errors` for `fault.errors[]`. */
export const listKey = (carrier: Carrier<unknown>): string => carrier.member.slice(carrier.member.lastIndexOf('.') + 1);

/** True when a carrier clearly holds a code or a message: a wrapper is found, and an error kept, where one does. */
const holdsCodeOrMessage = <N>(reader: Reader<N>, carrier: Carrier<N>, names: Names): boolean =>
  CODE_AND_MESSAGE.some(question => memberIn(reader, carrier, question, names, false)?.certainty === 'clear');

/** True when the node itself clearly holds a code or a message. */
const holdsError = <N>(reader: Reader<N>, node: N, names: Names): boolean => holdsCodeOrMessage(reader, bodyOf(reader, node), names);

/**
 * The `error` object, or else, in a body that holds no code and no message, its only member when that is
 * an object, or the single object member holding one, or holding an error list whose items do
 * (`fault: { errors: [...], traceId }`), required or not.
 */
function wrapperOf<N>(reader: Reader<N>, root: N, names: Names): { name: string; node: N } | undefined {
  const named = reader.member(root, WRAPPER);
  if (named !== undefined && reader.isObject(named.node)) return named;
  if (holdsError(reader, root, names)) return undefined;
  const holdsList = (node: N) => errorLists(reader, node, names).some(list => list.items.every(item => holdsError(reader, item, names)));
  const members = reader.members(root).flatMap(name => reader.member(root, name) ?? []);
  // A body that is one object and nothing else wraps its error there, whatever it holds (Just Eat's `{ fault: { faultId, traceId } }`).
  if (members.length === 1 && reader.isObject(members[0].node)) return members[0];
  const inner = members.filter(member => reader.isObject(member.node) && (holdsError(reader, member.node, names) || holdsList(member.node)));
  return inner.length === 1 ? inner[0] : undefined;
}

/** The first member answering `question` in one carrier: every node of the carrier must have it. */
export function memberIn<N>(reader: Reader<N>, carrier: Carrier<N>, question: Question, names: Names, required: boolean): Found<N> | undefined {
  return reader.remember(carrier, `${question} ${required} ${namesKey(names)}`, () => findMemberIn(reader, carrier, question, names, required));
}

function findMemberIn<N>(reader: Reader<N>, carrier: Carrier<N>, question: Question, names: Names, required: boolean): Found<N> | undefined {
  const candidates: Found<N>[] = [];
  for (const { concept, accepts } of MEMBERS[question]) {
    for (const name of namesFor(names, concept)) {
      const found = namedMember(reader, carrier, question, accepts, name, required);
      if (found === undefined) continue;
      // The first name found answers, and for the code the first an agent can branch on: the names after it are not sought.
      if (question !== 'errorCode' || branchable(reader, found)) return found;
      candidates.push(found);
    }
  }
  // A number described or bounded as the HTTP status echoes it and is never the code (an undescribed integer `code` may
  // be); a string only when its values are reason phrases or statuses: one spelled as a code (`CONFLICT`, DigitalOcean's
  // `not_found` "corresponding to the HTTP status code") is the code.
  const echoes = (found: Found<N>) => {
    const evidence = reader.evidence(carrier.nodes[0], found.name);
    if (!evidence.types?.includes('string')) return mirrorsStatus(evidence);
    return (
      evidence.values.length > 0 &&
      evidence.values.every(value => typeof value === 'string' && (isReasonPhrase(value) || (/^\d+$/.test(value) && isStatusText(value))))
    );
  };
  return candidates.find(found => !echoes(found)) ?? (configured(names, question) ? undefined : recognisedIn(reader, carrier, question, required));
}

/** The listed `name`, as one of the concept accepting values as `accepts`, in every node of `carrier`: findMemberIn's one test of a name. */
function namedMember<N>(reader: Reader<N>, carrier: Carrier<N>, question: Question, accepts: Accepts, name: string, required: boolean): Found<N> | undefined {
  // Every node must have it: stop at the first that does not (an error list may hold thousands of items). Loops, not
  // `some` and `every` with a callback: the runtime guard asks this of each live error body it checks.
  if (question === 'errorCode') for (const node of carrier.nodes) if (reader.namesType(node, name)) return undefined;
  let first: { node: N; required: boolean; name: string } | undefined;
  let allRequired = true;
  for (const node of carrier.nodes) {
    const member = reader.member(node, name);
    if (member === undefined || (required && !member.required) || !reader.accepts(member.node, accepts, node)) return undefined;
    first ??= member;
    allRequired &&= member.required;
  }
  return first === undefined ? undefined : { name: first.name, required: allRequired, node: first.node, carrier, certainty: 'clear' };
}

/** A string code that is not the HTTP status is the one an agent branches on: Google's `status` over its HTTP `code`. */
const branchable = <N>(reader: Reader<N>, found: Found<N>): boolean =>
  reader.accepts(found.node, 'text', found.node) && !mirrorsStatus(reader.evidence(found.carrier.nodes[0], found.name));

/**
 * The listed `name` answering `question` clearly in `carrier`, by findMemberIn's own test of each name (and, for the
 * code, its test that an agent can branch on it): findMemberIn returns at the first name that passes, so when this
 * finds a member, findMemberIn finds one too (the same, or one listed before it). The runtime guard asks it first of the
 * names the declared error schema uses (runtime/shapes.ts), and reads the whole table only when they do not answer.
 */
export function listedAnswer<N>(reader: Reader<N>, carrier: Carrier<N>, question: Question, names: Names, name: string): Found<N> | undefined {
  for (const { concept, accepts } of MEMBERS[question]) {
    if (!namesFor(names, concept).includes(name)) continue;
    const found = namedMember(reader, carrier, question, accepts, name, false);
    if (found !== undefined && (question !== 'errorCode' || branchable(reader, found))) return found;
  }
  return undefined;
}

/** The spelling in the names listed for `question` of a member named `written` (matched without regard to case, as members are). */
export function listedName(question: Question, names: Names, written: string): string | undefined {
  const lower = written.toLowerCase();
  for (const { concept } of MEMBERS[question]) {
    const listed = namesFor(names, concept).find(name => name.toLowerCase() === lower);
    if (listed !== undefined) return listed;
  }
  return undefined;
}

/** True when a rule's options name the members for `question`: the configured list is then the whole answer (the override). */
const configured = (names: Names, question: Question): boolean => MEMBERS[question].some(({ concept }) => names?.[concept] !== undefined);

/**
 * The member of a carrier that evidence recognises as answering `question` when no listed name does:
 * every node must have it and be recognised; a clear one before a likely one, else in declaration order.
 */
export function recognisedIn<N>(reader: Reader<N>, carrier: Carrier<N>, question: Question, required: boolean): Found<N> | undefined {
  let best: Found<N> | undefined;
  const likely: string[] = [];
  for (const name of reader.members(carrier.nodes[0])) {
    // A member that names the object's type is no code, by evidence or by name.
    if (question === 'errorCode' && carrier.nodes.some(node => reader.namesType(node, name))) continue;
    let certainty: Certainty | undefined = 'clear';
    let allRequired = true;
    let first: { node: N; name: string } | undefined;
    for (const node of carrier.nodes) {
      const member = reader.member(node, name);
      const seen = member === undefined || (required && !member.required) ? undefined : recognise(question, reader.evidence(node, member.name));
      if (seen === undefined) {
        certainty = undefined;
        break;
      }
      if (seen === 'likely') certainty = 'likely';
      allRequired &&= member!.required;
      first ??= member;
    }
    if (certainty === undefined || first === undefined) continue;
    if (certainty === 'likely') likely.push(first.name);
    if (best === undefined || (best.certainty === 'likely' && certainty === 'clear'))
      best = { name: first.name, required: allRequired, node: first.node, carrier, certainty };
    if (best.certainty === 'clear') return best;
  }
  return best === undefined || likely.length < 2 ? best : { ...best, alternatives: likely.filter(name => name !== best!.name) };
}

/** Every member answering `question`, one per carrier that has one. */
export function membersAnswering<N>(reader: Reader<N>, root: N, question: Question, names: Names, required = false): Found<N>[] {
  return carriersOf(reader, root, names).flatMap(carrier => {
    const found = memberIn(reader, carrier, question, names, required);
    return found?.certainty === 'clear' ? [found] : [];
  });
}

/** The best candidate for `question` when no carrier answers it clearly: a `likely` member to ask about, if any. */
export function likelyAnswer<N>(reader: Reader<N>, carriers: Carrier<N>[], question: Question, names: Names): Found<N> | undefined {
  return carriers.map(carrier => memberIn(reader, carrier, question, names, false)).find(found => found !== undefined);
}

/** A reader's `remember` that keeps every answer, per holder and key, as long as the holder lives. */
export function keptAnswers(): Reader<unknown>['remember'] {
  const answers = new WeakMap<object, Map<string, unknown>>();
  return <T>(holder: object, key: string, compute: () => T): T => {
    let known = answers.get(holder);
    if (known === undefined) answers.set(holder, (known = new Map()));
    let answer = known.get(key) as T | undefined;
    if (answer === undefined && !known.has(key)) known.set(key, (answer = compute()));
    return answer as T;
  };
}

export function homeIn<N>(reader: Reader<N>, carriers: Carrier<N>[], names: Names): Carrier<N> {
  return carriers.find(carrier => holdsCodeOrMessage(reader, carrier, names)) ?? carriers.find(carrier => carrier.kind === 'wrapper') ?? carriers[0];
}

/** `code`, `error.code`, `detail[].type`: where a member sits below the body. */
export const valuePath = (carrier: Carrier<unknown>, name: string): string =>
  carrier.kind === 'body' ? name : carrier.kind === 'wrapper' ? `${carrier.member}.${name}` : `${carrier.member}[].${name}`;

/**
 * The members of a carrier that list field errors: those named as field details, and by shape any other
 * array whose object items each carry a field locator and a reason (`fields`, Zod's `issues`, `invalid_params`).
 * Step and action lists are never field errors, whatever their items hold.
 */
export function detailLists<N>(reader: Reader<N>, node: N, names: Names, lists: readonly string[]): { name: string; node: N }[] {
  const named = namesFor(names, 'fieldDetails').flatMap(name => reader.member(node, name) ?? []);
  const skip = new Set(
    [...named.map(member => member.name), ...lists, ...NOT_DETAILS.flatMap(concept => namesFor(names, concept))].map(name => name.toLowerCase()),
  );
  const byShape = reader
    .members(node)
    .filter(name => !skip.has(name.toLowerCase()))
    .flatMap(name => {
      // A member only some `oneOf` shapes declare is no list of them all.
      const member = reader.member(node, name);
      const items = member === undefined ? undefined : reader.items(member.node);
      const carries = (concept: Concept) => items!.every(item => namesFor(names, concept).some(inner => reader.member(item, inner) !== undefined));
      if (items !== undefined) return items.length > 0 && carries('fieldLocator') && carries('fieldReason') ? [member!] : [];
      // An object named for the inputs that failed maps each to its errors, declared as a map or not (Docker Hub's `fields`).
      return member !== undefined && namesInputs(name) && reader.isObject(member.node) ? [member] : [];
    });
  return [...named, ...byShape];
}
const NOT_DETAILS: Concept[] = ['nextSteps', 'allowedActions', 'nextActions', 'linkCollection'];
