/** A plain, accessible HTML mail with a text twin: a heading, paragraphs and an optional button. */
export interface MailContent {
  heading: string;
  paragraphs: string[];
  /** Headed lists of linked entries (a title and lines under it), after the paragraphs. */
  sections?: {
    heading: string;
    /** `links`: a row of small links under the entry (e.g. one-click answers). */
    items: { title: string; url: string; lines: string[]; links?: { label: string; url: string }[] }[];
  }[];
  action?: { label: string; url: string };
  /** A one-time code shown large. */
  code?: string;
  footer?: string;
  /** Links at the very end (e.g. one-click unsubscribe). */
  footerLinks?: { label: string; url: string }[];
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.sections ?? []).flatMap((section) => [
      section.heading.toUpperCase(),
      '',
      ...section.items.flatMap((item) => [
        `- ${item.title}`,
        ...item.lines.map((line) => `  ${line}`),
        `  ${item.url}`,
        ...(item.links ?? []).map((link) => `  ${link.label}: ${link.url}`),
        '',
      ]),
    ]),
    ...(content.code ? [content.code, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    content.footer ?? 'Vidvisor: turn videos into a plan for your business.',
    ...(content.footerLinks ?? []).map((link) => `${link.label}: ${link.url}`),
  ].join('\n');

  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const code = content.code
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:24px 0">${escapeHtml(content.code)}</p>`
    : '';
  const sections = (content.sections ?? [])
    .map(
      (section) =>
        `<h2 style="font-size:18px;margin-top:28px">${escapeHtml(section.heading)}</h2><ul style="padding-left:20px">${section.items
          .map(
            (item) =>
              `<li style="margin:0 0 16px;line-height:1.5"><a href="${escapeHtml(item.url)}" style="color:#2563eb;font-weight:600">${escapeHtml(item.title)}</a>${item.lines.map((line) => `<br>${escapeHtml(line)}`).join('')}${(item.links ?? []).map((link) => `<br><a href="${escapeHtml(link.url)}" style="color:#2563eb">${escapeHtml(link.label)}</a>`).join('')}</li>`,
          )
          .join('')}</ul>`,
    )
    .join('\n');
  const footerLink = (content.footerLinks ?? [])
    .map((link) => ` <a href="${escapeHtml(link.url)}" style="color:#777">${escapeHtml(link.label)}</a>`)
    .join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${sections}${code}${button}
<p style="font-size:12px;color:#777;margin-top:32px">${escapeHtml(content.footer ?? 'Vidvisor: turn videos into a plan for your business.')}${footerLink}</p>
</body></html>`;
  return { text, html };
}
