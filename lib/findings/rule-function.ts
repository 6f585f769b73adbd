/**
 * The frame every rule function runs in: the shared document model, the rule's options, the
 * operations not exempted from it, placement of results, and a guarantee never to throw
 * (a throwing function aborts the whole Spectral run).
 */
import { createRulesetFunction, type IFunctionResult, type RulesetFunctionContext, type RulesetFunctionWithValidator } from '@stoplight/spectral-core';
import {
  isObject,
  OpenApiDocument,
  pointerToPath,
  startsWith,
  toPointer,
  type JsonObject,
  type JsonPath,
  type Operation,
  type Response,
} from '../document/document';
import { envelopeName, envelopeSite, namedSchema, regionPointers, type Edit } from './edits';
import { calledByApi } from '../semantics/scope';
import { responsesUsing } from '../document/uses';
import { originOf } from './code-origin';
import { identityOf, plain, sayOf, type Messages, type Phrase, type PlainSaid, type Said, type Say } from './messages';

/**
 * What a rule found, as data: what is wrong as the rule said it (`said`: its template's id and data), where
 * (`path`, and in words the `subject` before it), and how to fix it. The frame renders the text (`messageOf`) only
 * when it hands the finding to Spectral.
 */
export interface Finding {
  said: Said;
  /** Where, in words, when the said text does not name it: "POST /payments 400" gives "POST /payments 400: <text>". */
  subject?: string;
  path: JsonPath;
  /**
   * The fix as edits of the user's file (lib/findings/edits.ts), undefined when a person must decide. Computed
   * only in edits mode: a plain lint (the Spectral CLI, the VS Code extension) would only drop them.
   */
  edits?: LazyEdits;
  /**
   * The uses of a component this finding is about, when the rule judged responses: the same defect found
   * through every operation that uses the component becomes one finding on the component (`perDefect`).
   */
  uses?: Use[];
}

/** One response's view of a defect: where it is fixed (`site`) and what it is, without the operation's label. */
export interface Use {
  operation: Operation;
  response: Response;
  site: JsonPath;
  said: Said;
  /** What makes two uses one defect: the identity of what it said (`identityOf`: its id and data, never its text) without what differs per response. */
  same: string;
  /**
   * The members the fix adds concern only some responses (a state rejection's state), not every user of the
   * place: when others use it too, these take the members in a schema of their own.
   */
  ownSchema?: OwnSchema;
}

/** Whom a fix's members concern, when not every user of a shared place: the fix gives these responses their own schema. */
export interface OwnSchema {
  /** What their schema is named with: `state` gives `ProblemWithState` (lib/findings/edits.ts, `envelopeName`). */
  label: string;
  /** The `Response.at` of every response the members concern (this rule's findings and their siblings'). */
  regions: readonly JsonPath[];
}

/** Edits computed when called: only `fix` and `report` call them. */
export type LazyEdits = () => Edit[] | undefined;

/** The lazy edits of a fix that is one edit (none when `compute` finds none). */
export const oneEdit =
  (compute: () => Edit | undefined): LazyEdits =>
  () => {
    const edit = compute();
    return edit === undefined ? undefined : [edit];
  };

/** The edits of a lint in edits mode: per rule, the edits of each finding that has some, by `findingKey`. */
export type EditsByRule = Map<string, Map<string, Edit[]>>;

/** Per rule, the responses (their `responses.<status>` entries) each finding on a shared component stands for, by `findingKey`. */
export type UsersByRule = Map<string, Map<string, JsonPath[]>>;

/** Per rule, what each finding said (its template's id and data, lib/findings/messages.ts), by `findingKey`: what JSON outputs carry beside the text. */
export type SaidByRule = Map<string, Map<string, PlainSaid>>;

/** What a lint in edits mode gathers beside its diagnostics. */
export interface Collected {
  edits: EditsByRule;
  users: UsersByRule;
  said: SaidByRule;
}

/** What a lint in edits mode noted of one of Spectral's diagnostics in one of these maps (its edits, users, said message), if anything. */
export const notedFor = <T>(
  byRule: ReadonlyMap<string, ReadonlyMap<string, T>> | undefined,
  diagnostic: { code: string | number; path: readonly (string | number)[]; message: string },
): T | undefined => byRule?.get(String(diagnostic.code))?.get(findingKey(diagnostic.path, diagnostic.message));

