import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_SECRETS, findSecretsInBuild, landingFirstLoadBytes } from './build-checks.mjs';

function fakeBuild(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'vv-build-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

describe('build checks', () => {
  it('finds a secret that leaked into a bundle, and nothing in a clean one', () => {
    const leaky = fakeBuild({
      'assets/app.js': `const key = "${FAKE_SECRETS.OPENAI_API_KEY}";`,
      'index.html': '<html>',
    });
    expect(findSecretsInBuild(leaky)).toEqual([`assets/app.js: ${FAKE_SECRETS.OPENAI_API_KEY}`]);
    const smtpPassword = new URL(FAKE_SECRETS.SMTP_URL).password;
    const smtp = fakeBuild({ 'assets/app.js': `const pw = "${smtpPassword}";` });
    expect(findSecretsInBuild(smtp)).toHaveLength(1);
    expect(findSecretsInBuild(fakeBuild({ 'assets/app.js': 'console.log(1)' }))).toEqual([]);
  });

  it('sums the landing entry and the chunks it imports, not the lazy ones', () => {
    const root = fakeBuild({
      '.vite/manifest.json': JSON.stringify({
        'landing.html': {
          file: 'assets/landing.js',
          isEntry: true,
          imports: ['_react.js'],
          dynamicImports: ['_menu.js'],
        },
        '_react.js': { file: 'assets/react.js', imports: ['landing.html'] },
        '_menu.js': { file: 'assets/menu.js' },
        'index.html': { file: 'assets/index.js', isEntry: true },
      }),
      'assets/landing.js': 'a'.repeat(1000),
      'assets/react.js': 'b'.repeat(1000),
      'assets/menu.js': 'c'.repeat(100_000),
      'assets/index.js': 'd'.repeat(100_000),
    });
    const { files, bytes } = landingFirstLoadBytes(root);
    expect(files.sort()).toEqual(['assets/landing.js', 'assets/react.js']);
    expect(bytes).toBeLessThan(200);
  });
});
