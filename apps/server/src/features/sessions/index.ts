// What other features may use of this one (issue 42): lint refuses an import of its inside from another feature.
export { deviceName } from './device';
export {
  createSession,
  deviceSeen,
  isSessionActive,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './repository';
