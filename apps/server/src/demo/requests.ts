import { busRouteCreateSchema, busRouteUpdateSchema, onlineDocumentKinds, type OnlineDocumentKind } from '@dnx/shared';
import { asc, eq } from 'drizzle-orm';
import { createBusRouteService } from '../features/bus-routes/service';
import type { CheckedDocument } from '../features/online/documents';
import { recordCarrierRequest, recordPaymentRequest } from '../features/online/service';
import { startPdf } from '../features/payments/receipt';
import type { Database } from '../db/client';
import {
  busRoutes,
  cities,
  onlineCarrierRequests,
  regions,
  routeCompanies,
  taxPayers,
  transportTypes,
} from '../db/schema';
import { actorOf } from './fn';

/** A one-page PDF standing in for a scanned document, so the review screens have a file to open. */
async function sampleDocument(kind: OnlineDocumentKind, lines: string[]): Promise<CheckedDocument> {
  const title = onlineDocumentKinds.find((d) => d.key === kind)!.label;
  const { doc, finished, line } = startPdf(title);
  doc.font('bold').fontSize(14).text(title, { align: 'center' });
  doc.moveDown(1);
  for (const text of lines) {
    const [label, value] = text.split(': ');
    line(label!, value ?? '');
  }
  doc.moveDown(1);
  doc.font('regular').fontSize(9).text('Nümunə sənəd: demo məlumatları üçün yaradılıb.');
  doc.end();
  return { kind, name: `${kind.replaceAll('_', '-')}.pdf`, contentType: 'application/pdf', data: await finished };
}

export const certificateOf = (carrier: { name: string; voen: string; address: string }) =>
  sampleDocument('registration_certificate', [
    `Adı: ${carrier.name}`,
    `VÖEN: ${carrier.voen}`,
    `Ünvan: ${carrier.address}`,
  ]);

/**
 * Online requests waiting for review in Gəncə (the demo cashier's region): a new carrier's registration, one
 * from a carrier already on the register (its VÖEN) with a changed phone and address, so the review shows the
 * differences, and a request for marks for two vehicles. Only when there are no online requests yet.
 */
async function seedOnlineRequests(db: Database): Promise<void> {
  const [any] = await db.select({ id: onlineCarrierRequests.id }).from(onlineCarrierRequests).limit(1);
  if (any) return;
  const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.name, 'Gəncə'));
  const [taxPayer] = await db.select({ id: taxPayers.id }).from(taxPayers).orderBy(asc(taxPayers.id)).limit(1);
  const types = await db.select({ id: transportTypes.id }).from(transportTypes).orderBy(asc(transportTypes.id));
  if (!region || types.length === 0) return;
  const address = '127.0.0.1';
  const carrierRequest = async (fields: {
    name: string;
    voen: string;
    phone: string;
    address: string;
    email: string;
    info?: string;
  }) =>
    recordCarrierRequest(
      db,
      { info: '', ...fields, tax_payer: taxPayer?.id ?? null, region: region.id },
      [await certificateOf(fields)],
      address,
    );

  await carrierRequest({
    name: 'Kəpəz Trans MMC',
    voen: '2001234561',
    address: 'Gəncə, Nizami küçəsi 18',
    phone: '+994222551818',
    email: 'kepez.trans@example.az',
    info: 'Şəhərdaxili sərnişin daşımaları.',
  });
  // Already on the register (data.ts): the review shows what differs from the carrier's record.
  const genceAvto = {
    name: 'Gəncə Avtonəqliyyat ASC',
    voen: '2000456781',
    phone: '+994222566161',
    address: 'Gəncə, Atatürk prospekti 47',
    email: 'info@genceavto.example.az',
  };
  await carrierRequest(genceAvto);

  await recordPaymentRequest(
    db,
    {
      // The register's address and phone (data.ts), not the ones the registration request changes.
      owner_code: genceAvto.voen,
      owner_name: genceAvto.name,
      owner_address: 'Gəncə, Atatürk prospekti 45',
      owner_phone: '+994222566060',
      owner_email: genceAvto.email,
      owner_region: region.id,
      owner_transport_type: types[0]!.id,
      vehicles: [
        {
          plate: '20-GA-501',
          transport_type: types[0]!.id,
          seats_count: 30,
          load_carrying_capacity: '0',
          months: 6,
          driver_fin: '',
        },
        {
          plate: '20-GA-502',
          transport_type: (types[1] ?? types[0])!.id,
          seats_count: 18,
          load_carrying_capacity: '0',
          months: 3,
          driver_fin: '',
        },
      ],
    },
    [
      await certificateOf(genceAvto),
      await sampleDocument('power_of_attorney', [`Verən: ${genceAvto.name}`, `VÖEN: ${genceAvto.voen}`]),
    ],
    address,
  );
}

