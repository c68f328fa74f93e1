// The stream's client (live-client.ts, sse-parser.ts) is loaded by use-live.ts when the stream opens: not here.
export * from './bus';
export * from './events';
export * from './presence';
export * from './query-sync';
export * from './quiet-start';
export * from './use-live';
