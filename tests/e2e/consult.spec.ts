import { startOpenAiStub } from '../../scripts/lib/openai-stub.mjs';
import { startYouTubeFixture } from '../../src/server/testing/youtube-fixture';
import { closePageThenStop, expect, test } from './fixtures';
import { startAppServer } from './server';
import { createSampleChat, pickCaptionFile, SAMPLE_TRANSCRIPT, SAMPLE_VTT } from './support/consult';
import { pauseMemoryViaApi, signUpOnboarded } from './support/onboarding';

const LIMIT_MESSAGE =
  'You have exceeded your monthly usage limit. Please upgrade your plan to continue using the app.';

test.describe('the consultation', () => {
  test('paste a transcript, stream answers, follow up with Enter, stop mid-stream, copy', async ({
    page,
    server,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
    await signUpOnboarded(page, server);
    await page.goto('/dashboard');
    await expect(page.getByText('No usage data available')).toBeVisible();
    await page.getByRole('link', { name: 'New Consultation' }).click();

    await expect(page.getByRole('heading', { name: 'Smart Business Assistant' })).toBeVisible();
    await expect(
      page.getByText('Turn content into actionable strategies for your business growth'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Manual Transcript' }).click();
    const analyze = page.getByRole('button', { name: 'Analyze' });
    await expect(analyze).toBeDisabled();
    await page.getByPlaceholder('Paste your transcript here...').fill('   ');
    await expect(analyze).toBeDisabled();
    await page.getByPlaceholder('Paste your transcript here...').fill(SAMPLE_TRANSCRIPT);
    await page.getByRole('button', { name: 'View transcript' }).click();
    await expect(page.getByRole('dialog', { name: 'Video Transcript' })).toContainText('subscription box');
    await page.keyboard.press('Escape');
    await analyze.click();

    // The first answer streams in by itself, from the offline model, and is saved with its tokens.
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { name: 'Welcome back. Today is about growing a small food' }),
    ).toBeVisible();
    await expect(page.getByText(/offline model until an AI key is configured/)).toBeVisible();
    const answers = page.getByRole('article', { name: 'Assistant message' });
    await expect(answers.first()).toContainText('Brightside Bakery');
    // The footer appears when the stream ends and the reply is saved (slow on a loaded machine).
    await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Watch Video' })).toHaveCount(0);
    // Screen readers hear when a reply ends, not every streamed word.
    await expect(page.getByRole('list', { name: 'Messages' })).not.toHaveAttribute('aria-live');
    const replyStatus = page.getByRole('status').filter({ hasText: /^Response (complete|stopped)$/ });
    await expect(replyStatus).toHaveText('Response complete');

    // A pasted message over the limit stays as it is, says why, and cannot be sent.
    const box = page.getByRole('textbox', { name: 'Message' });
    const tooLong = 'Tell me about pricing. '.repeat(435).trim();
    expect(tooLong.length).toBeGreaterThan(10_000);
    await page.evaluate((text) => navigator.clipboard.writeText(text), tooLong);
    await box.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(box).toHaveValue(tooLong);
    await expect(page.getByRole('alert')).toHaveText('Keep your message under 10,000 characters');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription('Keep your message under 10,000 characters');
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await box.press('Enter');
    await expect(box).toHaveValue(tooLong);
    await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(0);

    // Follow-up with Enter; Shift+Enter adds a line instead of sending.
    await box.fill('How should I price');
    await expect(box).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByText('Keep your message under 10,000 characters')).toHaveCount(0);
    await box.press('Shift+Enter');
    await box.pressSequentially('a premium tier?');
    await expect(box).toHaveValue('How should I price\na premium tier?');
    await box.press('Enter');
    const mine = page.getByRole('article', { name: 'Your message' });
    await expect(mine.last()).toContainText('a premium tier?');
    await expect(box).toHaveValue('');
    await expect(answers).toHaveCount(2);
    await expect(answers.nth(1)).toContainText('[01:20]');
    await expect(answers.nth(1)).toContainText(/Tokens: \d+/);

    // Stop mid-stream keeps what arrived, saved on the server (the reply is held after its first words).
    await server.holdOfflineModel();
    await box.fill('Tell me more about referrals');
    await box.press('Enter');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(answers.nth(2)).toContainText('Here is what the video says');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(answers.nth(2)).toContainText('stopped early');
    await server.releaseOfflineModel();
    await expect(replyStatus).toHaveText('Response stopped');
    const partial = ((await answers.nth(2).textContent()) ?? '').split('Tokens:')[0]!.trim();
    expect(partial).not.toContain('Ask a follow-up about any moment above');
    await page.reload();
    await expect(answers.nth(2)).toContainText('stopped early');
    await expect(answers.nth(2)).toContainText(partial.slice(0, 40));

    // Copy: plain text, and "Copied" for a moment.
    await answers.nth(1).getByRole('button', { name: 'Copy message' }).click();
    await expect(answers.nth(1).getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Here is what the video says');
    expect(copied).not.toContain('**');
    await expect(answers.nth(1).getByRole('button', { name: 'Copy message' })).toBeVisible();

    // The month's usage shows on the dashboard.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Token Usage History' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(1);
    await expect(page.getByText(/ \/ 30,000 tokens$/)).toBeVisible();
  });

  test('upload a .vtt: the answer cites a moment that opens the video at that second', async ({
    page,
    server,
    context,
  }) => {
    await context.route('https://www.youtube.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>video</title>' }),
    );
    await signUpOnboarded(page, server);
    await pickCaptionFile(page, 'talk.vtt', SAMPLE_VTT);
    // The chosen file stays chosen, and says so, after a look at another tab.
    await page.getByRole('tab', { name: 'Manual Transcript' }).click();
    await page.getByRole('tab', { name: 'Caption File' }).click();
    await expect(page.getByText('Selected file: talk.vtt')).toBeVisible();
    // A link that is not YouTube's is refused, not dropped: nothing is created until it is right.
    await page.getByLabel('YouTube link (optional)').fill('https://vimeo.com/12345');
    await page.getByRole('button', { name: 'Analyze Captions' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid YouTube URL');
    await expect(page).toHaveURL(/\/consult$/);
    await page.getByLabel('YouTube link (optional)').fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Analyze Captions' }).click();

    await expect(page).toHaveURL(/\/chat\//);
    await expect(page.getByRole('link', { name: 'Watch Video' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    const citation = page
      .getByRole('article', { name: 'Assistant message' })
      .getByRole('link', { name: '[00:42]' })
      .first();
    await expect(citation).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s');
    await expect(citation).toHaveAttribute('target', '_blank');
    // A plain click plays that moment in the player beside the chat (player.spec.ts asserts the player's
    // calls); the link itself, for a modified click or "Open on YouTube", stays the video at that second.
  });

  test('?ia=1 shows even the owner the chat read-only: no input, no automatic first answer', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    const id = await createSampleChat(page, server);

    await page.goto(`/chat/${id}?ia=1`);
    await expect(
      page.getByRole('heading', { name: 'Welcome back. Today is about growing a small food' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
    const stored = await (await page.request.get(`${server.baseURL}/api/chats/${id}`)).json();
    expect(stored).toMatchObject({ messages: [], firstReplyPending: false });

    // Without it, the owner's chat answers by itself and takes follow-ups.
    await page.goto(`/chat/${id}`);
    await expect(page.getByRole('article', { name: 'Assistant message' })).toContainText(/Tokens: \d+/, {
      timeout: 30_000,
    });
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  });

  test.describe('when the server or the network fails', () => {
    // The failures below are made on purpose.
    test.use({ allowConsoleErrors: [/\/api\/chats(\/[0-9a-f-]+(\/messages|\?ia=1)?)?$/] });

    test("the intake says 'An error occurred'; its busy button keeps its name", async ({ page, server }) => {
      await signUpOnboarded(page, server);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/chats', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await held;
        await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' });
      });
      await page.goto('/consult');
      await page.getByPlaceholder('Paste YouTube URL here...').fill('https://youtu.be/dQw4w9WgXcQ');
      await page.getByRole('button', { name: 'Transform Content' }).click();
      const busy = page.getByRole('button', { name: 'Transform Content', exact: true });
      await expect(busy).toHaveAttribute('aria-busy', 'true');
      await expect(busy).toBeDisabled();
      release();
      await expect(page.getByRole('alert')).toHaveText('An error occurred');
      await expect(busy).toHaveAttribute('aria-busy', 'false');

      await page.unroute('**/api/chats');
      await page.route('**/api/chats', (route) =>
        route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
      );
      await page.getByRole('tab', { name: 'Manual Transcript' }).click();
      await page.getByPlaceholder('Paste your transcript here...').fill(SAMPLE_TRANSCRIPT);
      await page.getByRole('button', { name: 'Analyze' }).click();
      await expect(page.getByRole('alert')).toHaveText('An error occurred');
      await expect(page).toHaveURL(/\/consult$/);
    });

    test('a question lost on its way puts its text back; one the server stored does not', async ({
      page,
      server,
    }) => {
      await signUpOnboarded(page, server);
      const id = await createSampleChat(page, server);
      await page.goto(`/chat/${id}`);
      const answers = page.getByRole('article', { name: 'Assistant message' });
      await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
      const box = page.getByRole('textbox', { name: 'Message' });
      const sendApi = (url: URL) => url.pathname === `/api/chats/${id}/messages`;
      const badGateway = { status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' };

      // Refused before the server saw it: the text comes back to the box.
      await page.route(sendApi, (route) => route.fulfill(badGateway));
      await box.fill('What about pricing?');
      await box.press('Enter');
      await expect(box).toHaveValue('What about pricing?');
      await page.unroute(sendApi);

      // Stored and answered, then the answer is lost on the way back: the box stays empty.
      await page.route(sendApi, async (route) => {
        await (await route.fetch()).body();
        await route.fulfill(badGateway);
      });
      await box.fill('  And referrals?  ');
      await box.press('Enter');
      await expect(answers).toHaveCount(2, { timeout: 30_000 });
      await expect(page.getByRole('article', { name: 'Your message' }).last()).toContainText(
        'And referrals?',
      );
      await expect(box).toHaveValue('');
    });

    test('a chat that fails to load offers to try again; a missing one is not found', async ({
      page,
      server,
    }) => {
      await signUpOnboarded(page, server);
      await page.goto('/chat/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Chat not found' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);

      const id = await createSampleChat(page, server);
      const chatApi = (url: URL) => url.pathname === `/api/chats/${id}`;
      await page.route(chatApi, (route) =>
        route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
      );
      await page.goto(`/chat/${id}?ia=1`); // read-only: no first answer starts once it loads
      await expect(page.getByRole('heading', { name: 'Could not load the chat' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByRole('heading', { name: 'Chat not found' })).toHaveCount(0);
      await page.unroute(chatApi);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(
        page.getByRole('heading', { name: 'Welcome back. Today is about growing a small food' }),
      ).toBeVisible();
    });
  });

  test.describe('with a malformed caption file', () => {
    test('says the file cannot be read and creates nothing', async ({ page, server }) => {
      await signUpOnboarded(page, server);
      await pickCaptionFile(page, 'broken.srt', 'this is not a caption file');
      await expect(page.getByRole('alert')).toContainText('That caption file could not be read');
      await expect(page.getByRole('button', { name: 'Analyze Captions' })).toBeDisabled();
    });
  });

  test('a super admin edits the assistant; without a key the page says so', async ({ page, server }) => {
    await signUpOnboarded(page, server, { superAdmin: true });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'AI Assistant' }).click();
    await expect(page).toHaveURL(/\/admin\/assistant$/);
    await expect(page.getByText('The OPENAI_API_KEY environment variable is missing or empty')).toBeVisible();
    const instructions = page.getByLabel('Instructions');
    await expect(instructions).toHaveValue(/You are Vidvisor/);
    await instructions.fill('');
    await page.getByRole('button', { name: 'Update Assistant' }).click();
    await expect(page.getByText('Instructions are required')).toBeVisible();
    await instructions.fill('You are a concise consultant. Cite moments as [mm:ss].');
    // No model list without a key: the model id is typed, and required.
    const model = page.getByRole('textbox', { name: 'Model' });
    await expect(model).toBeEditable();
    await model.fill('');
    await page.getByRole('button', { name: 'Update Assistant' }).click();
    await expect(page.getByText('Model is required')).toBeVisible();
    await model.fill('llama3.1:8b');
    await page.getByRole('button', { name: 'Update Assistant' }).click();
    await expect(page.getByText('Assistant settings updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Instructions')).toHaveValue(
      'You are a concise consultant. Cite moments as [mm:ss].',
    );
    await expect(page.getByRole('textbox', { name: 'Model' })).toHaveValue('llama3.1:8b');
  });
});

test.describe('when the server is full', () => {
  test.use({ allowConsoleErrors: [/status of 503/] });

  test('the question stays in the box, Stop cancels the retry, and it is asked again when there is room', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000); // two accounts, two first answers and a backoff on a busy machine
    // One reply at a time: another user's reply, held mid-stream, fills the process.
    const server = await startAppServer({ REPLIES_IN_FLIGHT_MAX: '1' });
    const otherContext = await browser.newContext({ baseURL: server.baseURL });
    try {
      await signUpOnboarded(page, server);
      await page.goto(`${server.baseURL}/chat/${await createSampleChat(page, server)}`);
      const answers = page.getByRole('article', { name: 'Assistant message' });
      // The first answers stream whole before the process fills (a busy machine streams slowly).
      await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
      const other = await otherContext.newPage();
      await signUpOnboarded(other, server);
      await other.goto(`/chat/${await createSampleChat(other, server)}`);
      const otherAnswers = other.getByRole('article', { name: 'Assistant message' });
      await expect(otherAnswers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
      await server.holdOfflineModel();
      await other.getByRole('textbox', { name: 'Message' }).fill('Hold the line');
      await other.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(otherAnswers.nth(1)).toContainText('Here is what the video says');

      const box = page.getByRole('textbox', { name: 'Message' });
      const busy = page
        .getByRole('alert')
        .filter({ hasText: /^Vidvisor is busy right now, trying again in \d+ s$/ });
      await box.fill('What should I test first?');
      await box.press('Enter');
      await expect(busy).toBeVisible();
      await expect(box).toHaveValue('What should I test first?');
      await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect(busy).toHaveCount(0);
      await expect(box).toHaveValue('What should I test first?');

      await box.press('Enter');
      await expect(busy).toBeVisible();
      await server.releaseOfflineModel();
      await expect(otherAnswers.nth(1)).toContainText(/Tokens: \d+/);
      // Asked again by itself once the countdown ends and there is room (a backoff while still full).
      await expect(page.getByRole('article', { name: 'Your message' })).toContainText(
        'What should I test first?',
        {
          timeout: 60_000,
        },
      );
      await expect(answers.nth(1)).toContainText(/Tokens: \d+/);
      await expect(box).toHaveValue('');
      await expect(busy).toHaveCount(0);
    } finally {
      await otherContext.close();
      await server.stop();
    }
  });
});

test.describe('with an AI key', () => {
  test('each follow-up asks the provider once; Stop stops the provider too and keeps what arrived', async ({
    page,
  }) => {
    const stub = await startOpenAiStub({
      defaultReply: { chunks: ['Test ', 'the ', 'premium ', 'tier ', '[01:20].'], firstTokenDelayMs: 200 },
    });
    const server = await startAppServer({ OPENAI_API_KEY: 'sk-e2e', OPENAI_BASE_URL: stub.baseURL });
    try {
      await signUpOnboarded(page, server);
      await pauseMemoryViaApi(page, server);
      const chatId = await createSampleChat(page, server);
      await page.goto(`${server.baseURL}/chat/${chatId}`);
      const answers = page.getByRole('article', { name: 'Assistant message' });
      await expect(answers.first()).toContainText(/Tokens: \d+/);
      // Enter sends once the reply has ended (the screen reader hears it).
      await expect(page.getByRole('status').filter({ hasText: 'Response complete' })).toBeAttached();

      // The first answer's follow-ups are written before the next message, so the stub's queue is in order.
      const followUps = page.getByRole('region', { name: 'Suggested follow-ups' });
      await expect(followUps).toBeVisible();

      // The provider is asked once per message, with the conversation so far.
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Which tier first?');
      await box.press('Enter');
      await expect(answers.nth(1)).toContainText('Test the premium tier [01:20].');
      await expect(answers.nth(1)).toContainText(/Tokens: \d+/);
      // Replies stream; the suggested follow-ups under the newest answer are one short call that does not.
      const completions = (streamed: boolean) =>
        stub.requests.filter(
          (r) => r.path.endsWith('/chat/completions') && Boolean(r.body.stream) === streamed,
        );
      const asked = completions(true);
      expect(asked.map((r) => r.body.messages.at(-1).content)).toEqual([
        expect.stringContaining('first consultation'),
        'Which tier first?',
      ]);
      expect(asked.at(-1)!.body.messages.slice(1, -1)).toEqual([
        { role: 'assistant', content: 'Test the premium tier [01:20].' },
      ]);

      // Stop mid-stream: the provider's request is stopped too, and what arrived is kept. The second
      // answer's follow-ups are asked for first, so the held reply queued here goes to the next send.
      await expect.poll(() => completions(false).length).toBe(2);
      const never = new Promise(() => {});
      stub.enqueue({
        chunks: Array.from({ length: 60 }, (_, i) => `step${i} `),
        hold: { after: 3, until: never },
      });
      await box.fill('Give me every step');
      await box.press('Enter');
      await expect(answers.nth(2)).toContainText('step2');
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect(answers.nth(2)).toContainText('stopped early');
      await expect.poll(() => completions(true).at(-1)!.abandoned).toBe(true);
      expect(completions(true).at(-1)!.body.messages.at(-1).content).toBe('Give me every step');
      await page.reload();
      await expect(answers.nth(2)).toContainText('step0 step1 step2');
      await expect(answers.nth(2)).not.toContainText('step59');
      await expect(answers.nth(2)).toContainText('stopped early');
    } finally {
      await closePageThenStop(page, server);
      await stub.close();
    }
  });
});

test.describe('with an AI key and YouTube answering', () => {
  // The blocked video's intake answers 502 on purpose, and the user at the limit gets a 402 from the chat.
  test.use({ allowConsoleErrors: [/\/api\/chats$|status of 402/] });

  test('a YouTube link becomes a chat; a reply that crosses the limit hides the input', async ({ page }) => {
    const stub = await startOpenAiStub({
      defaultReply: {
        chunks: ['Start ', 'with ', 'the ', 'premium ', 'slot ', '[01:15].'],
        usage: { prompt_tokens: 30_500, completion_tokens: 6 },
      },
    });
    const youtube = await startYouTubeFixture();
    const server = await startAppServer({
      OPENAI_API_KEY: 'sk-e2e',
      OPENAI_BASE_URL: stub.baseURL,
      YOUTUBE_BASE_URL: youtube.baseURL,
    });
    try {
      await signUpOnboarded(page, server);
      await page.goto(`${server.baseURL}/consult`);

      // Every source refused: the error box offers the fallback, keeping the link.
      await page
        .getByPlaceholder('Paste YouTube URL here...')
        .fill('https://www.youtube.com/watch?v=blocked0001');
      await page.getByRole('button', { name: 'Transform Content' }).click();
      await expect(page.getByRole('alert')).toContainText('Paste the transcript or upload a caption file');
      await page.getByRole('button', { name: 'Paste the transcript' }).click();
      await expect(page.getByPlaceholder('Paste your transcript here...')).toBeFocused();
      await expect(page.getByLabel('YouTube link (optional)')).toHaveValue(
        'https://www.youtube.com/watch?v=blocked0001',
      );
      await page.getByRole('tab', { name: 'YouTube URL' }).click();
      await page.getByRole('button', { name: 'Transform Content' }).click();
      await page.getByRole('button', { name: 'Upload a caption file' }).click();
      await expect(page.getByLabel('Caption file (.srt or .vtt, up to 2 MB)')).toBeFocused();

      await page.getByRole('tab', { name: 'YouTube URL' }).click();
      await page.getByPlaceholder('Paste YouTube URL here...').fill('https://vimeo.com/12345');
      await page.getByRole('button', { name: 'Transform Content' }).click();
      await expect(page.getByRole('alert')).toHaveText('Invalid YouTube URL');

      await page.getByPlaceholder('Paste YouTube URL here...').fill('https://youtu.be/manualEn001');
      await page.getByRole('button', { name: 'Transform Content' }).click();
      await expect(page.getByRole('heading', { name: 'Pricing for bakeries' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Watch Video' })).toHaveAttribute('target', '_blank');
      const answer = page.getByRole('article', { name: 'Assistant message' });
      await expect(answer).toContainText('Start with the premium slot');
      await expect(answer).toContainText('Tokens: 30506');
      await expect(page.getByText(/offline model/)).toHaveCount(0);

      // That reply took the free plan past 30,000 tokens: no input, the spec's message instead.
      await expect(page.getByText(LIMIT_MESSAGE)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
      await page.reload();
      await expect(page.getByText(LIMIT_MESSAGE)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
      await page.goto(`${server.baseURL}/dashboard`);
      await expect(page.getByText('Usage limit exceeded')).toBeVisible();
    } finally {
      await closePageThenStop(page, server);
      await youtube.close();
      await stub.close();
    }
  });
});