/**
 * Two bus routes of Gəncə kept by the demo regional head through the service (so each has its history): a city
 * line with its stops, whose fare was later raised, and the intercity line to Bakı. Only when there are none.
 */
async function seedBusRoutes(db: Database): Promise<void> {
  const [any] = await db.select({ id: busRoutes.id }).from(busRoutes).limit(1);
  if (any) return;
  const head = await actorOf(db, 'regional@demo.az');
  const [bus] = await db
    .select({ id: transportTypes.id })
    .from(transportTypes)
    .orderBy(asc(transportTypes.id))
    .limit(1);
  const cityIds = new Map((await db.select().from(cities)).map((c) => [c.name, c.id]));
  const companyIds = new Map((await db.select().from(routeCompanies)).map((c) => [c.name, c.id]));
  const gence = cityIds.get('Gəncə');
  const baki = cityIds.get('Bakı');
  const company = companyIds.get('Gəncə Avtonəqliyyat ASC');
  if (!head || !bus || gence === undefined || baki === undefined || company === undefined) return;

  const service = createBusRouteService(db);
  const cityLine = await service.create(
    head,
    busRouteCreateSchema.parse({
      transport_type: bus.id,
      name: 'Avtovağzal — Gənclik massivi',
      number: '1',
      city: gence,
      destination_city: gence,
      cover: 'Gəncə şəhəri',
      route_length_straight: '14.20',
      route_length_versa: '14.60',
      stops_number_straight: 3,
      stops_number_versa: 3,
      start_time: '06:30',
      finish_time: '23:00',
      one_period_time: 55,
      interval: 10,
      fare: '0.30',
      route_companies: [company],
      route_points: [
        { name: 'Avtovağzal', lat: '40.6828', lng: '46.3606' },
        { name: 'Heydər Əliyev parkı', lat: '40.6790', lng: '46.3730' },
        { name: 'Gənclik massivi', lat: '40.6712', lng: '46.3901' },
      ],
      description: 'Şəhərdaxili müntəzəm marşrut.',
    }),
  );
  // The fare rose: the history shows it before and after.
  await service.update(
    head,
    cityLine.id,
    busRouteUpdateSchema.parse({
      ...cityLine,
      route_companies: cityLine.route_companies.map((c) => c.id),
      fare: '0.40',
    }),
  );

  const bakuCompany = companyIds.get('Bakı Sərnişin Nəqliyyatı MMC');
  await service.create(
    head,
    busRouteCreateSchema.parse({
      transport_type: bus.id,
      name: 'Gəncə — Bakı',
      number: '105',
      city: gence,
      destination_city: baki,
      cover: 'Gəncə — Goranboy — Yevlax — Bakı',
      route_length_straight: '365.00',
      route_length_versa: '365.00',
      start_time: '07:00',
      finish_time: '19:00',
      one_period_time: 330,
      interval: 60,
      fare: '10.00',
      route_companies: bakuCompany === undefined ? [company] : [company, bakuCompany],
      route_points: [{ name: 'Gəncə avtovağzalı' }, { name: 'Yevlax' }, { name: 'Bakı Beynəlxalq Avtovağzalı' }],
    }),
  );
}

/** The demo's online requests and bus routes. */
export async function seedDemoRequests(db: Database): Promise<void> {
  await seedOnlineRequests(db);
  await seedBusRoutes(db);
}
