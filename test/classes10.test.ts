/**
 * The seventh blind sample's classes (issue 38): a POST or PATCH that only reads or computes, by what it says
 * (Portfolio Optimizer's "Compute …" and "Perform a … analysis" descriptions, Apptigent's `FormatCurrency`, Keycloak's
 * `client-description-converter`, Red Hat's "View …", nestia's PATCH that lists a page), each beside a lookalike that writes;
 * an API whose errors answer their success body (Apptigent's `outputString`) keeps it as its error body.
 */
import { body, oas3, ref } from './support/documents';
import { fixAndRelint, runRuleSaid } from './support/testRule';

const RESULT = { type: 'object', properties: { value: { type: 'number' } } };
/** Where next steps are asked for: `METHOD path`, or `schema Name` for a component only one operation answers. */
async function asked(paths: object, components: object = {}): Promise<string[]> {
  const results = await runRuleSaid('ax-envelope-next-steps', oas3(paths, components));
  return results.map(({ path }) => (path[0] === 'paths' ? `${String(path[2])} ${String(path[1])}` : `schema ${String(path[2])}`));
}
const post = (operation: object, responses: object = { '200': body(RESULT) }) => ({ post: { ...operation, responses } });

describe('a POST that computes, by its summary or description', () => {
  test("a description's opening verb names the reading when the summary has none; one that stores, or a name that writes, is asked", async () => {
    expect(
      await asked({
        // Portfolio Optimizer: the summary is a noun phrase, the description says what the call does.
        '/assets/correlation/matrix/distance': post({
          summary: 'Correlation Matrix Distance',
          description:
            'Compute the distance between an asset correlation matrix and a reference correlation matrix, using one of the following metrics:\n* Euclidean',
        }),
        '/portfolio/analysis/contributions/return': post({
          summary: 'Return Contributions',
          description: 'Perform a return contribution analysis of one or several portfolio(s), optionally using groups of assets.\n\nReferences',
        }),
        // Lookalikes: a computation that stores its result, one whose summary writes, a "perform" of no reading.
        '/portfolio/snapshots': post({ summary: 'Portfolio Snapshot', description: 'Compute and store the asset weights of the portfolio.' }),
        '/portfolio/rebalancing': post({ summary: 'Create a rebalancing', description: 'Compute the asset weights to rebalance to.' }),
        '/portfolio/trades': post({ summary: 'Portfolio Trades', description: 'Perform the trades of the rebalancing.' }),
        // An action on an item changes it, whatever its description's verb (Increase's sandbox simulations).
        '/ach_transfers/{id}/return': post({ summary: 'Return a Sandbox ACH Transfer', description: 'Simulates the return of an ACH Transfer.' }),
      }),
    ).toEqual(['post /portfolio/snapshots', 'post /portfolio/rebalancing', 'post /portfolio/trades', 'post /ach_transfers/{id}/return']);
  });

  test('ax-recoverable-retryable says which sentence made it a read', async () => {
    const document = oas3({ '/distance': post({ summary: 'Correlation Matrix Distance', description: 'Compute the distance between two matrices.' }) });
    const [result] = await runRuleSaid('ax-recoverable-retryable', document);
    expect(result.message).toBe(
      'POST /distance: no `x-ax-retryable`, so an agent cannot tell if retrying a failed call is safe. Add `x-ax-retryable: true` to the operation: described "Compute the distance between two matrice…" and answering 200, it only reads, so a repeat is safe.',
    );
  });

  test('"View …" and `FormatCurrency` read; "Apply a discount to the order" and a POST to `/stories/{id}/view` are asked', async () => {
    expect(
      await asked({
        '/api/patch/v1/views/advisories/systems': post({
          operationId: 'viewAdvisoriesSystems',
          summary: 'View advisory-system pairs for selected systems and advisories',
        }),
        '/FormatCurrency': post({
          operationId: 'FormatCurrency',
          summary: 'Currency - Format currency',
          description: 'Apply currency symbol to a numeric value',
        }),
        '/orders/{id}/discounts': post({ operationId: 'ApplyDiscount', summary: 'Discount', description: 'Apply a discount to the order' }),
        // Viewing a story marks it viewed: `view` reads only as what a name or sentence says.
        '/stories/{id}/view': post({}),
        // A tag before the verb (presalytics' "Views: Create A Session View").
        '/sessions/{id}/views': post({ summary: 'Views: Create A Session View' }),
      }),
    ).toEqual(['post /orders/{id}/discounts', 'post /stories/{id}/view', 'post /sessions/{id}/views']);
  });
});

