import { requestReference, ruMessages, toastMessages } from '@dnx/shared';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { az } from '../i18n/az';
import { failureMessage, notifyFailure, setToastInstance, toastKey, toastRestartWindow } from './notify';

describe('toast keys', () => {
  it('restarts a toast repeated while it is fresh, and opens a new one once it may be fading', () => {
    const first = toastKey('success', 'Saxlanıldı', 10_000);
    // A second save 1.5 s later restarts the same toast; its clock starts again.
    expect(toastKey('success', 'Saxlanıldı', 11_500)).toBe(first);
    const restarted = 11_500 + toastRestartWindow - 1;
    expect(toastKey('success', 'Saxlanıldı', restarted)).toBe(first);
    // The window after the last start has passed: a new toast, never the key of one that may be fading out.
    const later = toastKey('success', 'Saxlanıldı', restarted + toastRestartWindow);
    expect(later).not.toBe(first);
    expect(toastKey('success', 'Saxlanıldı', restarted + toastRestartWindow + 500)).toBe(later);
  });

  it('keeps texts and types apart', () => {
    const success = toastKey('success', 'Bir', 50_000);
    expect(toastKey('error', 'Bir', 50_000)).not.toBe(success);
    expect(toastKey('success', 'İki', 50_000)).not.toBe(success);
  });
});

describe('the failure toast', () => {
  it("names the server's request under the message, so a user can quote it; a network failure has none", () => {
    const opened: { type: string; content: unknown }[] = [];
    setToastInstance({ open: (config: { type: string; content: unknown }) => opened.push(config) } as never);
    notifyFailure(new ApiError(500, { detail: 'x' }, '7f3e9c1a-0000-4000-8000-000000000001'));
    const content = renderToStaticMarkup(opened[0]!.content as ReactElement);
    expect(content).toContain(az.errors.server);
    expect(content).toContain(requestReference('7f3e9c1a-0000-4000-8000-000000000001'));
    notifyFailure(new TypeError('Failed to fetch'));
    expect(opened[1]!.content).toBe(az.errors.network);
  });

  it('tells a lost connection, a server fault and a refusal apart (issue 30)', () => {
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(az.errors.network);
    expect(failureMessage(new ApiError(502, {}))).toBe(az.errors.server);
    expect(failureMessage(new ApiError(409, { detail: 'Qrup istifadədədir.' }))).toBe('Qrup istifadədədir.');
    expect(failureMessage(new ApiError(400, {}))).toBe(toastMessages.failure);
    expect(new Set([az.errors.network, az.errors.server, toastMessages.failure]).size).toBe(3);
  });
});

describe('the toasts in the interface language (issue 30)', () => {
  it('says the spec toast in Russian on a Russian screen, and exactly as the spec writes it in Azerbaijani', async () => {
    const { switchLanguage } = await import('../i18n');
    expect(failureMessage(new Error('boom'))).toBe(toastMessages.failure);
    await switchLanguage('ru');
    try {
      expect(failureMessage(new Error('boom'))).toBe(ruMessages.toastMessages.failure);
      expect(failureMessage(new Error('boom'))).not.toBe(toastMessages.failure);
    } finally {
      await switchLanguage('az');
    }
    expect(failureMessage(new Error('boom'))).toBe(toastMessages.failure);
  });
});
