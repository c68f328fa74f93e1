// What other features may use of this one (issue 42): lint refuses an import of its inside from another feature.
export { createInspectService } from './service';
export { createSigningKeys, rotateSigningKey, type SigningKeys } from './signing-keys';
export { signReceipt } from './signing';
