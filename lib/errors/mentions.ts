/**
 * The request fields a recovery hint names, read the way an agent would copy them: every name of a
 * `{ a, b? }` shape, and a name in backticks or quotes when the words around it say it is a field
 * ("set `limit` to 100", "the 'amount' field", "provide `email` or `phone`"). Anything else in the
 * prose is not a mention: a quoted value ('USD') or an operation name is never read as a field.
 */

export interface Mention {
  name: string;
  /** `shape` for a name of a `{ … }` request shape, `quoted` for a name in backticks or quotes. */
  kind: 'shape' | 'quoted';
}

const FIELD_PATH = /^[A-Za-z_$][\w$-]*(?:(?:\.[A-Za-z_$][\w$-]*)|\[\d*\])*$/;
// A `{ … }` item: `name`, `name?`, `name: …` or `"name": …`; `...` stands for the rest.
const SHAPE_ITEM = /^(?:"([A-Za-z_$][\w$-]*)"|'([A-Za-z_$][\w$-]*)'|([A-Za-z_$][\w$-]*))\??(?:\s*:.*)?$/s;
const ELLIPSIS = /^(?:\.\.\.|…)$/;
const FIELD_WORDS = String.raw`fields?|param(?:eter)?s?|propert(?:y|ies)|attributes?|arguments?|keys?`;
// A field word or an editing verb just before the name ("the `amount` field", "set the `limit`"), or a field word or requirement just after it.
const CUE_BEFORE = new RegExp(String.raw`\b(?:${FIELD_WORDS}|set|provide|include|add|remove|omit|pass|supply|specify|rename|change)\s+(?:the\s+)?$`, 'i');
const CUE_AFTER = new RegExp(String.raw`^\s*(?:(?:${FIELD_WORDS}|is required|are required|must)\b|=)`, 'i');
const SEPARATOR = /^\s*(?:,\s*(?:and|or)?|and|or|\/)\s*$/i;
const QUOTED = /`([^`\n]+)`|"([^"\n]+)"|'([^'\n]+)'/g;

/** The names of each `{ a, b?, ... }` shape in the text; a `/{id}/` path template is not a shape. */
function shapeMentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const match of text.matchAll(/\{([^{}]*)\}/g)) {
    const before = text[match.index - 1];
    const after = text[match.index + match[0].length];
    if (before === '/' || after === '/' || before === '$') continue;
    const items = match[1]
      .split(',')
      .map(item => item.trim())
      .filter(item => item !== '' && !ELLIPSIS.test(item));
    const names = items.map(item => SHAPE_ITEM.exec(item)).map(parsed => parsed?.[1] ?? parsed?.[2] ?? parsed?.[3]);
    // One bare name in braces is a placeholder ("{id}"), not a shape; a shape has several names or marks one optional or typed.
    if (names.length === 0 || names.some(name => name === undefined)) continue;
    if (names.length === 1 && !/[?:]/.test(match[1])) continue;
    found.push(...names.map(name => ({ name: name!, kind: 'shape' as const })));
  }
  return found;
}

/** Quoted names that the words around them mark as fields; a list ("`a`, `b` or `c`") shares the cue before its first or after its last member. */
function quotedMentions(text: string): Mention[] {
  const groups: { names: { name: string; assigns: boolean }[]; start: number; end: number }[] = [];
  for (const match of text.matchAll(QUOTED)) {
    const raw = match[1] ?? match[2] ?? match[3];
    const name = raw.split(/\s*[=:]\s*/)[0];
    const member = { name, assigns: name !== raw }; // `limit=100`, "limit: 100"
    const last = groups[groups.length - 1];
    const end = match.index + match[0].length;
    if (last !== undefined && SEPARATOR.test(text.slice(last.end, match.index))) {
      last.names.push(member);
      last.end = end;
    } else {
      groups.push({ names: [member], start: match.index, end });
    }
  }
  return groups.flatMap(group => {
    const cued = CUE_BEFORE.test(text.slice(Math.max(0, group.start - 24), group.start)) || CUE_AFTER.test(text.slice(group.end, group.end + 24));
    return group.names
      .filter(member => (cued || member.assigns) && FIELD_PATH.test(member.name))
      .map(member => ({ name: member.name, kind: 'quoted' as const }));
  });
}

/** Every request field a hint names, each once, in order. */
export function fieldMentions(text: string): Mention[] {
  const seen = new Set<string>();
  return [...shapeMentions(text), ...quotedMentions(text)].filter(mention => !seen.has(mention.name) && Boolean(seen.add(mention.name)));
}
