import type { FieldDefinition, ResourceDefinition, ResourceKey, ResourceRecord } from '@dnx/shared';
import { findResource } from '@dnx/shared';
import type { SignedIn } from '../../test/auth-helpers';
import type { TestApp } from '../../test/test-app';

/** Test helpers that build valid records of any resource from its declaration alone (on the demo data). */
export function resourceKit(t: TestApp, admin: () => SignedIn) {
  let serial = 0;

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin().headers, ...(payload ? { payload } : {}) });

  async function firstAvailable(key: ResourceKey, query = ''): Promise<number> {
    const res = await send('GET', `${findResource(key)!.apiPath}available/${query}`);
    const [first] = res.json() as { id: number }[];
    if (!first) throw new Error(`no available ${key}`);
    return first.id;
  }

  /** A value the field accepts, different for every call where the field must be unique. */
  function textValue(field: FieldDefinition, n: number): string {
    const digits = String(n).padStart(6, '0');
    switch (field.name) {
      case 'voen':
        return `9${digits}001`;
      case 'phone':
        return `+99450${String(n).padStart(7, '0')}`;
      case 'email':
        return `carrier-${digits}@dasiyici.az`;
      case 'identity_fin_code':
        return `T${digits}`;
      case 'driving_license_number':
        return `LT${digits}`;
      case 'registration_number':
        return `${String(10 + (n % 90))}-${String.fromCharCode(65 + (Math.floor(n / 90) % 26))}Z-${String(n % 1000).padStart(3, '0')}`;
      default:
        return `${field.label} Şəki ${n}`;
    }
  }

  /** A valid create body of a resource; `overrides` win, and an automobile's brand follows its model. */
  async function sampleInput(resource: ResourceDefinition, overrides: Record<string, unknown> = {}) {
    serial += 1;
    const n = serial + (process.pid % 1000);
    const input: Record<string, unknown> = {};
    for (const field of resource.fields) {
      if (field.readOnly) continue;
      switch (field.kind) {
        case 'text':
        case 'textarea':
          input[field.name] = textValue(field, n);
          break;
        case 'decimal':
          input[field.name] = '1.25';
          break;
        case 'integer':
          input[field.name] = 12;
          break;
        case 'date':
          // Unique per call (tariffs are unique per group and day); finish dates after start dates.
          input[field.name] = field.name.includes('start')
            ? '2020-01-01'
            : new Date(Date.UTC(2030, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
          break;
        case 'status':
          input[field.name] = 1;
          break;
        case 'choice':
          input[field.name] = field.options![0]!.value;
          break;
        case 'multi-choice':
          input[field.name] = [field.options![0]!.value];
          break;
        case 'reference': {
          const dependsOn = findResource(field.reference!)!.availableBy ?? [];
          const query = dependsOn.map((name) => `?${name}=${String(overrides[name] ?? input[name])}`).join('');
          input[field.name] = overrides[field.name] ?? (await firstAvailable(field.reference!, query));
          break;
        }
      }
    }
    Object.assign(input, overrides);
    // A reference that another narrows (model by brand): the narrowing field follows the chosen record.
    for (const field of resource.fields.filter((f) => f.kind === 'reference')) {
      for (const name of findResource(field.reference!)!.availableBy ?? []) {
        if (overrides[field.name] === undefined || overrides[name] !== undefined) continue;
        const target = (
          await send('GET', `${findResource(field.reference!)!.apiPath}${String(input[field.name])}/`)
        ).json();
        input[name] = target[name];
      }
    }
    return input;
  }

  async function create(
    resource: ResourceDefinition,
    overrides: Record<string, unknown> = {},
  ): Promise<ResourceRecord> {
    const res = await send('POST', resource.apiPath, await sampleInput(resource, overrides));
    if (res.statusCode !== 201) throw new Error(`${resource.key}: ${res.statusCode} ${res.body}`);
    return res.json() as ResourceRecord;
  }

  return { send, sampleInput, create, firstAvailable };
}
