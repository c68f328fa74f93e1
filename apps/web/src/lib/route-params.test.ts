import { describe, expect, it } from 'vitest';
import { routeId } from './route-params';

describe('routeId', () => {
  it('reads a positive whole number', () => {
    expect(routeId('42')).toBe(42);
  });
  it('gives null for anything else', () => {
    for (const pk of [undefined, '', '0', '-1', '1.5', 'abc', '12abc', '01']) expect(routeId(pk)).toBeNull();
  });
});
