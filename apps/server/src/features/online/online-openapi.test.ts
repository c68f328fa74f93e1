import { onlinePaymentRequests } from '../../db/schema';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, smallPdf, type Part } from '../../test/multipart';
import { readDocument, validValue, type JsonSchema, type ValueContext } from '../../test/openapi-walk';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';

type Media = { schema: JsonSchema; encoding?: Record<string, { contentType: string }> };
type Doc = Awaited<ReturnType<typeof readDocument>>;

/** The multipart body an operation documents, its schema resolved. */
function multipartOf(doc: Doc, path: string): Media {
  const operation = (doc.paths as Record<string, Record<string, { requestBody: { content: Record<string, Media> } }>>)[
    path
  ]!.post!;
  const media = operation.requestBody.content['multipart/form-data']!;
  const ref = media.schema.$ref?.replace('#/components/schemas/', '');
  return ref ? { ...media, schema: doc.components!.schemas![ref]! } : media;
}

describe('a multipart field carrying JSON in the OpenAPI document', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let doc: Doc;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
    doc = await readDocument(t.app);
  });
  afterAll(async () => t?.close());

  const submit = (fields: Record<string, Part>) => {
    const body = multipart(fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/public/online/payments/',
      remoteAddress: `10.31.0.${++address}`,
      headers: body.headers,
      payload: body.payload,
    });
  };

  it("describes the request's vehicles by their schema, with an encoding of application/json; plain fields have none", () => {
    const media = multipartOf(doc, '/api/public/online/payments/');
    expect(media.encoding).toEqual({ vehicles: { contentType: 'application/json' } });
    const vehicles = media.schema.properties!.vehicles!;
    expect(vehicles).toMatchObject({ type: 'array', minItems: 1, maxItems: 50 });
    expect(Object.keys(vehicles.items!.properties!).sort()).toEqual(
      ['driver_fin', 'load_carrying_capacity', 'months', 'plate', 'seats_count', 'transport_type'].sort(),
    );
    expect(vehicles.items!.required).toEqual(expect.arrayContaining(['plate', 'transport_type', 'months']));
    expect((vehicles as { description?: string }).description).toMatch(/application\/json/);
    // A registration has no JSON field: its parts are text and files.
    expect(multipartOf(doc, '/api/public/online/carriers/').encoding).toBeUndefined();
  });

  it('takes a request a client builds from the document: fields by their schema, the JSON part sent as JSON', async () => {
    const media = multipartOf(doc, '/api/public/online/payments/');
    // Values the document cannot know: this database's ids, a solved ALTCHA, a name.
    const local: Record<string, string> = {
      owner_name: 'Sənəddən Qurulmuş MMC',
      owner_phone: '+994501112266',
      owner_email: 'senedden@example.az',
      owner_region: String(k.ganja),
      gtoken: await solveCaptcha(t.app),
    };
    // Values the document's patterns cannot give, and ids of this database; the rest is built from the schema.
    const vehicle = {
      plate: '10-AA-123',
      transport_type: k.transportType,
      load_carrying_capacity: '2.5',
      driver_fin: '',
    };
    const context: ValueContext = { unique: () => String(++address), reference: () => 1 };
    const fields: Record<string, Part> = {};
    const sent: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(media.schema.properties!)) {
      if (media.encoding?.[name]?.contentType === 'application/json') {
        const items = schema.items!;
        const built = Object.entries(items.properties!).map(([key, property]) => [
          key,
          key in vehicle ? vehicle[key as keyof typeof vehicle] : validValue(property, key, context),
        ]);
        sent[name] = [Object.fromEntries(built)];
        fields[name] = { text: JSON.stringify(sent[name]), type: 'application/json' };
      } else if (schema.format === 'binary') {
        if (media.schema.required?.includes(name)) fields[name] = { file: smallPdf, name: 'sened.pdf' };
        sent[name] = '(a PDF file)';
      } else {
        const value = local[name] ?? schema.examples?.[0] ?? schema.enum?.[0];
        if (value !== undefined) fields[name] = sent[name] = String(value);
      }
    }
    // What is sent is what the document describes (a refusal would then be the server's fault).
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    expect(ajv.validate(media.schema, sent), ajv.errorsText()).toBe(true);
    const res = await submit(fields);
    expect(res.statusCode, res.body).toBe(201);
    const { code } = res.json() as { code: string };
    const [stored] = await t.database.db
      .select({ vehicles: onlinePaymentRequests.vehicles })
      .from(onlinePaymentRequests)
      .where(eq(onlinePaymentRequests.code, code));
    expect(stored!.vehicles).toEqual(sent.vehicles);
  });

  it('refuses a JSON part that is no JSON, or not a list of vehicles, with a 400 (never a 406 or a 500)', async () => {
    const base: Record<string, Part> = {
      owner_code: '7700000031',
      owner_name: 'Sınaq MMC',
      owner_phone: '+994501112255',
      owner_email: 'json@example.az',
      owner_region: String(k.ganja),
      consent: 'true',
      registration_certificate: { file: smallPdf, name: 'sened.pdf' },
    };
    const broken = await submit({
      ...base,
      gtoken: await solveCaptcha(t.app),
      vehicles: { text: '[{"plate":', type: 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'JSON parse error.' });

    const wrongShape = await submit({
      ...base,
      gtoken: await solveCaptcha(t.app),
      vehicles: { text: JSON.stringify({ plate: '10-AA-123' }), type: 'application/json' },
    });
    expect(wrongShape.statusCode).toBe(400);
    expect(Object.keys(wrongShape.json() as object)).toEqual(['vehicles']);

    const badPlate = await submit({
      ...base,
      gtoken: await solveCaptcha(t.app),
      vehicles: {
        text: JSON.stringify([{ plate: 'AB', transport_type: k.transportType, months: 3 }]),
        type: 'application/json',
      },
    });
    expect(badPlate.statusCode).toBe(400);
    expect(Object.keys(badPlate.json() as object)).toEqual(['vehicles.0.plate']);
  });
});
