/** What other features use of the bank statements: the matching of a payment paid after its credit came. */
export { linkLateCredits, linkRecentCredits } from './matching';
