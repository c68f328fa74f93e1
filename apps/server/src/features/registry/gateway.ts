import type { DriverLookup, LicenceLookup, VehicleLookup } from '@dnx/shared';

/**
 * The registry gateway (decisions.md sections 4 and 5): where a payment row's lookups go. The default adapter
 * answers from the project's own automobiles and drivers; an HTTP adapter asks an external state registry when
 * `REGISTRY_URL` is set. Each answers null for "not found" and throws a RegistryError when it cannot answer.
 */
export interface RegistryGateway {
  readonly kind: 'local' | 'http';
  vehicle(plate: string): Promise<VehicleLookup | null>;
  driver(fin: string): Promise<DriverLookup | null>;
  licence(number: string): Promise<LicenceLookup | null>;
}

/** Why a registry gave no answer: it failed or refused, it did not answer in time, or its answer made no sense. */
export type RegistryFailure = 'unavailable' | 'timeout' | 'bad_answer';

export class RegistryError extends Error {
  constructor(
    readonly failure: RegistryFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
