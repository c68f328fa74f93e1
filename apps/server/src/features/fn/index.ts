// What other features may use of this one (issue 42): lint refuses an import of its inside from another feature.
export { findBatch, findOverlapping, insertForms, isActiveUserOfRole } from './batch-repository';
export { batchSnapshot, type createBatchService } from './batch-service';
export { formList, formSource } from './form-repository';
export type { createFormService } from './form-service';
export { contiguousRuns, fnLedgerChain, recordMovement } from './ledger';
export { reconcile } from './reconciliation';
