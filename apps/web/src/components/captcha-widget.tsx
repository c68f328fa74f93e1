import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';

/** The widget's height once defined (its box, border and padding): kept from the first paint, so nothing moves. */
export const captchaHeight = 58;

interface StateChangeDetail {
  state: string;
  payload?: string;
}

/**
 * The ALTCHA proof-of-work widget with Azerbaijani texts. It reports the payload (the `gtoken`) once verified
 * and null whenever it is not; give it a new `key` to start over with a fresh challenge. The element's code (about
 * 35 KB) loads after the page has painted, into the space kept for it (issue 60).
 */
export function CaptchaWidget({ onToken }: { onToken: (token: string | null) => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    void import('./captcha-element');
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onToken(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, [onToken]);
  return (
    <div style={{ minHeight: captchaHeight }}>
      <altcha-widget
        ref={ref}
        challenge="/api/captcha/challenge/"
        language="az"
        name="gtoken"
        data-testid="captcha"
        style={{ '--altcha-max-width': '100%' }}
      />
    </div>
  );
}
