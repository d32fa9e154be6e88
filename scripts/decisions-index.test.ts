import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../docs/decisions/', import.meta.url);
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

interface IndexLine {
  file: string;
  title: string;
  status: string;
  supersededBy: string;
}

/** What a record says of itself: its title line and the first word (and successor) of its Status. */
function recordAsWritten(file: string): IndexLine {
  const text = readFileSync(new URL(file, folder), 'utf8');
  const title = /^# \d{3}\. (.+)$/m.exec(text)?.[1];
  const status = /^- Status: (\w+)/m.exec(text)?.[1];
  if (!title || !status) throw new Error(`${file} has no "# NNN. Title" line or no "- Status:" line`);
  const successor = /^- Status: superseded by \[(\d{3})\]/m.exec(text)?.[1];
  return { file, title, status, supersededBy: successor ?? '' };
}

/** The rows of the README's table, `| [NNN](file) | title | status | [NNN](file) or — |`, however padded. */
function indexLines(): IndexLine[] {
  const readme = readFileSync(new URL('README.md', folder), 'utf8');
  return readme
    .split('\n')
    .filter((line) => line.startsWith('| ['))
    .map((line) => {
      const [record = '', title = '', status = '', successor = ''] = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      return {
        file: /^\[\d{3}\]\((.+)\)$/.exec(record)?.[1] ?? record,
        title,
        status,
        supersededBy: /^\[(\d{3})\]\(.+\)$/.exec(successor)?.[1] ?? (successor === '—' ? '' : successor),
      };
    });
}

describe('docs/decisions/README.md', () => {
  const records = readdirSync(folder)
    .filter((name) => RECORD_FILE.test(name))
    .sort();

  it('lists every record once, in number order, with its title, status and successor as the record writes them', () => {
    expect(indexLines()).toEqual(records.map(recordAsWritten));
  });

  it('links each successor to a record that exists', () => {
    const successors = indexLines().flatMap((line) => (line.supersededBy ? [line.supersededBy] : []));
    const numbers = new Set(records.map((file) => file.slice(0, 3)));
    expect(successors.filter((number) => !numbers.has(number))).toEqual([]);
  });
});
