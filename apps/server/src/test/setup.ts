import { afterEach, vi } from 'vitest';

// Tests of expiry move the clock (a fake Date) instead of sleeping; every test starts on the real one again.
afterEach(() => {
  vi.useRealTimers();
});
