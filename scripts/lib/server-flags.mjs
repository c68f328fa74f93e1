/**
 * How `npm start` runs the server build (scripts/start.mjs), and so how the benchmarks run it: source maps for
 * stack traces, and a 32 MB young generation (V8's default is 16 MB): a request's short-lived objects are
 * collected in fewer scavenges and fewer are promoted, which shortens the slowest answers under load.
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=32'];
