/** lib/hypermedia.ts on live bodies: the links the probe follows, in the shapes the schema-side reader knows. */
import { linksIn } from '../lib/hypermedia';

const NAMES = ['_links', 'links', 'actions'];

test('HAL links by relation, JSON:API URL strings, Siren actions with their method; a templated HAL link is a form, not a link', () => {
  const body = {
    _links: { self: { href: '/v1/orders/1' }, search: { href: '/v1/orders{?q}', templated: true }, items: [{ href: '/v1/orders/1/items/1' }] },
    links: { next: 'https://api.example.com/v1/orders?page=2', note: 'not a link' },
    actions: [{ name: 'cancel', method: 'POST', href: '/v1/orders/1/cancel' }],
  };
  expect(linksIn(body, NAMES)).toEqual([
    { href: '/v1/orders/1', method: undefined, at: ['_links', 'self', 'href'] },
    { href: '/v1/orders/1/items/1', method: undefined, at: ['_links', 'items', 0, 'href'] },
    { href: 'https://api.example.com/v1/orders?page=2', method: undefined, at: ['links', 'next'] },
    { href: '/v1/orders/1/cancel', method: 'POST', at: ['actions', 0, 'href'] },
  ]);
});

test('only the named collections, at the top of the body; records in a list are not links', () => {
  expect(linksIn({ data: { _links: { self: { href: '/a' } } }, links: [{ rel: 'x' }], actions: 'none' }, NAMES)).toEqual([]);
  expect(linksIn([{ _links: { self: { href: '/a' } } }], NAMES)).toEqual([]);
});
