/** The plugin's types, as ESLint sees a plugin; dist/eslint.d.{ts,cts} are cut from this file (scripts/package.mjs). */
type RuleName = 'no-inline-next-steps' | 'no-unchecked-envelope-cast' | 'no-pool-query-in-transaction';
interface RuleModule {
  meta: { type: 'problem' | 'suggestion'; docs: { description: string; url: string }; messages: Record<string, string>; schema: unknown[] };
  create(context: any): Record<string, ((node: any) => void) | undefined>;
}
declare const plugin: {
  meta: { name: string; version: string };
  rules: Record<RuleName, RuleModule>;
  configs: { recommended: { name: string; plugins: { 'agent-ux': typeof plugin }; rules: Record<`agent-ux/${RuleName}`, 'error'> } };
};
export default plugin;
