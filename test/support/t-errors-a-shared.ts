/**
 * The form of a finding about a shared component: reported once, on the component, naming its users
 * ("`Error` (used by GET /a 502)" for one response, "`Error` (used by 2 responses)" for several).
 */
export const usedBy = (name: string, users: string | number): string => `\`${name}\` (used by ${typeof users === 'number' ? `${users} responses` : users})`;

/** `components/<kind>/<name>` and what lies under it, where a shared component's finding lands. */
export const component = (kind: string, name: string, ...under: string[]): string[] => ['components', kind, name, ...under];
