import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualChat, type OpenAiStub, startAppWithOpenAiStub } from '../../testing/consult';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { readUiStream } from '../../testing/ui-stream';

/** 'Answer in': every piece of writing the model does for the user is asked for in their language. */

const TRANSCRIPT =
  '0:00\nWelcome to the show.\n0:12\nReferrals reward both sides and cut acquisition costs.\n0:45\nRaise prices with a premium tier.';
const SPANISH = 'in Spanish (Español), whatever the language of the video';

async function answerIn(user: TestUser, answerLanguage: string) {
  await user.client.json('/api/profile', { method: 'PUT', json: { ...SAMPLE_PROFILE, answerLanguage } });
}

describe("'Answer in' with an AI key", () => {
  let t: TestApp;
  let stub: OpenAiStub;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, stub, close } = await startAppWithOpenAiStub());
  });
  afterAll(() => close());

  /** The system prompt of each request the stub received while `act` ran. */
  async function systemsOf(act: () => Promise<unknown>): Promise<string[]> {
    const before = stub.requests.length;
    await act();
    return stub.requests.slice(before).map((request) => request.body.messages[0].content as string);
  }
  const streamed = async (request: Promise<Response>) => {
    const response = await request;
    expect(response.status).toBe(200);
    await readUiStream(response);
  };

  it('asks for every answer, plan proposal and follow-up suggestion in Spanish, citations unchanged', async () => {
    const user = await t.createOnboardedUser();
    await answerIn(user, 'es');
    const chatId = await createManualChat(user, TRANSCRIPT);
    const post = (path: string, body?: unknown) => user.client.post(`/api/chats/${chatId}${path}`, body);

    const first = await systemsOf(() => streamed(post('/first-reply')));
    const followUp = await systemsOf(() => streamed(post('/messages', { content: 'How do I grow?' })));
    const view = await user.client.json(`/api/chats/${chatId}`);
    const [question, answer] = view.messages.slice(-2) as { id: string }[];
    const regenerated = await systemsOf(() => streamed(post(`/messages/${answer!.id}/regenerate`)));
    const edited = await systemsOf(() =>
      streamed(post(`/messages/${question!.id}/edit`, { content: 'How do I grow faster?' })),
    );
    const library = await systemsOf(() =>
      streamed(user.client.post('/api/library/ask', { question: 'What do my videos say about referrals?' })),
    );
    const latest = (await user.client.json(`/api/chats/${chatId}`)).messages.at(-1) as { id: string };
    stub.enqueue({ chunks: ['¿Cómo premio a los clientes fieles?\n¿Qué precio pongo?'] });
    const suggestions = await systemsOf(() =>
      user.client.json(`/api/chats/${chatId}/messages/${latest.id}/follow-ups`, { method: 'POST' }),
    );
    stub.enqueue({ json: { items: [] } });
    const proposal = await systemsOf(() =>
      user.client.json(`/api/chats/${chatId}/messages/${latest.id}/plan-proposal`, { method: 'POST' }),
    );

    for (const [name, systems] of Object.entries({ first, followUp, regenerated, edited, library })) {
      expect(systems, name).toHaveLength(1);
      expect(systems[0], name).toContain(`Write your whole answer ${SPANISH}`);
      expect(systems[0], name).toContain('Keep every citation exactly as written.');
    }
    expect(first[0]).toContain('cite the moment as [mm:ss]');
    expect(library[0]).toContain('cite the video and the moment as [V2 14:05]');
    expect(suggestions).toEqual([expect.stringContaining(`Write the questions ${SPANISH}`)]);
    expect(proposal).toEqual([expect.stringContaining(`Write every title and why ${SPANISH}`)]);
  });

  it('asks in English by default, and follows a change made later in the profile', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, TRANSCRIPT);
    const ask = (content: string) =>
      systemsOf(() => user.client.post(`/api/chats/${chatId}/messages`, { content }).then(readUiStream));
    expect(await ask('How do I grow?')).toEqual([
      expect.stringContaining('Write your whole answer in English, whatever the language of the video'),
    ]);
    await answerIn(user, 'ja');
    expect(await ask('And pricing?')).toEqual([
      expect.stringContaining('Write your whole answer in Japanese (日本語), whatever the language'),
    ]);
  });
});

describe("'Answer in' with the offline model", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says once, in Spanish, that it quotes the video as it is', async () => {
    const user = await t.createOnboardedUser();
    await answerIn(user, 'es');
    const chatId = await createManualChat(user, TRANSCRIPT);
    const { text } = await readUiStream(await user.client.post(`/api/chats/${chatId}/first-reply`));
    expect(text.split('El modelo sin conexión cita el vídeo tal como es')).toHaveLength(2);
    expect(text).toContain('[00:00] "Welcome to the show. Referrals reward both sides');

    // Its plan proposal and follow-up suggestions add their few words in Spanish too.
    const answer = (await user.client.json(`/api/chats/${chatId}`)).messages.at(-1) as { id: string };
    const path = `/api/chats/${chatId}/messages/${answer.id}`;
    const { questions } = await user.client.json(`${path}/follow-ups`, { method: 'POST' });
    expect(questions).toEqual([expect.stringMatching(/^¿Qué dice el vídeo sobre «Raise prices/)]);
    const { proposal } = await user.client.json(`${path}/plan-proposal`, { method: 'POST' });
    expect(proposal.items[0].why).toContain(
      'Acerca a Brightside Bakery a tu objetivo: reach 300 weekly subscribers.',
    );
  });
});