/** A finding's text as Spectral gets it: its subject, then what its rule said, then the frame's own-schema clause, if any. */
export const messageOf = ({ subject, said, clause }: Placed): string =>
  `${subject === undefined ? '' : `${subject}: `}${said.text}${clause === undefined ? '' : ` ${clause}`}`;

/**
 * How a finding is known again among Spectral's diagnostics: they keep only its path and message
 * (Spectral copies no other property of a result), so the pair is the key; Spectral writes an array
 * index (`allOf/1`) as a string, so every segment is one.
 */
export const findingKey = (path: readonly (string | number)[], message: string): string => JSON.stringify([path.map(String), message]);

// A property of the Spectral document being linted; a symbol of the global registry, so that the rule code
// of a ruleset Spectral bundled on its own (a second copy of this module) sees it too.
const EDITS_MODE = Symbol.for('spectral-agent-ux.edits-mode');

/**
 * Edits mode: the rules that lint `document` (the Spectral Document handed to `Spectral.run`) compute
 * their edits and put them into the map returned, which is filled once the lint is done.
 */
export function collectEdits(document: object): Collected {
  const collected: Collected = { edits: new Map(), users: new Map(), said: new Map() };
  Reflect.defineProperty(document, EDITS_MODE, { value: collected, configurable: true });
  return collected;
}

/** What edits mode gathers when the lint of this document asked for edits; undefined on a plain lint. */
const editsWanted = (document: unknown): Collected | undefined => (document as { [EDITS_MODE]?: Collected } | undefined)?.[EDITS_MODE];

/**
 * Computes the edits of the rule's findings, and notes the users of component findings and what each said (a rule with
 * several `then`s keeps its first edits for a finding).
 */
function record({ edits: editsByRule, users: usersByRule, said: saidByRule }: Collected, ruleId: string, findings: readonly Placed[]): void {
  const byFinding = editsByRule.get(ruleId) ?? editsByRule.set(ruleId, new Map()).get(ruleId)!;
  const usersOf = usersByRule.get(ruleId) ?? usersByRule.set(ruleId, new Map()).get(ruleId)!;
  const saidOf = saidByRule.get(ruleId) ?? saidByRule.set(ruleId, new Map()).get(ruleId)!;
  for (const finding of findings) {
    const { path, edits, users } = finding;
    const key = findingKey(path, messageOf(finding));
    if (users !== undefined) usersOf.set(key, users);
    if (!saidOf.has(key)) saidOf.set(key, plain(finding.said));
    const computed = byFinding.has(key) ? undefined : edits?.();
    if (computed !== undefined && computed.length > 0) byFinding.set(key, computed);
  }
}

export interface RuleScope<O, M extends Messages = Messages> {
  doc: OpenApiDocument;
  options: O;
  ruleId: string;
  /** The operations this rule checks: every one the agent calls (not a webhook) without an `x-ax-exempt` entry naming the rule. */
  operations: readonly Operation[];
  /** Renders one of the function's messages (lib/findings/messages.ts). */
  say: Say<M>;
  /** The responses the rule's scope reads, by status (rules/<id>.ts declares them; every status when it declares none). */
  statuses: (status: string) => boolean;
}

/** What the frame runs: a rule's name, options, messages, the statuses its scope reads and its lint, as rules/<id>.ts defines them. */
export interface Check<O, M extends Messages> {
  /** The function's name: the rule id without `ax-`, in camel case (`recoverableRetryAfter`), as `functionsDir` loads it. */
  name: string;
  /** The JSON Schema of each option (all optional, so a rule works without `functionOptions`), and the values of those a user leaves out. */
  options: { schema: Record<string, unknown>; defaults?: Partial<O> };
  messages: M;
  statuses?: (status: string) => boolean;
  lint(scope: RuleScope<O, M>): Finding[];
}

type OptionsSchema = Parameters<typeof createRulesetFunction>[0]['options'];

export const EXEMPT_EXTENSION = 'x-ax-exempt';

/** The `x-ax-exempt` entry naming `ruleId` on one object (an operation, a path item, any node), if it has one. */
export function exemptionOn(node: JsonObject, ruleId: string): { reason: unknown } | undefined {
  const entries = node[EXEMPT_EXTENSION];
  return isObject(entries) && Object.prototype.hasOwnProperty.call(entries, ruleId) ? { reason: entries[ruleId] } : undefined;
}

