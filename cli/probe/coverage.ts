/**
 * Honest coverage: an operation is tested only when its first try answered 2xx, since only then are its
 * faults sent. For every other one the probe says why, and what to give it so that the next run tests it.
 */
import { allowsMediaType, baseMediaType, type OpenApiDocument, type Operation } from '../../lib/document/document';
import { PROBE_IDS } from '../../lib/findings/catalogue';
import { isExempt, label } from '../../lib/findings/rule-function';
import { authenticates } from '../../lib/semantics/scope';
import type { Answer } from './http';
import { pathParameters } from './reuse';

const GIVE_REQUEST = 'give a request it takes with --input (by operationId or "METHOD /path")';

/** What a refused first try most likely lacks, by its status. */
const ADVICE: Record<number, string> = {
  400: GIVE_REQUEST,
  401: 'pass credentials with --header',
  403: 'pass credentials allowed to call it with --header',
  405: 'the route does not serve this method',
  409: 'the record is not in a state it takes; give another with --param or --input',
  422: GIVE_REQUEST,
};

/**
 * Where the path values of a first try came from: the user (--param, --input), the API's own answers, a
 * record the probe created afresh for this operation after a 409, or the description.
 */
export type PathSource = 'given' | 'returned' | 'fresh' | 'built';

/** A 404: without path parameters the route; else the record, unless the API itself named it (then the route again). */
function notFound(operation: Operation, source: PathSource): string {
  const parameters = pathParameters(operation.path)
    .map(name => `\`${name}\``)
    .join(', ');
  if (parameters === '') return 'no such route; does --base-url include the base path?';
  if (source === 'given') return `does the record of the ${parameters} you gave exist?`;
  if (source === 'returned' || source === 'fresh') return `${parameters} came from the API's own answers, so the route itself may not be served`;
  return `no create gave ${parameters} a record that exists; give one with --param or --input`;
}

/** Whether a refusal asks for credentials in a header: a 401 or 403, except a token or login route's 401, which refuses the ones in its body. */
function wantsHeader(doc: OpenApiDocument, operation: Operation, status: number | null): boolean {
  return status === 403 || (status === 401 && !authenticates(doc, operation));
}

/** The error code of a 404 (the API's word for a missing record) and the body members that name a record by id. */
export interface Missing {
  code?: string;
  members: string[];
}

/**
 * Why a first try tests nothing: not sent, no answer, not a 2xx (with the advice), or a 2xx in a media type
 * the response does not declare (`declared`), such as a login page served for every route; undefined otherwise.
 */
export function firstTryWhy(
  doc: OpenApiDocument,
  operation: Operation,
  answer: Answer,
  source: PathSource,
  declared: readonly string[],
  missing?: Missing,
): string | undefined {
  if (answer.kind === 'not-sent') return 'not sent: --max-requests reached';
  if (answer.kind === 'failed') return answer.why;
  const { status } = answer;
  const record = status === 404 && missing?.code !== undefined ? recordNotFound(operation, missing.code, missing.members) : undefined;
  if (record !== undefined) return `answered 404: ${record}`;
  if (status < 200 || status >= 300) return `answered ${status}: ${adviceFor(doc, operation, status, source)}`;
  const sent = answer.headers['content-type'];
  if (sent === undefined || declared.length === 0 || declared.some(type => allowsMediaType(type, sent))) return undefined;
  return `answered ${status} ${baseMediaType(sent)}, not the declared ${baseMediaType(declared[0])}: a login page? pass credentials with --header`;
}

/**
 * A 404 carrying the API's error code is a record not found, not a missing route: named after the body
 * members that name a record (`productId`), else the route's; undefined when the path's ids explain it.
 */
function recordNotFound(operation: Operation, code: string, members: readonly string[]): string | undefined {
  const named = members.map(member => `\`${member}\``).join(', ');
  if (named !== '') return `record not found (${code}): no create gave ${named} a record that exists; give one with --input`;
  return pathParameters(operation.path).length > 0 ? undefined : `record not found (${code}); give a request whose records exist with --input`;
}

/** What the user can do about a first try that answered `status`. */
function adviceFor(doc: OpenApiDocument, operation: Operation, status: number, source: PathSource): string {
  if (status === 409 && source === 'fresh') return 'a fresh record from its create is not in a state it takes either; give one with --param or --input';
  if (status === 404) return notFound(operation, source);
  if (status === 401 && !wantsHeader(doc, operation, status)) return 'give the credentials of a test account in its body with --input';
  if (ADVICE[status] !== undefined) return ADVICE[status];
  if (status >= 500) return 'the server failed on a valid request';
  return status < 400 ? 'the probe follows no redirect' : GIVE_REQUEST;
}

/**
 * The one line that ends a run where no first try answered 2xx, so that nothing was tested: pass
 * credentials when the API refused them, else give the values the probe cannot infer.
 */
export function noneTested(
  doc: OpenApiDocument,
  { operations: results, login }: { operations: readonly { operation: string; firstTry: number | null }[]; login?: { operation: string; token: boolean } },
): string {
  const operations = new Map(doc.operations().map(operation => [label(operation), operation]));
  // A 2xx here tested nothing: a login's without a token, else one in a media type not declared (firstTryWhy), a login page most likely.
  const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;
  const answers = results.flatMap(({ operation, firstTry: status }) => {
    if (status === null) return [];
    const why = !isSuccess(status) ? '' : operation === login?.operation ? ' without a token' : ' in a media type not declared';
    return [`answered ${status}${why}`];
  });
  const counts = [...new Set(answers)].map(answer => `${answers.filter(other => other === answer).length} ${answer}`);
  const refused = results.some(result => isSuccess(result.firstTry) || wantsHeader(doc, operations.get(result.operation)!, result.firstTry));
  const fix =
    login?.token === false
      ? `give the login \`${login.operation}\` a test account's credentials with --input, or pass credentials with --header "Name: value"`
      : refused
        ? 'pass credentials with --header "Name: value"'
        : 'give what it lacks with --param or --input, as the warnings say';
  return `no operation answered its first try with a 2xx${counts.length === 0 ? '' : ` (${counts.join(', ')})`}, so nothing was tested; ${fix}`;
}

/**
 * The gate of --min-coverage: the share of the operations played whose first try answered 2xx, less those
 * exempted from every probe finding (`x-ax-exempt`, with a reason); the line that fails the run, or undefined.
 */
export function coverageShortfall(doc: OpenApiDocument, results: readonly { operation: string; why?: string }[], minimum: number): string | undefined {
  const operations = new Map(doc.operations().map(operation => [label(operation), operation]));
  const counted = results.filter(result => !PROBE_IDS.every(rule => isExempt(operations.get(result.operation)!, rule)));
  const untested = counted.filter(result => result.why !== undefined).length;
  const share = counted.length === 0 ? 100 : ((counted.length - untested) / counted.length) * 100;
  if (share >= minimum) return undefined;
  return `${counted.length - untested} of ${counted.length} operations tested (${Math.floor(share * 10) / 10}%), below --min-coverage ${minimum}%; the warnings above say what to give each one untested`;
}
