import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWhenQuiet } from './quiet-start';

describe('the stream opens once the first screen has read its data', () => {
  const listeners = new Map<string, () => void>();
  const page = { readyState: 'loading' };
  beforeEach(() => {
    vi.useFakeTimers();
    page.readyState = 'loading';
    vi.stubGlobal('document', page);
    vi.stubGlobal('window', {
      addEventListener: (name: string, listener: () => void) => listeners.set(name, listener),
      removeEventListener: (name: string) => listeners.delete(name),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the page to load and for a quiet second without queries', async () => {
    const client = new QueryClient();
    const start = vi.fn();
    startWhenQuiet(client, start, 1_000);
    vi.advanceTimersByTime(5_000);
    expect(start).not.toHaveBeenCalled();

    let answer!: (value: number) => void;
    void client.fetchQuery({ queryKey: ['payments'], queryFn: () => new Promise<number>((r) => (answer = r)) });
    page.readyState = 'complete';
    listeners.get('load')?.();
    vi.advanceTimersByTime(5_000);
    expect(start).not.toHaveBeenCalled();

    answer(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(start).toHaveBeenCalledTimes(1);
    expect(listeners.has('load')).toBe(false);
  });

  it('never starts once cancelled (signed out before)', () => {
    page.readyState = 'complete';
    const start = vi.fn();
    const cancel = startWhenQuiet(new QueryClient(), start, 1_000);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(start).not.toHaveBeenCalled();
  });
});
