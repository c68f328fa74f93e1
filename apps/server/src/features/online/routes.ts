import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { carrierReviewRoutes } from './carrier-review-routes';
import { multipartLimits, receiveFilePart } from './documents';
import { documentRoutes } from './document-routes';
import { paymentReviewRoutes } from './payment-review-routes';
import { publicLookupRoutes } from './public-lookup-routes';
import { submissionRoutes } from './submission-routes';
import { summaryRoutes } from './summary-routes';

/**
 * Online requests (issue 14): the public page's API (two multipart submissions with ALTCHA, the status, the two
 * lists its selects need) and the staff's review (online-carrier, online-payment, documents, the summary PDF).
 * Each resource's routes are declared in a file of its own, all in this one plugin (multipart is parsed here only).
 */
export const onlineRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Multipart is parsed here only: fields as text, files read into memory up to 5 MB each (documents.ts).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: receiveFilePart,
    limits: multipartLimits,
    // A file over the limit is cut there and refused by checkedDocuments under its field (400), not as a 413.
    throwFileSizeLimit: false,
  });
  const service = app.services.online;

  submissionRoutes(app, service);
  publicLookupRoutes(app, service, config);
  carrierReviewRoutes(app, service);
  paymentReviewRoutes(app, service);
  summaryRoutes(app, service);
  documentRoutes(app, service);
};
