import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { notFound } from '../../http/errors';

/** The folder the package unzips to: the one a user picks in "Load unpacked". */
export const EXTENSION_FOLDER = 'vidvisor-extension';
export const EXTENSION_FILE_NAME = `${EXTENSION_FOLDER}.zip`;

/** Files of the extension's folder that are not part of it (its tests and their types). */
const NOT_SHIPPED = /\.(test\.ts|d\.ts)$/;

const packages = new Map<string, Promise<Uint8Array>>();

/**
 * The browser extension as a zip, with a settings.json naming this Vidvisor's address as its default:
 * built once per process (the files and the address do not change while it runs).
 */
export function extensionPackage(root: string, address: string): Promise<Uint8Array> {
  const key = `${root}\n${address}`;
  let built = packages.get(key);
  if (!built) {
    built = zipFolder(root, address);
    built.catch(() => packages.delete(key));
    packages.set(key, built);
  }
  return built;
}

async function zipFolder(root: string, address: string): Promise<Uint8Array> {
  const names = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => {
    throw notFound('The browser extension is not part of this build.');
  });
  const files: Zippable = {
    [`${EXTENSION_FOLDER}/settings.json`]: strToU8(`${JSON.stringify({ address }, null, 2)}\n`),
  };
  for (const entry of names) {
    if (!entry.isFile() || NOT_SHIPPED.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const name = path.relative(root, file).split(path.sep).join('/');
    files[`${EXTENSION_FOLDER}/${name}`] = new Uint8Array(await readFile(file));
  }
  return zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
}