describe("a tool named by its agent noun (Keycloak's converter)", () => {
  test('a POST to `…-converter` answering `2XX` reads; a collection of converters, and one answering 201, are asked', async () => {
    const client = { '2XX': body(ref('Client')) };
    const components = { schemas: { Client: { type: 'object', properties: { clientId: { type: 'string' } } } } };
    expect(
      await asked(
        {
          '/{realm}/client-description-converter': post({ summary: 'Base path for importing clients under this realm.' }, client),
          '/{realm}/converters': post({ summary: 'Base path for converters.' }, client),
          '/{realm}/currency-converter': post({}, { '201': body(ref('Client')) }),
        },
        components,
      ),
    ).toEqual(['post /{realm}/converters', 'post /{realm}/currency-converter']);
  });
});

describe('a PATCH that lists a page (nestia)', () => {
  const page = (item: string) => ({
    type: 'object',
    required: ['pagination', 'data'],
    properties: { pagination: ref('IPage.IPagination'), data: { type: 'array', items: ref(item) } },
  });
  const components = {
    schemas: {
      'IPage.IPagination': { type: 'object', properties: { current: { type: 'integer' }, limit: { type: 'integer' } } },
      IShoppingDepositCharge: { type: 'object', properties: { id: { type: 'string' }, value: { type: 'number' } } },
      IPageIShoppingDepositCharge: page('IShoppingDepositCharge'),
      Charges: { type: 'object', properties: { data: { type: 'array', items: ref('IShoppingDepositCharge') } } },
    },
  };
  test('"List up every …" answering a page reads; a PATCH that updates, and one that lists without a page, are asked; a 201 "Get replica" creates', async () => {
    const patch = (summary: string, schema: string, status = '200') => ({ patch: { summary, responses: { [status]: body(ref(schema)) } } });
    expect(
      await asked(
        {
          '/shoppings/customers/deposits/charges': patch('List up every deposit charges', 'IPageIShoppingDepositCharge'),
          '/shoppings/customers/deposits/charges/{id}': patch('Update a deposit charge', 'IShoppingDepositCharge'),
          // A PATCH answering the page it changed is no read: it says update.
          '/shoppings/customers/deposits/batches': patch('Update the deposit charges', 'IPageIShoppingDepositCharge'),
          '/shoppings/customers/deposits/lists': patch('List the deposit charges', 'Charges'),
          '/shoppings/sellers/sales/{saleId}/snapshots/{id}/replica': {
            post: { summary: 'Get replica of a snapshot', responses: { '201': body(ref('IShoppingDepositCharge')) } },
          },
        },
        components,
      ),
    ).toEqual([
      'patch /shoppings/customers/deposits/charges/{id}',
      'patch /shoppings/customers/deposits/batches',
      'post /shoppings/sellers/sales/{saleId}/snapshots/{id}/replica',
      'schema Charges',
    ]);
  });
});

describe("an API's errors answering their success body (Apptigent)", () => {
  // (Apptigent's own also has `example: { result: 'string' }`, which `fix` will not contradict by requiring a `code` it lacks.)
  const outputString = { type: 'object', properties: { result: { type: 'string', description: 'Result' } } };
  const Error = { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } };
  const call = (error: string) => ({ post: { responses: { '200': body(ref('outputString')), '400': body(ref(error), 'application/json', 'ERROR') } } });
  const api = (errors: string[]) => oas3(Object.fromEntries(errors.map((error, i) => [`/Call${i}`, call(error)])), { schemas: { outputString, Error } });

  test("where most errors answer it, ax-recoverable-error-schema keeps it; ax-recoverable-error-structure adds the code in the errors' own schema, and its fix clears", async () => {
    const document = api(['outputString', 'outputString', 'outputString']);
    expect(await runRuleSaid('ax-recoverable-error-schema', document)).toEqual([]);
    const { before, fixed, after } = await fixAndRelint('ax-recoverable-error-structure', document);
    expect(before.map(result => [result.path.join(' '), result.message])).toEqual([
      [
        'components schemas outputString',
        '`outputString` (used by 3 of 6 responses): has no code and no message. Add a required `code` (e.g. "VALIDATION_ERROR") and a required `message`; your error handler must then send them. Only in `outputStringWithError` (`allOf` of `outputString`).',
      ],
    ]);
    expect(after).toEqual([]);
    // The successes keep `outputString` as it was; the errors answer its extension.
    expect((fixed as { components: { schemas: Record<string, unknown> } }).components.schemas.outputString).toEqual(outputString);
    expect(JSON.stringify((fixed as { paths: Record<string, unknown> }).paths['/Call0'])).toContain('outputStringWithError');
  });

  test('lookalike: one error answering its success body where the others answer `Error` is told to answer `Error`', async () => {
    const [result] = await runRuleSaid('ax-recoverable-error-schema', api(['outputString', 'Error', 'Error']));
    expect([result.path.join(' '), result.message]).toEqual([
      'paths /Call0 post responses 400 content application/json schema',
      "POST /Call0 400: the application/json error schema is `outputString`, the body of its 200 response, with no code and no message. Answer the API's error schema, `$ref: '#/components/schemas/Error'` instead.",
    ]);
  });
});
