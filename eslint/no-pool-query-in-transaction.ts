/**
 * agent-ux/no-pool-query-in-transaction: SQL that relies on transaction state (advisory transaction
 * locks, `SET LOCAL`, savepoints) must run on the client that holds the transaction. A `pool.query()`
 * takes a fresh connection: between a client's BEGIN and COMMIT it runs outside the transaction, and
 * transaction-scoped SQL sent through the pool at all takes effect on a connection nobody holds.
 */
import { docsUrl, FUNCTIONS, keyName, STRINGS, type Node, type Rule } from './shared';

export interface NoPoolQueryInTransactionOptions {
  /** Names of pool objects (`pool.query`, `this.pool.query`). */
  pools?: string[];
  /** Regular expressions (case-insensitive) of SQL that only means something inside a transaction. */
  transactionSql?: string[];
}

// Not `db`: it names a pool in some code bases and a transaction handle in others (supabase/storage's
// `db.query('SAVEPOINT …')` runs on a transaction), so it is for the `pools` option to add.
const POOLS = ['pool'];
/**
 * The SQL patterns run on every query literal of the code linted. Each is linear in the SQL: literal words
 * joined by one `\s+`, no quantifier beside another or inside one, so a match attempt reads a
 * word, one run of spaces and the next word, and fails there (test/patterns.test.ts counts the work).
 */
export const TRANSACTION_SQL = ['pg_(try_)?advisory_xact_lock', '\\bSET\\s+LOCAL\\b', '\\bSAVEPOINT\\b', '\\bROLLBACK\\s+TO\\b', '\\bRELEASE\\s+SAVEPOINT\\b'];
export const BEGIN = /^\s*(?:BEGIN|START\s+TRANSACTION)\b/i;
/** Read on the trimmed SQL: spaces on both sides of the `;` would make two quantifiers side by side (quadratic on `COMMIT` and 200,000 spaces). */
export const END = /^(?:COMMIT|ROLLBACK|END)(?:\s*;)?$/i;

/** `COMMIT`, `rollback;`, `  END ; `: SQL that ends the transaction and nothing else. */
export const endsTransaction = (sql: string): boolean => END.test(sql.trim());

/** The SQL text of a literal (template parts joined by `?`), if the node is one. */
function literalSql(node: Node | undefined): string | undefined {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return (node.quasis as Node[]).map(quasi => (quasi.value as { cooked: string }).cooked).join('?');
  return undefined;
}

/** The SQL of a query's first argument: a literal, or node-postgres's query config `{ text: '…' }`. */
function querySql(first: Node | undefined): string | undefined {
  if (first?.type !== 'ObjectExpression') return literalSql(first);
  const text = (first.properties as Node[]).find(
    property => property.type === 'Property' && keyName(property.key as Node, property.computed === true) === 'text',
  );
  return literalSql(text?.value as Node | undefined);
}

/** `x.query(...)`: the receiver's name and the SQL text when it is a literal. */
function queryCall(node: Node): { receiver: string; sql: string | undefined } | undefined {
  const callee = node.callee as Node;
  if (callee.type !== 'MemberExpression' || keyName(callee.property as Node, callee.computed === true) !== 'query') return undefined;
  const object = callee.object as Node;
  const receiver =
    object.type === 'Identifier'
      ? (object.name as string)
      : object.type === 'MemberExpression'
        ? keyName(object.property as Node, object.computed === true)
        : undefined;
  if (receiver === undefined) return undefined;
  return { receiver, sql: querySql((node.arguments as Node[])[0]) };
}

export const noPoolQueryInTransaction: Rule<NoPoolQueryInTransactionOptions> = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Run transaction-scoped SQL on the client that holds the transaction, not on the pool.',
      url: docsUrl('no-pool-query-in-transaction'),
    },
    messages: {
      inside:
        '`{{pool}}.query()` between `BEGIN` and `COMMIT` takes a fresh pool connection, outside the transaction. Run it on the client that holds the transaction.',
      scoped:
        '`{{pool}}.query()` sends transaction-scoped SQL ({{what}}) on a fresh pool connection, where it ends at once. Run it on a client inside `BEGIN` … `COMMIT`.',
      begin:
        '`{{pool}}.query()` sends `BEGIN` on a pool connection, which goes back to the pool at once: the next `{{pool}}.query()` may run outside the transaction. Take a client (`{{pool}}.connect()`), run BEGIN … COMMIT on it, then release it.',
    },
    schema: [{ type: 'object', properties: { pools: STRINGS, transactionSql: STRINGS }, additionalProperties: false }],
  },
  create(context) {
    const options = context.options[0] ?? {};
    const pools = options.pools ?? POOLS;
    const scoped = (options.transactionSql ?? TRANSACTION_SQL).map(pattern => new RegExp(pattern, 'i'));
    // One open/closed flag per function: a transaction is a client's, within the function that opened it.
    // A function written inside an open transaction (`ids.map(id => pool.query(…))`) starts inside it.
    const open: boolean[] = [false];
    const enter = () => void open.push(open[open.length - 1]);
    const leave = () => void open.pop();
    return {
      ...Object.fromEntries(
        FUNCTIONS.flatMap(type => [
          [type, enter],
          [`${type}:exit`, leave],
        ]),
      ),
      CallExpression(node) {
        const call = queryCall(node);
        if (call === undefined) return;
        const sql = call.sql ?? '';
        if (!pools.includes(call.receiver)) {
          if (BEGIN.test(sql)) open[open.length - 1] = true;
          else if (endsTransaction(sql)) open[open.length - 1] = false;
          return;
        }
        const pool = call.receiver;
        const what = scoped.map(pattern => pattern.exec(sql)?.[0]).find(found => found !== undefined);
        if (BEGIN.test(sql)) context.report({ node, messageId: 'begin', data: { pool } });
        else if (what !== undefined) context.report({ node, messageId: 'scoped', data: { pool, what: `\`${what}\`` } });
        else if (open[open.length - 1]) context.report({ node, messageId: 'inside', data: { pool } });
      },
    };
  },
};
