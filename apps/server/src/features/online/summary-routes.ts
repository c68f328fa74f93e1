import { detailErrorSchema, formatMoney, idParamsSchema, noQuerySchema, onlineStatusLabel } from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import type { ZodApp } from '../../lib/zod-app';
import { authUser } from '../../plugins/auth';
import { startPdf } from '../payments';
import { paymentView } from './payment-review-routes';
import { binary, disposition, staffCommon } from './route-parts';
import type { OnlineService } from './service';

type Summary = Awaited<ReturnType<OnlineService['summaryOf']>>;

/** The printable summary of a request for marks: owner, region, vehicles, amount. */
async function summaryPdf({ request: online, total }: Summary): Promise<Buffer> {
  const { doc, finished, line } = startPdf(`Onlayn müraciət ${online.code}`);
  doc.font('bold').fontSize(14).text('Onlayn müraciət: fərqlənmə nişanları', { align: 'center' });
  doc.moveDown(1);
  line('İzləmə kodu', online.code);
  line('Vəziyyət', onlineStatusLabel('payment', online.status));
  line('Sahib', `${online.owner_name} (VÖEN ${online.owner_code})`);
  if (online.owner_address) line('Ünvan', online.owner_address);
  line('Telefon', online.owner_phone);
  line('Region', online.region_name);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).text('Nəqliyyat vasitələri');
  online.vehicles.forEach((v, i) => {
    doc
      .font('regular')
      .fontSize(10)
      .text(
        `${i + 1}. ${v.plate}${v.brand_model ? `, ${v.brand_model}` : ''}; yerlər: ${v.seats_count}; ` +
          `yük: ${v.load_carrying_capacity} t; ${v.months} ay${v.driver_full_name ? `; sürücü: ${v.driver_full_name}` : ''}`,
      );
  });
  doc.moveDown(0.6);
  line('Ödəniləcək məbləğ', total === null ? 'ödəniş hələ hazırlanmayıb' : formatMoney(total));
  doc.end();
  return finished;
}

/** A request for marks' summary as a PDF, to the staff who may see the request. */
export function summaryRoutes(app: ZodApp, service: OnlineService) {
  app.get(
    '/api/online-payments/:id/summary/',
    {
      config: paymentView,
      schema: {
        operationId: 'onlinePaymentSummary',
        ...staffCommon,
        summary: "The request's printable summary (owner, region, vehicles, amount), application/pdf",
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: binary('The summary, application/pdf'), ...signedInErrors, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const summary = await service.summaryOf(authUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', disposition('inline', `online-${summary.request.code}.pdf`))
        .send(await summaryPdf(summary));
    },
  );
}
