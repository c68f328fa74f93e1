// The imports budget of `npm run bench` (issue 28), on a real PostgreSQL against the production build: an Excel
// workbook of 100,000 new drivers uploaded through POST /api/imports/, checked by the worker, then applied; the apply (every row
// written with its audit row, in one transaction) under 60 s. The check's time is reported beside it.
import { pathToFileURL } from 'node:url';
import { productionEnv, withDemoDatabase } from './bench-lists.mjs';
import { signIn, startServer } from './lib/server-process.mjs';
import { xlsxOf } from './lib/xlsx-fixture.mjs';

const drivers = 100_000;
const applyBudgetMs = 60_000;

/** The file: the drivers list's own column headers, one new driver per row (unique FIN and licence), as .xlsx. */
function driversWorkbook() {
  const rows = [
    [
      'Soyad',
      'Ad',
      'Ata adı',
      'FİN kod',
      'Sürücülük vəsiqəsinin nömrəsi',
      'Vəsiqənin verilmə tarixi',
      'Vəsiqənin bitmə tarixi',
      'Sürücülük kateqoriyaları',
      'Status',
    ],
  ];
  for (let i = 0; i < drivers; i += 1) {
    const fin = `9${i.toString(36).toUpperCase().padStart(6, '0')}`;
    rows.push([
      'Bench',
      'Sürücü',
      'Ata',
      fin,
      `BN${String(i).padStart(6, '0')}`,
      '15.01.2020',
      '15.01.2030',
      'B, C',
      'Aktiv',
    ]);
  }
  return xlsxOf(rows);
}

/** Waits until the import reaches one of `statuses`; its last state. */
async function until(base, token, id, statuses) {
  for (;;) {
    const res = await fetch(`${base}/api/imports/${id}/`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (statuses.includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs the imports budget; true when the apply is within it. */
export async function benchImports() {
  return withDemoDatabase('imports', async ({ env }) => {
    const server = await startServer({ env: { ...env, ...productionEnv() } });
    try {
      const base = server.baseUrl;
      const admin = await signIn(base);
      const form = new FormData();
      form.append('resource', 'drivers');
      const workbook = driversWorkbook();
      console.log(`info  the workbook: ${(workbook.length / 1024 / 1024).toFixed(1)} MB`);
      form.append('file', new Blob([workbook]), 'suruculer.xlsx');
      const started = performance.now();
      const created = await fetch(`${base}/api/imports/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
      const { id } = await created.json();
      const checked = await until(base, admin, id, ['previewed', 'failed']);
      const checkMs = performance.now() - started;
      if (checked.status !== 'previewed' || checked.counts.new !== drivers)
        throw new Error(`check: ${JSON.stringify(checked)}`);
      console.log(`info  check of ${drivers.toLocaleString('en')} driver rows: ${(checkMs / 1000).toFixed(1)} s`);
      const applying = performance.now();
      const applied = await fetch(`${base}/api/imports/${id}/apply/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
      });
      if (applied.status !== 202) throw new Error(`apply: ${applied.status} ${await applied.text()}`);
      const done = await until(base, admin, id, ['applied', 'failed']);
      const applyMs = performance.now() - applying;
      const ok = done.status === 'applied' && applyMs < applyBudgetMs;
      console.log(
        `${ok ? 'PASS' : 'FAIL'}  apply an import of ${drivers.toLocaleString('en')} new drivers: ` +
          `${(applyMs / 1000).toFixed(1)} s (budget ${applyBudgetMs / 1000} s)${done.status === 'applied' ? '' : `, ${done.error}`}`,
      );
      return ok;
    } finally {
      await server.stop();
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = (await benchImports()) ? 0 : 1;
}