/** Where an operation's exemptions are written: on the operation, else on its path item. */
const exemptionOwners = (operation: Operation): JsonObject[] => [operation.node, operation.pathItem];

/** The reason an exemption gives (the operation's entry wins over its path item's); undefined when not exempt. */
export function exemptionReason(operation: Operation, ruleId: string): string | undefined {
  for (const owner of exemptionOwners(operation)) {
    const entry = exemptionOn(owner, ruleId);
    if (entry !== undefined) return typeof entry.reason === 'string' ? entry.reason : JSON.stringify(entry.reason);
  }
  return undefined;
}

/**
 * The operations a rule checks: every one the agent calls (not a webhook), less those exempt from the rule. The
 * same list for every rule of a description that exempts nothing, the common case (rules must not modify it).
 */
function checkedOperations(doc: OpenApiDocument, ruleId: string): readonly Operation[] {
  const called = doc.memo('rule-function:called', () => doc.operations().filter(operation => !calledByApi(doc, operation)));
  const exempts = doc.memo('rule-function:exempts', () =>
    called.some(operation => exemptionOwners(operation).some(owner => owner[EXEMPT_EXTENSION] !== undefined)),
  );
  return exempts ? called.filter(operation => !isExempt(operation, ruleId)) : called;
}

/** True when the operation or its path item carries `x-ax-exempt: { <ruleId>: … }`, whatever the reason says. */
export function isExempt(operation: Operation, ruleId: string): boolean {
  return exemptionReason(operation, ruleId) !== undefined;
}

/**
 * Builds a Spectral function from a rule's check (ruleset.ts does, for each rule). `messages` is the table of
 * everything the check words (lib/findings/messages.ts), rendered by the `say` it is given.
 */
