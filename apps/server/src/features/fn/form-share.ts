import type { FnShare } from '@dnx/shared';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { checkInspector, lockNamedForms, moveForms } from './form-move';

/** Shares active forms to an inspector (C) of their region; all or none. */
export const shareForms = (db: Database, actor: AuthUser, input: FnShare) =>
  db.transaction(async (tx) => {
    const forms = await lockNamedForms(tx, actor, input);
    await checkInspector(tx, input.inspector, forms);
    return moveForms(
      tx,
      actor,
      forms,
      'share',
      { stage: 'shared', inspectorId: input.inspector },
      {
        after: { stage: 'shared', inspector: input.inspector },
      },
    );
  });

/** Takes forms back from the inspector they are shared to; all or none. */
export const unshareForms = (db: Database, actor: AuthUser, input: FnShare) =>
  db.transaction(async (tx) => {
    const forms = await lockNamedForms(tx, actor, input);
    // Taken back from the inspector named: a form shared to someone else is not in the needed stage.
    return moveForms(
      tx,
      actor,
      forms,
      'unshare',
      { stage: 'active', inspectorId: null },
      {
        accepts: (form) => form.stage === 'shared' && form.inspectorId === input.inspector,
        after: { stage: 'active', inspector: null },
      },
    );
  });
