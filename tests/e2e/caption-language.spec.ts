import { expect, test } from './fixtures';
import { signUpOnboarded } from './support/onboarding';

const SPANISH_TALK =
  'Bienvenidos de nuevo al canal. Hoy hablamos de precios y de cómo retener a los mejores clientes de una panadería de barrio.';
const RUSSIAN_VTT = `WEBVTT

00:00:01.000 --> 00:00:04.000
Сегодня мы поговорим о ценах для пекарни.

00:00:05.000 --> 00:00:09.000
Как удержать лучших клиентов каждую неделю.
`;

test.use({ youTubeFixture: true });

test.describe('caption language', () => {
  test('pick a caption track in the intake, then see each video’s language in the sources panel', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    await page.goto(`${server.baseURL}/consult`);
    await page.getByPlaceholder('Paste YouTube URL here...').fill('https://youtu.be/spanishEs01');

    // Both tracks offered, the automatic one marked; the uploader's Spanish comes first.
    const track = page.getByRole('combobox', { name: 'Caption track' });
    await expect(track).toHaveValue('.es');
    await expect(track.getByRole('option')).toHaveText(['English (auto-generated)', 'Spanish']);
    await track.focus();
    await track.selectOption({ label: 'English (auto-generated)' });
    await page.getByRole('button', { name: 'Transform Content' }).click();

    await expect(page.getByRole('heading', { name: 'Precios para panaderías' })).toBeVisible();
    const videos = page.getByRole('list', { name: 'Videos of this consultation' });
    await expect(videos.getByRole('listitem')).toHaveCount(1);
    await expect(videos.getByRole('listitem').first()).toContainText('Language: English');

    // A pasted Spanish transcript: its language is detected and shown before it is sent.
    await page.getByRole('button', { name: 'Add a video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a video' });
    await dialog.getByRole('tab', { name: 'Manual Transcript' }).click();
    await dialog.getByPlaceholder('Paste your transcript here...').fill(SPANISH_TALK);
    const language = dialog.getByRole('combobox', { name: 'Transcript language' });
    await expect(language).toHaveValue('es');
    await expect(dialog.getByText('Detected from the text: change it if it is wrong.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await expect(dialog).toBeHidden();
    await expect(videos.getByRole('listitem').nth(1)).toContainText('Language: Spanish');

    // A caption file marked with the language of another script is kept, with no language shown.
    await page.getByRole('button', { name: 'Add a video' }).click();
    await dialog.getByRole('tab', { name: 'Caption File' }).click();
    await dialog.getByLabel('Caption file (.srt or .vtt, up to 2 MB)').setInputFiles({
      name: 'charla.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from(RUSSIAN_VTT),
    });
    await expect(language).toHaveValue('ru');
    await language.selectOption('es');
    await expect(dialog.getByText('Chosen by you.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await expect(dialog).toBeHidden();
    await expect(videos.getByRole('listitem')).toHaveCount(3);
    await expect(videos.getByRole('listitem').nth(2)).toContainText('Сегодня мы поговорим');
    await expect(videos.getByRole('listitem').nth(2)).not.toContainText('Language:');
  });
});
