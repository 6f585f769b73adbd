/**
 * How findings name the places of an error body (lib/error-shapes.ts finds them; this module words
 * them): "the `error` object", "to the `detail[]` items", and a member name in the body's own style.
 */
import type { Carrier } from './error-shapes';

/** "the `error` object", "the `detail[]` items", "the schema": a carrier as messages name it. */
export function carrierName(carrier: Carrier<unknown>): string {
  if (carrier.kind === 'body') return 'the schema';
  return carrier.kind === 'wrapper' ? `the ${carrier.where} object` : `the ${carrier.where}`;
}

/** " to the `error` object", " to the `detail[]` items", "" for the body: where a fix adds a member. */
export const placeOf = (carrier: Carrier<unknown>): string => (carrier.kind === 'body' ? '' : ` to ${carrierName(carrier)}`);

/** " in its `error` object", "" for the body: where a finding saw a member. */
export const insideOf = (carrier: Carrier<unknown>): string => (carrier.kind === 'body' ? '' : ` in ${carrierName(carrier).replace(/^the /, 'its ')}`);

/** The alias of `names` written in the style the body already uses (camelCase, snake_case, PascalCase); the first alias otherwise. */
export function inStyleOf(existing: readonly string[], names: readonly string[]): string {
  const snake = existing.some(name => /[a-z]_[a-z]/.test(name));
  const camel = existing.some(name => /[a-z][A-Z]/.test(name));
  // .NET serializers capitalize every member (`ErrorCode`, `Message`); names match without regard to case, so the fix still clears.
  const pascal = existing.length > 0 && existing.every(name => /^[A-Z][a-z]/.test(name));
  const fits = (name: string) => (snake && !camel ? !/[a-z][A-Z]/.test(name) : camel && !snake ? !name.includes('_') : true);
  const chosen = names.find(name => !name.includes('.') && fits(name)) ?? names[0];
  return pascal ? chosen[0].toUpperCase() + chosen.slice(1) : chosen;
}
