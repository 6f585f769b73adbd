/**
 * House rules for what the rules say (lib/findings/messages.ts), read off the declarations: every rule declares
 * its messages, each template is well formed and short, every id is said by its function, and `say` renders
 * a template exactly, never throwing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DECLARATIONS } from '../rules';
import { FUNCTIONS } from '../ruleset';
import { identityOf, plain, render, sayOf, type Said } from '../lib/findings/messages';

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
/** A template's own words: a message is about 240 characters at most, and the parameters take their share. */
const MAX_STATIC = 200;

const staticText = (template: string) => template.replace(PLACEHOLDER, '');

/**
 * The ids of a table that the function file never names outside the table (each is said as a string literal: `say('noRefreshUrl', …)`);
 * a rule with a live check declares its templates apart, as `LIVE_MESSAGES`.
 */
function unsaidIds(source: string, ids: readonly string[]): string[] {
  const code = source.replace(/\nconst (?:LIVE_)?MESSAGES = \{[\s\S]*?\n\} as const;/g, '');
  return ids.filter(id => !new RegExp(`['"]${id}['"]`).test(code));
}

describe.each(DECLARATIONS.map(declaration => [declaration.id, declaration] as const))('%s', (_id, declaration) => {
  const templates = Object.entries(declaration.messages as Readonly<Record<string, string>>);

  test('declares its messages, the ones its function words its findings with', () => {
    expect(templates.length).toBeGreaterThan(0);
    expect(FUNCTIONS[declaration.functionName].messages).toBe(declaration.messages);
  });

  test('every id is camelCase and every template well formed and short', () => {
    expect(templates.filter(([id]) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(templates.filter(([, template]) => /\{\{|\}\}/.test(staticText(template)))).toEqual([]);
    expect(templates.filter(([, template]) => staticText(template).length > MAX_STATIC)).toEqual([]);
  });

  test('every id is said by its function', () => {
    const source = readFileSync(join(__dirname, '..', 'rules', `${declaration.id}.ts`), 'utf8');
    expect(unsaidIds(source, Object.keys(declaration.messages))).toEqual([]);
  });
});

test('an id its function does not say is found', () => {
  const source = "const MESSAGES = {\n  said: 'a',\n  unsaid: 'b',\n} as const;\nconst x = say('said');\n";
  expect(unsaidIds(source, ['said', 'unsaid'])).toEqual(['unsaid']);
});

test('say replaces each parameter by its value, once, and never throws', () => {
  const say = sayOf({ noUrl: '`{{name}}` has no URL ({{count}} uses)', plain: 'no parameter' } as const);
  expect(say('noUrl', { name: 'Error', count: 3 }).text).toBe('`Error` has no URL (3 uses)');
  expect(say('plain').text).toBe('no parameter');
  // A value is never read as a template, nor as a replacement pattern.
  expect(say('noUrl', { name: '{{count}} $& $1', count: 1 }).text).toBe('`{{count}} $& $1` has no URL (1 uses)');
  // Only a cast passes what the types refuse: a missing value stays visible, an unknown id is said as itself.
  expect(render('{{a}} and {{b}}', { a: 'x' })).toBe('x and {{b}}');
  expect((say as unknown as (id: string) => Said)('unknownId').text).toBe('unknownId');
});

test('what say says is data: its id and data, nested phrases as theirs, and the text they render to', () => {
  const say = sayOf({ noUrl: '`{{name}}` has no URL{{where}}', inShapes: ' in {{count}} of its shapes' } as const);
  const said = say('noUrl', { name: 'Error', where: say('inShapes', { count: 2 }) });
  expect(said.text).toBe('`Error` has no URL in 2 of its shapes');
  expect(`${said}`).toBe(said.text);
  expect(plain(said)).toEqual({ messageId: 'noUrl', data: { name: 'Error', where: { messageId: 'inShapes', data: { count: 2 } } } });
  // One defect is one identity, from the data alone: the same text from other data is another, and `fitted` leaves out what differs per use.
  expect(identityOf(said)).toBe(identityOf(say('noUrl', { name: 'Error', where: say('inShapes', { count: 2 }) })));
  expect(identityOf(said)).not.toBe(identityOf(say('noUrl', { name: 'Error', where: ' in 2 of its shapes' })));
  expect(identityOf(said, { count: 'n' })).toBe(identityOf(say('noUrl', { name: 'Error', where: say('inShapes', { count: 3 }) }), { count: 'n' }));
});

test('say takes exactly the parameters of its template', () => {
  const say = sayOf({ twoParams: '{{a}} then {{b}}', none: 'static' } as const);
  expect(say('twoParams', { a: 1, b: 2 }).text).toBe('1 then 2');
  // @ts-expect-error a parameter is missing
  say('twoParams', { a: 1 });
  // @ts-expect-error a parameter is extra
  say('twoParams', { a: 1, b: 2, c: 3 });
  // @ts-expect-error a template without parameters takes no data
  say('none', {});
  // @ts-expect-error an id the table does not declare
  say('undeclared');
  expect(say('none').text).toBe('static');
});
