// On a YouTube watch page: a "Consult with Vidvisor" button beside the video's title. It reads the
// page's address and the player's current second, nothing else, and hands them to the extension.
(() => {
  const BUTTON_ID = 'vidvisor-consult-button';

  const isWatchPage = () => location.pathname === '/watch' && new URL(location.href).searchParams.has('v');

  function titleOfVideo() {
    return (
      document.querySelector('ytd-watch-metadata #title') ??
      document.querySelector('#above-the-fold #title') ??
      document.querySelector('h1')
    );
  }

  function consultButton() {
    const button = document.createElement('button');
    button.id = BUTTON_ID;
    button.type = 'button';
    button.textContent = 'Consult with Vidvisor';
    button.style.cssText =
      'margin:8px 0;padding:8px 14px;border:0;border-radius:18px;background:#4f46e5;color:#fff;' +
      'font:500 14px/1.2 Roboto,Arial,sans-serif;cursor:pointer';
    button.addEventListener('click', () => {
      const seconds = document.querySelector('video')?.currentTime ?? 0;
      void chrome.runtime.sendMessage({ type: 'vidvisor:consult', url: location.href, seconds });
    });
    return button;
  }

  // YouTube changes pages without reloading: place the button once per watch page, drop it elsewhere.
  function placeButton() {
    const placed = document.getElementById(BUTTON_ID);
    if (!isWatchPage()) {
      placed?.remove();
      return;
    }
    if (placed) return;
    titleOfVideo()?.after(consultButton());
  }

  let scheduled = false;
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      placeButton();
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
  placeButton();
})();
