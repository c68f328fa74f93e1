import { bankSuggestionLabels, parseMoney, type BankSuggestion } from '@dnx/shared';

/** What a key pressed in a credit's list of suggestions does (the reconciliation panel, keyboard first). */
export type PanelKey =
  | { type: 'move'; index: number }
  | { type: 'confirm'; index: number }
  | { type: 'reject'; index: number }
  | { type: 'credit'; step: 1 | -1 };

/**
 * ↑ and ↓ (Home, End) move through the suggestions, Enter confirms the one chosen when it can be linked, R or Delete
 * rejects it, N and P (PageDown, PageUp) open the next or the previous open credit. Any other key does nothing here.
 */
export function panelKey(
  key: string,
  active: number,
  suggestions: readonly Pick<BankSuggestion, 'action'>[],
): PanelKey | null {
  const last = suggestions.length - 1;
  const at = Math.min(Math.max(active, 0), Math.max(last, 0));
  switch (key) {
    case 'ArrowDown':
      return last < 0 ? null : { type: 'move', index: Math.min(at + 1, last) };
    case 'ArrowUp':
      return last < 0 ? null : { type: 'move', index: Math.max(at - 1, 0) };
    case 'Home':
      return last < 0 ? null : { type: 'move', index: 0 };
    case 'End':
      return last < 0 ? null : { type: 'move', index: last };
    case 'Enter':
      return suggestions[at]?.action ? { type: 'confirm', index: at } : null;
    case 'r':
    case 'R':
    case 'Delete':
      return suggestions[at] ? { type: 'reject', index: at } : null;
    case 'n':
    case 'N':
    case 'PageDown':
      return { type: 'credit', step: 1 };
    case 'p':
    case 'P':
    case 'PageUp':
      return { type: 'credit', step: -1 };
    default:
      return null;
  }
}

/** The credit `step` away from `current` in the list's open credits, or null past either end. */
export function creditAfter(queue: readonly number[], current: number, step: 1 | -1): number | null {
  const at = queue.indexOf(current);
  if (at === -1) return queue[step === 1 ? 0 : queue.length - 1] ?? null;
  return queue[at + step] ?? null;
}

/** The reason a confirmed suggestion is audited with: what it was and its score, in the records' language. */
export const confirmReason = (suggestion: Pick<BankSuggestion, 'kind' | 'score'>) =>
  `Təklif təsdiqləndi: ${bankSuggestionLabels[suggestion.kind]} (${suggestion.score})`;

/** The payments chosen to pay one credit together: their totals' sum, and whether it is the credit's amount. */
export function combined(chosen: readonly Pick<BankSuggestion, 'payment'>[], amount: string) {
  const sum = chosen.reduce((total, s) => total + parseMoney(s.payment.total), 0n);
  return { sum, fits: chosen.length >= 2 && sum === parseMoney(amount) };
}

/** The reason payments linked together to one credit are audited with. */
export const combinedReason = 'Birləşmiş köçürmə: seçilən ödənişlərin cəmi mədaxili tutur';
