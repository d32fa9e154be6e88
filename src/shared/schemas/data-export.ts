/** "Download my data" (decision 060): how long a ready archive may be downloaded. */
export const DATA_EXPORT_DAYS = 7;

/** What the account page and the download route say. */
export const DATA_EXPORT_MESSAGES = {
  expired: 'This download has expired. Ask for a new one on your account page.',
  notReady: 'Your data is still being prepared. We will e-mail you when it is ready.',
} as const;

/** The archive's file name: `vidvisor-data-2026-11-29.json`. */
export const dataExportFileName = (createdAt: Date | string) =>
  `vidvisor-data-${new Date(createdAt).toISOString().slice(0, 10)}.json`;

/** Where the signed-in owner downloads an archive (the route answers no one else). */
export const dataExportDownloadPath = (id: string) => `/api/data-export/${encodeURIComponent(id)}/download`;