export function ruleFunction<O extends object, M extends Messages>({
  name,
  options: { schema: optionProperties, defaults },
  messages,
  statuses = () => true,
  lint,
}: Check<O, M>): RulesetFunctionWithValidator<unknown, O> & { optionNames: readonly string[]; messages: Messages } {
  const say = sayOf(messages);
  // The user's options object itself when the rule has no defaults: per-options caches key on it.
  const withDefaults = (options: O | null): O => (defaults === undefined ? (options ?? ({} as O)) : ({ ...defaults, ...options } as O));
  const run = (_input: unknown, options: O | null, context: RulesetFunctionContext): IFunctionResult[] => {
    // These exist at run time but are missing from (or hidden in) Spectral's public types.
    const ruleId = (context.rule as { name?: string }).name ?? name;
    try {
      const resolved = (context.documentInventory as { resolved?: unknown }).resolved;
      const text = (context.document as unknown as { input?: unknown }).input;
      const doc = OpenApiDocument.of(context.document.data, resolved, typeof text === 'string' ? text : undefined);
      const operations = checkedOperations(doc, ruleId);
      const found = distinct(perDefect(doc, ruleId, lint({ doc, options: withDefaults(options), ruleId, operations, say, statuses })));
      const byRule = editsWanted(context.document);
      if (byRule !== undefined) record(byRule, ruleId, found);
      return found.map(finding => ({ message: messageOf(finding), path: finding.path }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const origin = originOf(error);
      return [
        {
          message: `spectral-agent-ux could not finish ${ruleId} on this document (${reason}${origin === undefined ? '' : `, at ${origin}`}); please report this with the document.`,
          path: [],
        },
      ];
    }
  };
  Reflect.defineProperty(run, 'name', { value: name });
  const optionsSchema = { type: ['object', 'null'], properties: optionProperties, additionalProperties: false } as OptionsSchema;
  // Spectral compiles a function's options schema with ajv when the function is made, at every start (24 schemas:
  // about 0.1 s). A rule given no options needs none of it: the checked function is made on the first options given.
  let checked: RulesetFunctionWithValidator<unknown, O> | undefined;
  const withOptions = (): RulesetFunctionWithValidator<unknown, O> =>
    (checked ??= createRulesetFunction<unknown, O>({ input: null, options: optionsSchema }, run));
  const given = (options: unknown) => options !== null && options !== undefined;
  const fn = (input: unknown, options: O | null, context: RulesetFunctionContext) =>
    given(options) ? withOptions()(input, options, context) : run(input, null, context);
  Reflect.defineProperty(fn, 'name', { value: name });
  const lazy = {
    validator(options: unknown): void {
      if (!given(options)) return;
      const strict: RulesetFunctionWithValidator<unknown, O> = withOptions();
      strict.validator(options);
    },
    get schemas() {
      return withOptions().schemas;
    },
    // The options it reads, for the commands that compare sibling rules' names (cli/mistakes.ts).
    optionNames: Object.keys(optionProperties) as readonly string[],
    // The templates it words its findings with, which the rule's declaration lists (their literal types stay inside: they would
    // only weigh down the published typings).
    messages: messages as Messages,
  };
  return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(lazy)) as typeof fn & RulesetFunctionWithValidator<unknown, O> & typeof lazy;
}

/**
 * A `$ref`'d response offering one schema under several media types yields the same finding twice at its entry;
 * keep one. Asked after the grouping, which has made one finding of a shared place's uses (a use found twice is one user).
 */
function distinct(findings: Placed[]): Placed[] {
  // What was said is compared only between findings at one place (GitHub's 1,564 findings stand at 1,139 places).
  const kept = new Map<string, Placed[]>();
  return findings.filter(finding => {
    const place = JSON.stringify([finding.path.map(String), finding.subject, finding.clause]);
    const there = kept.get(place);
    if (there === undefined) {
      kept.set(place, [finding]);
      return true;
    }
    const identity = identityOf(finding.said);
    if (there.some(other => identityOf(other.said) === identity)) return false;
    there.push(finding);
    return true;
  });
}

/**
 * A finding as reported: on a shared place, with the responses (`responses.<status>` entries) it stands for and, when
 * its fix declares a schema of their own for a few of them, the clause that names it.
 */
type Placed = Finding & { users?: JsonPath[]; clause?: string };

/**
 * One finding per defect: the findings of several responses about one place (the same defect, fixed at the
 * same site: a shared component, or an operation's schema that another operation's `$ref` reuses) become
 * one on that place, naming its users; a defect of one operation's own stays on it. The place's finding
 * merges the uses' edits, which mostly are one.
 */
function perDefect(doc: OpenApiDocument, ruleId: string, findings: Finding[]): Placed[] {
  // In order of first sight: a finding of no response, or the key of a group of uses.
  const order: (Finding | string)[] = [];
  const groups = new Map<string, Group>();
  // The uses of a shared place mostly hold one array for it: each array written once.
  const sites = new WeakMap<JsonPath, string>();
  const siteKey = (site: JsonPath) => sites.get(site) ?? sites.set(site, JSON.stringify(site)).get(site)!;
  for (const finding of findings) {
    if (finding.uses === undefined) {
      order.push(finding);
      continue;
    }
    // A site's JSON holds no raw line break, so the two parts cannot run together.
    const key = `${siteKey(finding.uses[0].site)}\n${finding.uses[0].same}`;
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { first: finding, uses: [...finding.uses], edits: finding.edits === undefined ? [] : [finding.edits] });
      order.push(key);
      continue;
    }
    group.uses.push(...finding.uses);
    if (finding.edits !== undefined) group.edits.push(finding.edits);
  }
  return order.map(entry => (typeof entry === 'string' ? placeGroup(doc, ruleId, groups.get(entry)!) : entry));
}

/** The uses of one place found to have one defect: the first finding as its rule worded it, every use, every use's edits. */
interface Group {
  first: Finding;
  uses: Use[];
  edits: LazyEdits[];
}

/** A group of one response, about a place inside its own operation, stays there; any other is one finding on its site. */
function placeGroup(doc: OpenApiDocument, ruleId: string, { first, uses, edits }: Group): Placed {
  const { site, said, operation } = uses[0];
  // One use per response: a response that reaches the place through two media types or views is one user.
  const responses = [...new Map(uses.map(use => [use.response, use])).values()];
  const alone = responses.length === 1 && startsWith(site, operation.location);
  // Members for a few of the schema's users go into a schema of their own, so that the others promise nothing new.
  const own = uses[0].ownSchema;
  if (alone && own === undefined) return first;
  const users = usersOf(doc, ruleId, site);
  const other = own === undefined ? undefined : otherUser(doc, site, users, own.regions);
  if (alone) return other === undefined ? first : { ...first, clause: apartClause(other) };
  const shared = other === undefined ? undefined : ownSchemaOf(doc, site, responses, own!.label);
  // Without a named schema to extend (a `$ref` to a response, an inline schema), their own schema is a person's to write.
  const clause = other === undefined ? undefined : shared === undefined ? apartClause(other) : ownSchemaClause(envelopeName(shared, own!.label), shared);
  return {
    said,
    subject: `${placeName(site, uses, users)} (used by ${usersWording(responses, users.length, clause !== undefined)})`,
    ...(clause === undefined ? {} : { clause }),
    path: site,
    users: responses.map(use => use.response.at),
    // Edits for a few users point each one's response at their own schema: fixed only when every one of them is.
    ...(edits.length === 0 ? {} : { edits: () => distinctEdits(edits, own === undefined ? 0 : uses.length) }),
  };
}

