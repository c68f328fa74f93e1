import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configExitCode } from '../../../scripts/lib/supervise.mjs';
import { root } from '../../../scripts/lib/server-process.mjs';

/**
 * The launcher behind `npm start` (scripts/lib/supervise.mjs) with a real child process in place of the server: a
 * child that crashes (an uncaught error ends it with code 1, as a lost connection without a listener once did) is
 * started again; a child that refuses its settings (78) is not.
 */
const supervise = path.join(root, 'scripts/lib/supervise.mjs');

/** Runs the launcher over `child` (a node script's text) and resolves with its exit code and what it printed. */
function launch(child: string) {
  const script = `import { supervise } from ${JSON.stringify(supervise)};
    supervise([process.execPath, '-e', ${JSON.stringify(child)}], {}, { firstWaitMs: 50 });`;
  const launcher = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    launcher.on('exit', (code) => resolve({ code, output })),
  );
}

describe('the launcher of npm start', () => {
  it('starts a crashed server again, and ends with one that refuses its settings', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dnx-supervise-'));
    const marker = path.join(dir, 'crashed');
    try {
      // First run: an uncaught error. Second run: it finds the marker and refuses its settings.
      const child = `const fs = require('node:fs');
        if (!fs.existsSync(${JSON.stringify(marker)})) { fs.writeFileSync(${JSON.stringify(marker)}, ''); throw new Error('lost'); }
        console.log('second run'); process.exit(${configExitCode});`;
      const { code, output } = await launch(child);
      expect(existsSync(marker)).toBe(true);
      expect(output).toContain('The server exited with code 1: starting it again in 0.05 s.');
      expect(output).toContain('second run');
      expect(output.match(/starting it again/g)).toHaveLength(1);
      expect(code).toBe(configExitCode);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
