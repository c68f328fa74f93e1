// What other features may use of this one (issue 47): lint refuses an import of its inside from another feature.
export { createLive, type LiveService } from './live-service';
export { livePositionHeader, livePositionPlugin } from './position';
