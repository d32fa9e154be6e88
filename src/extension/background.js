import { consultPageUrl, vidvisorAddress, YOUTUBE_LINK_PATTERNS } from './links.js';

const MENU_ID = 'vidvisor-consult-link';

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({
    id: MENU_ID,
    title: 'Consult with Vidvisor',
    contexts: ['link'],
    targetUrlPatterns: YOUTUBE_LINK_PATTERNS,
  });
});

chrome.contextMenus.onClicked.addListener((info) => {
  if (info.menuItemId === MENU_ID && info.linkUrl) void openConsultation(info.linkUrl);
});

// The button on a watch page sends the page's address and the player's second.
chrome.runtime.onMessage.addListener((message) => {
  if (message?.type === 'vidvisor:consult' && typeof message.url === 'string') {
    void openConsultation(message.url, message.seconds);
  }
});

/** A new tab on Vidvisor's new consultation of the video, or on the extension's own error page. */
async function openConsultation(link, seconds) {
  const target = consultPageUrl(await vidvisorAddress(), link, seconds);
  await chrome.tabs.create({
    url: target ?? chrome.runtime.getURL(`not-a-video.html?link=${encodeURIComponent(link)}`),
  });
}
