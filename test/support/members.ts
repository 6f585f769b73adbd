/**
 * The members each body of a description promises, for the property that `fix` keeps the API working:
 * after its edits, no response without a finding and no request body gains a member. Written apart from
 * lib/ (a plain walk of the JSON with local `$ref`s) so that it checks the engine instead of repeating it.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Enough for any real body; a larger one is cut the same way before and after. */
const VISITS = 20000;

function resolve(root: Json, value: unknown, seen: Set<string>): { value: unknown; pointer?: string } {
  let pointer: string | undefined;
  while (isObject(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/') && !seen.has(value.$ref)) {
    pointer = value.$ref;
    seen.add(pointer);
    value = pointer
      .slice(2)
      .split('/')
      .map(segment => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, segment) => (isObject(node) ? node[segment] : undefined), root);
  }
  return { value, pointer };
}

/** `required:nextSteps`, `declared:error.code`, `required:nextSteps[].href`: what a body's schema promises, by place. */
export function membersOf(root: Json, schema: unknown): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  let visits = 0;
  const visit = (node: unknown, place: string) => {
    const { value } = resolve(root, node, seen);
    if (!isObject(value) || ++visits > VISITS) return;
    for (const name of Array.isArray(value.required) ? value.required : []) found.add(`required:${place}${String(name)}`);
    for (const [name, member] of Object.entries(isObject(value.properties) ? value.properties : {})) {
      found.add(`declared:${place}${name}`);
      visit(member, `${place}${name}.`);
    }
    for (const keyword of ['allOf', 'oneOf', 'anyOf']) for (const branch of Array.isArray(value[keyword]) ? value[keyword] : []) visit(branch, place);
    if (value.items !== undefined) visit(value.items, `${place}[].`);
    if (isObject(value.additionalProperties)) visit(value.additionalProperties, `${place}*.`);
  };
  visit(schema, '');
  return found;
}

export interface BodyOf {
  /** `POST /orders 201 application/json`, `POST /orders request application/json` */
  key: string;
  /** The operation's own response entry, for a response; undefined for a request body. */
  at?: string[];
  members: Set<string>;
}

/** Every JSON-ish body of the description, request and response, with its members (OpenAPI 3.x and Swagger 2.0). */
export function bodiesOf(root: Json): BodyOf[] {
  const bodies: BodyOf[] = [];
  const add = (key: string, schema: unknown, at?: string[]) => bodies.push({ key, at, members: membersOf(root, schema) });
  const content = (holder: unknown) => Object.entries(isObject(holder) && isObject(holder.content) ? holder.content : {});
  for (const [path, item] of Object.entries(isObject(root.paths) ? root.paths : {})) {
    for (const method of METHODS) {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      for (const [mediaType, media] of content(resolve(root, operation.requestBody, new Set()).value))
        if (isObject(media)) add(`${name} request ${mediaType}`, media.schema);
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : [])
        if (isObject(parameter) && parameter.in === 'body') add(`${name} request body`, parameter.schema);
      // A response to HEAD carries no body (RFC 9110 §9.3.2): a schema declared there promises nothing.
      const responses = method === 'head' || !isObject(operation.responses) ? {} : operation.responses;
      for (const [status, raw] of Object.entries(responses)) {
        const response = resolve(root, raw, new Set()).value;
        const at = ['paths', path, method, 'responses', status];
        if (isObject(response) && response.schema !== undefined) add(`${name} ${status}`, response.schema, at);
        for (const [mediaType, media] of content(response)) if (isObject(media)) add(`${name} ${status} ${mediaType}`, media.schema, at);
      }
    }
  }
  return bodies;
}

/**
 * The promises `after` adds over `before` in bodies that no claimed finding (`concerned`: diagnostic paths)
 * is about: a request body, or a response with no claimed finding at or below its own entry. A promise is a
 * newly required member whose enclosing member was already declared (the server must now send it), or,
 * outside error responses, any newly declared member (a generated server would send it, or fail to).
 * An error body may gain an optional member its shared error schema gains: nothing obliges the server.
 */
export function unconcernedGains(before: Json, after: Json, concerned: readonly (readonly (string | number)[])[]): string[] {
  const earlier = new Map(bodiesOf(before).map(body => [body.key, body.members]));
  const isConcerned = (at: string[] | undefined) => at !== undefined && concerned.some(path => at.every((segment, i) => String(path[i]) === segment));
  const isError = (at: string[] | undefined) => at !== undefined && /^([45]|default)/i.test(at[at.length - 1]);
  return bodiesOf(after)
    .filter(body => !isConcerned(body.at) && earlier.has(body.key))
    .flatMap(body => {
      const old = earlier.get(body.key)!;
      const gained = [...body.members].filter(member => !old.has(member));
      const obliges = (member: string) => {
        const parent = member
          .slice('required:'.length)
          .replace(/\.?[^.]+$/, '')
          .replace(/(^|\.)(\[\]|\*)$/, '');
        return parent === '' || old.has(`declared:${parent}`);
      };
      return gained.filter(member => (member.startsWith('required:') ? obliges(member) : !isError(body.at))).map(member => `${body.key}: ${member}`);
    });
}
