import type { AuthUser } from '../plugins/auth';

/**
 * Nobody grants what they do not hold: the permission codes among `granted` the actor lacks (none for the
 * administrator, who holds every permission). Only new grants are checked, so editing someone who already
 * holds more than the editor is still possible.
 */
export function ungrantable(actor: AuthUser, granted: Iterable<string>, alreadyHeld: Iterable<string> = []): string[] {
  const kept = new Set(alreadyHeld);
  return [...new Set(granted)].filter((code) => !kept.has(code) && !actor.permissions.has(code));
}

/** The audit trail's actor for a signed-in user. */
export const auditActor = (user: AuthUser) => ({ id: user.id, email: user.email });
