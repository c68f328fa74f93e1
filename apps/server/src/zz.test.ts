import { it } from 'vitest';
import { createTestApp } from './test/test-app';
it('x', async () => {
  const t = await createTestApp();
  const r = await t.app.inject({ method: 'GET', url: '/api/regions/%FF/' });
  console.log(r.statusCode, r.body, JSON.stringify(r.headers));
  await t.close();
});
