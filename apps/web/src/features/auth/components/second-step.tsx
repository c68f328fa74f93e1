import type { SecondFactorMethod } from '@dnx/shared';
import { FactorForm } from '../../../components/second-factor';
import { secondStepPasskeyOptions } from '../api/passkeys';
import { secondStep, type TokenPair } from '../api/tokens';

/** The sign-in's second step, by the methods the user has; `onDone` gets the session's tokens. */
export function SecondStep({
  mfaToken,
  methods,
  onDone,
}: {
  mfaToken: string;
  methods: readonly SecondFactorMethod[];
  onDone: (pair: TokenPair) => Promise<void>;
}) {
  return (
    <div data-testid="mfa-step">
      <FactorForm
        idPrefix="mfa"
        methods={methods}
        submit={async (factor) => onDone(await secondStep({ mfa_token: mfaToken, ...factor }))}
        passkeyOptions={() => secondStepPasskeyOptions(mfaToken)}
      />
    </div>
  );
}
