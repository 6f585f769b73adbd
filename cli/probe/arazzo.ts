/**
 * Recovery as a regression test: the requests the probe sent (the login, the creates, the first tries, each
 * fault and its repair), as one Arazzo 1.0.1 workflow whose steps reference the description's operations and
 * succeed on the statuses the probe saw. Ids and the token are not written as values: each is the output of
 * the step whose answer gave it, so that a runner (Redocly's `respect`) replays the journey on a fresh API.
 */
import { stringify } from 'yaml';
import { isObject, toPointer, type Operation } from '../../lib/document/document';
import { label } from '../../lib/findings/rule-function';
import type { ProbeRequest } from './requests';

/** One request the probe sent and the status it got. */
export interface Played {
  request: ProbeRequest;
  status: number;
  /** The answer's body (for the ids it gives later steps). */
  body: unknown;
  /** What the request was for: "The first try…", "A fault: `sku` left out.", "The repair of `sku`…". */
  what: string;
  /** Where a login's answer held the token (`/access_token`). */
  token?: string;
}

/** A record's id in a body: `id`, at the top or in a `data` wrapper. */
function idIn(body: unknown): { pointer: string; value: string } | undefined {
  for (const [holder, pointer] of [
    [body, '/id'],
    [isObject(body) ? body.data : undefined, '/data/id'],
  ] as const) {
    if (isObject(holder) && (typeof holder.id === 'string' || typeof holder.id === 'number')) return { pointer, value: String(holder.id) };
  }
  return undefined;
}

/** `POST /orders/{id}/cancel` → `post-orders-id-cancel`, the step id's stem. */
const stemOf = (operation: Operation) =>
  (typeof operation.node.operationId === 'string' ? operation.node.operationId : label(operation))
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** The JSON pointers of the string or number members of `value` equal to one of `ids`, at any depth. */
function idPointers(value: unknown, ids: ReadonlyMap<string, string>, at = ''): { target: string; value: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => idPointers(item, ids, `${at}/${i}`));
  if (isObject(value))
    return Object.entries(value).flatMap(([name, member]) => idPointers(member, ids, `${at}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  const expression = typeof value === 'string' || typeof value === 'number' ? ids.get(String(value)) : undefined;
  return expression === undefined || at === '' ? [] : [{ target: at, value: expression }];
}

/**
 * The Arazzo document of a probe run. `source` is the description's URL as the Arazzo file reaches it
 * (relative to it); `bearer` says which operations were sent the login's token.
 */
export function arazzoOf(played: readonly Played[], source: string, title: string, bearer: (operation: Operation) => boolean): string {
  const ids = new Map<string, string>();
  let token: string | undefined;
  const used = new Set<string>();
  // An empty object body is left out: `respect` sends none for it, which is another request than the probe's.
  const replayable = played.filter(({ request }) => !(isObject(request.body) && Object.keys(request.body).length === 0));
  const steps = replayable.map(({ request, status, body, what, token: tokenMember }) => {
    let stepId = stemOf(request.operation);
    for (let n = 2; used.has(stepId); n++) stepId = `${stemOf(request.operation)}-${n}`;
    used.add(stepId);
    const parameters = [
      ...(['path', 'query', 'header'] as const).flatMap(place =>
        Object.entries(request[place === 'header' ? 'headers' : place]).map(([name, value]) => ({
          name,
          in: place,
          value: ids.get(String(value)) ?? value,
        })),
      ),
      ...(token !== undefined && bearer(request.operation) ? [{ name: 'Authorization', in: 'header', value: `Bearer {${token}}` }] : []),
    ];
    const replacements = idPointers(request.body, ids);
    const { operationId } = request.operation.node;
    const step = {
      stepId,
      description: `${label(request.operation)}: ${what}`,
      ...(typeof operationId === 'string' ? { operationId } : { operationPath: `{$sourceDescriptions.api.url}${toPointer(request.operation.location)}` }),
      ...(parameters.length === 0 ? {} : { parameters }),
      ...(request.body === undefined
        ? {}
        : { requestBody: { contentType: 'application/json', payload: request.body, ...(replacements.length === 0 ? {} : { replacements }) } }),
      successCriteria: [{ condition: `$statusCode == ${status}` }],
      ...outputsOf(status, body, tokenMember),
    };
    const id = status >= 200 && status < 300 ? idIn(body) : undefined;
    if (id !== undefined) ids.set(id.value, `$steps.${stepId}.outputs.id`);
    if (tokenMember !== undefined) token = `$steps.${stepId}.outputs.token`;
    return step;
  });
  const document = {
    arazzo: '1.0.1',
    info: {
      title,
      version: '1.0.0',
      description: 'The requests `spectral-agent-ux probe` sent and the statuses it saw: replay them to hold the API to its recovery.',
    },
    sourceDescriptions: [{ name: 'api', url: source, type: 'openapi' }],
    workflows: [
      {
        workflowId: 'probe',
        summary: 'The journey of an agent, as the probe played it.',
        description: 'Log in, create, read and change records, then break one input at a time and repair it from the error alone.',
        steps,
      },
    ],
  };
  return stringify(document, { lineWidth: 0 });
}

/** A 2xx answer's outputs: the id of the record it names, the token of a login. */
function outputsOf(status: number, body: unknown, tokenMember: string | undefined): { outputs?: Record<string, string> } {
  const id = status >= 200 && status < 300 ? idIn(body) : undefined;
  const outputs = {
    ...(id === undefined ? {} : { id: `$response.body#${id.pointer}` }),
    ...(tokenMember === undefined ? {} : { token: `$response.body#${tokenMember}` }),
  };
  return Object.keys(outputs).length === 0 ? {} : { outputs };
}
