import { expect } from 'vitest';
import { multipart } from '../../test/multipart';
import type { TestApp } from '../../test/test-app';

/** The imports API as a test calls it: upload, wait for the worker, apply (imports.test.ts, opening.test.ts). */
export function importKit(testApp: () => TestApp, headers: () => Record<string, string>) {
  const inject: TestApp['app']['inject'] = ((options: never) => testApp().app.inject(options)) as never;
  async function upload(resource: string, file: Buffer, name: string, as = headers()) {
    const body = multipart({ resource, file: { file, name, type: 'application/octet-stream' } });
    return inject({ method: 'POST', url: '/api/imports/', payload: body.payload, headers: { ...as, ...body.headers } });
  }
  /** Waits until the import's worker is done with it (checked, applied or failed). */
  async function settled(id: number, statuses = ['previewed', 'applied', 'failed']) {
    for (let i = 0; i < 300; i += 1) {
      const res = await inject({ method: 'GET', url: `/api/imports/${id}/`, headers: headers() });
      if (statuses.includes(res.json().status)) return res.json();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`import ${id} did not settle`);
  }
  async function imported(resource: string, file: Buffer, name: string) {
    const res = await upload(resource, file, name);
    expect(res.statusCode, res.body).toBe(201);
    return settled(res.json().id);
  }
  const apply = (id: number) => inject({ method: 'POST', url: `/api/imports/${id}/apply/`, headers: headers() });
  const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
  /** The rows of an import by outcome. */
  const rowsOf = async (id: number, outcome: string) =>
    (
      await inject({
        method: 'GET',
        url: `/api/imports/${id}/rows/?outcome=${outcome}&per_page=500`,
        headers: headers(),
      })
    ).json().results as { row: number; key: string; errors: Record<string, string[]> }[];
  return { upload, settled, imported, apply, csv, rowsOf };
}
