import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { rankByBm25, weightedQuery } from './bm25';
import { composeAnswer, createOfflineModel } from './offline-model';
import { passagesFromSegments } from './passages';
import { createStreamGate } from './stream-gate';
import { countTokens } from './tokenizer';

const passages = passagesFromSegments([
  { start: 0, duration: 5, text: 'Welcome to the channel, today we talk about bakeries.' },
  { start: 40, duration: 5, text: 'Referrals reward the old customer and the new customer alike.' },
  { start: 80, duration: 5, text: 'Pricing: a premium tier with early delivery raises margins.' },
  { start: 120, duration: 5, text: 'Thanks for watching, subscribe for more.' },
]);

describe('BM25 ranking', () => {
  it('puts the passage about the question first and drops unrelated ones', () => {
    const ranked = rankByBm25(
      passages,
      (p) => p.text,
      weightedQuery([{ text: 'How do I set premium pricing?', weight: 1 }]),
    );
    expect(ranked[0]!.item.start).toBe(80);
    expect(ranked.map((r) => r.item.start)).not.toContain(120);
  });
});

describe('the offline model', () => {
  it('answers from the best passages, citing their moments', () => {
    const answer = composeAnswer({
      passages,
      question: 'How do referrals work?',
      profile: { businessName: 'Brightside Bakery', currentChallenges: 'High acquisition costs' },
    });
    expect(answer).toContain('Brightside Bakery');
    expect(answer).toContain('[00:40] "Referrals reward');
    expect(answer).toContain('Start with the idea at [00:40]');
  });

  it('quotes the most relevant memories with their [M3] under "From what you told me before"', () => {
    const memories = [
      { number: 7, statement: 'Raising box prices lost two clients' },
      { number: 3, statement: 'Referrals bring most new customers' },
      { number: 9, statement: 'We bake 40 boxes a week' },
      { number: 2, statement: 'A fourth memory, past the three quoted' },
    ];
    const answer = composeAnswer({ passages, question: 'How do referrals work?', profile: {}, memories });
    const part = answer.slice(answer.indexOf('**From what you told me before**'));
    expect(part).toContain('- [M7] "Raising box prices lost two clients"\n- [M3] "Referrals bring');
    expect(part).toContain('- [M9] "We bake 40 boxes a week"');
    expect(part).not.toContain('[M2]');
    expect(composeAnswer({ passages, question: 'Hi', profile: {} })).not.toContain('told me before');
  });

  it('answers across videos quoting each one that matches, citing [V2 14:05], in video order', () => {
    const across = [
      { source: 2, start: 845, text: 'An espresso stamp card brings loyalty members back every week.' },
      { source: 1, start: 190, text: 'Croissant margins improve when the morning rush pays a premium.' },
      { source: 1, start: 200, text: 'Croissant croissant margins margins, premium croissant margins.' },
      { source: 1, start: 585, text: 'Never discount bread at closing time.' },
    ];
    const answer = composeAnswer({
      passages: across,
      question: 'How do croissant margins and an espresso stamp card fit together?',
      profile: { businessName: 'Brightside Bakery' },
    });
    expect(answer).toContain(
      'Here is what your videos say that bears on your question, for Brightside Bakery:',
    );
    expect(answer).toContain('- [V1 03:10] "Croissant margins improve');
    expect(answer).toContain('- [V2 14:05] "An espresso stamp card');
    expect(answer.indexOf('[V1 03:20]')).toBeLessThan(answer.indexOf('[V2 14:05]'));
    expect(answer).toContain('Start with the idea at [V2 14:05]');
    expect(answer).not.toContain('[V1 09:45]');
  });

  it('says once, in the answer language where it can, that it quotes the video untranslated', () => {
    const answerIn = (language?: string) =>
      composeAnswer({ passages, question: 'How do referrals work?', profile: {}, language });
    const spanish = answerIn('es');
    expect(
      spanish.startsWith('_El modelo sin conexión cita el vídeo tal como es: no puede traducirlo._\n'),
    ).toBe(true);
    expect(spanish.split('El modelo sin conexión')).toHaveLength(2);
    // The quotes stay as the video says them; citations unchanged.
    expect(spanish).toContain('[00:40] "Referrals reward');
    // A language without its own sentence gets the English one naming it.
    expect(answerIn('ta')).toMatch(
      /^_The offline model quotes the video as it is: it cannot translate into Tamil\._/,
    );
    for (const english of [answerIn('en'), answerIn(undefined)]) {
      expect(english).not.toContain('cannot translate');
      expect(english).toMatch(/^Here is what the video says/);
    }
  });

  it('streams word by word through the AI SDK and counts tokens with the tokenizer', async () => {
    const result = streamText({
      model: createOfflineModel({ wordDelayMs: 0 }),
      system: 'You are a consultant.',
      prompt: 'How do referrals work?',
      providerOptions: { offline: { passages, question: 'How do referrals work?', profile: {} } as never },
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    const text = deltas.join('');
    expect(deltas.length).toBeGreaterThan(20);
    expect((await result.totalUsage).outputTokens).toBe(countTokens(text));
    expect((await result.totalUsage).inputTokens).toBeGreaterThan(5);
  }, 30_000); // the first count loads the tokenizer's ranks

  it('holds its stream behind a closed gate until the gate opens, and lets an abort through', async () => {
    const gate = createStreamGate();
    gate.close(3);
    const model = createOfflineModel({ wordDelayMs: 0, gate });
    const options = {
      prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Referrals?' }] }],
      providerOptions: { offline: { passages, question: 'Referrals?', profile: {} } as never },
    };
    const held = (await model.doStream(options)).stream.getReader();
    const deltas = async (reader: typeof held, count: number) => {
      const seen: string[] = [];
      while (seen.length < count) {
        const { value } = await reader.read();
        if (value?.type === 'text-delta') seen.push(value.delta);
      }
      return seen;
    };
    expect(await deltas(held, 3)).toHaveLength(3);
    let fourth = false;
    const next = deltas(held, 1).then(() => {
      fourth = true;
    });
    // Every other stream gets as far as the gate too: the held one has had all the turns it needs.
    const controller = new AbortController();
    const aborted = (await model.doStream({ ...options, abortSignal: controller.signal })).stream.getReader();
    await deltas(aborted, 3);
    expect(fourth).toBe(false);
    const ending = aborted.read();
    controller.abort();
    await expect(ending).rejects.toThrow();
    expect(fourth).toBe(false);
    gate.open();
    await next;
    expect(fourth).toBe(true);
  });

  it('counts real tokens', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
  });
});
