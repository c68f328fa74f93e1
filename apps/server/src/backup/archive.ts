import { createHash } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { create, extract } from 'tar';
import type { BackupManifest } from './manifest';

/**
 * A backup is one tar file: `manifest.json` first (so `tar -xOf FILE manifest.json` shows it at once), then the
 * files it names, each with its size and SHA-256. It is written under a temporary name and renamed when complete:
 * a file with the final name is never half written.
 */
export async function writeArchive(
  file: string,
  workDir: string,
  manifest: Omit<BackupManifest, 'files'>,
  names: string[],
): Promise<BackupManifest> {
  const files: BackupManifest['files'] = {};
  for (const name of names) files[name] = await describeFile(path.join(workDir, name));
  const complete: BackupManifest = { ...manifest, files };
  writeFileSync(path.join(workDir, 'manifest.json'), `${JSON.stringify(complete, null, 2)}\n`);
  const partial = `${file}.partial`;
  try {
    // Whoever reads a backup reads every password hash and personal record in it: the owner's alone.
    await create({ file: partial, cwd: workDir, portable: true, mode: 0o600 }, ['manifest.json', ...names]);
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return complete;
}

export class BackupFileError extends Error {}

/** Unpacks a backup into `workDir` and checks every file against its manifest; the manifest. */
export async function readArchive(file: string, workDir: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupFileError(`There is no file ${file}.`);
  try {
    await extract({ file, cwd: workDir, strict: true });
  } catch (err) {
    throw new BackupFileError(`${file} is not a backup of this product (${(err as Error).message}).`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(workDir, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupFileError(`${file} has no readable manifest.json: it is not a backup of this product.`);
  }
  if (manifest.format !== 'dnx-backup' || manifest.formatVersion !== 1)
    throw new BackupFileError(`${file} is not a backup of this product (format ${String(manifest.format)}).`);
  for (const [name, expected] of Object.entries(manifest.files ?? {})) {
    const found = await describeFile(path.join(workDir, name)).catch(() => null);
    if (!found || found.sha256 !== expected.sha256 || found.bytes !== expected.bytes)
      throw new BackupFileError(`${file} is damaged: ${name} does not match its manifest (size or SHA-256).`);
  }
  return manifest;
}

async function describeFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { bytes: statSync(file).size, sha256: hash.digest('hex') };
}
