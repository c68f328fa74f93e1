import { createCipheriv, createDecipheriv, randomBytes, randomFillSync } from 'node:crypto';
import { liveEventId, parseLiveEventIds } from '@dnx/shared';

/**
 * The ids of one process's events (issue 56): `<bootId>.<token>`, the token the event's number sealed with a key of
 * the process (AES-256 on one block: the number, four random bytes, six zero bytes it is checked by). A reader sees
 * neither the number nor its distance from another: a Gəncə cashier cannot tell from two ids, or from two reads'
 * `x-live-position`, that a Bakı change came in between, nor how busy the authority is. Only the process that gave an
 * id reads it again (another process or a restart answers `reset`, as before).
 */
export interface EventIds {
  readonly bootId: string;
  /** A fresh id of event `n` (each call differs). */
  idOf(n: number): string;
  /** The event number of an id this process gave; null for anything else. */
  numberOf(id: string): number | null;
  /** The oldest event of the ids a resume names (one, or several the tab's reads carried); null if none is ours. */
  oldestOf(text: string): number | null;
}

const block = 16;
const numberBytes = 6;
const randomLength = 4;

export function createEventIds(): EventIds {
  const bootId = randomBytes(6).toString('base64url');
  const key = randomBytes(32);
  const seal = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  const open = createDecipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  const numberOf = (id: string) => {
    const [parsed] = parseLiveEventIds(id);
    if (!parsed || parsed.bootId !== bootId) return null;
    const sealed = Buffer.from(parsed.token, 'base64url');
    if (sealed.length !== block) return null;
    const plain = open.update(sealed);
    if (plain.subarray(numberBytes + randomLength).some((byte) => byte !== 0)) return null;
    return plain.readUIntBE(0, numberBytes);
  };
  return {
    bootId,
    idOf(n) {
      const plain = Buffer.alloc(block);
      plain.writeUIntBE(n, 0, numberBytes);
      randomFillSync(plain, numberBytes, randomLength);
      return liveEventId(bootId, seal.update(plain).toString('base64url'));
    },
    numberOf,
    oldestOf(text) {
      const numbers = parseLiveEventIds(text)
        .map((id) => numberOf(liveEventId(id.bootId, id.token)))
        .filter((n): n is number => n !== null);
      return numbers.length ? Math.min(...numbers) : null;
    },
  };
}
