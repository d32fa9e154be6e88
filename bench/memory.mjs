#!/usr/bin/env node
// Business memory in a reply's prompt, on PostgreSQL (decision 064): the server-added time to first
// token of one stream for a user with 200 memories (100 of them outcomes of 100 plan steps done or
// dropped, the memory limit) against the same kind of user with none, sampled alternately in one run
// against a stub OpenAI-compatible model. Prints figures; asserts nothing. Standalone: node bench/memory.mjs
import { startOpenAiStub } from '../scripts/lib/openai-stub.mjs';
import { createChats, onboarded, percentile, streamReply } from './journey.mjs';
import { loadAverage, table } from './lib.mjs';
import { withSeededApp } from './seeded.mjs';

const SAMPLES = Number(process.env.BENCH_MEMORY_SAMPLES ?? 100);
const WARM = 5;
const OUTCOMES = 100;
const FACTS = 100;
const WITH_MEMORIES = 'bench-memory@example.com';
const WITHOUT = 'bench-memory-none@example.com';
/** Two short pieces, soon: the samples measure the server, not the model. */
const REPLY = {
  chunks: ['word0 ', 'word1 '],
  firstTokenDelayMs: 20,
  delayMs: 10,
  usage: { prompt_tokens: 900, completion_tokens: 2 },
};

/** 100 plan steps done or dropped with their outcomes, and 100 facts: statements the question's words meet. */
function seed(userId) {
  return `
insert into plan_items (user_id, from_answer, title, why, status, due_date, position, done_at)
  select '${userId}', false, 'Raise the box price, step ' || g, 'It funds the bakery''s growth (' || g || ')',
         case when g % 2 = 0 then 'done' else 'dropped' end, current_date - g, g,
         case when g % 2 = 0 then now() - make_interval(days => g) end
  from generate_series(1, ${OUTCOMES}) g;
insert into memories (user_id, number, statement, kind, origin, plan_item_id)
  select '${userId}', row_number() over (order by position), 'Plan step "' || title || '" ('
         || case when status = 'done' then 'done' else 'dropped' end || '): it partly worked. '
         || 'Raising box prices lost ' || (position % 5) || ' regular clients but margins grew.',
         'outcome', 'plan', id
  from plan_items where user_id = '${userId}';
insert into memories (user_id, number, statement, kind, origin)
  select '${userId}', ${OUTCOMES} + g, 'We sell sourdough box ' || g || ' at ' || (20 + g % 10)
         || ' dollars to regulars and cafes in the north district, mostly on weekends.', 'fact', 'typed'
  from generate_series(1, ${FACTS}) g;
analyze;`;
}

export async function benchMemory() {
  console.log(
    `\nBusiness memory in the reply's prompt on PostgreSQL: ${OUTCOMES + FACTS} memories (${OUTCOMES} plan outcomes) against none, one stream at a time`,
  );
  const stub = await startOpenAiStub({ defaultReply: REPLY });
  try {
    await withSeededApp(
      {
        email: WITH_MEMORIES,
        seed,
        explain: () => [],
        env: {
          OPENAI_API_KEY: 'bench-key',
          OPENAI_BASE_URL: stub.baseURL,
          // Never limited: every sample is answered.
          SUPER_ADMIN_EMAILS: `${WITH_MEMORIES},${WITHOUT}`,
        },
      },
      async (app, withMemories) => {
        const users = [
          { label: `${OUTCOMES + FACTS} memories`, cookie: withMemories, added: [] },
          { label: 'no memories', cookie: await onboarded(app, WITHOUT, { freePlan: true }), added: [] },
        ];
        for (const user of users) [user.chatId] = await createChats(app, user.cookie, 1);
        for (let round = -WARM; round < SAMPLES; round++) {
          // Alternately, so that both see the same machine.
          for (const user of users) {
            const content = `Should I raise my box prices again? (${user.label}, ${round})`;
            const result = await streamReply(app, user.cookie, user.chatId, content);
            if (round >= 0) user.added.push(serverAddedMs(stub, result));
            user.inPrompt = memoriesInPrompt(stub, content);
          }
          stub.clearRequests();
        }
        table(
          users.map((user) => ({
            'server-added TTFT, 1 stream': user.label,
            samples: answered(user.added).length,
            'p50 ms': percentile(answered(user.added), 50).toFixed(1),
            'p99 ms': percentile(answered(user.added), 99).toFixed(1),
            'memories in the prompt': user.inPrompt,
          })),
        );
        const [p50With, p50Without] = users.map((user) => percentile(answered(user.added), 50));
        // Each round's two samples differ by the memories alone (the load of this shared machine drifts).
        const paired = answered(users[0].added.map((ms, i) => ms - users[1].added[i]));
        console.log(
          `memories add ${(p50With - p50Without).toFixed(1)} ms p50 (target ≤ 5); the median of the rounds' differences: ${percentile(paired, 50).toFixed(1)} ms; load average ${loadAverage()}`,
        );
      },
    );
  } finally {
    await stub.close();
  }
}

/** How many memories the system prompt of the request asking `content` listed (the budget keeps a part). */
function memoriesInPrompt(stub, content) {
  const asked = stub.requests.find((r) => r.body?.messages?.at(-1)?.content === content);
  const system = asked?.body.messages[0]?.content ?? '';
  return system.split('\n').filter((line) => /^- \[M\d+\]/.test(line)).length;
}

/** The reply's time to first token minus the stub's own (from its request to its first piece); NaN when it failed. */
function serverAddedMs(stub, result) {
  const asked = stub.requests.find((r) => r.body?.messages?.at(-1)?.content === result.content);
  return result.ok && asked?.firstTokenAt
    ? result.ttft - (asked.firstTokenAt - asked.receivedAt)
    : Number.NaN;
}

const answered = (samples) => samples.filter((ms) => !Number.isNaN(ms));

if (import.meta.url === `file://${process.argv[1]}`) await benchMemory();
