/**
 * agent-ux/no-pool-query-in-transaction: SQL that relies on transaction state (advisory transaction
 * locks, `SET LOCAL`, savepoints) must run on the client that holds the transaction. A `pool.query()`
 * takes a fresh connection: between a client's BEGIN and COMMIT it runs outside the transaction, and
 * transaction-scoped SQL sent through the pool at all takes effect on a connection nobody holds.
 */
import { docsUrl, keyName, STRINGS, type Node, type Rule } from './shared';

export interface NoPoolQueryInTransactionOptions {
  /** Names of pool objects (`pool.query`, `db.query`). */
  pools?: string[];
  /** Regular expressions (case-insensitive) of SQL that only means something inside a transaction. */
  transactionSql?: string[];
}

const POOLS = ['pool', 'db'];
const TRANSACTION_SQL = ['pg_(try_)?advisory_xact_lock', '\\bSET\\s+LOCAL\\b', '\\bSAVEPOINT\\b', '\\bROLLBACK\\s+TO\\b', '\\bRELEASE\\s+SAVEPOINT\\b'];
const BEGIN = /^\s*(BEGIN|START\s+TRANSACTION)\b/i;
const END = /^\s*(COMMIT|ROLLBACK|END)\s*;?\s*$/i;

/** `x.query(...)`: the receiver's name and the SQL text when it is a literal (template parts joined). */
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
  const [first] = node.arguments as Node[];
  const sql =
    first?.type === 'Literal' && typeof first.value === 'string'
      ? first.value
      : first?.type === 'TemplateLiteral'
        ? (first.quasis as Node[]).map(quasi => (quasi.value as { cooked: string }).cooked).join('?')
        : undefined;
  return { receiver, sql };
}

const FUNCTIONS = ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'];

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
    },
    schema: [{ type: 'object', properties: { pools: STRINGS, transactionSql: STRINGS }, additionalProperties: false }],
  },
  create(context) {
    const options = context.options[0] ?? {};
    const pools = options.pools ?? POOLS;
    const scoped = (options.transactionSql ?? TRANSACTION_SQL).map(pattern => new RegExp(pattern, 'i'));
    // One open/closed flag per function: a transaction is a client's, within the function that opened it.
    const open: boolean[] = [false];
    const enter = () => void open.push(false);
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
        const isPool = pools.includes(call.receiver);
        if (!isPool) {
          if (call.sql !== undefined && BEGIN.test(call.sql)) open[open.length - 1] = true;
          else if (call.sql !== undefined && END.test(call.sql)) open[open.length - 1] = false;
          return;
        }
        const what = call.sql === undefined ? undefined : scoped.map(pattern => pattern.exec(call.sql!)?.[0]).find(found => found !== undefined);
        if (what !== undefined) context.report({ node, messageId: 'scoped', data: { pool: call.receiver, what: `\`${what}\`` } });
        else if (open[open.length - 1]) context.report({ node, messageId: 'inside', data: { pool: call.receiver } });
      },
    };
  },
};
