// What other features may use of this one (issue 42): lint refuses an import of its inside from another feature.
export { sendReportSubscriptions } from './subscriptions';
