import {
  detailErrorSchema,
  driverLookupParamsSchema,
  driverLookupSchema,
  licenceLookupParamsSchema,
  licenceLookupSchema,
  noQuerySchema,
  registryMessages,
  vehicleLookupParamsSchema,
  vehicleLookupSchema,
} from '@dnx/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { signedInErrors } from '../../lib/api-errors';
import { HttpError } from '../../lib/http-errors';
import { RegistryError, type RegistryGateway } from './gateway';
import { createHttpRegistry } from './http-registry';
import { createLocalRegistry } from './local-registry';

/** The error of a lookup the registry could not answer: what failed, in a word, and the message for the row. */
export const registryErrorSchema = z.object({
  detail: z.string(),
  code: z.enum(['registry_unavailable', 'registry_timeout', 'registry_bad_answer']),
});

/** 502 a garbled answer, 503 a registry down or refusing, 504 no answer in time: never a 500. */
const registryStatus = { bad_answer: 502, unavailable: 503, timeout: 504 } as const;

const common = { tags: ['registry'] };
// The payment form's lookups: whoever may open fn-payment (A, D, B, F, E).
const access = { access: { permissions: ['view_payment'] } } as const;
const responses = {
  ...signedInErrors,
  404: detailErrorSchema,
  502: registryErrorSchema,
  503: z.union([registryErrorSchema, detailErrorSchema]),
  504: registryErrorSchema,
};

/** A path value that does not fit its format names nothing: 404 saying what the format is. */
function refuseMalformed(request: FastifyRequest) {
  const error = request.validationError;
  if (!error) return;
  // Anything else (an unknown query parameter) is the usual 400 of the error handler.
  if (error.validationContext !== 'params') throw error;
  throw new HttpError(404, { detail: error.validation?.[0]?.message ?? 'Not found.' });
}

async function lookup<T>(find: () => Promise<T | null>, notFound: string): Promise<T> {
  let found: T | null;
  try {
    found = await find();
  } catch (err) {
    if (!(err instanceof RegistryError)) throw err;
    const status = registryStatus[err.failure];
    throw new HttpError(
      status,
      { detail: err.message, code: `registry_${err.failure}` },
      err.failure === 'unavailable' ? { 'retry-after': '5' } : {},
    );
  }
  if (found === null) throw new HttpError(404, { detail: notFound });
  return found;
}

/** GET /api/registry/vehicles/{plate}/, drivers/{fin}/, licences/{number}/: a payment row's lookups. */
/** The gateway the settings choose: the external registry at REGISTRY_URL, else the project's own records. */
export function registryGateway(db: Database, config: Config): RegistryGateway {
  return config.REGISTRY_URL
    ? createHttpRegistry({ url: config.REGISTRY_URL, timeoutMs: config.REGISTRY_TIMEOUT_MS })
    : createLocalRegistry(db);
}

export const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.services.registry;

  app.get(
    '/api/registry/vehicles/:plate/',
    {
      config: access,
      attachValidation: true,
      schema: {
        operationId: 'lookupVehicle',
        ...common,
        summary:
          'A vehicle by plate (10-AA-123): make and model, seats, load, the owner’s pin and the right of use (dates yyyy-mm-dd)',
        params: vehicleLookupParamsSchema,
        querystring: noQuerySchema,
        response: { 200: vehicleLookupSchema, ...responses },
      },
    },
    async (request) => {
      refuseMalformed(request);
      return lookup(() => gateway.vehicle(request.params.plate), registryMessages.vehicleNotFound);
    },
  );

  app.get(
    '/api/registry/drivers/:fin/',
    {
      config: access,
      attachValidation: true,
      schema: {
        operationId: 'lookupDriver',
        ...common,
        summary: 'A driver by FIN code: the full name',
        params: driverLookupParamsSchema,
        querystring: noQuerySchema,
        response: { 200: driverLookupSchema, ...responses },
      },
    },
    async (request) => {
      refuseMalformed(request);
      return lookup(() => gateway.driver(request.params.fin), registryMessages.driverNotFound);
    },
  );

  app.get(
    '/api/registry/licences/:number/',
    {
      config: access,
      attachValidation: true,
      schema: {
        operationId: 'lookupLicence',
        ...common,
        summary: 'A driving licence by number (AB123456): categories and expiry',
        params: licenceLookupParamsSchema,
        querystring: noQuerySchema,
        response: { 200: licenceLookupSchema, ...responses },
      },
    },
    async (request) => {
      refuseMalformed(request);
      return lookup(() => gateway.licence(request.params.number), registryMessages.licenceNotFound);
    },
  );
};