/** What a finding for a few users of a shared schema adds to its fix: the schema `fix` declares for them. */
const ownSchemaClause = (envelope: string, shared: string): string => `Only in \`${envelope}\` (\`allOf\` of \`${shared}\`).`;

/** What a finding for a few users of a shared place says when it cannot name their schema: which other user answers it too. */
const apartClause = (other: string): string => `Only in a schema of their own: ${other} answers it too.`;

/** A user of the place that is none of the responses the members concern ("GET /a 200"; "the 200" it is written in, named before it), if any. */
const otherUser = (
  doc: OpenApiDocument,
  site: JsonPath,
  users: readonly (readonly [string, Operation])[],
  regions: readonly JsonPath[],
): string | undefined => {
  const theirs = regionPointers(doc, regions);
  const others = users.filter(([user]) => !theirs.has(user));
  // The response the place is written in: its pointer begins the place's (compared as text, not parsed for each user).
  const place = toPointer(site);
  const owner = others.find(([at]) => place === at || place.startsWith(`${at}/`));
  if (owner !== undefined) return `the ${pointerToPath(owner[0])?.at(-1)}`;
  return others.length === 0 ? undefined : responseLabel(others[0]);
};

/** "GET /a 200" for a response by its `responses.<status>` pointer. */
const responseLabel = ([at, operation]: readonly [string, Operation]): string => `${label(operation)} ${pointerToPath(at)?.at(-1)}`;

/**
 * The named schema at `site` (`Problem`), when each use's response writes its `$ref` to it, or to their own schema beside
 * it (`ProblemWithState`), inside the operation's own response, where their own schema can take its place (a shared response
 * object would carry the change to its other users).
 */
function ownSchemaOf(doc: OpenApiDocument, site: JsonPath, uses: readonly Use[], label: string): string | undefined {
  const refs = [toPointer(site), toPointer(envelopeSite(site, label))];
  const own = uses.every(use =>
    doc
      .jsonBodies(use.operation, use.response)
      .some(body => isObject(body.schema?.value) && refs.includes(body.schema.value.$ref as string) && startsWith(body.schema.location ?? [], use.response.at)),
  );
  return own ? namedSchema(doc, site) : undefined;
}

/** The responses (`responses.<status>` pointers) that use the place, of those the rule checks: an operation exempt from it, or a webhook, uses it for nothing it asks. */
function usersOf(doc: OpenApiDocument, ruleId: string, site: JsonPath): readonly [string, Operation][] {
  const responses = responsesUsing(doc, site);
  const checked = checkedOperations(doc, ruleId);
  // Asked by each rule for each place it finds a defect on (a shared error schema: ~2,000 responses on GitHub): once per
  // place and list of checked operations, which is one list for every rule of a description that exempts nothing.
  const byList = doc.memoFor('rule-function:users', responses, () => new WeakMap<readonly Operation[], [string, Operation][]>());
  let users = byList.get(checked);
  if (users === undefined) {
    const checks = doc.memoFor('rule-function:checked', checked, () => new Set(checked));
    byList.set(checked, (users = [...responses].filter(([, operation]) => checks.has(operation))));
  }
  return users;
}

/**
 * Who uses a shared place, honestly: "GET /a 404" or "3 responses" when they are all its users, else out of how
 * many ("GET /a 409, 1 of 26", "2 of 26 responses"): a fix for these few must not reach the others.
 */
function usersWording(responses: readonly Use[], total: number, short: boolean): string {
  const count = responses.length;
  const one = label(responses[0].operation, responses[0].response);
  if (total <= count) return count === 1 ? one : `${count} responses`;
  // Beside the own-schema clause the one user's label would make the finding too long to read: its count says enough.
  return count === 1 && !short ? `${one}, 1 of ${total}` : `${count} of ${total} responses`;
}

