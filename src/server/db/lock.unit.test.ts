import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './client';

describe('PGlite data directory lock', () => {
  it('refuses a second owner while the first is alive, and frees the dir on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vv-lock-'));
    const release = acquireDataDirLock(dir);
    const lockFile = path.join(dir, 'vidvisor.lock');
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    // Pretend another live process (our parent) holds it.
    writeFileSync(lockFile, String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process/);
    writeFileSync(lockFile, String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vv-lock-'));
    writeFileSync(path.join(dir, 'vidvisor.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'vidvisor.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
