import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, TEST_ONLY_VARIABLES } from '../src/server/config';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');

/** Variables that are not an operator's to set: the test-only gate of the browser journeys. */
const OPERATOR_VARIABLES = CONFIG_VARIABLES.filter(
  (name) => !(TEST_ONLY_VARIABLES as readonly string[]).includes(name),
);

/** `ENV A=1 \ B=2`: the names the image sets. */
function imageVariables() {
  const names: string[] = [];
  for (const [, body] of dockerfile.matchAll(/^ENV\s+((?:.*\\\n)*.*)$/gm)) {
    for (const [, name] of body!.matchAll(/([A-Z][A-Z0-9_]*)=/g)) names.push(name!);
  }
  return names;
}

/** The keys of the app service's `environment:` block. */
function composeAppVariables() {
  const app = compose.slice(compose.indexOf('\n  app:\n'));
  const block = app.slice(app.indexOf('    environment:\n')).split('\n').slice(1);
  const end = block.findIndex((line) => !line.startsWith('      '));
  return block.slice(0, end).map((line) => line.trim().split(':')[0]!);
}

describe('the container files follow config.ts', () => {
  it('name every variable an operator sets, in the image or passed through by compose.yaml', () => {
    const named = new Set([...imageVariables(), ...composeAppVariables()]);
    expect(OPERATOR_VARIABLES.filter((name) => !named.has(name))).toEqual([]);
  });

  it('name no variable config.ts does not read', () => {
    const known = new Set<string>(OPERATOR_VARIABLES);
    expect([...imageVariables(), ...composeAppVariables()].filter((name) => !known.has(name))).toEqual([]);
  });

  it('pass each compose setting from the environment or .env, BETTER_AUTH_SECRET required', () => {
    for (const name of composeAppVariables()) {
      expect(compose).toMatch(new RegExp(`^ {6}${name}: \\$\\{${name}:[-?]`, 'm'));
    }
    expect(compose).toMatch(/^ {6}BETTER_AUTH_SECRET: \$\{BETTER_AUTH_SECRET:\?/m);
  });

  it('name each compose setting once (Compose refuses a key given twice)', () => {
    const names = composeAppVariables();
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('run the production build as a non-root user with its data on a volume', () => {
    expect(imageVariables()).toEqual(expect.arrayContaining(['NODE_ENV', 'DATA_DIR']));
    expect(dockerfile).toMatch(/^ENV NODE_ENV=production/m);
    expect(dockerfile).toMatch(/^USER (?!0\b|root\b)\S+/m);
    expect(dockerfile).toMatch(/^VOLUME \/data$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
    // The start path of `npm start`, whose flags live in one place (scripts/lib/server-flags.mjs).
    expect(dockerfile).toMatch(/^CMD \["node", "scripts\/serve\.mjs"\]$/m);
  });
});

/** Packages the server's code loads at run time (type-only imports are erased by the build). */
function serverRuntimeImports() {
  const packages = new Set<string>();
  for (const folder of ['src/server', 'src/shared']) {
    for (const file of readdirSync(new URL(`../${folder}`, import.meta.url), { recursive: true })) {
      const name = String(file);
      if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || name.startsWith('testing/')) continue;
      const source = read(`${folder}/${name}`);
      for (const [, clause, specifier] of source.matchAll(
        /^(?:import|export)\s+([^'"]*?)\s*from\s+['"]([^'"]+)['"]/gm,
      )) {
        if (/^type\s/.test(clause!) || /^\{(\s*type\s+[\w$]+\s*,?)*\}$/.test(clause!.trim())) continue;
        if (specifier!.startsWith('.') || specifier!.startsWith('node:')) continue;
        packages.add(
          specifier!
            .split('/')
            .slice(0, specifier!.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      }
    }
  }
  return [...packages];
}

describe('the image installs what the server loads', () => {
  it("lists every package the server's code imports under dependencies, not devDependencies", () => {
    const { dependencies } = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const imports = serverRuntimeImports();
    expect(imports).toContain('hono');
    expect(imports.filter((name) => !(name in dependencies))).toEqual([]);
  });
});
