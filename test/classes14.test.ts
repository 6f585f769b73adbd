/**
 * ax-envelope-next-steps on the POSTs of the ninth blind sample (issue 38) that only compute, by the API's own evidence:
 * an API that can address nothing its POSTs leave behind (Cloudmersive OCR: uploads answering their results, no path
 * template), and an answer's id that names a record no operation creates (spoonacular's catalogue ingredients).
 */
import { at, body, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import { runRuleSaid } from './support/testRule';

const RULE = 'ax-envelope-next-steps';
const messagesOf = async (document: object) => (await runRuleSaid(RULE, document)).map(({ path, message }) => [path.join(' '), message]);
const pathsOf = async (document: object) => (await runRuleSaid(RULE, document)).map(({ path }) => path.join(' '));

const WORDS = { type: 'object', properties: { Successful: { type: 'boolean' }, Words: { type: 'array', items: { type: 'object' } } } };
const PDF_TEXT = { type: 'object', properties: { AsyncJobID: { type: 'string' }, TextResult: { type: 'string' } } };
const IMAGE = { type: 'string', format: 'byte' };
const upload = { content: { 'multipart/form-data': { schema: { type: 'object', properties: { imageFile: { type: 'string', format: 'binary' } } } } } };

/** Cloudmersive OCR as OpenAPI 3.0: POSTs of uploads, the PDF one answering an `AsyncJobID` that the job status GET takes. */
const ocr = (description = 'Detect and unrotate an image of a document.', extra: object = {}) =>
  oas3(
    {
      '/ocr/image/to/words-with-location': {
        post: {
          summary: 'Convert a scanned image into words with location',
          requestBody: upload,
          responses: { '200': body(ref('ImageToWordsWithLocationResult')) },
        },
      },
      '/ocr/preprocessing/image/unrotate': {
        post: { summary: 'Detect and unrotate a document image', description, requestBody: upload, responses: { '200': body(IMAGE) } },
      },
      '/ocr/pdf/toText': {
        post: { summary: 'Converts an uploaded PDF file into text', requestBody: upload, responses: { '200': body(ref('PdfToTextResponse')) } },
      },
      '/ocr/pdf/get-job-status': {
        get: {
          parameters: [{ in: 'query', name: 'AsyncJobID', required: true, schema: { type: 'string' } }],
          responses: { '200': body(ref('PdfToTextResponse')) },
        },
      },
      ...extra,
    },
    { schemas: { ImageToWordsWithLocationResult: { allOf: [WORDS] }, PdfToTextResponse: PDF_TEXT } },
  );
const inBodyOf = (path: string): string => at(path, 'post', '200', ...JSON_SCHEMA).join(' ');
const PDF_TO_TEXT = inBodyOf('/ocr/pdf/toText');

describe('an API that can address nothing its POSTs leave behind: they only compute', () => {
  test('OpenAPI 3.0, `$ref` and `allOf`: the OCR and the unrotation are silent; the PDF, whose job id a GET takes, is asked', async () => {
    expect(await pathsOf(ocr())).toEqual([PDF_TO_TEXT]);
  });

  test('Swagger 2.0: the same API, its bodies under `schema`', async () => {
    const produces = ['application/json'];
    const document = swagger2(
      {
        '/ocr/image/to/words-with-location': {
          post: {
            produces,
            summary: 'Convert a scanned image into words with location',
            responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Words' } } },
          },
        },
        '/ocr/preprocessing/image/unrotate': {
          post: { produces, summary: 'Detect and unrotate a document image', responses: { '200': { description: 'OK', schema: IMAGE } } },
        },
      },
      { definitions: { Words: { allOf: [WORDS] } } },
    );
    expect(await messagesOf(document)).toEqual([]);
  });

  test.each(['jobId', 'ticket'])('lookalike: a POST whose `%s` another POST takes in its body is asked for next steps', async member => {
    const taken = { type: 'object', properties: { [member]: { type: 'string' } } };
    const jobs = oas3({
      '/convert': { post: { summary: 'Convert a document', requestBody: upload, responses: { '200': body(taken) } } },
      '/jobs/status': {
        post: {
          summary: 'Get the status of a job',
          requestBody: { content: { 'application/json': { schema: taken } } },
          responses: { '200': body({ type: 'object', properties: { status: { type: 'string' } } }) },
        },
      },
    });
    expect(await pathsOf(jobs)).toEqual([inBodyOf('/convert')]);
  });

  test('lookalike: a description that says it sends or stores is asked for next steps', async () => {
    for (const said of ['Send the unrotated image to the archive.', 'Store the unrotated image.']) {
      const paths = await pathsOf(ocr(said));
      expect(paths).toEqual([inBodyOf('/ocr/preprocessing/image/unrotate'), PDF_TO_TEXT]);
    }
  });

  test('lookalike: a POST of the same API that names no computation (Slack-like "Archives a conversation") is asked', async () => {
    const archive = {
      post: {
        summary: 'Archives a conversation.',
        requestBody: upload,
        responses: { '200': body({ type: 'object', properties: { ok: { type: 'boolean' } } }) },
      },
    };
    expect(await pathsOf(ocr(undefined, { '/conversations.archive': archive }))).toEqual([PDF_TO_TEXT, inBodyOf('/conversations.archive')]);
  });

  test('lookalike: a conversion answering a URL it keeps (api2pdf\'s `pdf`, "A url to the PDF …") is asked', async () => {
    const pdf = {
      type: 'object',
      properties: { pdf: { type: 'string', description: 'A url to the PDF that will exist only for 24 hours' }, cost: { type: 'number' } },
    };
    const convert = { post: { summary: 'Convert raw HTML to PDF', responses: { '200': body(pdf) } } };
    expect(await pathsOf(ocr(undefined, { '/chrome/html': convert }))).toEqual([PDF_TO_TEXT, inBodyOf('/chrome/html')]);
  });

  test('lookalike: a path template anywhere in the API leaves its POSTs to the other signs', async () => {
    const paths = await pathsOf(ocr(undefined, { '/ocr/jobs/{jobId}': { get: { responses: { '200': body(PDF_TEXT) } } } }));
    expect(paths).toEqual([inBodyOf('/ocr/preprocessing/image/unrotate'), PDF_TO_TEXT, 'components schemas ImageToWordsWithLocationResult']);
  });
});

describe("an answer's id that names a record no operation creates is no sign of a write", () => {
  const INGREDIENT = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
  /** spoonacular: `parseIngredients` answers catalogue ingredients, whose information `GET /food/ingredients/{id}/information` reads. */
  const spoonacular = (extra: object = {}, information: object = ref('IngredientInformation')) =>
    oas3(
      {
        '/recipes/parseIngredients': {
          post: {
            operationId: 'parseIngredients',
            summary: 'Parse Ingredients',
            description: 'Extract an ingredient from plain text.',
            responses: { '200': body({ type: 'array', items: ref('Ingredient') }) },
          },
        },
        '/food/ingredients/{id}/information': { get: { operationId: 'getIngredientInformation', responses: { '200': body(information) } } },
        ...extra,
      },
      {
        schemas: {
          Ingredient: { allOf: [INGREDIENT] },
          IngredientInformation: { allOf: [ref('Ingredient'), { type: 'object', properties: { aisle: { type: 'string' } } }] },
        },
      },
    );
  const PARSE = inBodyOf('/recipes/parseIngredients');

  test('OpenAPI 3.0, `$ref` and `allOf`: the parse is silent', async () => {
    expect(await messagesOf(spoonacular())).toEqual([]);
  });

  test('lookalike: a collection with a POST creates the records the id names: asked', async () => {
    const created = spoonacular({ '/food/ingredients': { post: { operationId: 'addIngredient', responses: { '200': body(ref('IngredientInformation')) } } } });
    expect(await pathsOf(created)).toEqual([PARSE, inBodyOf('/food/ingredients')]);
  });

  test.each([
    ['/jobs/{jobId}', { jobId: { type: 'integer' } }],
    ['/forecast/status/{jobId}', { jobId: { type: 'integer' } }],
    ['/jobs/{jobId}', { jobId: { type: 'integer' }, status: { type: 'string' } }],
  ])('lookalike: a job receipt read at `%s`, no operation creating jobs, is what the call started: asked', async (item, receipt) => {
    const document = oas3({
      '/forecast/parse': { post: { operationId: 'parseForecast', responses: { '200': body({ type: 'object', properties: receipt }) } } },
      [item]: { get: { responses: { '200': body({ type: 'object', properties: { state: { type: 'string' } } }) } } },
    });
    expect(await pathsOf(document)).toEqual([inBodyOf('/forecast/parse')]);
  });

  test("lookalike: the parse answering what the item's GET answers made that record: asked", async () => {
    expect(await pathsOf(spoonacular({}, ref('Ingredient')))).toEqual([PARSE]);
  });
});
