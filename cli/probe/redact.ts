/**
 * Credentials kept out of the probe's report in every form a server may echo them: as sent, in another
 * case, JSON-escaped (`\/`, `\u0041`, and escaped again inside an escaped string), URL-encoded (once or
 * twice, `+` for a space), as HTML character references, and in base64 (standard or URL-safe, alone or
 * at any alignment inside a longer encoding).
 */

/** Shorter values are not searched for: they would blank out ordinary words, and are no secret. */
const MIN_SECRET = 4;
/** A shorter base64 run turns up by chance inside unrelated encodings (images, other tokens). */
const MIN_BASE64 = 8;
export const REDACTED = '[redacted]';

/** JSON's two-character escapes of the characters a header value may hold. */
const JSON_SHORT: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', '\t': 't' };
const HTML_NAMED: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');
/** One to seven backslashes: an escape, escaped again once or twice (a JSON string inside a JSON string). */
const BACKSLASHES = '\\\\{1,7}';

/**
 * The secrets in a set of request headers: each value, or for `<scheme> <token>` the token alone (the
 * scheme is no secret, and the token's pattern covers the value), with the `user:password` (and the
 * password) that a `Basic` token encodes, which a server may echo decoded.
 */
export function secretsOf(headers: Record<string, string>): string[] {
  return Object.values(headers).flatMap(value => {
    const token = /^[A-Za-z][\w.+-]*\s+(\S+)$/.exec(value)?.[1];
    if (token === undefined) return [value];
    return [token, ...(/^basic\s/i.test(value) ? basicCredentials(token) : [])];
  });
}

/** `user:password` and the password, from a Basic token; nothing when it is not base64 of text. */
function basicCredentials(token: string): string[] {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return [];
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  if (/[\p{Cc}\uFFFD]/u.test(decoded)) return [];
  const colon = decoded.indexOf(':');
  return colon < 0 ? [decoded] : [decoded, decoded.slice(colon + 1)];
}

// Members that hold a credential: a password, a client secret, a token, an API key.
const CREDENTIAL = /pass(word|phrase)?|secret|token|api[-_]?key|credential/i;

/** The string values of credential members, at any depth of a value the user gives (an input file's body). */
export function credentialsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(credentialsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, member]) => (typeof member === 'string' && CREDENTIAL.test(key) ? [member] : credentialsIn(member)));
}

/** A function that replaces every echo of the secrets in a text by `[redacted]`. */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const kept = [...new Set(secrets)].filter(secret => secret.length >= MIN_SECRET).sort((a, b) => b.length - a.length);
  const encoded = [...new Set(kept.flatMap(base64Forms))].filter(form => form.length >= MIN_BASE64).sort((a, b) => b.length - a.length);
  // Longest first, one pattern each; case-blind for the textual forms (a server may change a value's case), not for base64.
  const patterns = [
    ...kept.map(secret => new RegExp(textualForms(secret), 'gi')),
    encoded.length === 0 ? undefined : new RegExp(encoded.map(escapeRegExp).join('|'), 'g'),
  ].filter(pattern => pattern !== undefined);
  return text => patterns.reduce((redacted, pattern) => redacted.replace(pattern, REDACTED), text);
}

/**
 * A pattern for a secret written any way a server may escape it, a character at a time. Every repeat is
 * bounded and each alternative starts differently, so matching stays linear in the text.
 */
function textualForms(secret: string): string {
  return secret.replace(/\\+|[^\\]/gu, run => (run.startsWith('\\') ? backslashes(run.length) : `(?:${characterForms(run).join('|')})`));
}

/** A run of backslashes, as sent or escaped up to twice (each escape doubles it). */
const backslashes = (count: number) => `(?:\\\\{${count},${count * 4}}|(?:%(?:25){0,2}5c){${count}})`;

function characterForms(char: string): string[] {
  const code = char.codePointAt(0)!;
  const units = [...Array(char.length).keys()].map(index => `${BACKSLASHES}u${hex(char.charCodeAt(index), 4)}`).join('');
  const percent = [...Buffer.from(char, 'utf8')].map(byte => `%(?:25){0,2}${hex(byte, 2)}`).join('');
  return [
    escapeRegExp(char),
    units,
    percent,
    `&#0{0,4}${code};`,
    `&#x0{0,4}${hex(code, 1)};`,
    ...(char in JSON_SHORT ? [`${BACKSLASHES}${escapeRegExp(JSON_SHORT[char])}`] : []),
    ...(char in HTML_NAMED ? [`&${HTML_NAMED[char]};`] : []),
    ...(char === ' ' ? ['\\+'] : []),
  ];
}

/**
 * The base64 runs that carry the secret: its whole encoding, and at each of the three alignments it can
 * have inside a longer encoded text, the characters its bytes alone decide (standard and URL-safe alphabets).
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const inner = [0, 1, 2].map(offset => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString('base64');
    return encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
  });
  const forms = [bytes.toString('base64'), ...inner];
  return forms.flatMap(form => [form, form.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')]);
}
