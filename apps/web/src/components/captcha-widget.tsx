import 'altcha';
import 'altcha/i18n/az';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';

interface StateChangeDetail {
  state: string;
  payload?: string;
}

/**
 * The ALTCHA proof-of-work widget with Azerbaijani texts. It reports the payload (the `gtoken`) once verified
 * and null whenever it is not; give it a new `key` to start over with a fresh challenge.
 */
export function CaptchaWidget({ onToken }: { onToken: (token: string | null) => void }) {
  const ref = useRef<HTMLElement>(null);
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
    <altcha-widget
      ref={ref}
      challenge="/api/captcha/challenge/"
      language="az"
      name="gtoken"
      data-testid="captcha"
      style={{ '--altcha-max-width': '100%' }}
    />
  );
}
