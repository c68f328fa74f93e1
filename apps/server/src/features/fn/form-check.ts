import { fnMessages as m, fnNoticeStatuses, fnStageLabel, formatFnNumber, type FnStage } from '@dnx/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnForms } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import * as repo from './form-repository';

/** check-fn: any number of any region (a mark is checked wherever the vehicle is stopped). */
export async function checkForm(db: Database, series: string, number: number) {
  const form = await repo.findForm(db, and(eq(fnForms.series, series), eq(fnForms.number, number)));
  if (!form) throw notFound(m.unknownNumber(series, formatFnNumber(number)));
  const details = await repo.checkDetails(db, form.id);
  return {
    series: form.series,
    number: form.number,
    stage: form.stage,
    stage_label: fnStageLabel(form.stage as FnStage),
    status: form.status,
    status_label: fnNoticeStatuses.find((s) => s.code === form.status)?.label ?? null,
    annulled: form.annulled,
    valid_from: form.valid_from,
    valid_to: form.valid_to,
    region_name: details.regionName,
    operator_name: details.operatorName,
    inspector_name: form.inspector_name,
    payment: form.payment,
    vehicle: details.vehicle,
    carrier: details.carrier,
  };
}
