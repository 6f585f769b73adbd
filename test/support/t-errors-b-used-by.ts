/**
 * Where a finding on a shared component says who uses it: "`Problem` (used by 2 responses)" for several
 * responses, "`Problem` (used by GET /a 404)" for one (the label a local finding starts with).
 */
export const usedBy = (component: string, users: number | string): string =>
  `\`${component}\` (used by ${typeof users === 'number' ? `${users} responses` : users})`;
