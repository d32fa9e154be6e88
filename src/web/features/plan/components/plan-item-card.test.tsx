import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlanItemView } from '../api/get-plan';
import { PlanItemCard } from './plan-item-card';

const CHAT_ID = '6f1c2a4e-8b7d-4c3e-9a1f-2b3c4d5e6f70';
const ITEM: PlanItemView = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  title: 'Launch a referral card',
  why: 'Referrals cut acquisition costs.',
  status: 'todo',
  dueDate: '2026-11-20',
  note: '',
  position: 0,
  chatId: CHAT_ID,
  chatTitle: 'Growing a bakery',
  chatDeleted: false,
  messageId: 'a1b2c3d4-0000-4000-8000-000000000002',
  moment: {
    videoId: 'dQw4w9WgXcQ',
    source: null,
    seconds: 42,
    label: '00:42',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    videoTitle: 'Bakery growth',
  },
  createdAt: '2026-11-01T10:00:00.000Z',
  doneAt: null,
};

const render = (item: Partial<PlanItemView>, moves: { canMoveUp?: boolean; canMoveDown?: boolean } = {}) =>
  renderToStaticMarkup(
    createElement(PlanItemCard, {
      item: { ...ITEM, ...item },
      today: '2026-11-27',
      ...moves,
      onMove: () => {},
      onStatus: () => {},
      onEdit: () => {},
      onDelete: () => {},
    }),
  );

describe('a plan item', () => {
  it('shows an open item past its due date in the danger colour, a finished one not', () => {
    expect(render({})).toMatch(/class="[^"]*text-danger[^"]*"><svg[^>]*>.*?<\/svg>Overdue: due Nov 20, 2026/);
    expect(render({ status: 'done' })).not.toContain('Overdue');
  });

  it('links the video moment and its consultation, and asks about it with the follow-up typed in', () => {
    const html = render({});
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=42s" target="_blank"');
    expect(html).toMatch(new RegExp(`href="/chat/${CHAT_ID}"[^>]*>Growing a bakery</a>`));
    expect(html).toContain(`href="/chat/${CHAT_ID}?draft=I%27m+working+on%3A+Launch+a+referral+card"`);
  });

  it('marks a deleted consultation and offers no Ask about this', () => {
    const html = render({ chatDeleted: true, chatId: null, chatTitle: null });
    expect(html).toContain('consultation deleted');
    expect(html).not.toContain('Ask about this');
  });

  it('shows move buttons only when the order can be saved, the first one not movable up', () => {
    expect(render({})).not.toContain('Move Launch a referral card up');
    const html = render({}, { canMoveUp: false, canMoveDown: true });
    expect(html).toMatch(/aria-label="Move Launch a referral card up"[^>]*disabled=""/);
    expect(html).not.toMatch(/aria-label="Move Launch a referral card down"[^>]*disabled=""/);
  });
});