/** The edits of every use, each once (the uses of a component mostly propose the same edit of it); none unless `required` uses have some. */
function distinctEdits(lazy: readonly LazyEdits[], required = 0): Edit[] | undefined {
  const computed = lazy.map(compute => compute());
  if (computed.filter(edits => edits !== undefined).length < required) return undefined;
  const seen = new Set<string>();
  const edits = computed
    .flatMap(each => each ?? [])
    .filter(edit => {
      const key = JSON.stringify(edit);
      return seen.has(key) ? false : (seen.add(key), true);
    });
  return edits.length === 0 ? undefined : edits;
}

/**
 * `Error` for `#/components/schemas/Error/properties/code` (and Swagger 2.0's `definitions`, `responses`,
 * `parameters`); "POST /apps 200" for a place inside the response of an operation that others reuse.
 */
function placeName(site: JsonPath, uses: readonly Use[], users: readonly (readonly [string, Operation])[]): string {
  const component = componentOf(site);
  if (component !== undefined) return `\`${component[component.length - 1]}\``;
  const owner = uses.find(use => startsWith(site, use.response.at));
  if (owner !== undefined) return label(owner.operation, owner.response);
  // A response of another kind (a success whose schema errors `$ref`) is named as a response too.
  const other = users.find(([at]) => startsWith(site, pointerToPath(at) ?? []));
  return other === undefined ? `\`${toPointer(site)}\`` : responseLabel(other);
}

/** The component a place is in (`components/schemas/Error`; Swagger 2.0's `definitions/Error`, `responses/…`, `parameters/…`), if any. */
export function componentOf(site: readonly (string | number)[]): JsonPath | undefined {
  if (site[0] === 'components' && site.length >= 3) return site.slice(0, 3);
  if (['definitions', 'responses', 'parameters'].includes(String(site[0])) && site.length >= 2) return site.slice(0, 2);
  return undefined;
}

/** "POST /payments 400", the prefix of every per-response message. */
export function label(operation: Operation, response?: Response): string {
  const method = operation.method.toUpperCase();
  return response === undefined ? `${method} ${operation.path}` : `${method} ${operation.path} ${response.status}`;
}

/**
 * The clause that ends a fix which makes the description promise what the server may not send yet (a
 * required member, a new error body): serializers generated from the description enforce the promise, so
 * the code must change with it. `mustThenSend('it')` is "; your handler must then send it".
 */
export const mustThenSend = (what: Phrase, handler: 'handler' | 'error handler' = 'handler'): string => `; your ${handler} must then send ${what}`;

/**
 * Where a diagnostic about a response lands: the most precise place that is still inside the
 * operation's own response (an inline schema or property), else the `responses.<status>` entry itself.
 */
export function placeIn(response: Response, ...candidates: (JsonPath | undefined)[]): JsonPath {
  for (const candidate of candidates) {
    if (candidate !== undefined && startsWith(candidate, response.at)) return candidate;
  }
  return response.at;
}

/**
 * A finding about one response, fixed at the first of `candidates` that is known (else at the response
 * object, which may be a shared component): on the operation when that place is its own, else reported
 * once for every use of the component (`perDefect`), in the words `onComponent` (where the component names
 * the subject) and grouped by `same` (see `Use`; `identityOf` the said message by default).
 */
export function responseFinding(
  operation: Operation,
  response: Response,
  said: Said,
  candidates: readonly (JsonPath | undefined)[],
  { edits, same, onComponent = said, ownSchema }: { edits?: LazyEdits; same?: string; onComponent?: Said; ownSchema?: OwnSchema } = {},
): Finding {
  const use = useOf(operation, response, onComponent, candidates, same);
  return {
    said,
    subject: label(operation, response),
    path: placeIn(response, ...candidates),
    ...(edits === undefined ? {} : { edits }),
    uses: [ownSchema === undefined ? use : { ...use, ownSchema }],
  };
}

/** The use a finding about one response is, fixed at the first known of `candidates`, else at the response object. */
export function useOf(operation: Operation, response: Response, said: Said, candidates: readonly (JsonPath | undefined)[], same = identityOf(said)): Use {
  const site = candidates.find(candidate => candidate !== undefined) ?? response.location ?? response.at;
  return { operation, response, site, said, same };
}
